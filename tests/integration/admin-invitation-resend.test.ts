import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { loader as resetLoader } from '~/routes/reset-password';
import { resetPassword } from '~/domain/password-reset.server';
import { INVITATION_EXPIRED_MESSAGE } from '~/content/account';
import { passwordAlreadyChosenMessage, RESEND_LIMIT } from '~/domain/admin-invite.server';
import type { AdminUserView, Page } from '~/domain/admin.server';
import { loadAdmin, postAdmin, signedIn } from './admin-helpers';
import { args, BASE, createUser, run, toastOf as flashOf, uniqueEmail } from './helpers';

// The Users tab marks an invited admin who has not chosen a password yet, and sends their
// invitation again (a new 7-day link; the links sent before stop working), for admins only.

const post = postAdmin;
const load = loadAdmin;

const TOKEN = /\/reset-password\?token=([\w-]{43})/;

/** Every invitation link sent to `email`, oldest first. */
async function linksTo(email: string) {
  const mails = await db.outboxMessage.findMany({
    where: { to: email, kind: 'admin_invitation' },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return mails.map((mail) => TOKEN.exec(mail.text)![1]!);
}

async function invite(cookie: string) {
  const email = uniqueEmail('invitee');
  const created = await post(cookie, {
    intent: 'create-admin',
    firstName: 'Ada',
    lastName: 'Quist',
    email,
  });
  expect(created.status).toBe(302);
  const user = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
  return { email, id: user.id };
}

const usersOf = (response: Awaited<ReturnType<typeof load>>) =>
  (response.data as { users: Page<AdminUserView> }).users.items;

const openLink = (token: string) =>
  run(() => resetLoader(args(new Request(`${BASE}/reset-password?token=${token}`))));

describe('the Users tab and an invited admin', () => {
  it('marks a user with no password yet on every kind of page (plain, by plan, searched)', async () => {
    const { cookie, user: actor } = await signedIn();
    const invitee = await invite(cookie);
    for (const path of [
      '/admin?tab=users',
      '/admin?tab=users&tier=free',
      `/admin?tab=users&q=${encodeURIComponent(invitee.email)}`,
    ]) {
      const rows = usersOf(await load(cookie, path));
      expect(rows.find((row) => row.id === invitee.id), path).toMatchObject({
        awaitingPassword: true,
        apiKeyCount: 0,
        role: 'admin',
        email: invitee.email,
      });
    }
    // The admin who signed in has a password: not marked.
    const mine = usersOf(await load(cookie, `/admin?tab=users&q=${encodeURIComponent(actor.email)}`));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ awaitingPassword: false, email: actor.email });
    expect(typeof mine[0]!.createdAt).toBe('string');
  });

  it('sends a new link that works; the old one is refused; the outbox and the log have it', async () => {
    const { cookie, user: actor } = await signedIn();
    const invitee = await invite(cookie);
    const [first] = await linksTo(invitee.email);

    const sent = await post(cookie, { intent: 'resend-invitation', userId: invitee.id });
    expect(sent.status).toBe(302);
    expect(sent.headers.get('Location')).toBe('/admin?tab=users');
    expect(await flashOf(sent.headers)).toMatchObject({
      title: 'Invitation sent again',
      description: `${invitee.email} gets a new link to choose their password, for 7 days. The links sent before no longer work.`,
    });
    const links = await linksTo(invitee.email);
    expect(links).toHaveLength(2);
    const fresh = links[1]!;
    expect(fresh).not.toBe(first);
    const mail = await db.outboxMessage.findFirstOrThrow({
      where: { to: invitee.email, kind: 'admin_invitation', text: { contains: fresh } },
    });
    expect(mail.text).toContain(`${actor.email} made you an admin`);
    expect(mail.text).toContain('the links in the invitations sent before no longer work');
    const log = await db.auditLog.findFirstOrThrow({
      where: { targetUserId: invitee.id, action: 'admin_invitation_resent' },
    });
    expect(log).toMatchObject({ actorId: actor.id, actorEmail: actor.email });

    // The old link no longer works, and says what to do; the new one sets the password.
    expect((await openLink(first!)).data).toMatchObject({ problem: INVITATION_EXPIRED_MESSAGE });
    await expect(resetPassword(first!, 'the-old-link-password')).rejects.toMatchObject({
      code: 'invalid_input',
    });
    expect((await openLink(fresh)).data).toMatchObject({ problem: null, invitation: true });
    await resetPassword(fresh, 'a-long-chosen-password');

    // The mark is gone, and sending again is refused with nothing sent or logged.
    const rows = usersOf(
      await load(cookie, `/admin?tab=users&q=${encodeURIComponent(invitee.email)}`),
    );
    expect(rows[0]).toMatchObject({ id: invitee.id, awaitingPassword: false });
    const refused = await post(cookie, { intent: 'resend-invitation', userId: invitee.id });
    expect(refused.status).toBe(302);
    expect(await flashOf(refused.headers)).toMatchObject({
      title: 'Invitation not sent',
      description: passwordAlreadyChosenMessage(invitee.email),
      variant: 'destructive',
    });
    expect(await linksTo(invitee.email)).toHaveLength(2);
    expect(
      await db.auditLog.count({
        where: { targetUserId: invitee.id, action: 'admin_invitation_resent' },
      }),
    ).toBe(1);
  });

  it('is refused for a user who signed up with a password', async () => {
    const { cookie } = await signedIn();
    const member = await createUser();
    const refused = await post(cookie, { intent: 'resend-invitation', userId: member.id });
    expect(await flashOf(refused.headers)).toMatchObject({
      description: `${member.email} has already chosen a password, so there is no invitation to send again. Nothing was sent.`,
    });
    expect(await db.outboxMessage.count({ where: { to: member.email } })).toBe(0);
    expect(await db.passwordReset.count({ where: { userId: member.id } })).toBe(0);
  });

  it('does nothing for a non-admin, whose post is turned away', async () => {
    const { cookie: adminCookie } = await signedIn();
    const invitee = await invite(adminCookie);
    const { cookie } = await signedIn('user');
    const denied = await post(cookie, { intent: 'resend-invitation', userId: invitee.id });
    expect(denied.status).toBe(302);
    expect(denied.headers.get('Location')).toBe('/dashboard');
    expect(await linksTo(invitee.email)).toHaveLength(1);
    expect(await db.passwordReset.count({ where: { userId: invitee.id, usedAt: null } })).toBe(1);
    expect(
      await db.auditLog.count({
        where: { targetUserId: invitee.id, action: 'admin_invitation_resent' },
      }),
    ).toBe(0);
  });

  it('sends at most as many links an hour as "Forgot password" does, then says to wait', async () => {
    const { cookie } = await signedIn();
    const invitee = await invite(cookie);
    for (let i = 1; i < RESEND_LIMIT.links; i += 1) {
      const sent = await post(cookie, { intent: 'resend-invitation', userId: invitee.id });
      expect(await flashOf(sent.headers)).toMatchObject({ title: 'Invitation sent again' });
    }
    const limited = await post(cookie, { intent: 'resend-invitation', userId: invitee.id });
    expect(await flashOf(limited.headers)).toMatchObject({
      title: 'Invitation not sent',
      description: `${invitee.email} has been sent ${RESEND_LIMIT.links} links in the last hour. Try again later. Nothing was sent.`,
    });
    expect(await linksTo(invitee.email)).toHaveLength(RESEND_LIMIT.links);
  });

  it('answers an unknown user with a message, not an error page', async () => {
    const { cookie } = await signedIn();
    const unknown = await post(cookie, { intent: 'resend-invitation', userId: 'no-such-user' });
    expect(await flashOf(unknown.headers)).toMatchObject({
      title: 'Invitation not sent',
      description: 'User not found',
    });
  });
});
