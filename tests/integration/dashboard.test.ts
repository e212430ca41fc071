import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import { action, loader } from '~/routes/dashboard/route';
import { loader as premiumRoute } from '~/routes/dashboard_.premium-gpt';
import {
  args,
  BASE,
  createUser,
  formRequest,
  run,
  sessionCookieFor,
  toastOf as flashOf,
} from './helpers';

const DAY = 24 * 60 * 60 * 1000;

async function signedIn(subscriptionStatus = 'free', subscriptionExpiry: Date | null = null) {
  const user = await createUser({ firstName: 'Dana' });
  await db.user.update({
    where: { id: user.id },
    data: { subscriptionStatus, subscriptionExpiry },
  });
  const { cookie } = await sessionCookieFor(user.id);
  return { user, cookie };
}

const post = (cookie: string, fields: Record<string, string>, path = '/dashboard') =>
  run(() => action(args(formRequest(path, fields, { Cookie: cookie }))));

const load = (cookie: string, path = '/dashboard') =>
  run(() => loader(args(new Request(`${BASE}${path}`, { headers: { Cookie: cookie } }))));

const business = {
  name: 'Green Thumb Landscaping',
  website: 'greenthumb.example.com',
  description: 'Lawns and gardens',
  industry: 'Landscaping',
  location: 'Portland, OR',
};

describe('dashboard loader', () => {
  it('sends visitors to the login screen', async () => {
    const result = await run(() => loader(args(new Request(`${BASE}/dashboard`))));
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/login?redirectTo=%2Fdashboard');
  });

  it('shows a free user their businesses, plan and no premium URL, prompts or tabs', async () => {
    const { user, cookie } = await signedIn('free');
    await db.business.create({ data: { userId: user.id, name: 'Mine' } });
    const result = await load(cookie, '/dashboard?tab=prompts');
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      name: 'Dana',
      plan: { tier: 'free', paid: false, hasPremiumAccess: false },
      tab: 'businesses',
      promptKit: null,
      businesses: [expect.objectContaining({ name: 'Mine' })],
    });
    expect(JSON.stringify(result.data)).not.toContain(env.PREMIUM_GPT_URL);
  });

  it('gives a diy subscriber the prompt kit tab, still without the premium URL', async () => {
    const { cookie } = await signedIn('diy', new Date(Date.now() + DAY));
    const result = await load(cookie, '/dashboard?tab=prompts');
    const data = result.data as { tab: string; promptKit: { prompts: unknown[] } | null };
    expect(data.tab).toBe('prompts');
    expect(data.promptKit?.prompts).toHaveLength(8);
    expect(JSON.stringify(result.data)).not.toContain(env.PREMIUM_GPT_URL);
  });

  it('treats an expired subscriber as paid but without premium access', async () => {
    const { cookie } = await signedIn('growth', new Date('2026-01-15T00:00:00Z'));
    const result = await load(cookie, '/dashboard?tab=prompts');
    expect(result.data).toMatchObject({
      plan: { tier: 'growth', paid: true, expired: true, hasPremiumAccess: false },
      tab: 'businesses',
      promptKit: null,
    });
  });

  it('turns ?payment=success into a one-time toast for an active plan and drops the parameter', async () => {
    const { cookie } = await signedIn('growth');
    const result = await load(cookie, '/dashboard?payment=success&tab=guide');
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/dashboard?tab=guide');
    expect(await flashOf(result.headers)).toMatchObject({
      title: 'Payment Successful! 🎉',
      description: 'Your subscription is now active. Welcome to premium features!',
    });
  });
});

