import { describe, expect, it } from 'vitest';
import { paymentProblems } from '~/lib/env.server';
import { db } from '~/lib/db.server';
import * as checkout from '~/routes/checkout.$tier';
import { args, BASE, createUser, formRequest, run, sessionCookieFor } from './helpers';

// No secret key, no demo: the plan's hosted payment link (CHECKOUT_URL_*).
describe('GET /checkout/<tier> without a secret key', () => {
  it('the page changes nothing; its POST is 303 to the plan’s payment link with the user id and e-mail, and remembers the checkout', async () => {
    const user = await createUser();
    const { cookie } = await sessionCookieFor(user.id);
    const page = await run(() =>
      checkout.loader(
        args(new Request(`${BASE}/checkout/starter`, { headers: { Cookie: cookie } }), {
          tier: 'starter',
        }),
      ),
    );
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ kind: 'payment-link' });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).checkoutTier).toBeNull();
    const result = await run(() =>
      checkout.action(
        args(formRequest('/checkout/starter', {}, { Cookie: cookie }), { tier: 'starter' }),
      ),
    );
    expect(result.status).toBe(303);
    const location = new URL(result.headers.get('Location')!);
    expect(`${location.origin}${location.pathname}`).toBe(
      'https://buy.stripe.com/test_white_glove_starter',
    );
    expect(location.searchParams.get('client_reference_id')).toBe(user.id);
    expect(location.searchParams.get('prefilled_email')).toBe(user.email);
    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.checkoutTier).toBe('starter');
    expect(after.subscriptionStatus).toBe('free');
  });
});

describe('payment configuration', () => {
  const base = {
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    STRIPE_PRICE_DIY: '',
    STRIPE_PRICE_STARTER: '',
    STRIPE_PRICE_GROWTH: '',
    STRIPE_PRICE_AUTHORITY: '',
    DEMO_CHECKOUT: false,
  };
  const prices = {
    STRIPE_PRICE_DIY: 'price_1',
    STRIPE_PRICE_STARTER: 'price_2',
    STRIPE_PRICE_GROWTH: 'price_3',
    STRIPE_PRICE_AUTHORITY: 'price_4',
  };
  type Config = Parameters<typeof paymentProblems>[0];
  const check = (overrides: Partial<typeof base>) =>
    paymentProblems({ ...base, ...overrides } as unknown as Config);

  it('accepts nothing at all, demo mode, and a complete Stripe set-up', () => {
    expect(check({})).toEqual([]);
    expect(check({ DEMO_CHECKOUT: true })).toEqual([]);
    expect(check({ DEMO_CHECKOUT: true, STRIPE_SECRET_KEY: 'sk_test_123' })).toEqual([]);
    expect(
      check({ STRIPE_SECRET_KEY: 'sk_live_123', STRIPE_WEBHOOK_SECRET: 'whsec_1', ...prices }),
    ).toEqual([]);
  });

  it('refuses a live key in demo mode, a key without prices or webhook secret, and a non-key', () => {
    expect(check({ DEMO_CHECKOUT: true, STRIPE_SECRET_KEY: 'sk_live_123' })).toEqual([
      'DEMO_CHECKOUT=true cannot run with a live STRIPE_SECRET_KEY',
    ]);
    expect(
      check({
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_PRICE_DIY: 'p',
      })[0],
    ).toMatch(/missing STRIPE_PRICE_STARTER, STRIPE_PRICE_GROWTH, STRIPE_PRICE_AUTHORITY/);
    expect(check({ STRIPE_SECRET_KEY: 'sk_test_123', ...prices })[0]).toMatch(
      /STRIPE_WEBHOOK_SECRET is not/,
    );
    expect(
      check({ STRIPE_SECRET_KEY: 'pk_test_123', STRIPE_WEBHOOK_SECRET: 'w', ...prices })[0],
    ).toMatch(/secret or restricted key/);
  });
});
