import { createHash } from 'node:crypto';
import { db, type TransactionClient } from '~/lib/db.server';
import { withOwnerLock } from '~/lib/owner-lock.server';
import { jsonMessage } from './http.server';

// `Idempotency-Key` on the JSON API's create calls. A client that sends a create and loses the
// reply (a dropped connection, a server killed mid-answer) retries with the same key and gets the
// first answer again, and nothing is written twice:
// - the key is claimed in the same transaction as the call's effect, with the answer it gave, so
//   either both are committed or neither is (a crash before the commit leaves no business and no
//   key; after it, both);
// - the same key from the same user within 24 hours replays that answer (same status and body,
//   plus `Idempotent-Replayed: true`) and writes nothing;
// - the same key with another request (method, path or body) is 422;
// - only a successful create is remembered: a refusal (400, 403, 404, 429, …) writes nothing, so
//   the retry is decided afresh;
// - two requests with one key at the same moment: the unique index lets one commit, and the other
//   then replays its answer.
// A create call opts in by running its effect through `idempotentCreate` with the transaction it
// is handed (it holds the user's lock, withOwnerLock, and is run again when the database aborts it
// for contention, so the effect must only touch the database).

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1 to 255 visible ASCII characters';
export const IDEMPOTENCY_MISMATCH_MESSAGE =
  'This Idempotency-Key was already used with a different request';

type Answer = { status: number; body: unknown };

function isUniqueViolation(error: unknown) {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002';
}

/** The key a request sends: null when it sends none, 'invalid' when it is not a usable key. */
export function idempotencyKeyOf(request: Request): string | null | 'invalid' {
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return null;
  return /^[\x21-\x7e]{1,255}$/.test(key) ? key : 'invalid';
}

function fingerprintOf(request: Request, rawBody: string) {
  const { pathname } = new URL(request.url);
  return createHash('sha256')
    .update(`${request.method}\n${pathname.toLowerCase()}\n${rawBody}`)
    .digest('hex');
}

/** The write's name in a contention warning: `POST /api/businesses`. */
function operationOf(request: Request) {
  return `${request.method} ${new URL(request.url).pathname}`;
}

function replay(row: { status: number; body: string }) {
  return new Response(row.body, {
    status: row.status,
    headers: { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' },
  });
}

/**
 * Runs a create call's effect, honouring the request's Idempotency-Key (without one it just runs).
 * `rawBody` is the body as received (the fingerprint); `create` writes through the transaction it
 * is given and answers; a DomainError or any other failure rolls everything back.
 */
export async function idempotentCreate(
  request: Request,
  userId: string,
  rawBody: string,
  create: (tx: TransactionClient) => Promise<Answer>,
  now = new Date(),
): Promise<Response> {
  const key = idempotencyKeyOf(request);
  if (key === 'invalid') return jsonMessage(400, IDEMPOTENCY_KEY_MESSAGE);
  if (key === null) {
    const answer = await withOwnerLock(userId, operationOf(request), create);
    return Response.json(answer.body, { status: answer.status });
  }
  const fingerprint = fingerprintOf(request, rawBody);
  const since = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);

  const earlier = async () => {
    const row = await db.idempotencyKey.findUnique({
      where: { userId_key: { userId, key } },
      select: { fingerprint: true, status: true, body: true, createdAt: true },
    });
    if (!row || row.createdAt <= since) return null;
    if (row.fingerprint !== fingerprint) return jsonMessage(422, IDEMPOTENCY_MISMATCH_MESSAGE);
    return replay(row);
  };

  const seen = await earlier();
  if (seen) return seen;
  try {
    const answer = await withOwnerLock(userId, operationOf(request), async (tx) => {
      // A key older than the window is forgotten, and so is every expired key of this user.
      await tx.idempotencyKey.deleteMany({ where: { userId, createdAt: { lte: since } } });
      const result = await create(tx);
      if (result.status >= 200 && result.status < 300) {
        await tx.idempotencyKey.create({
          data: {
            userId,
            key,
            fingerprint,
            status: result.status,
            body: JSON.stringify(result.body),
            createdAt: now,
          },
        });
      }
      return result;
    });
    return Response.json(answer.body, { status: answer.status });
  } catch (error) {
    // The same key committed by a concurrent request a moment ago: its answer is the answer.
    if (isUniqueViolation(error)) {
      const concurrent = await earlier();
      if (concurrent) return concurrent;
    }
    throw error;
  }
}
