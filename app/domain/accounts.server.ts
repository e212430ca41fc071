import { db } from '~/lib/db.server';
import type { User } from '~/generated/prisma/client';
import type { LoginInput, RegisterInput } from '~/schemas/auth';
import {
  reserveLoginAttempt,
  reserveRegistration,
  settleLoginAttempt,
  settleRegistration,
  type AttemptClient,
} from './auth-throttle.server';
import { DomainError, isDomainError } from './errors';
import { sendWelcome } from './notices.server';
import { getDummyHash, hashPassword, verifyPassword } from './password.server';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

/** What the browser and the JSON API may see of a user: never anything about the password. */
export type PublicUser = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
  subscriptionStatus: string;
  subscriptionExpiry: string | null;
  createdAt: string;
};

export const publicUserSelect = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  role: true,
  subscriptionStatus: true,
  subscriptionExpiry: true,
  createdAt: true,
} as const;

export function toPublicUser(user: Pick<User, keyof typeof publicUserSelect>): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    subscriptionStatus: user.subscriptionStatus,
    subscriptionExpiry: user.subscriptionExpiry?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002';
}

/** Creates a user with a hashed password. E-mails are stored lower-cased (the schema does it). */
export async function registerUser(
  input: RegisterInput,
  options: { role?: 'user' | 'admin' } = {},
): Promise<PublicUser> {
  // The password is hashed before we look, so a taken e-mail takes as long to answer as a new
  // one: the timing does not tell who is a customer (the answer itself says so, as the spec asks).
  const [hash, existing] = await Promise.all([
    hashPassword(input.password),
    db.user.findUnique({ where: { email: input.email }, select: { id: true } }),
  ]);
  if (existing) throw new DomainError('conflict', EMAIL_TAKEN_MESSAGE);

  try {
    const user = await db.user.create({
      data: {
        email: input.email,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        role: options.role ?? 'user',
        password: { create: { hash } },
      },
      select: publicUserSelect,
    });
    return toPublicUser(user);
  } catch (error) {
    // Two registrations racing for one e-mail: the unique index decides, the loser gets the message.
    if (isUniqueViolation(error)) throw new DomainError('conflict', EMAIL_TAKEN_MESSAGE);
    throw error;
  }
}

/**
 * Checks an e-mail and password. Unknown e-mail and wrong password fail the same way and take about
 * the same time, so a login never reveals whether an account exists.
 */
export async function verifyLogin(input: LoginInput): Promise<PublicUser> {
  const user = await db.user.findUnique({
    where: { email: input.email },
    select: { ...publicUserSelect, password: { select: { hash: true } } },
  });
  const valid = await verifyPassword(
    input.password,
    user?.password?.hash ?? (await getDummyHash()),
  );
  if (!user || !user.password || !valid) {
    throw new DomainError('unauthenticated', INVALID_CREDENTIALS_MESSAGE);
  }
  return toPublicUser(user);
}

/**
 * Sign-in from the login form or the JSON API: throttled, and every attempt is counted before its
 * password is checked (reserveLoginAttempt), so a burst cannot check more than a limit allows.
 */
export async function signIn(input: LoginInput, client: AttemptClient): Promise<PublicUser> {
  const reservation = await reserveLoginAttempt(input.email, client);
  let user: PublicUser;
  try {
    user = await verifyLogin(input);
  } catch (error) {
    const wrong = isDomainError(error) && error.code === 'unauthenticated';
    await settleLoginAttempt(reservation, wrong ? 'failed' : 'released');
    throw error;
  }
  await settleLoginAttempt(reservation, 'succeeded');
  return user;
}

/**
 * Sign-up from the register form or the JSON API: a plain user, throttled per network, welcomed by
 * e-mail (sent after the answer; links on `requestOrigin` when no PUBLIC_URL is set).
 */
export async function signUp(
  input: RegisterInput,
  client: AttemptClient,
  requestOrigin?: string,
): Promise<PublicUser> {
  // Counted before the e-mail is looked at, so a burst cannot pass the address's limit. A taken
  // e-mail counts like a new account: otherwise anyone could test which e-mails have accounts at
  // full speed.
  const reservation = await reserveRegistration(input.email, client);
  const user = await registerUser(input);
  await settleRegistration(reservation);
  sendWelcome(user, requestOrigin);
  return user;
}

export async function getUserById(id: string): Promise<PublicUser | null> {
  const user = await db.user.findUnique({ where: { id }, select: publicUserSelect });
  return user ? toPublicUser(user) : null;
}
