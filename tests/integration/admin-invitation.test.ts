import { describe, expect, it } from 'vitest';
import { inviteAdmin, INVITATION_TTL_MS } from '~/domain/admin-invite.server';
import { verifyLogin } from '~/domain/accounts.server';
import { getSessionUser } from '~/domain/sessions.server';
import { db } from '~/lib/db.server';
import { action as resetAction, loader as resetLoader } from '~/routes/reset-password';
import { sessionCookie } from '~/http/auth.server';
import { INVITATION_EXPIRED_MESSAGE } from '~/content/account';
import { args, BASE, createUser, formRequest, run, uniqueEmail } from './helpers';

// Create Admin sends an invitation (issue 44, item 10): the invitee chooses their own password
// from a one-time link that works for 7 days (the password-reset machinery).

async function invite(now = new Date()) {
  const admin = await createUser({ role: 'admin' });
  const email = uniqueEmail('invitee');
  await inviteAdmin(admin, { email, firstName: 'Nia', lastName: 'Okafor' }, BASE, now);
  const mail = await db.outboxMessage.findFirstOrThrow({
    where: { to: email, kind: 'admin_invitation' },
  });
  const token = /\/reset-password\?token=([\w-]{43})/.exec(mail.text)![1]!;
  return { admin, email, token };
}

const open = (token: string) =>
  run(() => resetLoader(args(new Request(`${BASE}/reset-password?token=${token}`))));

const choose = (token: string, password: string) =>
  run(() =>
    resetAction(
      args(
        formRequest(`/reset-password?token=${token}`, {
          token,
          password,
          confirmPassword: password,
        }),
      ),
    ),
  );

describe('an admin invitation', () => {
  it('lets the invitee choose a password once, and sign in with it', async () => {
    const { email, token } = await invite();
    await expect(verifyLogin({ email, password: 'anything-at-all' })).rejects.toThrow();

    const page = await open(token);
    expect(page.data).toMatchObject({ email, invitation: true, problem: null });

    const chosen = await choose(token, 'my-own-long-password');
    expect(chosen.status).toBe(302);
    const cookie = chosen.headers.get('set-cookie')!;
    const session = await sessionCookie.parse(cookie);
    expect((await getSessionUser(session))?.email).toBe(email);
    expect((await verifyLogin({ email, password: 'my-own-long-password' })).role).toBe('admin');

    // The link works once.
    expect((await open(token)).data).toMatchObject({
      problem: expect.stringContaining('already been used'),
    });
    expect((await choose(token, 'another-long-password')).status).toBe(400);
  });

  it('expires after 7 days and says so, naming the invitation', async () => {
    const { email, token } = await invite(new Date(Date.now() - INVITATION_TTL_MS - 1000));
    expect((await open(token)).data).toMatchObject({
      invitation: true,
      problem: INVITATION_EXPIRED_MESSAGE,
    });
    expect((await choose(token, 'my-own-long-password')).status).toBe(400);
    expect(await db.password.count({ where: { user: { email } } })).toBe(0);
  });

  it('is for admins only', async () => {
    const member = await createUser();
    await expect(
      inviteAdmin(member, { email: uniqueEmail('x'), firstName: 'A', lastName: 'B' }, BASE),
    ).rejects.toMatchObject({ code: 'forbidden' });
  });
});
