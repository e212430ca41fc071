import {
  data,
  redirect,
  Link,
  useLoaderData,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { LockIcon } from '~/components/ui/icons';
import { buttonStyles } from '~/components/ui/styles';
import { isDomainError } from '~/domain/errors';
import { interpretPremiumCheck } from '~/domain/premium-access-messages';
import { checkPremiumGptAccess } from '~/domain/premium-access.server';
import { isPaidTier, normalizeTier } from '~/domain/tiers';
import { requireUser } from '~/http/auth.server';
import { timeZoneOf } from '~/http/time-zone.server';

export const meta: MetaFunction = () => [
  { title: 'Premium GPT | AI Visibility' },
  { name: 'robots', content: 'noindex' },
];

// GET /dashboard/premium-gpt: the premium GPT link for browsers without JavaScript (and for a click
// before the page has hydrated); it opens in a new tab. Same check as GET /api/premium-gpt-access:
// an allowed check redirects to the premium GPT; a refused one shows, in that tab, why and what to
// do next (renew, upgrade). A visitor is sent to sign in and brought back.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  try {
    const granted = await checkPremiumGptAccess(user);
    return redirect(granted.premiumGptUrl, { headers: { 'Cache-Control': 'private, no-store' } });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const outcome = interpretPremiumCheck(
      error.status,
      { message: error.message, ...error.details },
      timeZoneOf(request),
    );
    if (outcome.kind !== 'toast') throw error;
    const tier = normalizeTier(user.subscriptionStatus);
    return data(
      {
        title: outcome.toast.title,
        description: outcome.toast.description,
        // An expired paid plan renews that plan; anything else picks a plan.
        next: isPaidTier(tier)
          ? { label: 'Renew your plan', to: `/checkout/${tier}` }
          : { label: 'Upgrade to Access', to: '/pricing' },
      },
      { status: 403, headers: { 'Cache-Control': 'private, no-store' } },
    );
  }
}

export default function PremiumGptRefused() {
  const { title, description, next } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <LockIcon className="mx-auto h-10 w-10 text-slate-700" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-4 text-slate-700" data-testid="premium-refused-reason">
        {description}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={next.to} className={buttonStyles.primary}>
          {next.label}
        </Link>
        <Link to="/dashboard" className={buttonStyles.secondary}>
          Back to dashboard
        </Link>
      </div>
    </div>
  );
}
