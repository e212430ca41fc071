import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import { isDomainError } from '~/domain/errors';
import { cloudflareWorkerScript } from '~/domain/tracking/visits/cloudflare-worker.server';
import {
  createDrainToken,
  revokeDrainToken,
  setDrainSigningSecret,
} from '~/domain/tracking/visits/drains.server';
import { requireUser } from '~/http/auth.server';
import { readFormData, retryAfterHeaders } from '~/http/http.server';
import { getOrigin } from '~/http/origin.server';
import { redirectWithToast } from '~/http/toast.server';
import { DrainCreateSchema, DrainRevokeSchema, DrainSecretSchema } from '~/schemas/log-drains';
import { businessPath } from '../dashboard/business-page';
import { throwIfBusinessNotFound } from '../dashboard/business-page.server';

// The crawler visits page's log drain forms (plain POSTs to the page itself, so JavaScript is not
// needed): make a drain address, whose token (and the Cloudflare Worker script carrying it) is
// shown by this answer itself, once, never after a redirect; set a drain's signing secret; revoke
// one. Refusals come back as the form's errors; another owner's business is a 404.

const INTENTS = ['drain-create', 'drain-secret', 'drain-revoke'] as const;
export type DrainIntent = (typeof INTENTS)[number];

export type DrainActionResult = {
  intent: DrainIntent;
  result: SubmissionResult<string[]>;
  tokenId?: string;
  /** A drain just made: its address and Worker script, shown on this answer only. */
  created?: { prefix: string; url: string; workerScript: string };
};

export const ingestUrl = (origin: string, token: string) => `${origin}/api/ingest/${token}`;

export async function drainAction(request: Request, businessId: string) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  const intent = INTENTS.find((value) => value === formData.get('intent'));
  const back = businessPath(businessId, 'crawlers', '#drains-title');
  const refuse = (
    which: DrainIntent,
    submission: { reply: (options?: object) => SubmissionResult<string[]> },
    error: unknown,
    tokenId?: string,
  ) => {
    if (!isDomainError(error)) throw error;
    const hideFields = ['signingSecret'];
    return data<DrainActionResult>(
      {
        intent: which,
        tokenId,
        result: submission.reply({ formErrors: [error.message], hideFields }),
      },
      { status: error.status, headers: retryAfterHeaders(error) },
    );
  };
  switch (intent) {
    case 'drain-create': {
      const submission = parseWithZod(formData, { schema: DrainCreateSchema });
      if (submission.status !== 'success')
        return data<DrainActionResult>(
          { intent, result: submission.reply({ hideFields: ['signingSecret'] }) },
          { status: 400 },
        );
      try {
        const created = await createDrainToken(user, businessId, submission.value);
        const url = ingestUrl(getOrigin(request), created.token);
        // Shown by this answer only: after a redirect it would travel in a cookie. Signed-in
        // pages are never cached (private, no-store).
        return data<DrainActionResult>({
          intent,
          result: submission.reply({ resetForm: true }),
          created: { prefix: created.prefix, url, workerScript: cloudflareWorkerScript(url) },
        });
      } catch (error) {
        throwIfBusinessNotFound(error);
        return refuse(intent, submission, error);
      }
    }
    case 'drain-secret': {
      const submission = parseWithZod(formData, { schema: DrainSecretSchema });
      const tokenId = String(formData.get('tokenId') ?? '');
      if (submission.status !== 'success')
        return data<DrainActionResult>(
          { intent, tokenId, result: submission.reply({ hideFields: ['signingSecret'] }) },
          { status: 400 },
        );
      try {
        const { signingSecret, tokenId: id } = submission.value;
        const drain = await setDrainSigningSecret(user, businessId, id, signingSecret ?? null);
        return redirectWithToast(
          back,
          drain.signed
            ? {
                title: 'Signing secret saved',
                description: `Batches sent to ${drain.prefix}… must now be signed with it; unsigned or wrongly signed ones are refused.`,
              }
            : {
                title: 'Signing secret removed',
                description: `Batches sent to ${drain.prefix}… are no longer checked for a signature.`,
              },
          { request },
        );
      } catch (error) {
        throwIfBusinessNotFound(error);
        return refuse(intent, submission, error, tokenId);
      }
    }
    case 'drain-revoke': {
      const submission = parseWithZod(formData, { schema: DrainRevokeSchema });
      if (submission.status !== 'success')
        return data<DrainActionResult>({ intent, result: submission.reply() }, { status: 400 });
      try {
        const drain = await revokeDrainToken(user, businessId, submission.value.tokenId);
        return redirectWithToast(
          back,
          {
            title: 'Log drain revoked',
            description: `${drain.prefix}… no longer works: anything sent to it is refused. Remove it from Vercel, Netlify or your Worker.`,
          },
          { request },
        );
      } catch (error) {
        throwIfBusinessNotFound(error);
        return refuse(intent, submission, error, submission.value.tokenId);
      }
    }
    default:
      return data<DrainActionResult>(
        {
          intent: 'drain-create',
          result: {
            status: 'error',
            error: { '': ['This form could not be read. Reload the page and try again.'] },
          },
        },
        { status: 400 },
      );
  }
}
