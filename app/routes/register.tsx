import {
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { AuthCard, keptDestination, KeptRedirectForm, withRedirect } from '~/components/auth-card';
import { NewPasswordFields } from '~/components/new-password-fields';
import { InputField } from '~/components/ui/field';
import { useServerForm } from '~/components/ui/server-form';
import { buttonStyles, linkStyles } from '~/components/ui/styles';
import { signUp } from '~/domain/accounts.server';
import { isDomainError } from '~/domain/errors';
import { startSessionAndRedirect } from '~/http/auth.server';
import { getClientIp, retryAfterHeaders, safeRedirect } from '~/http/http.server';
import { readSignInForm, signInPageData } from '~/http/sign-in-form.server';
import { RegisterFormSchema } from '~/schemas/auth';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '~/schemas/limits';
import { publicPageHeaders } from '~/http/cache-policy';
import { getOrigin } from '~/http/origin.server';
import { documentHandle, loadAsDocument } from '~/components/document';

// A document: no framework JavaScript (see ~/components/document).
export const handle = documentHandle;
export const clientLoader = loadAsDocument;

// The same for every anonymous visitor: shared caches may keep it (see ~/http/cache-policy).
export const headers = publicPageHeaders;

/** The spec's fallback when the server gives no reason. */
const REGISTRATION_FAILED = 'Failed to create account';

export const meta: MetaFunction = () => [
  { title: 'Create your account | AI Visibility' },
  {
    name: 'description',
    content: 'Create a free AI Visibility account to manage your businesses.',
  },
];

export function loader({ request }: LoaderFunctionArgs) {
  return signInPageData(request, RegisterFormSchema);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { submission, redirectTo, refuse } = await readSignInForm(request, RegisterFormSchema, [
    'password',
    'confirmPassword',
  ]);
  if (submission.status !== 'success') return refuse(400);
  try {
    const { confirmPassword: _confirm, ...input } = submission.value;
    const user = await signUp(
      input,
      { ipAddress: getClientIp(request, context) },
      getOrigin(request),
    );
    return await startSessionAndRedirect(request, context, user, safeRedirect(redirectTo));
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // The spec's 'Registration Failed' says why, by the form; a taken e-mail is also marked on
    // the e-mail field.
    const message = error.message || REGISTRATION_FAILED;
    return refuse(
      error.status,
      {
        formErrors: [message],
        fieldErrors: error.code === 'conflict' ? { email: [message] } : undefined,
      },
      retryAfterHeaders(error),
    );
  }
}

export default function RegisterPage() {
  const loaded = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { redirectTo, plan } = keptDestination(loaded, lastResult);
  // Validated by the action; the browser gets the schema's constraints from the loader.
  const { form, fields } = useServerForm({
    id: 'register',
    names: ['firstName', 'lastName', 'email', 'password', 'confirmPassword'],
    constraint: loaded.constraint,
    lastResult,
  });

  return (
    <AuthCard
      title={plan ? `Create your account to start ${plan}` : 'Create your account'}
      subtitle={
        <>
          Already have an account?{' '}
          <Link to={withRedirect('/login', redirectTo)} className={linkStyles}>
            Sign in
          </Link>
        </>
      }
      back={{ to: '/', label: 'Back to home' }}
    >
      {/* The spec's 'Registration Failed', by the form, with or without JavaScript; a taken
          e-mail or passwords that do not match are said by their fields. */}
      <KeptRedirectForm
        path="/register"
        redirectTo={redirectTo}
        form={form}
        alertTitle="Registration Failed"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            field={fields.firstName}
            maxLength={NAME_MAX_LENGTH}
            label="First name"
            type="text"
            autoComplete="given-name"
          />
          <InputField
            field={fields.lastName}
            maxLength={NAME_MAX_LENGTH}
            label="Last name"
            type="text"
            autoComplete="family-name"
          />
        </div>
        <InputField
          field={fields.email}
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
        />
        <NewPasswordFields
          password={fields.password}
          confirm={fields.confirmPassword}
          label="Password"
          confirmLabel="Confirm password"
        />
        <button
          type="submit"
          className={`${buttonStyles.primary} w-full`}
          data-pending="Creating Account..."
        >
          Create Account
        </button>
      </KeptRedirectForm>
    </AuthCard>
  );
}
