import { db } from '~/lib/db.server';
import { DomainError } from './errors';
import { notifyAccountUnderAttack } from './notices.server';

// Slows down password guessing and bulk sign-ups by counting recent attempts in the database,
// without handing anyone a way to lock a customer out of their own account:
// - a browser the owner signed in with carries a device cookie for the account (OWASP's "device
//   cookie" pattern; ~/http/device-cookie.server). Its attempts are counted on their own and it is
//   slowed only by its own failures: nobody sharing the owner's address (an office, a NAT, a VPN,
//   every client behind a proxy when TRUST_PROXY is off) can lock that browser out. Every rule
//   below is for attempts without one, and counts only those;
// - an address that keeps failing is slowed, whatever e-mails it tries (429 with Retry-After);
// - an address that fails repeatedly for one account is slowed for that account sooner;
// - an account under distributed guessing (a ceiling far above what a person mistypes) changes
//   only how addresses the owner has not used are treated; the owner's own addresses (a successful
//   sign-in to this account from there in the last 30 days) are judged by the limits above alone:
//   - an unknown address that has been guessing at this account (two failures for it in the
//     window) is refused; one typo is not guessing, and failures for other accounts do not count;
//   - every other unknown address waits (2 s) before its password is checked. Nobody who has not
//     been guessing is refused, the right password always gets in, and a guesser spreading over
//     many addresses pays the wait on every guess and gets at most two per address.
// A successful sign-in does not clear earlier failures: the window does. Each lock-out is written
// down once per limit and window (kind "lockout", with its reason) for the admin's Login History.

/** How long a browser stays recognised by its device cookie without signing in again. */
export const DEVICE_COOKIE_DAYS = 180;

export const AUTH_LIMITS = {
  windowMs: 15 * 60 * 1000,
  failedLoginsPerIp: 20,
  failedLoginsPerAccountAndIp: 5,
  failedLoginsPerAccount: 100,
  /** Failures one browser's device cookie for the account may have before that browser waits. */
  failedLoginsPerDevice: 5,
  /** Under distributed guessing: failures for the account that make an unknown address a guesser. */
  guessesPerUnknownAddressUnderAttack: 2,
  /** Under distributed guessing: how long an unknown address waits before its password is checked. */
  unknownAddressDelayMsUnderAttack: 2_000,
  /** An address the owner signed in from within this time is theirs (no wait, no refusal). */
  knownAddressMs: 30 * 24 * 60 * 60 * 1000,
  registrationsPerIpWindowMs: 60 * 60 * 1000,
  registrationsPerIp: 10,
  /** Forgotten-password requests: per address (then 429), and links sent per e-mail. */
  resetRequestsWindowMs: 60 * 60 * 1000,
  resetRequestsPerIp: 10,
  resetLinksPerEmail: 3,
} as const;

export const TOO_MANY_LOGINS_MESSAGE =
  'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
export const TOO_MANY_REGISTRATIONS_MESSAGE =
  'Too many accounts were created from your network. Please try again later.';

export const TOO_MANY_RESET_REQUESTS_MESSAGE =
  'Too many password reset requests from your network. Please try again in an hour.';

export type AttemptClient = {
  ipAddress?: string | null;
  /** The nonce of a valid device cookie for the account signed in to (sign-ins only). */
  deviceId?: string | null;
};

/** Why a sign-in was turned away: the limit it met. */
export type LockoutReason = 'address' | 'account_address' | 'device' | 'guessing';

function rateLimited(message: string, windowMs: number) {
  return new DomainError('rate_limited', message, {
    retryAfterSeconds: Math.ceil(windowMs / 1000),
  });
}

/**
 * A sign-in attempt counted before its password is checked (issue 41): the attempt's row is
 * written first, as a failure, and the limits then count it with every other. So however many
 * attempts arrive at once, on however many instances, at most a limit's number of them are ever
 * checked: of the attempts a limit lets through, the last one written counts all the others (each
 * was written before it, and the count is a statement of its own after that write), so it would
 * see more than the limit. An attempt turned away deletes its row (it checked nothing); a right
 * password turns its row into a success; a wrong one leaves it as the failure it already is. A
 * process that dies between the two leaves a failure, never a free guess. A burst may be turned
 * away beyond what a one-at-a-time sequence would be (each sees the others' rows), never less.
 */
