import {
  redirect,
  Form,
  Link,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { buttonStyles } from '~/components/ui/styles';
import { ResumePlanForm } from '~/components/billing/cancel-plan';
import { resumeTermsFor } from '~/components/billing/resume-terms';
import { CancelScheduledChange } from '~/components/billing/cancel-scheduled-change';
import { CancelLink, DemoNote, PayButton, PlanCard } from '~/components/billing/checkout-parts';
import { cancelledNote, FREE_AFTERWARDS } from '~/components/billing/words';
import { formatAmount, formatPrice, getPlan, type PaidTier } from '~/content/plans';
import { isDomainError } from '~/domain/errors';
import { checkoutView, startCheckout } from '~/domain/payments/checkout.server';
import { checkoutMode, isPaidPlan } from '~/domain/payments/config.server';
import { changePlan } from '~/domain/payments/plan-change.server';
import { payOnDemoCheckout } from '~/domain/payments/test-events.server';
import { formatLongDate } from '~/domain/dates';
import { timeZoneOf } from '~/http/time-zone.server';
import { requireUser } from '~/http/auth.server';
import { getOrigin } from '~/http/origin.server';
import { readFormData } from '~/http/http.server';
import { redirectWithToast } from '~/http/toast.server';
import { PlanChangeFormSchema } from '~/schemas/payments';

export const meta: MetaFunction = () => [
  { title: 'Checkout | AI Visibility' },
  { name: 'robots', content: 'noindex' },
];

function planOf(params: LoaderFunctionArgs['params']) {
  const tier = params.tier;
  if (!isPaidPlan(tier)) throw new Response('Page Not Found', { status: 404 });
  return getPlan(tier);
}

/** Where a visitor goes first: sign up (the page links to sign in), then back here. */
function signUpFirst(request: Request) {
  const url = new URL(request.url);
  return redirect(`/register?${new URLSearchParams({ redirectTo: url.pathname })}`);
}

function planSummary(tier: PaidTier) {
  const plan = getPlan(tier);
  return { tier: plan.tier, name: plan.name, price: formatPrice(plan.monthlyPrice) };
}

// GET /checkout/<tier>: every plan button points here. It only shows a page and changes nothing:
// the order to review (its button posts here), the local demo checkout (DEMO_CHECKOUT=true),
// "already on this plan", or, for a subscriber, the change from their current plan and when it
// takes effect.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const timeZone = timeZoneOf(request);
  const plan = planOf(params);
  const user = await requireUser(request).catch(() => {
    throw signUpFirst(request);
  });
  const view = await checkoutView(user, plan.tier);
  const current =
    view.kind === 'change'
      ? view.change.current
      : view.kind === 'scheduled' || view.kind === 'change-offline'
        ? view.current
        : null;
  const endsOn =
    view.kind === 'already' && view.cancelled
      ? formatLongDate(view.cancelled.endsAt, timeZone)
      : null;
  const cancelled =
    view.kind === 'already' && view.cancelled
      ? {
          endsOn,
          resumable: view.cancelled.resumable,
          /** What resuming charges and when, before the Resume button (issue 44, item 6). */
          resumeTerms: view.cancelled.resumable
            ? resumeTermsFor(plan.name, plan.monthlyPrice, endsOn)
            : null,
        }
      : null;
  const quote = view.kind === 'change' ? view.change.quote : null;
  const scheduled =
    view.kind === 'already' && view.scheduled
      ? { ...planSummary(view.scheduled.tier), on: formatLongDate(view.scheduled.at, timeZone) }
      : view.kind === 'scheduled'
        ? { ...planSummary(view.tier), on: formatLongDate(view.at, timeZone) }
        : null;
  return {
    kind: view.kind,
    demo: checkoutMode() === 'demo',
    plan: planSummary(plan.tier),
    current: current ? planSummary(current) : null,
    change:
      view.kind === 'change'
        ? {
            direction: view.change.direction,
            effectiveOn: formatLongDate(view.change.effectiveAt, timeZone),
            cancelled: view.change.cancelled,
            version: view.change.version,
            today: quote ? formatAmount(quote.amountToday, quote.currency) : null,
            quotedAt: quote?.quotedAt ?? null,
            fullPriceOn: quote ? formatLongDate(quote.fullPriceFrom, timeZone) : null,
          }
        : null,
    scheduled,
    cancelled,
    email: user.email,
  };
}

