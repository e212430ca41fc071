import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { loadAdmin, postAdmin, signedIn } from './admin-helpers';
import { createUser, toastOf as flashOf, uniqueEmail } from './helpers';

const post = postAdmin;
const load = loadAdmin;

describe('/admin guard', () => {
  it('sends a visitor to sign in and a non-admin to the dashboard; their posts change nothing', async () => {
    const visitor = await load(null, '/admin?tab=users');
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('Location')).toBe('/login?redirectTo=%2Fadmin%3Ftab%3Dusers');

    const { user, cookie } = await signedIn('user');
    const denied = await load(cookie, '/admin');
    expect(denied.headers.get('Location')).toBe('/dashboard');
    expect(await flashOf(denied.headers)).toMatchObject({ title: 'Access Denied' });

    const posted = await post(cookie, {
      intent: 'set-tier',
      userId: user.id,
      subscriptionStatus: 'authority',
    });
    expect(posted.headers.get('Location')).toBe('/dashboard');
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).subscriptionStatus).toBe(
      'free',
    );
  });
});

describe('/admin tabs', () => {
  it('loads only the open tab, 50 rows a page, with counts for the labels', async () => {
    const { cookie } = await signedIn();
    const tag = `tabs${Date.now()}`;
    await db.user.createMany({
      data: Array.from({ length: 55 }, (_, i) => ({
        email: `${tag}-${String(i).padStart(2, '0')}@example.com`,
        createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)),
      })),
    });
    const first = await load(cookie, `/admin?tab=users&q=${tag}`);
    const data = first.data as {
      tab: string;
      users: { items: { email: string }[]; total: number; pageCount: number };
      counts: { users: number };
    };
    expect(data.tab).toBe('users');
    expect(data.users.items).toHaveLength(50);
    expect(data.users.items[0]!.email).toBe(`${tag}-54@example.com`);
    expect(data.users).toMatchObject({ total: 55, pageCount: 2 });
    expect(data.counts.users).toBe(await db.user.count());
    const second = await load(cookie, `/admin?tab=users&q=${tag}&page=2`);
    expect((second.data as typeof data).users.items.map((u) => u.email)).toEqual(
      [4, 3, 2, 1, 0].map((i) => `${tag}-0${i}@example.com`),
    );

    const overview = await load(cookie, '/admin');
    expect(overview.data).toMatchObject({ tab: 'overview', analytics: expect.any(Object) });
    expect(overview.data).not.toHaveProperty('users');
    for (const tab of ['businesses', 'logins', 'usage', 'inquiries', 'audit']) {
      expect((await load(cookie, `/admin?tab=${tab}`)).status).toBe(200);
    }
  });

  it('shows contact inquiries newest first', async () => {
    const { cookie } = await signedIn();
    await db.contactInquiry.createMany({
      data: [
        {
          name: 'Old',
          email: 'old@example.com',
          message: 'first',
          createdAt: new Date(Date.UTC(2031, 0, 1)),
        },
        {
          name: 'New',
          email: 'new@example.com',
          message: 'second',
          createdAt: new Date(Date.UTC(2031, 0, 2)),
        },
      ],
    });
    const result = await load(cookie, '/admin?tab=inquiries');
    const items = (result.data as { inquiries: { items: { name: string }[] } }).inquiries.items;
    expect(items.slice(0, 2).map((i) => i.name)).toEqual(['New', 'Old']);
  });
});

