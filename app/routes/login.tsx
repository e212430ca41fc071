import {
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { AuthCard, keptDestination, KeptRedirectForm, withRedirect } from '~/components/auth-card';
import { InputField } from '~/components/ui/field';
import { useServerForm } from '~/components/ui/server-form';
import { buttonStyles, linkStyles } from '~/components/ui/styles';
import { INVALID_CREDENTIALS_MESSAGE } from '~/domain/accounts.server';
import { isDomainError } from '~/domain/errors';
import { isAdmin } from '~/domain/users';
import { authenticateForm, startSessionAndRedirect } from '~/http/auth.server';
import { retryAfterHeaders, safeRedirect } from '~/http/http.server';
import { readSignInForm, signInPageData } from '~/http/sign-in-form.server';
import { LoginSchema } from '~/schemas/auth';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '~/schemas/limits';
import { publicPageHeaders } from '~/http/cache-policy';
import { documentHandle, loadAsDocument } from '~/components/document';

// A document: no framework JavaScript (see ~/components/document).
export const handle = documentHandle;
export const clientLoader = loadAsDocument;

// The same for every anonymous visitor: shared caches may keep it (see ~/http/cache-policy).
export const headers = publicPageHeaders;

export const meta: MetaFunction = () => [
  { title: 'Sign in | AI Visibility' },
  { name: 'description', content: 'Sign in to your AI Visibility dashboard.' },
];

export function loader({ request }: LoaderFunctionArgs) {
  return signInPageData(request, LoginSchema);
}

export async function action({ request, context }: ActionFunctionArgs) {
  // A copy: remix-auth's form strategy reads the body of the request itself.
  const { submission, redirectTo, refuse } = await readSignInForm(request.clone(), LoginSchema, [
    'password',
  ]);
  if (submission.status !== 'success') return refuse(400);
  try {
    const user = await authenticateForm(request, context);
    // Where the sign-in was headed; else an admin's own page, the admin panel.
    return await startSessionAndRedirect(
      request,
      context,
      user,
      safeRedirect(redirectTo, isAdmin(user) ? '/admin' : '/dashboard'),
    );
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // Too many attempts says so; every other refusal is the one message that reveals nothing.
    const limited = error.code === 'rate_limited';
    return refuse(
      limited ? 429 : 401,
      { formErrors: [limited ? error.message : INVALID_CREDENTIALS_MESSAGE] },
      retryAfterHeaders(error),
    );
  }
}

export default function LoginPage() {
  const loaded = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { redirectTo, plan } = keptDestination(loaded, lastResult);
  // Validated by the action; the browser gets the schema's constraints from the loader.
  const { form, fields } = useServerForm({
    id: 'login',
    names: ['email', 'password'],
    constraint: loaded.constraint,
    lastResult,
  });

  return (
    <AuthCard
      title={plan ? `Sign in to start ${plan}` : 'Sign in'}
      subtitle={
        <>
          New here?{' '}
          <Link to={withRedirect('/register', redirectTo)} className={linkStyles}>
            Create an account
          </Link>
        </>
      }
      back={{ to: '/', label: 'Back to home' }}
    >
      {/* The spec's 'Login Failed', by the form, with or without JavaScript. */}
      <KeptRedirectForm path="/login" redirectTo={redirectTo} form={form} alertTitle="Login Failed">
        <InputField
          field={fields.email}
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
        />
        <InputField
          field={fields.password}
          maxLength={PASSWORD_MAX_LENGTH}
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <p className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className={linkStyles}>
            Forgot password?
          </Link>
        </p>
        <button
          type="submit"
          className={`${buttonStyles.primary} w-full`}
          data-pending="Signing In..."
        >
          Sign In
        </button>
      </KeptRedirectForm>
    </AuthCard>
  );
}