const planName = (tier: PaidTier) => getPlan(tier).name;

// POST /checkout/<tier>: a subscriber's plan change (their subscription changes; never a second
// one), else where the user leaves for the payment page (Stripe Checkout or the plan's payment
// link, 303), or, on the demo checkout, 'Pay'. Every answer is a redirect, with a message when
// something changed or could not.
export async function action({ request, params }: ActionFunctionArgs) {
  const timeZone = timeZoneOf(request);
  const plan = planOf(params);
  const user = await requireUser(request);
  const form = PlanChangeFormSchema.safeParse(Object.fromEntries(await readFormData(request)));
  const here = `/checkout/${plan.tier}`;
  const toast = (url: string, message: Parameters<typeof redirectWithToast>[1]) =>
    redirectWithToast(url, message, { request });
  let change: Awaited<ReturnType<typeof changePlan>>;
  try {
    change = await changePlan(user.id, plan.tier, form.data ?? {});
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return toast(here, {
      title: 'Plan not changed',
      description: error.message,
      variant: 'destructive',
    });
  }
  if (change) {
    switch (change.kind) {
      case 'upgraded':
        return toast('/dashboard', {
          title: 'Plan upgraded',
          description: `You are now on ${planName(change.to)}. The prorated difference for this billing period is charged now.`,
        });
      case 'scheduled':
        return toast('/dashboard', {
          title: 'Plan change scheduled',
          description: `You keep ${planName(change.from)} until ${formatLongDate(change.at.toISOString(), timeZone)}, then move to ${planName(change.to)}.`,
        });
      case 'already':
        return toast(here, {
          title: `You are already on ${planName(change.tier)}`,
          description: 'Nothing was changed.',
        });
      case 'already-scheduled':
        return toast(here, {
          title: 'Already scheduled',
          description: `Your move to ${planName(change.tier)} on ${formatLongDate(change.at.toISOString(), timeZone)} is already scheduled. Nothing was changed.`,
        });
      case 'stale':
        return toast(here, {
          title: 'Your plan has changed',
          description:
            'Your plan changed since this page was opened. Please review the change again.',
          variant: 'destructive',
        });
      case 'busy':
        return toast('/dashboard', {
          title: 'Plan change in progress',
          description:
            'This page already sent a change (another tab or a second click), so nothing was done twice. Your plan is shown below.',
        });
    }
  }
  if (checkoutMode() === 'demo') {
    await payOnDemoCheckout(user, plan.tier);
    return redirect('/dashboard?payment=success', 303);
  }
  const start = await startCheckout(user, plan.tier, getOrigin(request));
  if (start.kind === 'already') return redirect(here, 303);
  return new Response(null, { status: 303, headers: { Location: start.url } });
}