export type LoginReservation = {
  id: string;
  email: string;
  client: AttemptClient;
  now: Date;
};

/**
 * Reserves one sign-in attempt for `email` (the login form, the API, a check of the current
 * password): 429 (rate_limited, the reservation dropped) past a limit, otherwise the reservation
 * to settle once the password is checked (settleLoginAttempt).
 */
export async function reserveLoginAttempt(
  email: string,
  client: AttemptClient,
  now = new Date(),
): Promise<LoginReservation> {
  const row = await db.authAttempt.create({
    data: {
      kind: 'login',
      email,
      ipAddress: client.ipAddress ?? null,
      deviceId: client.deviceId ?? null,
      succeeded: false,
      createdAt: now,
    },
    select: { id: true },
  });
  try {
    await assertWithinLoginLimits(email, client, now);
  } catch (error) {
    await dropReservation(row.id);
    throw error;
  }
  return { id: row.id, email, client, now };
}

/**
 * What the check of a reserved attempt found: `succeeded` (a sign-in: the row becomes a success),
 * `failed` (a wrong password: the row stays a failure) or `released` (nothing to count: a right
 * current password, or the check itself broke before it answered).
 */
export async function settleLoginAttempt(
  reservation: LoginReservation,
  outcome: 'succeeded' | 'failed' | 'released',
) {
  if (outcome === 'released') return dropReservation(reservation.id);
  if (outcome === 'succeeded') {
    await db.authAttempt.updateMany({
      where: { id: reservation.id },
      data: { succeeded: true },
    });
    return;
  }
  const { email, client, now } = reservation;
  if (client.deviceId) return;
  const since = new Date(now.getTime() - AUTH_LIMITS.windowMs);
  const byAccount = await db.authAttempt.count({
    where: { kind: 'login', succeeded: false, deviceId: null, email, createdAt: { gt: since } },
  });
  // The owner hears of it once per window, by e-mail.
  if (byAccount === AUTH_LIMITS.failedLoginsPerAccount) notifyAccountUnderAttack(email);
}

async function dropReservation(id: string) {
  await db.authAttempt.deleteMany({ where: { id } });
}

/** The limits, counted with the attempt's own row (so "more than the limit" turns it away). */
async function assertWithinLoginLimits(email: string, client: AttemptClient, now: Date) {
  const since = new Date(now.getTime() - AUTH_LIMITS.windowMs);
  if (client.deviceId) {
    // The owner's browser: its own failures are all that count.
    const byDevice = await db.authAttempt.count({
      where: {
        kind: 'login',
        succeeded: false,
        deviceId: client.deviceId,
        email,
        createdAt: { gt: since },
      },
    });
    if (byDevice > AUTH_LIMITS.failedLoginsPerDevice) {
      await lockedOut('device', email, client, now);
    }
    return;
  }
  const ip = client.ipAddress;
  if (!ip) return;
  const failed = { kind: 'login', succeeded: false, deviceId: null, createdAt: { gt: since } };
  const [byIp, byAccountAndIp] = await Promise.all([
    db.authAttempt.count({ where: { ...failed, ipAddress: ip } }),
    db.authAttempt.count({ where: { ...failed, ipAddress: ip, email } }),
  ]);
  if (byAccountAndIp > AUTH_LIMITS.failedLoginsPerAccountAndIp) {
    await lockedOut('account_address', email, client, now);
  }
  if (byIp > AUTH_LIMITS.failedLoginsPerIp) await lockedOut('address', email, client, now);
  // Distributed guessing at this account: the owner's addresses go on as usual; an unknown one is
  // refused once it has been guessing at this account, and otherwise waits before the check.
  const byAccount = await db.authAttempt.count({ where: { ...failed, email } });
  if (byAccount <= AUTH_LIMITS.failedLoginsPerAccount) return;
  const known = await db.authAttempt.findFirst({
    where: {
      kind: 'login',
      succeeded: true,
      email,
      ipAddress: ip,
      createdAt: { gt: new Date(now.getTime() - AUTH_LIMITS.knownAddressMs) },
    },
    select: { id: true },
  });
  if (known) return;
  if (byAccountAndIp > AUTH_LIMITS.guessesPerUnknownAddressUnderAttack) {
    await lockedOut('guessing', email, client, now);
  }
  await new Promise((resolve) => setTimeout(resolve, AUTH_LIMITS.unknownAddressDelayMsUnderAttack));
}