describe('dashboard action', () => {
  it('adds a business and says so with a flash toast', async () => {
    const { user, cookie } = await signedIn();
    const result = await post(cookie, { intent: 'create', ...business }, '/dashboard?add=1');
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/dashboard');
    expect(await flashOf(result.headers)).toMatchObject({ title: 'Business added successfully!' });
    const rows = await db.business.findMany({ where: { userId: user.id } });
    expect(rows).toEqual([
      expect.objectContaining({ ...business, website: 'https://greenthumb.example.com' }),
    ]);
  });

  it('refuses an invalid business with field errors and stores nothing', async () => {
    const { user, cookie } = await signedIn();
    const result = await post(cookie, { intent: 'create', name: ' ', website: 'not a url' });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      intent: 'create',
      result: {
        status: 'error',
        error: {
          name: ['Business name is required'],
          website: ['Please enter a valid website URL (e.g. https://example.com)'],
        },
      },
    });
    expect(await db.business.count({ where: { userId: user.id } })).toBe(0);
  });

  it('edits a business, clearing emptied fields', async () => {
    const { user, cookie } = await signedIn();
    const row = await db.business.create({ data: { userId: user.id, ...business } });
    const result = await post(cookie, {
      intent: 'update',
      businessId: row.id,
      name: 'Green Thumb Gardens',
      website: 'https://gardens.example.com',
      description: '',
      industry: 'Gardening',
      location: '',
    });
    expect(result.status).toBe(302);
    expect(await flashOf(result.headers)).toMatchObject({ title: 'Business updated successfully' });
    expect(await db.business.findUnique({ where: { id: row.id } })).toMatchObject({
      name: 'Green Thumb Gardens',
      website: 'https://gardens.example.com',
      description: null,
      industry: 'Gardening',
      location: null,
    });
  });

  it('keeps the other names an owner gives, one per line, and refuses too many (issue 43)', async () => {
    const { user, cookie } = await signedIn();
    const row = await db.business.create({ data: { userId: user.id, ...business } });
    const fields = { intent: 'update', businessId: row.id, name: 'Lou Malnati’s Pizzeria' };
    const saved = await post(cookie, { ...fields, nameVariants: "Lou's\r\n\r\nLMP \nLou's" });
    expect(saved.status).toBe(302);
    expect(await db.business.findUnique({ where: { id: row.id } })).toMatchObject({
      nameVariants: "Lou's\nLMP",
    });
    const many = Array.from({ length: 11 }, (_, i) => `Name ${i}`).join('\n');
    const refused = await post(cookie, { ...fields, nameVariants: many });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain('At most 10 other names');
    expect(await db.business.findUnique({ where: { id: row.id } })).toMatchObject({
      nameVariants: "Lou's\nLMP",
    });
    const cleared = await post(cookie, { ...fields, nameVariants: '' });
    expect(cleared.status).toBe(302);
    expect(await db.business.findUnique({ where: { id: row.id } })).toMatchObject({
      nameVariants: null,
    });
  });

  it('deletes a business', async () => {
    const { user, cookie } = await signedIn();
    const row = await db.business.create({ data: { userId: user.id, name: 'Short-lived' } });
    const result = await post(cookie, { intent: 'delete', businessId: row.id });
    expect(result.status).toBe(302);
    expect(await flashOf(result.headers)).toMatchObject({ title: 'Business deleted successfully' });
    expect(await db.business.findUnique({ where: { id: row.id } })).toBeNull();
  });

  it('will not edit or delete another user’s business', async () => {
    const owner = await signedIn();
    const intruder = await signedIn();
    const row = await db.business.create({ data: { userId: owner.user.id, ...business } });

    const edit = await post(intruder.cookie, {
      intent: 'update',
      businessId: row.id,
      name: 'Hijacked',
    });
    expect(edit.status).toBe(302);
    expect(await flashOf(edit.headers)).toMatchObject({
      title: 'Error',
      description: 'Business not found',
      variant: 'destructive',
    });

    const remove = await post(intruder.cookie, { intent: 'delete', businessId: row.id });
    expect(await flashOf(remove.headers)).toMatchObject({
      title: 'Error',
      description: 'Business not found',
      variant: 'destructive',
    });

    expect(await db.business.findUnique({ where: { id: row.id } })).toMatchObject({
      ...business,
      userId: owner.user.id,
    });
  });

  it('sends visitors to the login screen and changes nothing', async () => {
    const before = await db.business.count();
    const result = await run(() =>
      action(args(formRequest('/dashboard', { intent: 'create', name: 'Nope' }))),
    );
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toMatch(/^\/login\?redirectTo=/);
    expect(await db.business.count()).toBe(before);
  });
});

describe('GET /dashboard/premium-gpt (no JavaScript)', () => {
  const open = (cookie: string) =>
    run(() =>
      premiumRoute(
        args(new Request(`${BASE}/dashboard/premium-gpt`, { headers: { Cookie: cookie } })),
      ),
    );

  it('redirects a subscriber to the premium GPT and logs the grant', async () => {
    const { user, cookie } = await signedIn('starter');
    const result = await open(cookie);
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe(env.PREMIUM_GPT_URL);
    expect(await db.accessLog.findMany({ where: { userId: user.id } })).toEqual([
      expect.objectContaining({ wasAllowed: true, accessType: 'premium_gpt' }),
    ]);
  });

  it('shows a free user, in that tab, why not and the way forward (no second dashboard)', async () => {
    const { user, cookie } = await signedIn('free');
    const result = await open(cookie);
    expect(result.status).toBe(403);
    expect(result.headers.get('Location')).toBeNull();
    expect(result.data).toEqual({
      title: 'Upgrade Required',
      description:
        'Premium GPT access requires the DIY All-In plan or higher. Your current plan is Free.',
      next: { label: 'Upgrade to Access', to: '/pricing' },
    });
    expect(await db.accessLog.count({ where: { userId: user.id, wasAllowed: false } })).toBe(1);
  });

  it('shows an expired subscriber the Subscription Expired reason and a way to renew', async () => {
    const { cookie } = await signedIn('diy', new Date('2026-02-01T00:00:00Z'));
    const result = await open(cookie);
    expect(result.status).toBe(403);
    expect(result.data).toEqual({
      title: 'Subscription Expired',
      description:
        'Your subscription expired on February 1, 2026. Please renew your plan to continue using the premium GPT.',
      next: { label: 'Renew your plan', to: '/checkout/diy' },
    });
  });
});