describe('/admin actions', () => {
  it('changes a plan only from its confirmation, which says what happens, and says so, back on the same list page', async () => {
    const { user: actor, cookie } = await signedIn();
    const target = await createUser();
    // The row's select (or, without JavaScript, its button) opens the confirmation: a GET.
    // (Page 1: a page past the last one would be sent to the last, the dialog's parameters kept.)
    const shown = await load(cookie, `/admin?tab=users&q=x&changePlan=${target.id}&plan=growth`);
    expect(shown.data).toMatchObject({
      changing: {
        user: { id: target.id, subscriptionStatus: 'free' },
        to: 'growth',
        refusal: null,
      },
    });
    // A post that did not come from the confirmation is shown it; nothing changes.
    const unconfirmed = await post(cookie, {
      intent: 'set-tier',
      userId: target.id,
      subscriptionStatus: 'growth',
      redirectTo: '/admin?tab=users&page=2&q=x',
    });
    expect(unconfirmed.status).toBe(302);
    expect(unconfirmed.headers.get('Location')).toBe(
      `/admin?tab=users&page=2&q=x&changePlan=${target.id}&plan=growth`,
    );
    expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).subscriptionStatus).toBe(
      'free',
    );

    const result = await post(cookie, {
      intent: 'set-tier',
      userId: target.id,
      subscriptionStatus: 'growth',
      confirmed: 'yes',
      redirectTo: '/admin?tab=users&page=2&q=x',
    });
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/admin?tab=users&page=2&q=x');
    expect(await flashOf(result.headers)).toMatchObject({
      title: 'User subscription updated successfully',
      description: `${target.email} is now on Growth. Nothing is charged or refunded: a plan set here is not billed.`,
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).subscriptionStatus).toBe(
      'growth',
    );
    expect(
      await db.auditLog.findFirst({ where: { targetUserId: target.id, actorId: actor.id } }),
    ).toMatchObject({ field: 'subscriptionStatus', fromValue: 'free', toValue: 'growth' });
  });

  it('refuses to set the plan of a subscriber whose subscription bills it, saying why: billing stays as it is', async () => {
    const { cookie } = await signedIn();
    const target = await createUser();
    const periodEnd = new Date(Date.now() + 20 * 24 * 60 * 60 * 1000);
    // The subscriber: Growth on Stripe, DIY scheduled, then cancelled.
    const billing = {
      subscriptionStatus: 'growth',
      subscriptionExpiry: periodEnd,
      subscriptionCancelAtPeriodEnd: true,
      stripeSubscriptionId: `sub_${target.id}`,
      stripeScheduleId: `sub_sched_${target.id}`,
      scheduledTier: 'diy',
      scheduledTierAt: periodEnd,
    };
    await db.user.update({ where: { id: target.id }, data: billing });
    const list = await load(cookie, `/admin?tab=users&q=${encodeURIComponent(target.email)}`);
    expect(
      (list.data as { users: { items: { id: string; billedBySubscription: boolean }[] } }).users
        .items,
    ).toEqual([expect.objectContaining({ id: target.id, billedBySubscription: true })]);
    const refusal = `${target.email} pays for Growth through a subscription, so their plan follows it: change or cancel the subscription with the payment provider (in Stripe's dashboard), and the site follows its events. The owner can also change plan from Pricing. Nothing was changed.`;
    const shown = await load(cookie, `/admin?tab=users&changePlan=${target.id}&plan=authority`);
    expect(shown.data).toMatchObject({ changing: { to: 'authority', refusal } });

    const posted = await post(cookie, {
      intent: 'set-tier',
      userId: target.id,
      subscriptionStatus: 'authority',
      confirmed: 'yes',
    });
    expect(await flashOf(posted.headers)).toMatchObject({
      title: 'Failed to update user subscription',
      description: refusal,
      variant: 'destructive',
    });
    expect(await db.user.findUniqueOrThrow({ where: { id: target.id } })).toMatchObject(billing);

    // Once the subscription has lapsed, the plan is the admin's to set again.
    await db.user.update({
      where: { id: target.id },
      data: { subscriptionExpiry: new Date(Date.now() - 1000) },
    });
    const lapsed = await post(cookie, {
      intent: 'set-tier',
      userId: target.id,
      subscriptionStatus: 'authority',
      confirmed: 'yes',
    });
    expect(await flashOf(lapsed.headers)).toMatchObject({
      title: 'User subscription updated successfully',
    });
  });

  it('refuses an unknown tier, an unknown user and an off-site redirect', async () => {
    const { cookie } = await signedIn();
    const target = await createUser();
    const badTier = await post(cookie, {
      intent: 'set-tier',
      userId: target.id,
      subscriptionStatus: 'platinum',
      confirmed: 'yes',
      redirectTo: 'https://evil.example/',
    });
    expect(badTier.headers.get('Location')).toBe('/admin?tab=users');
    expect(await flashOf(badTier.headers)).toMatchObject({
      title: 'Failed to update user subscription',
      variant: 'destructive',
    });
    const unknown = await post(cookie, {
      intent: 'set-tier',
      userId: 'nobody',
      subscriptionStatus: 'diy',
      confirmed: 'yes',
    });
    expect(await flashOf(unknown.headers)).toMatchObject({
      title: 'Failed to update user subscription',
      description: 'User not found',
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).subscriptionStatus).toBe(
      'free',
    );
  });

  it('edits names, role and expiry; field errors and the last-admin rule keep the dialog open', async () => {
    const { user: actor, cookie } = await signedIn();
    const target = await createUser();
    const ok = await post(cookie, {
      intent: 'update-user',
      userId: target.id,
      firstName: 'Kim',
      lastName: '',
      role: 'user',
      subscriptionExpiry: '2032-03-15',
      redirectTo: '/admin?tab=users',
    });
    expect(ok.status).toBe(302);
    expect(await flashOf(ok.headers)).toMatchObject({ title: 'User updated successfully' });
    expect(await db.user.findUniqueOrThrow({ where: { id: target.id } })).toMatchObject({
      firstName: 'Kim',
      lastName: null,
      subscriptionExpiry: new Date('2032-03-15T23:59:59.999Z'),
    });

    const invalid = await post(cookie, {
      intent: 'update-user',
      userId: target.id,
      firstName: 'x'.repeat(101),
      role: 'owner',
      subscriptionExpiry: 'soon',
    });
    expect(invalid.status).toBe(400);
    const errors = (invalid.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors.firstName?.[0]).toBe('First name must be at most 100 characters');
    expect(errors.role).toBeDefined();
    expect(errors.subscriptionExpiry).toBeDefined();

    // The actor is made the only admin, then tries to step down.
    await db.user.updateMany({
      where: { role: 'admin', NOT: { id: actor.id } },
      data: { role: 'user' },
    });
    const last = await post(cookie, {
      intent: 'update-user',
      userId: actor.id,
      role: 'user',
    });
    expect(last.status).toBe(409);
    expect((last.data as { result: { error: Record<string, string[]> } }).result.error['']).toEqual(
      [expect.stringMatching(/only admin/)],
    );
    expect((await db.user.findUniqueOrThrow({ where: { id: actor.id } })).role).toBe('admin');
  });

  it('invites an admin, who chooses their own password, or says why not', async () => {
    const { user: actor, cookie } = await signedIn();
    const email = uniqueEmail('invited');
    const invited = await post(cookie, {
      intent: 'create-admin',
      firstName: 'Lin',
      lastName: 'Park',
      email,
    });
    expect(invited.status).toBe(302);
    expect(await flashOf(invited.headers)).toMatchObject({
      title: 'Invitation sent',
      description: `${email} gets an e-mail with a link to choose their password. The link works once, for 7 days.`,
    });
    // The account exists as an admin, with no password: nobody can sign in to it yet.
    const account = await db.user.findUniqueOrThrow({
      where: { email },
      include: { password: true, passwordResets: true },
    });
    expect(account).toMatchObject({ role: 'admin', firstName: 'Lin', lastName: 'Park' });
    expect(account.password).toBeNull();
    // The link's token is stored hashed only, and works for 7 days.
    const mail = await db.outboxMessage.findFirstOrThrow({
      where: { to: email, kind: 'admin_invitation' },
    });
    expect(mail.subject).toBe('You are invited to run AI Visibility');
    expect(mail.text).toContain(`${actor.email} made you an admin`);
    const token = /\/reset-password\?token=([\w-]{43})/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    expect(account.passwordResets).toHaveLength(1);
    expect(account.passwordResets[0]!.tokenHash).not.toContain(token!);
    const days =
      (account.passwordResets[0]!.expiresAt.getTime() -
        account.passwordResets[0]!.createdAt.getTime()) /
      86_400_000;
    expect(days).toBe(7);
    const audit = await db.auditLog.findFirstOrThrow({ where: { targetEmail: email } });
    expect(audit).toMatchObject({ action: 'admin_invited', actorEmail: actor.email });

    const taken = await post(cookie, {
      intent: 'create-admin',
      firstName: 'Lin',
      lastName: 'Park',
      email,
    });
    expect(taken.status).toBe(409);
    expect(
      (taken.data as { result: { error: Record<string, string[]> } }).result.error[''],
    ).toEqual(['An account with this email already exists']);
    expect(await db.outboxMessage.count({ where: { to: email } })).toBe(1);

    // No password field is asked for (or read): a password sent anyway creates none.
    const other = uniqueEmail('invited');
    await post(cookie, {
      intent: 'create-admin',
      firstName: 'Sam',
      lastName: 'Lee',
      email: other,
      password: 'typed-by-the-admin',
    });
    expect(await db.password.count({ where: { user: { email: other } } })).toBe(0);

    const missing = await post(cookie, { intent: 'create-admin', email: uniqueEmail('x') });
    expect(missing.status).toBe(400);
    const errors = (missing.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(Object.keys(errors).sort()).toEqual(['firstName', 'lastName']);
  });
});

