import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  PASSWORD_COST,
  passwordCost,
  TEST_PASSWORD_COST,
  verifyPassword,
} from './password.server';

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('stores scrypt with its parameters and a random salt, never the password', async () => {
    const [a, b] = await Promise.all([
      hashPassword('same password'),
      hashPassword('same password'),
    ]);
    // Vitest hashes at the test cost (see passwordCost below).
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]{86}==$/);
    expect(a).not.toEqual(b);
    expect(a).not.toContain('same password');
  });

  it('rejects malformed or foreign hashes instead of throwing', async () => {
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$16384$8$1$c2FsdA==')).toBe(false);
  });

  it('stores the production cost (N = 32768), and verifies it, outside Vitest', async () => {
    expect(PASSWORD_COST).toBe(32768);
    const hash = await hashPassword('at full cost', PASSWORD_COST);
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]{86}==$/);
    expect(await verifyPassword('at full cost', hash)).toBe(true);
    expect(await verifyPassword('at full Cost', hash)).toBe(false);
  });
});

describe('the cost a process hashes with', () => {
  it('is the production cost for every server, and the test cost only under Vitest', () => {
    expect(passwordCost({ NODE_ENV: 'production' })).toBe(PASSWORD_COST);
    expect(passwordCost({ NODE_ENV: 'development' })).toBe(PASSWORD_COST);
    expect(passwordCost({})).toBe(PASSWORD_COST);
    // A server started with NODE_ENV=test by hand is not Vitest, nor is Vitest's flag on a server.
    expect(passwordCost({ NODE_ENV: 'test' })).toBe(PASSWORD_COST);
    expect(passwordCost({ NODE_ENV: 'production', VITEST: 'true' })).toBe(PASSWORD_COST);
    expect(passwordCost({ NODE_ENV: 'test', VITEST: 'true' })).toBe(TEST_PASSWORD_COST);
  });
});
