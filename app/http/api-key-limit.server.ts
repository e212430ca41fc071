import { env } from '~/lib/env.server';

// Requests per API key, per instance: a token bucket of API_KEY_RATE_LIMIT_PER_MINUTE (120) that
// refills evenly over a minute, so a key may burst up to the limit and then goes at the limit's
// pace. In memory: each instance counts its own (behind N instances a key gets up to N times the
// figure), which is enough to keep one runaway assistant from crowding out everyone else.

type Bucket = { tokens: number; at: number };
const buckets = new Map<string, Bucket>();
/** Buckets kept at most; full (idle) ones are dropped first when there are more. */
const MAX_BUCKETS = 10_000;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Takes `calls` requests from the key's bucket (a JSON-RPC batch on /mcp takes one per message),
 * all or none. More than the bucket ever holds is refused for a minute.
 */
export function takeApiKeyRequest(
  keyId: string,
  now = Date.now(),
  perMinute = env.API_KEY_RATE_LIMIT_PER_MINUTE,
  calls = 1,
): RateDecision {
  const perMs = perMinute / 60_000;
  const bucket = buckets.get(keyId) ?? { tokens: perMinute, at: now };
  bucket.tokens = Math.min(perMinute, bucket.tokens + Math.max(0, now - bucket.at) * perMs);
  bucket.at = now;
  buckets.delete(keyId);
  buckets.set(keyId, bucket);
  if (buckets.size > MAX_BUCKETS) forgetIdle(now, perMinute, perMs);
  if (calls > perMinute) return { allowed: false, retryAfterSeconds: 60 };
  if (bucket.tokens >= calls) {
    bucket.tokens -= calls;
    return { allowed: true };
  }
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((calls - bucket.tokens) / perMs / 1000)),
  };
}

function forgetIdle(now: number, perMinute: number, perMs: number) {
  for (const [id, bucket] of buckets) {
    if (buckets.size <= MAX_BUCKETS) return;
    if (bucket.tokens + (now - bucket.at) * perMs >= perMinute) buckets.delete(id);
  }
  // Every bucket busy: the oldest-touched go (Map keeps insertion order; touched ones move last).
  for (const id of buckets.keys()) {
    if (buckets.size <= MAX_BUCKETS) return;
    buckets.delete(id);
  }
}

export const API_KEY_RATE_LIMIT_MESSAGE =
  'Too many requests with this API key. Wait a moment and try again.';
