import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, type ActionFunctionArgs } from 'react-router';
import {
  changeEmail,
  changePassword,
  deleteAccount,
  endOtherSessions,
  endUserSession,
  updateProfile,
} from '~/domain/account.server';
import { createApiKey, revokeApiKey } from '~/domain/api-keys.server';
import { isDomainError, type DomainError } from '~/domain/errors';
import { setDigest } from '~/domain/tracking/reports/digest.server';
import { getSessionToken, requireUser, sessionCookie } from '~/http/auth.server';
import { attemptClient } from '~/http/device-cookie.server';
import { readFormData, retryAfterHeaders } from '~/http/http.server';
import { getOrigin } from '~/http/origin.server';
import { redirectWithToast } from '~/http/toast.server';
import { ApiKeyCreateSchema } from '~/schemas/api-keys';
import {
  ChangeEmailSchema,
  ChangePasswordFormSchema,
  DeleteAccountSchema,
  ProfileSchema,
} from '~/schemas/account';

// What the account page's forms do: one intent per form, validated here; success redirects back with
// a flash toast, a refusal comes back as field errors (the typed passwords never echoed).

const INTENTS = [
  'profile',
  'email',
  'password',
  'digest',
  'end-session',
  'end-others',
  'delete',
  'api-key-create',
  'api-key-revoke',
] as const;
export type Intent = (typeof INTENTS)[number];
export type ActionResult = {
  intent: Intent;
  result: SubmissionResult<string[]>;
  /** A key just made: shown in full on the page this answer renders, and never again. */
  createdKey?: { name: string; prefix: string; key: string };
};

function fieldOf(error: DomainError): string | undefined {
  const field = error.details?.field;
  return typeof field === 'string' ? field : undefined;
}

export async function accountAction({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  const intent = INTENTS.find((value) => value === formData.get('intent'));
  const client = await attemptClient(request, context, user.email);
  const token = await getSessionToken(request);
  const back = (toast: Parameters<typeof redirectWithToast>[1], to = '/account') =>
    redirectWithToast(to, toast, { request });

  // A refused submission: the reason on its field (or the form), the typed passwords not echoed.
  const refuse = (
    which: Intent,
    submission: { reply: (options?: object) => SubmissionResult<string[]> },
    error: DomainError,
  ) => {
    const field = fieldOf(error);
    const hideFields = ['currentPassword', 'newPassword', 'confirmPassword', 'password'];
    const result = field
      ? submission.reply({ fieldErrors: { [field]: [error.message] }, hideFields })
      : submission.reply({ formErrors: [error.message], hideFields });
    return data<ActionResult>(
      { intent: which, result },
      { status: error.status, headers: retryAfterHeaders(error) },
    );
  };

  switch (intent) {
    case 'profile': {
      const submission = parseWithZod(formData, { schema: ProfileSchema });
      if (submission.status !== 'success') {
        return data<ActionResult>({ intent, result: submission.reply() }, { status: 400 });
      }
      await updateProfile(user.id, {
        firstName: submission.value.firstName ?? null,
        lastName: submission.value.lastName ?? null,
      });
      return back({ title: 'Name saved' });
    }
    case 'email': {
      const submission = parseWithZod(formData, { schema: ChangeEmailSchema });
      const hideFields = ['currentPassword'];
      if (submission.status !== 'success') {
        return data<ActionResult>(
          { intent, result: submission.reply({ hideFields }) },
          { status: 400 },
        );
      }
      try {
        const updated = await changeEmail(user, submission.value, client, getOrigin(request));
        return back({
          title: 'E-mail changed',
          description: `You now sign in with ${updated.email}. We sent a notice to your old address.`,
        });
      } catch (error) {
        if (!isDomainError(error)) throw error;
        return refuse(intent, submission, error);
      }
    }
    case 'password': {
      const submission = parseWithZod(formData, { schema: ChangePasswordFormSchema });
      const hideFields = ['currentPassword', 'newPassword', 'confirmPassword'];
      if (submission.status !== 'success') {
        return data<ActionResult>(
          { intent, result: submission.reply({ hideFields }) },
          { status: 400 },
        );
      }
      try {
        const { endedSessions } = await changePassword(
          user,
          submission.value,
          token,
          client,
          getOrigin(request),
        );
        return back({
          title: 'Password changed',
          description:
            endedSessions > 0
              ? `Your other sessions (${endedSessions}) were signed out.`
              : 'Use it the next time you sign in.',
        });
      } catch (error) {
        if (!isDomainError(error)) throw error;
        return refuse(intent, submission, error);
      }
    }
    case 'digest': {
      // A checkbox: sent as "on" when ticked, absent when not.
      const on = formData.get('digest') === 'on';
      await setDigest(user.id, on);
      return back({
        title: on ? 'Weekly digest turned on' : 'Weekly digest turned off',
        description: on
          ? 'Each week we e-mail you how AI assistants answered your tracked questions.'
          : 'You will no longer receive the weekly digest.',
      });
    }
    case 'end-session': {
      try {
        await endUserSession(user.id, String(formData.get('sessionId') ?? ''));
        return back({ title: 'Session signed out' });
      } catch (error) {
        if (!isDomainError(error)) throw error;
        return back({ title: 'Error', description: error.message, variant: 'destructive' });
      }
    }
    case 'end-others': {
      const ended = await endOtherSessions(user.id, token);
      return back({
        title: 'Other sessions signed out',
        description:
          ended === 1 ? '1 session was signed out.' : `${ended} sessions were signed out.`,
      });
    }
    case 'api-key-create': {
      const submission = parseWithZod(formData, { schema: ApiKeyCreateSchema });
      if (submission.status !== 'success') {
        return data<ActionResult>({ intent, result: submission.reply() }, { status: 400 });
      }
      try {
        const created = await createApiKey(user, submission.value);
        // The key is shown by this answer itself, not after a redirect: carried in a flash cookie
        // it would travel in the next request's headers (and any log of them). Signed-in pages
        // are never cached (private, no-store).
        return data<ActionResult>({
          intent,
          result: submission.reply({ resetForm: true }),
          createdKey: { name: created.name, prefix: created.prefix, key: created.key },
        });
      } catch (error) {
        if (!isDomainError(error)) throw error;
        return refuse(intent, submission, error);
      }
    }
    case 'api-key-revoke': {
      try {
        const revoked = await revokeApiKey(user, String(formData.get('keyId') ?? ''));
        return back(
          {
            title: 'API key revoked',
            description: `"${revoked.name}" (${revoked.prefix}…) no longer works.`,
          },
          '/account#api-keys-title',
        );
      } catch (error) {
        if (!isDomainError(error)) throw error;
        return back(
          { title: 'Error', description: error.message, variant: 'destructive' },
          '/account#api-keys-title',
        );
      }
    }
    case 'delete': {
      const submission = parseWithZod(formData, { schema: DeleteAccountSchema });
      if (submission.status !== 'success') {
        return data<ActionResult>(
          { intent, result: submission.reply({ hideFields: ['password'] }) },
          { status: 400 },
        );
      }
      try {
        await deleteAccount(user, submission.value.password, client);
      } catch (error) {
        if (!isDomainError(error)) throw error;
        return refuse(intent, submission, error);
      }
      return redirectWithToast(
        '/',
        {
          title: 'Account deleted',
          description:
            'Your account and your businesses have been deleted. Thank you for trying us.',
        },
        { headers: { 'Set-Cookie': await sessionCookie.serialize('', { maxAge: 0 }) } },
      );
    }
    default:
      return back({ title: 'Error', description: 'Unknown action', variant: 'destructive' });
  }
}