export default function CheckoutPage() {
  const { kind, demo, plan, current, change, scheduled, cancelled, email } =
    useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const paying = navigation.state !== 'idle' && navigation.formMethod === 'POST';

  if (kind === 'already' || kind === 'scheduled') {
    const keep = kind === 'already' ? plan : current;
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">
          {kind === 'already'
            ? `You are already on ${plan.name}`
            : `Your move to ${plan.name} is already scheduled`}
        </h1>
        <p className="mt-4 text-slate-700">
          {kind === 'already'
            ? cancelled
              ? `Your ${plan.name} plan is active, so there is nothing to pay.`
              : `Your ${plan.name} plan is active, so there is nothing to pay. To change or cancel it, open billing on your dashboard.`
            : `You stay on ${current?.name ?? 'your plan'} until ${scheduled?.on ?? 'the end of the period'}, then move to ${plan.name}. Nothing more is needed.`}
        </p>
        {cancelled ? (
          <div
            className="mt-6 rounded-lg border border-amber-200 bg-amber-50 p-4 text-left text-sm text-amber-950"
            data-testid="plan-ends-note"
          >
            <p>
              {cancelled.resumable
                ? cancelledNote(plan.name, cancelled.endsOn)
                : `Your ${plan.name} plan is cancelled and ends on ${cancelled.endsOn ?? 'the end of the period'}. ${FREE_AFTERWARDS}`}
            </p>
            {cancelled.resumable ? (
              <div className="mt-3">
                <ResumePlanForm planName={plan.name} terms={cancelled.resumeTerms} />
              </div>
            ) : null}
          </div>
        ) : null}
        {scheduled && keep ? (
          <div className="mt-6 rounded-lg border border-slate-200 bg-white p-4 text-left">
            <p className="text-sm text-slate-700" data-testid="scheduled-change">
              Scheduled: {scheduled.name} from {scheduled.on}.
            </p>
            <CancelScheduledChange keep={keep.name} />
          </div>
        ) : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/dashboard#billing" className={buttonStyles.primary}>
            Manage billing
          </Link>
          <Link to="/pricing" className={buttonStyles.secondary}>
            See other plans
          </Link>
        </div>
      </div>
    );
  }

  if (kind === 'change-offline') {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Change your plan</h1>
        <p className="mt-4 text-slate-700" data-testid="current-plan">
          You are on {current?.name} ({current?.price} a month). A second subscription is not
          needed: to move to {plan.name}, contact us and we change your subscription for you.
        </p>
        <p className="mt-6">
          <Link to="/contact" className={buttonStyles.primary}>
            Contact us
          </Link>
        </p>
        <CancelLink />
      </div>
    );
  }

  if (kind === 'change' && change && current) {
    const upgrade = change.direction === 'upgrade';
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        {demo ? <DemoNote /> : null}
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">
          {upgrade ? `Upgrade to ${plan.name}` : `Change to ${plan.name}`}
        </h1>
        <p className="mt-4 text-slate-700" data-testid="current-plan">
          You are on {current.name} ({current.price} a month).
        </p>
        <PlanCard plan={plan} email={email}>
          {upgrade && change.today ? (
            <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm text-slate-800">
              <dt>Charged today</dt>
              <dd className="text-right font-semibold text-slate-900" data-testid="charged-today">
                {change.today}
              </dd>
              <dt>From {change.fullPriceOn}</dt>
              <dd className="text-right" data-testid="full-price-from">
                {plan.price} a month
              </dd>
            </dl>
          ) : null}
          <p className="mt-4 text-sm text-slate-700" data-testid="plan-change-terms">
            {upgrade
              ? change.today
                ? `The upgrade takes effect now. Today you pay ${change.today}: ${plan.name} for the rest of this billing period, less what is left of ${current.name}. From ${change.fullPriceOn}, ${plan.name} is ${plan.price} a month.`
                : `The upgrade takes effect now. Today you pay the prorated difference for the rest of this billing period; after that ${plan.name} is ${plan.price} a month.`
              : `The change takes effect on ${change.effectiveOn}, at the end of the period you have paid for. You keep ${current.name} until then, and nothing is charged today.`}
          </p>
          {change.cancelled ? (
            <p className="mt-2 text-sm text-slate-700">
              Your {current.name} plan was set to end; this change keeps your subscription going.
            </p>
          ) : null}
          <Form method="post" className="mt-6">
            <input type="hidden" name="current" value={current.tier} />
            <input type="hidden" name="version" value={change.version} />
            {change.quotedAt !== null ? (
              <input type="hidden" name="quotedAt" value={change.quotedAt} />
            ) : null}
            <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={paying}>
              {paying
                ? 'Changing your plan...'
                : upgrade
                  ? `Upgrade to ${plan.name} now`
                  : `Change to ${plan.name} on ${change.effectiveOn}`}
            </button>
          </Form>
        </PlanCard>
        <CancelLink />
      </div>
    );
  }

  if (!demo) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Checkout</h1>
        <PlanCard plan={plan} email={email}>
          <p className="mt-2 text-sm text-slate-700">
            You pay on Stripe&apos;s secure payment page and come back here afterwards.
          </p>
          <PayButton
            pending={paying}
            label="Continue to payment"
            pendingLabel="Opening the payment page..."
          />
        </PlanCard>
        <CancelLink />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <DemoNote />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Checkout</h1>
      <PlanCard plan={plan} email={email}>
        <PayButton pending={paying} label={`Pay ${plan.price}`} pendingLabel="Processing..." />
      </PlanCard>
      <CancelLink />
    </div>
  );
}
