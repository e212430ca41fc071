import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import {
  data,
  Form,
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { AuthCard } from '~/components/auth-card';
import { NewPasswordFields } from '~/components/new-password-fields';
import { FormAlert } from '~/components/ui/field';
import { useServerForm } from '~/components/ui/server-form';
import { buttonStyles } from '~/components/ui/styles';
import { isDomainError } from '~/domain/errors';
import {
  INVITATION_ACCEPTED_TOAST,
  INVITATION_EXPIRED_MESSAGE,
  PASSWORD_RESET_TOAST,
  RESET_ENDS_ACCESS,
  RESET_LINK_MESSAGES,
} from '~/content/account';
import { checkResetToken, resetPassword } from '~/domain/password-reset.server';
import { PRIVATE_NO_STORE } from '~/http/cache-policy';
import { startSessionAndRedirect } from '~/http/auth.server';
import { readFormData } from '~/http/http.server';
import { ResetPasswordFormSchema } from '~/schemas/account';
import { documentHandle, loadAsDocument } from '~/components/document';

// A document: no framework JavaScript (see ~/components/document).
export const handle = documentHandle;
export const clientLoader = loadAsDocument;

// /reset-password?token=…: the link from the e-mail. The token is a secret: the page is never
// stored, and other sites get no referrer from it at all. (Not "no-referrer": with it browsers send
// `Origin: null` on the form's own POST, which the server turns away as cross-site.)
export const headers: HeadersFunction = () => ({
  'Cache-Control': PRIVATE_NO_STORE,
  'Referrer-Policy': 'same-origin',
});

export const meta: MetaFunction = () => [
  { title: 'Choose a new password | AI Visibility' },
  { name: 'robots', content: 'noindex' },
];

export { PASSWORD_RESET_TOAST };

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const check = await checkResetToken(token);
  return {
    token,
    email: check.ok ? check.email : null,
    // An admin's invitation to choose a first password (the same link machinery, 7 days).
    invitation: check.invitation,
    problem: check.ok
      ? null
      : check.invitation && check.reason === 'expired'
        ? INVITATION_EXPIRED_MESSAGE
        : RESET_LINK_MESSAGES[check.reason],
    constraint: getZodConstraint(ResetPasswordFormSchema),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: ResetPasswordFormSchema });
  const hideFields = ['password', 'confirmPassword'];
  if (submission.status !== 'success') {
    return data({ ...submission.reply({ hideFields }), linkProblem: false }, { status: 400 });
  }
  try {
    const { invitation } = await checkResetToken(submission.value.token);
    const user = await resetPassword(submission.value.token, submission.value.password);
    return await startSessionAndRedirect(
      request,
      context,
      user,
      '/dashboard',
      invitation ? INVITATION_ACCEPTED_TOAST : PASSWORD_RESET_TOAST,
    );
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // A used, expired or unknown link: say which, and offer a new one.
    return data(
      { ...submission.reply({ formErrors: [error.message], hideFields }), linkProblem: true },
      { status: error.status },
    );
  }
}

export default function ResetPasswordPage() {
  const { token, email, problem, constraint, invitation } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { form, fields } = useServerForm({
    id: 'reset-password',
    names: ['password', 'confirmPassword'],
    constraint,
    lastResult,
  });
  const linkProblem = problem ?? (lastResult?.linkProblem ? form.errors?.[0] : null);

  if (linkProblem) {
    return (
      <AuthCard
        title="This link cannot be used"
        subtitle={
          invitation
            ? 'Invitation links work once, for 7 days.'
            : 'Password reset links work once, for one hour.'
        }
        back={{ to: '/login', label: 'Back to sign in' }}
      >
        <div
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          data-testid="reset-link-problem"
        >
          {linkProblem}
        </div>
        <p className="mt-6">
          <Link to="/forgot-password" className={`${buttonStyles.primary} w-full`}>
            Send me a new link
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={invitation ? 'Choose your password' : 'Choose a new password'}
      subtitle={
        email
          ? `For ${email}. You will be signed in afterwards.`
          : 'You will be signed in afterwards.'
      }
    >
      {invitation ? null : (
        <p className="mb-4 text-sm text-slate-700" data-testid="reset-ends-access">
          {RESET_ENDS_ACCESS}
        </p>
      )}
      <Form method="post" className="space-y-4" {...form.props}>
        <FormAlert id={form.errorId} title="Password not changed" errors={form.errors} />
        <input type="hidden" name="token" value={token} />
        {/* Lets password managers file the new password under the right account. */}
        {email ? (
          <input type="hidden" name="username" autoComplete="username" value={email} />
        ) : null}
        <NewPasswordFields
          password={fields.password}
          confirm={fields.confirmPassword}
          label="New password"
          confirmLabel="Confirm new password"
        />
        <button type="submit" className={`${buttonStyles.primary} w-full`} data-pending="Saving...">
          {invitation ? 'Set password' : 'Set new password'}
        </button>
      </Form>
    </AuthCard>
  );
}
