import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { decodeDrainBody, readDrainBatch } from '~/domain/tracking/visits/drain-batch';
import { ingestDrainBatch } from '~/domain/tracking/visits/drain-ingest.server';
import { checkDrainSignature } from '~/domain/tracking/visits/drain-signatures';
import {
  DRAIN_TOKEN_UNKNOWN_MESSAGE,
  findLiveDrain,
  type LiveDrain,
} from '~/domain/tracking/visits/drains.server';
import { takeApiKeyRequest } from '~/http/api-key-limit.server';
import { domainErrorResponse, jsonMessage, methodNotAllowed } from '~/http/http.server';
import { MAX_DRAIN_BYTES } from '~/http/request-limits';

// POST /api/ingest/{token}: a log drain's batch for the token's business (issue 48): NDJSON or a
// JSON array of Vercel's or Netlify's log objects (or our Cloudflare Worker's), up to 1 MB (sent
// with `Content-Encoding: gzip`, 1 MB once decoded: past it 413; another encoding: 415). When
// the token has a signing secret, the batch must carry Vercel's x-vercel-signature or Netlify's
// x-netlify-signature made with it (none: 401, a wrong one: 403, nothing counted). Unknown or
// revoked token: 404; a body that is not such JSON: 400, nothing counted; past the plan's lines
// this month: 403. → 200 { lines, counted, skipped, duplicates, notRead }.
// GET (or HEAD) answers whether the token is live, with Vercel's x-vercel-verify code when the
// owner gave one (Vercel checks the endpoint with it before it sends anything).
// Each token may send DRAIN_REQUESTS_PER_MINUTE requests a minute (per instance); then 429.

export const DRAIN_REQUESTS_PER_MINUTE = 600;
export const DRAIN_RATE_MESSAGE =
  'Too many batches for this log drain address. Wait a moment and send again.';

const verifyHeaders = (drain: LiveDrain): Record<string, string> =>
  drain.verifyCode ? { 'x-vercel-verify': drain.verifyCode } : {};

/** The token's live drain, or the refusal to answer (429 past its rate, 404 when unknown). */
async function drainFor(token: string): Promise<{ drain: LiveDrain } | { response: Response }> {
  const decision = takeApiKeyRequest(
    `drain:${token.slice(0, 80)}`,
    Date.now(),
    DRAIN_REQUESTS_PER_MINUTE,
  );
  if (!decision.allowed) {
    const response = jsonMessage(429, DRAIN_RATE_MESSAGE);
    response.headers.set('Retry-After', String(decision.retryAfterSeconds));
    return { response };
  }
  const drain = await findLiveDrain(token);
  return drain ? { drain } : { response: jsonMessage(404, DRAIN_TOKEN_UNKNOWN_MESSAGE) };
}

export async function loader({ params }: LoaderFunctionArgs) {
  const found = await drainFor(params.token ?? '');
  if ('response' in found) return found.response;
  return Response.json(
    { message: 'This log drain address is ready.' },
    { headers: verifyHeaders(found.drain) },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
  const found = await drainFor(params.token ?? '');
  if ('response' in found) return found.response;
  const { drain } = found;
  const tooLarge = () =>
    jsonMessage(
      413,
      `A batch is at most ${MAX_DRAIN_BYTES / 1024 / 1024} MB. Send smaller batches; nothing was counted.`,
    );
  if (Number(request.headers.get('content-length') ?? 0) > MAX_DRAIN_BYTES) return tooLarge();
  const sent = new Uint8Array(await request.arrayBuffer());
  if (sent.byteLength > MAX_DRAIN_BYTES) return tooLarge();
  // The signature is of the bytes as sent (compressed or not).
  const signature = await checkDrainSignature(
    {
      vercel: request.headers.get('x-vercel-signature'),
      netlify: request.headers.get('x-netlify-signature'),
    },
    sent,
    drain.signingSecret,
  );
  if (!signature.ok) return jsonMessage(signature.status, signature.message);
  const body = decodeDrainBody(sent, request.headers.get('content-encoding'), MAX_DRAIN_BYTES);
  if (body === 'too large') return tooLarge();
  if (!(body instanceof Uint8Array)) return jsonMessage(body.status, body.message);
  const batch = readDrainBatch(new TextDecoder().decode(body));
  if (!batch.ok) return jsonMessage(400, batch.message);
  try {
    const outcome = await ingestDrainBatch(drain, batch.entries, sent.byteLength);
    return Response.json(outcome, { headers: verifyHeaders(drain) });
  } catch (error) {
    return domainErrorResponse(error);
  }
}