/**
 * Turns a sign-in away (429), first writing the lock-out down for the admin and the server log:
 * once per limit and window (an address locked for everyone once, not once per e-mail it tries).
 */
async function lockedOut(
  reason: LockoutReason,
  email: string,
  client: AttemptClient,
  now: Date,
): Promise<never> {
  const ipAddress = client.ipAddress ?? null;
  const deviceId = client.deviceId ?? null;
  const same =
    reason === 'address'
      ? { ipAddress }
      : reason === 'device'
        ? { email, deviceId }
        : { email, ipAddress };
  const recorded = await db.authAttempt.findFirst({
    where: {
      kind: 'lockout',
      reason,
      ...same,
      createdAt: { gt: new Date(now.getTime() - AUTH_LIMITS.windowMs) },
    },
    select: { id: true },
  });
  if (!recorded) {
    await db.authAttempt.create({
      data: {
        kind: 'lockout',
        reason,
        email,
        ipAddress,
        deviceId,
        succeeded: false,
        createdAt: now,
      },
    });
    console.warn(
      `[auth] sign-ins locked out for ${AUTH_LIMITS.windowMs / 60_000} minutes (${reason}): ${email} from ${ipAddress ?? 'an unknown address'}${deviceId ? ' with its device cookie' : ''}`,
    );
  }
  throw rateLimited(TOO_MANY_LOGINS_MESSAGE, AUTH_LIMITS.windowMs);
}

/**
 * Forgotten-password requests: an address asking too often is refused (429, whatever the e-mails);
 * past a few links an hour for one e-mail the answer stays the same but no more mail goes out, so
 * nobody can flood an inbox (the owner already has working links). Returns whether to send.
 * Counted like sign-ins: the request is written first and counts itself, so a burst cannot pass.
 */
export async function reserveResetRequest(
  email: string,
  client: AttemptClient,
  now = new Date(),
): Promise<boolean> {
  const row = await db.authAttempt.create({
    data: {
      kind: 'reset',
      email,
      ipAddress: client.ipAddress ?? null,
      succeeded: true,
      createdAt: now,
    },
    select: { id: true },
  });
  const since = new Date(now.getTime() - AUTH_LIMITS.resetRequestsWindowMs);
  const recent = { kind: 'reset', createdAt: { gt: since } };
  const [byIp, byEmail] = await Promise.all([
    client.ipAddress
      ? db.authAttempt.count({ where: { ...recent, ipAddress: client.ipAddress } })
      : 0,
    db.authAttempt.count({ where: { ...recent, email } }),
  ]);
  if (byIp > AUTH_LIMITS.resetRequestsPerIp) {
    await dropReservation(row.id);
    throw rateLimited(TOO_MANY_RESET_REQUESTS_MESSAGE, AUTH_LIMITS.resetRequestsWindowMs);
  }
  return byEmail <= AUTH_LIMITS.resetLinksPerEmail;
}

/**
 * A sign-up attempt, counted before the e-mail is looked at (like sign-ins): every attempt that
 * gets an answer about the e-mail counts, taken ones included. Past the address's limit it is
 * dropped and refused (429). Returns the reservation's id for settleRegistration.
 */
export async function reserveRegistration(
  email: string,
  client: AttemptClient,
  now = new Date(),
): Promise<string> {
  const row = await db.authAttempt.create({
    data: {
      kind: 'register',
      email,
      ipAddress: client.ipAddress ?? null,
      succeeded: false,
      createdAt: now,
    },
    select: { id: true },
  });
  if (!client.ipAddress) return row.id;
  const since = new Date(now.getTime() - AUTH_LIMITS.registrationsPerIpWindowMs);
  const count = await db.authAttempt.count({
    where: { kind: 'register', ipAddress: client.ipAddress, createdAt: { gt: since } },
  });
  if (count > AUTH_LIMITS.registrationsPerIp) {
    await dropReservation(row.id);
    throw rateLimited(TOO_MANY_REGISTRATIONS_MESSAGE, AUTH_LIMITS.registrationsPerIpWindowMs);
  }
  return row.id;
}

/** A reserved sign-up made its account (a taken e-mail leaves the row a failure, still counted). */
export async function settleRegistration(id: string) {
  await db.authAttempt.updateMany({ where: { id }, data: { succeeded: true } });
}