describe('/admin Webhook Testing', () => {
  it('activates a plan by e-mail and says so; an unknown or empty e-mail says why not', async () => {
    const { cookie } = await signedIn();
    const member = await createUser();
    const ok = await post(
      cookie,
      { intent: 'webhook-test', email: member.email.toUpperCase() },
      '/admin',
    );
    expect(ok.headers.get('Location')).toBe('/admin');
    expect(await flashOf(ok.headers)).toMatchObject({
      title: `Webhook test successful! Activated subscription for: ${member.email}`,
      description: 'Plan: DIY All-In (was Free).',
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: member.id } })).subscriptionStatus).toBe(
      'diy',
    );

    const unknown = await post(
      cookie,
      { intent: 'webhook-test', email: uniqueEmail('ghost') },
      '/admin',
    );
    expect(await flashOf(unknown.headers)).toMatchObject({
      title: 'Webhook test failed: No user found with that email',
      variant: 'destructive',
    });
    const empty = await post(cookie, { intent: 'webhook-test', email: '' }, '/admin');
    expect(await flashOf(empty.headers)).toMatchObject({
      title: 'Webhook test failed: Email is required',
    });
  });

  it('never lowers a paying customer silently: the default is their own plan, a lower one is said', async () => {
    const { cookie } = await signedIn();
    const member = await createUser();
    await db.user.update({
      where: { id: member.id },
      data: {
        subscriptionStatus: 'growth',
        subscriptionExpiry: new Date(Date.now() + 5 * 86400000),
      },
    });
    // The form's default choice (an empty value): Growth stays Growth, for another month.
    const kept = await post(
      cookie,
      { intent: 'webhook-test', email: member.email, tier: '' },
      '/admin',
    );
    expect(await flashOf(kept.headers)).toMatchObject({
      title: `Webhook test successful! Activated subscription for: ${member.email}`,
      description: 'Plan: Growth (unchanged).',
    });
    const after = await db.user.findUniqueOrThrow({ where: { id: member.id } });
    expect(after.subscriptionStatus).toBe('growth');
    expect(after.subscriptionExpiry!.getTime()).toBeGreaterThan(Date.now() + 29 * 86400000);

    const up = await post(
      cookie,
      { intent: 'webhook-test', email: member.email, tier: 'authority' },
      '/admin',
    );
    expect(await flashOf(up.headers)).toMatchObject({
      description: 'Plan: Authority (was Growth).',
    });
    const down = await post(
      cookie,
      { intent: 'webhook-test', email: member.email, tier: 'diy' },
      '/admin',
    );
    expect(await flashOf(down.headers)).toMatchObject({
      title: `Webhook test successful! Activated subscription for: ${member.email}`,
      description: 'Plan lowered from Authority to DIY All-In, as chosen.',
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: member.id } })).subscriptionStatus).toBe(
      'diy',
    );
  });

  it('is refused to a non-admin', async () => {
    const { cookie } = await signedIn('user');
    const member = await createUser();
    const result = await post(cookie, { intent: 'webhook-test', email: member.email }, '/admin');
    expect(result.headers.get('Location')).toBe('/dashboard');
    expect((await db.user.findUniqueOrThrow({ where: { id: member.id } })).subscriptionStatus).toBe(
      'free',
    );
  });
});
