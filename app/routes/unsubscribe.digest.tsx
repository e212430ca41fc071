import {
  data,
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  type ShouldRevalidateFunction,
} from 'react-router';
import { AuthCard } from '~/components/auth-card';
import { buttonStyles, linkStyles } from '~/components/ui/styles';
import { digestTokenUser, unsubscribeDigest } from '~/domain/tracking/reports/digest.server';
import { PRIVATE_NO_STORE } from '~/http/cache-policy';
import { readFormData } from '~/http/http.server';

// /unsubscribe/digest?token=…: the weekly digest's unsubscribe link. GET shows a button (a link
// preview or a mail scanner fetching the URL unsubscribes nobody); its POST, or a mail program's
// RFC 8058 one-click POST (`List-Unsubscribe=One-Click`, sent from the mail provider's servers,
// without cookies or an Origin), turns the digest off. The signed token is the only authority:
// no session is needed, and it can do nothing but this.

export const headers: HeadersFunction = () => ({
  'Cache-Control': PRIVATE_NO_STORE,
  // The token is in the address: other sites get no referrer from this page (see reset-password).
  'Referrer-Policy': 'same-origin',
});

export const meta: MetaFunction = () => [
  { title: 'Unsubscribe from the weekly digest | AI Visibility' },
  { name: 'robots', content: 'noindex' },
];

const DONE_MESSAGE = 'You will no longer receive the weekly digest';
const BAD_LINK_MESSAGE =
  'This unsubscribe link is not valid. Copy the whole link from the e-mail, or turn the digest off in your account settings.';

function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get('token') ?? '';
}

export async function loader({ request }: LoaderFunctionArgs) {
  const token = tokenOf(request);
  const valid = digestTokenUser(token) !== null;
  return data({ token, valid }, { status: valid ? 200 : 400 });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  // The page's form repeats the token as a field; a one-click POST has it in the address only.
  const field = formData.get('token');
  const token = typeof field === 'string' && field ? field : tokenOf(request);
  if (!(await unsubscribeDigest(token))) {
    return data({ done: false as const, message: BAD_LINK_MESSAGE }, { status: 400 });
  }
  // The status is said outright: an action's own status is the page's, whatever the loader that
  // renders the page after it thinks of an address that may carry no token (the form's body had it).
  return data({ done: true as const, message: DONE_MESSAGE }, { status: 200 });
}

/** After the action the page shows its result: the link's check (which needs ?token) is not redone. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod ? false : defaultShouldRevalidate);

export default function UnsubscribeDigestPage() {
  const { token, valid } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';

  if (result?.done) {
    return (
      <AuthCard title="Unsubscribed" subtitle="Your tracking itself goes on as before.">
        <p role="status" className="text-slate-900" data-testid="digest-unsubscribed">
          {DONE_MESSAGE}.
        </p>
        <p className="mt-6 text-sm text-slate-700">
          Changed your mind?{' '}
          <Link to="/account#digest-title" className={linkStyles}>
            Turn it back on in your account settings
          </Link>
          .
        </p>
      </AuthCard>
    );
  }

  if (!valid || result) {
    return (
      <AuthCard title="This link cannot be used" subtitle="Nothing was changed.">
        <div
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
        >
          {BAD_LINK_MESSAGE}
        </div>
        <p className="mt-6 text-center text-sm">
          <Link to="/account" className={linkStyles}>
            Account settings
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Unsubscribe from the weekly digest"
      subtitle="The e-mail with each week's AI visibility figures of your businesses."
    >
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={submitting}>
          {submitting ? 'Unsubscribing...' : 'Unsubscribe'}
        </button>
      </Form>
      <p className="mt-6 text-sm text-slate-700">
        You can turn it back on at any time in your{' '}
        <Link to="/account" className={linkStyles}>
          account settings
        </Link>
        .
      </p>
    </AuthCard>
  );
}
