import { createHmac, randomBytes } from 'node:crypto';
import { createCookie, type AppLoadContext } from 'react-router';
import { db } from '~/lib/db.server';
import { cookieSecure, env } from '~/lib/env.server';
import { DEVICE_COOKIE_DAYS } from '~/domain/auth-throttle.server';
import { getClientInfo } from './http.server';

// OWASP's "device cookie" (Slow Down Online Guessing Attacks with Device Cookies): each successful
// sign-in gives the browser a signed, HttpOnly cookie for that account, holding a random nonce.
// A later sign-in to the same account that carries it is the owner's browser: the throttle counts
// its attempts on their own (~/domain/auth-throttle.server), so failures by others who share the
// owner's address never lock it out, and a browser that keeps failing locks only itself.
//
// One cookie holds the browsers' accounts (a few: people share computers), each as a keyed hash of
// the e-mail (the cookie does not tell who signed in here), the nonce and when it was issued. It is
// signed with SESSION_SECRET; an altered, foreign or expired entry counts as no cookie at all, and
// so does a nonce a later sign-in in that browser replaced (each live nonce has a DeviceNonce row).

export const DEVICE_COOKIE_NAME = '__device';
export { DEVICE_COOKIE_DAYS };
/** Accounts one browser is recognised for; the least recently signed in to drops out. */
export const DEVICE_COOKIE_ACCOUNTS = 5;

const MAX_AGE_SECONDS = DEVICE_COOKIE_DAYS * 24 * 60 * 60;

const deviceCookie = createCookie(DEVICE_COOKIE_NAME, {
  path: '/',
  httpOnly: true,
  sameSite: 'strict',
  secure: cookieSecure,
  secrets: [env.SESSION_SECRET],
  maxAge: MAX_AGE_SECONDS,
});

/** One account's entry: `a` the account's keyed hash, `n` the nonce, `t` issued (epoch seconds). */
type Entry = { a: string; n: string; t: number };

function accountTag(email: string): string {
  return createHmac('sha256', env.SESSION_SECRET)
    .update(`device-cookie\0${email.trim().toLowerCase()}`)
    .digest('base64url')
    .slice(0, 22);
}

function isEntry(value: unknown): value is Entry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.a === 'string' &&
    typeof entry.n === 'string' &&
    /^[\w-]{16,64}$/.test(entry.n) &&
    typeof entry.t === 'number'
  );
}

/** The cookie's entries that are signed, well formed and not expired (the browser may keep one). */
async function readEntries(request: Request, now: number): Promise<Entry[]> {
  let value: unknown;
  try {
    value = await deviceCookie.parse(request.headers.get('cookie'));
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seconds = Math.floor(now / 1000);
  return value
    .filter(isEntry)
    .filter((entry) => entry.t > seconds - MAX_AGE_SECONDS && entry.t <= seconds + 60);
}

/**
 * The nonce of the request's valid device cookie for `email`, or null. Valid: signed, not expired,
 * and still the account's newest in that browser (its DeviceNonce row was not replaced).
 */
export async function deviceIdFor(
  request: Request,
  email: string,
  now = Date.now(),
): Promise<string | null> {
  const tag = accountTag(email);
  const nonce = (await readEntries(request, now)).find((entry) => entry.a === tag)?.n;
  if (!nonce) return null;
  const row = await db.deviceNonce.findUnique({ where: { nonce }, select: { account: true } });
  return row?.account === tag ? nonce : null;
}

/**
 * The Set-Cookie of a successful sign-in to `email`: a new nonce for this account (its earlier
 * failures stay with the old one), the browser's other accounts kept. The nonce it replaces in
 * this browser stops being valid (issue 41): a copy of the older cookie no longer passes as the
 * owner's browser.
 */
export async function issueDeviceCookie(
  request: Request,
  email: string,
  now = Date.now(),
): Promise<string> {
  const tag = accountTag(email);
  const current = await readEntries(request, now);
  const replaced = current.find((entry) => entry.a === tag)?.n;
  const others = current.filter((entry) => entry.a !== tag);
  const nonce = randomBytes(16).toString('base64url');
  await db.deviceNonce.create({ data: { nonce, account: tag, createdAt: new Date(now) } });
  if (replaced) await db.deviceNonce.deleteMany({ where: { nonce: replaced, account: tag } });
  const all: Entry[] = [{ a: tag, n: nonce, t: Math.floor(now / 1000) }, ...others];
  // An account that drops out of a full cookie is forgotten here too.
  const dropped = all.slice(DEVICE_COOKIE_ACCOUNTS).map((entry) => entry.n);
  if (dropped.length) await db.deviceNonce.deleteMany({ where: { nonce: { in: dropped } } });
  return deviceCookie.serialize(all.slice(0, DEVICE_COOKIE_ACCOUNTS));
}

/**
 * Who is trying a password for `email` (a sign-in, or a change that needs the current password):
 * the address, the user agent and, when the browser carries one for this account, its device cookie.
 */
export async function attemptClient(
  request: Request,
  context: AppLoadContext | undefined,
  email: string,
) {
  return { ...getClientInfo(request, context), deviceId: await deviceIdFor(request, email) };
}
