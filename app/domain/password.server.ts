import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt from node:crypto: memory-hard, no native dependency. Parameters travel with the hash so
// they can be raised later without breaking stored passwords.
/** scrypt's cost (N) of every password the site stores. */
export const PASSWORD_COST = 2 ** 15;
/**
 * The cost Vitest's runs hash with (NODE_ENV=test and VITEST set, as Vitest sets them, never a
 * server): each of the suite's hundreds of sign-ups and sign-ins would otherwise spend 100 ms of a
 * core (over a second on a loaded CI machine). Verifying reads the cost from the stored hash, so
 * both verify alike; the tests of this module check the production cost too.
 */
export const TEST_PASSWORD_COST = 2 ** 10;

export function passwordCost(env: NodeJS.ProcessEnv = process.env): number {
  return env.NODE_ENV === 'test' && env.VITEST ? TEST_PASSWORD_COST : PASSWORD_COST;
}

const N = passwordCost();
const r = 8;
const p = 1;
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 128 * PASSWORD_COST * r * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string, cost = N): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N: cost, r, p });
  return ['scrypt', cost, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !rr || !pp || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password, for spending the same time on logins with an unknown e-mail. */
let dummyHash: Promise<string> | undefined;
export function getDummyHash(): Promise<string> {
  return (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));
}
