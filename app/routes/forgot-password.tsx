import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import {
  data,
  redirect,
  Form,
  useActionData,
  useLoaderData,
  useSearchParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { AuthCard } from '~/components/auth-card';
import { FormAlert, InputField } from '~/components/ui/field';
import { useServerForm } from '~/components/ui/server-form';
import { buttonStyles } from '~/components/ui/styles';
import { isDomainError } from '~/domain/errors';
import { RESET_REQUESTED_MESSAGE, RESET_REQUESTED_TITLE } from '~/content/account';
import { requestPasswordReset } from '~/domain/password-reset.server';
import { publicPageHeaders } from '~/http/cache-policy';
import { getClientIp, readFormData, retryAfterHeaders } from '~/http/http.server';
import { getOrigin } from '~/http/origin.server';
import { ForgotPasswordSchema } from '~/schemas/account';
import { EMAIL_MAX_LENGTH } from '~/schemas/limits';
import { documentHandle, loadAsDocument } from '~/components/document';

// A document: no framework JavaScript (see ~/components/document).
export const handle = documentHandle;
export const clientLoader = loadAsDocument;

// The same for every anonymous visitor: shared caches may keep it (see ~/http/cache-policy).
export const headers = publicPageHeaders;

export const meta: MetaFunction = () => [
  { title: 'Forgot your password? | AI Visibility' },
  { name: 'description', content: 'Get a link to choose a new AI Visibility password.' },
];

export function loader(_: LoaderFunctionArgs) {
  return { constraint: getZodConstraint(ForgotPasswordSchema) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: ForgotPasswordSchema });
  if (submission.status !== 'success') {
    return data(submission.reply(), { status: 400 });
  }
  try {
    await requestPasswordReset(
      submission.value.email,
      { ipAddress: getClientIp(request, context) },
      getOrigin(request),
    );
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(submission.reply({ formErrors: [error.message] }), {
      status: error.status,
      headers: retryAfterHeaders(error),
    });
  }
  // The same answer whether or not there is such an account: the page says so in its status box
  // (announced by screen readers), with or without JavaScript.
  return redirect('/forgot-password?sent=1', 303);
}

export default function ForgotPasswordPage() {
  const { constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const { form, fields } = useServerForm({
    id: 'forgot-password',
    names: ['email'],
    constraint,
    lastResult,
  });
  const sent = searchParams.get('sent') === '1';

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail you sign in with and we will send you a link to choose a new password."
      back={{ to: '/login', label: 'Back to sign in' }}
    >
      {sent ? (
        <div
          role="status"
          className="mb-6 rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900"
          data-testid="reset-requested"
        >
          <p className="font-semibold">{RESET_REQUESTED_TITLE}</p>
          <p>{RESET_REQUESTED_MESSAGE}</p>
          <p className="mt-2">
            Nothing after a few minutes? Look in your spam folder, or send it again.
          </p>
        </div>
      ) : null}
      <Form method="post" action="/forgot-password" className="space-y-4" {...form.props}>
        <FormAlert id={form.errorId} title="Could not send the link" errors={form.errors} />
        <InputField
          field={fields.email}
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
        />
        <button
          type="submit"
          className={`${buttonStyles.primary} w-full`}
          data-pending="Sending..."
        >
          {sent ? 'Send the link again' : 'Send reset link'}
        </button>
      </Form>
    </AuthCard>
  );
}
