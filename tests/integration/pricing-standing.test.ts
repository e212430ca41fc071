import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The pricing page knows your plan (issue 34, item 5): a subscriber's own plan is marked 'Current
// plan' and every other card says whether it is an upgrade (now) or a downgrade (at the period's
// end), and when. Plain server-rendered markup: the cards' words are checked in the HTML.
const port = await vi.hoisted(async () =>
  (await import('./stripe-env')).useStripeFake('whsec_pricing_tests'),
);

const { db } = await import('~/lib/db.server');
const pricing = await import('~/routes/pricing/route');
const checkout = await import('~/routes/checkout.$tier');
const { PricingPlans } = await import('~/components/pricing-plans');
const { args, BASE, createUser, formRequest, run, sessionCookieFor } = await import('./helpers');
const { createStripeFake } = await import('./stripe-fake');
const { dateOf, stripeKit } = await import('./stripe-kit');

const stripeApi = createStripeFake(port);
beforeAll(stripeApi.listen);
afterAll(stripeApi.close);
const { subscriber } = stripeKit(stripeApi, { secret: 'whsec_pricing_tests', graceDays: 3 });

type PricingData = Awaited<ReturnType<typeof pricing.loader>>;

async function pricingFor(cookie?: string) {
  const result = await run(() =>
    pricing.loader(
      args(new Request(`${BASE}/pricing`, { headers: cookie ? { Cookie: cookie } : {} })),
    ),
  );
  const data = result.data as PricingData;
  const html = renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(PricingPlans, {
        plans: data.plans,
        headingLevel: 2,
        standings: data.standings,
      }),
    ),
  );
  return { data, card: (tier: string) => cardText(html, tier) };
}

/** The words one plan's card shows (tags and entities aside). */
function cardText(html: string, tier: string) {
  const start = html.indexOf(`data-testid="plan-${tier}"`);
  const end = html.indexOf('</li>', html.indexOf('checkout-', start));
  return html
    .slice(start, end)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

describe('pricing knows your plan', () => {
  it('a visitor and a free user see Get Started on every plan', async () => {
    for (const cookie of [undefined, (await sessionCookieFor((await createUser()).id)).cookie]) {
      const { data, card } = await pricingFor(cookie);
      expect(data.standings).toBeNull();
      for (const tier of ['diy', 'starter', 'growth', 'authority']) {
        expect(card(tier)).toContain('Get Started');
        expect(card(tier)).not.toContain('Current plan');
      }
    }
  });

  it('a Growth subscriber: Growth is the current plan; higher is an upgrade now, lower a downgrade at the period end', async () => {
    const { cookie, periodEnd } = await subscriber('growth');
    const end = dateOf(periodEnd);
    const { data, card } = await pricingFor(cookie);
    expect(data.standings).toEqual({
      diy: { kind: 'downgrade', at: end },
      starter: { kind: 'downgrade', at: end },
      growth: { kind: 'current', then: 'renews', on: end },
      authority: { kind: 'upgrade' },
    });
    expect(card('growth')).toContain('Current plan');
    expect(card('growth')).toContain(`Yours; renews on ${end}.`);
    expect(card('growth')).toContain('Manage billing');
    expect(card('growth')).not.toContain('Get Started');
    expect(card('authority')).toContain('Upgrade');
    expect(card('authority')).toContain(
      'Starts today: you pay the difference for the rest of this period now, then $2,000 a month.',
    );
    expect(card('authority')).toContain('Upgrade to Authority');
    expect(card('diy')).toContain('Downgrade to DIY All-In');
    expect(card('diy')).toContain(
      `Starts on ${end}, when the period you paid for ends. Nothing is charged today.`,
    );
    expect(card('starter')).toContain('Downgrade to White Glove Starter');
  });

  it('with a downgrade scheduled the cards say so; once cancelled, the current plan says when it ends', async () => {
    const { user, cookie, periodEnd } = await subscriber('growth');
    const end = dateOf(periodEnd);
    await run(() =>
      checkout.action(
        args(formRequest('/checkout/diy', { current: 'growth' }, { Cookie: cookie }), {
          tier: 'diy',
        }),
      ),
    );
    let page = await pricingFor(cookie);
    expect(page.data.standings).toMatchObject({
      diy: { kind: 'scheduled', at: end },
      growth: { kind: 'current', then: 'changes', on: end },
    });
    expect(page.card('growth')).toContain(`Yours until ${end}, then DIY All-In.`);
    expect(page.card('diy')).toContain('Scheduled');
    expect(page.card('diy')).toContain(`Starts on ${end}, as you chose.`);

    await db.user.update({
      where: { id: user.id },
      data: {
        subscriptionCancelAtPeriodEnd: true,
        scheduledTier: null,
        scheduledTierAt: null,
      },
    });
    page = await pricingFor(cookie);
    expect(page.data.standings).toMatchObject({
      growth: { kind: 'current', then: 'ends', on: end },
      diy: { kind: 'downgrade', at: end },
    });
    expect(page.card('growth')).toContain(`Cancelled: ends on ${end}.`);
  });

  it('a plan given without a subscription is the current one; the others are bought anew', async () => {
    const user = await createUser();
    await db.user.update({
      where: { id: user.id },
      data: { subscriptionStatus: 'starter', subscriptionExpiry: null },
    });
    const { cookie } = await sessionCookieFor(user.id);
    const { data, card } = await pricingFor(cookie);
    expect(data.standings).toEqual({
      diy: { kind: 'new' },
      starter: { kind: 'current', then: null, on: null },
      growth: { kind: 'new' },
      authority: { kind: 'new' },
    });
    expect(card('starter')).toContain('Current plan');
    expect(card('growth')).toContain('Get Started');
  });
});
