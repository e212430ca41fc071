import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from '~/lib/env.server';

// The weekly digest's one-click unsubscribe token and link (tracking/reports/digest.server.ts
// sends the digest; tracking/facts/alerts.server.ts's fact alerts carry the same link, which turns
// both off). Kept here, below tracking's rooms, so both can use it.

const TOKEN_PURPOSE = 'tracking-digest-unsubscribe';

function tokenMac(userId: string): string {
  return createHmac('sha256', env.SESSION_SECRET)
    .update(`${TOKEN_PURPOSE}:${userId}`)
    .digest('base64url');
}

/**
 * The unsubscribe token of a user: their id and an HMAC of it under SESSION_SECRET. It never
 * expires (a digest read months later still unsubscribes) and only ever turns the digest off.
 */
export function digestUnsubscribeToken(userId: string): string {
  return `${userId}.${tokenMac(userId)}`;
}

export function digestUnsubscribeUrl(origin: string, userId: string): string {
  return `${origin}/unsubscribe/digest?${new URLSearchParams({ token: digestUnsubscribeToken(userId) })}`;
}

/** The user a token was made for, or null for anything we did not sign. */
export function digestTokenUser(token: unknown): string | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const userId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(tokenMac(userId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
