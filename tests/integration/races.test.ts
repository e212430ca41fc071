import { describe, expect, it } from 'vitest';
import { updateUserAsAdmin } from '~/domain/admin.server';
import { db } from '~/lib/db.server';
import * as register from '~/routes/api.auth.register';
import { args, createUser, jsonRequest, run, uniqueEmail } from './helpers';

// Two requests racing for the same thing, on whichever engine this run uses (npm test runs the
// suite on SQLite and on PostgreSQL): the database decides, the loser gets a clear 4xx, never a 500.
describe('races', () => {
  it('two sign-ups with one e-mail at once: one account, the other 409', async () => {
    const email = uniqueEmail('race');
    const attempt = (ip: string) =>
      run(() =>
        register.action(
          args(
            jsonRequest('/api/auth/register', {
              body: { email, password: 'a-long-password' },
              headers: { 'X-Forwarded-For': ip },
            }),
          ),
        ),
      );
    const results = await Promise.all([attempt('198.51.100.1'), attempt('198.51.100.2')]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await db.user.count({ where: { email } })).toBe(1);
  });

  it('the last two admins demoting each other at once: one stays admin', async () => {
    const a = await createUser({ role: 'admin' });
    const b = await createUser({ role: 'admin' });
    await db.user.updateMany({
      where: { role: 'admin', id: { notIn: [a.id, b.id] } },
      data: { role: 'user' },
    });
    const outcomes = await Promise.allSettled([
      updateUserAsAdmin(a, b.id, { role: 'user' }),
      updateUserAsAdmin(b, a.id, { role: 'user' }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409 });
    expect(await db.user.count({ where: { role: 'admin' } })).toBe(1);
  });
});
