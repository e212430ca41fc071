import { Readable } from 'node:stream';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PLANS } from '~/content/plans';
import { createApiKey } from '~/domain/api-keys.server';
import { listingChecks } from '~/domain/listing-checks';
import { claimAllowance } from '~/domain/audit/allowance.server';
import { createBusiness } from '~/domain/businesses.server';
import { getUserById, type PublicUser } from '~/domain/accounts.server';
import { ENTITLEMENTS } from '~/domain/plans/entitlements';
import { ENTITLEMENT_ROWS } from '~/domain/plans/entitlement-rows';
import { checkPremiumGptAccess } from '~/domain/premium-access.server';
import { hasWeeklyReaudit, TIERS, TIER_LABELS, type Tier } from '~/domain/tiers';
import { hasDigest } from '~/domain/tracking/reports/digest.server';
import { addCompetitor, addPrompt } from '~/domain/tracking/rounds/prompts.server';
import { periodKindOf, runAllowance } from '~/domain/tracking/rounds/runs.server';
import { receiveUpload, runImport } from '~/domain/tracking/visits/import.server';
import { db } from '~/lib/db.server';
import * as pricing from '~/routes/pricing/route';
import { PricingPlans } from '~/components/pricing-plans';
import { PlanTable } from '~/components/plan-table';
import { args, BASE, createUser, run, sessionCookieFor } from './helpers';

// Issue 44, item 2: one table of plan entitlements (~/domain/plans/entitlements) drives the
// Pricing page, every limit on the server and the messages. This test walks that table against
// the server for every plan: what the table says a plan includes is exactly what the server lets
// an account on that plan do — one more is refused, with a message that quotes the table.

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Three lines of an access log from today: a browser, GPTBot, a browser again. */
function accessLog(): string {
  const now = new Date();
  const month = now.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  const at = `[${String(now.getUTCDate()).padStart(2, '0')}/${month}/${now.getUTCFullYear()}:00:00:00 +0000]`;
  const ua = ['Mozilla/5.0 Chrome/131.0', 'Mozilla/5.0 (compatible; GPTBot/1.1)', 'Mozilla/5.0'];
  return ua
    .map((agent, i) => `192.0.2.${i} - - ${at} "GET / HTTP/1.1" 200 5 "-" "${agent}"`)
    .join('\n');
}

async function userOn(tier: Tier, expiry: Date | null = null): Promise<PublicUser> {
  const user = await createUser();
  await db.user.update({
    where: { id: user.id },
    data: { subscriptionStatus: tier, subscriptionExpiry: expiry },
  });
  return (await getUserById(user.id))!;
}

async function refusal(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the server to refuse');
}

describe('the plan table, walked against the server for every plan', () => {
  for (const tier of TIERS) {
    const plan = ENTITLEMENTS[tier];
    it(`${tier}: businesses, tracked questions, competitors, API keys, audits, Run now, premium GPT, digest, re-audit and crawler log lines are what the table says`, async () => {
      const now = new Date();
      const user = await userOn(tier);

      // Businesses per account: the last place is taken, one more is refused.
      await db.business.createMany({
        data: Array.from({ length: plan.businesses - 1 }, (_, i) => ({
          userId: user.id,
          name: `Place ${i}`,
        })),
      });
      const last = await createBusiness(user, { name: 'The last place' });
      const businessMessage = await refusal(() => createBusiness(user, { name: 'One more' }));
      expect(businessMessage).toContain(`Your ${TIER_LABELS[tier]} plan holds up to`);
      expect(businessMessage).toContain(plan.businesses.toLocaleString('en-US'));
      expect(await db.business.count({ where: { userId: user.id } })).toBe(plan.businesses);

      // Tracked questions per business.
      for (let i = 0; i < plan.trackedQuestions; i++)
        await addPrompt(user, last.id, { text: `best plumber question ${i}` });
      const promptMessage = await refusal(() =>
        addPrompt(user, last.id, { text: 'one question too many' }),
      );
      expect(promptMessage).toContain(`Your ${TIER_LABELS[tier]} plan includes`);
      expect(promptMessage).toContain(
        plan.trackedQuestions === 1 ? 'one tracked question' : `${plan.trackedQuestions} tracked`,
      );

      // Competitors an owner names per business.
      for (let i = 0; i < plan.competitors; i++)
        await addCompetitor(user, last.id, { name: `Rival ${i}`, website: null });
      expect(
        await refusal(() => addCompetitor(user, last.id, { name: 'Rival extra', website: null })),
      ).toContain(`up to ${plan.competitors} competitors`);

      // API keys per account.
      for (let i = 0; i < plan.apiKeys; i++) await createApiKey(user, { name: `Key ${i}` });
      const keyMessage = await refusal(() => createApiKey(user, { name: 'Key extra' }));
      expect(keyMessage).toContain(TIER_LABELS[tier]);
      expect(await db.apiKey.count({ where: { userId: user.id } })).toBe(plan.apiKeys);

      // AI-readiness audits a day on one business.
      for (let i = 0; i < plan.auditsPerDay; i++) await claimAllowance(user, last.id, now);
      await expect(claimAllowance(user, last.id, now)).rejects.toMatchObject({
        code: 'rate_limited',
      });

      // Run now: allowed again exactly the table's hours after the last run.
      const hours = plan.runNowEveryHours;
      expect(
        runAllowance(user, new Date(now.getTime() - hours * HOUR + 60_000), now).nextAt,
      ).not.toBeNull();
      expect(runAllowance(user, new Date(now.getTime() - hours * HOUR), now).nextAt).toBeNull();

      // The schedule: daily plans keep daily figures, the others weekly ones.
      expect(periodKindOf(tier)).toBe(plan.trackingSchedule === 'day' ? 'day' : 'week');

      // The premium GPT: granted or refused (and the refusal logged) as the table says.
      if (plan.premiumGpt) await expect(checkPremiumGptAccess(user, now)).resolves.toBeTruthy();
      else
        await expect(checkPremiumGptAccess(user, now)).rejects.toMatchObject({ code: 'forbidden' });

      expect(hasDigest(user, now)).toBe(plan.weeklyDigest);
      expect(hasWeeklyReaudit(user, now)).toBe(plan.weeklyReaudit);
      expect(listingChecks(user, now)).toEqual(plan.listingChecks);

      // Crawler log lines a month: with two lines left, an upload's import reads exactly two and
      // says why it stopped; the next upload is refused with the table's number.
      const lines = plan.crawlerLogLinesPerMonth;
      await db.crawlerLogImport.create({
        data: { businessId: last.id, source: 'upload', status: 'done', lines: lines - 2 },
      });
      const { importId } = await receiveUpload(user, last.id, Readable.from([accessLog()]));
      await runImport({ importId });
      const read = await db.crawlerLogImport.findUniqueOrThrow({ where: { id: importId } });
      expect([read.status, read.lines]).toEqual(['done', 2]);
      const linesMessage = `Your ${TIER_LABELS[tier]} plan reads up to ${lines.toLocaleString('en-US')} log lines a month`;
      expect(read.error).toContain(linesMessage);
      expect(
        await refusal(() => receiveUpload(user, last.id, Readable.from([accessLog()]))),
      ).toContain(linesMessage);
      expect(await db.crawlerLogImport.count({ where: { businessId: last.id } })).toBe(2);
    });
  }

  it('an expired plan gets exactly what the Free row says', async () => {
    const user = await userOn('authority', new Date(Date.now() - DAY));
    await db.business.createMany({
      data: Array.from({ length: ENTITLEMENTS.free.businesses }, (_, i) => ({
        userId: user.id,
        name: `Place ${i}`,
      })),
    });
    expect(await refusal(() => createBusiness(user, { name: 'One more' }))).toContain(
      'Your Free plan holds up to 5 businesses.',
    );
    for (let i = 0; i < ENTITLEMENTS.free.apiKeys; i++) await createApiKey(user, { name: `K${i}` });
    expect(await refusal(() => createApiKey(user, { name: 'Key extra' }))).toContain('Free');
  });
});

function text(html: string) {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

async function pricingPage(cookie?: string) {
  const result = await run(() =>
    pricing.loader(
      args(new Request(`${BASE}/pricing`, { headers: cookie ? { Cookie: cookie } : {} })),
    ),
  );
  const data = result.data as Awaited<ReturnType<typeof pricing.loader>>;
  const html = renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(PricingPlans, {
        plans: data.plans,
        headingLevel: 2,
        standings: data.standings,
        viewer: data.viewer,
      }),
      createElement(PlanTable, { headingId: 'x' }),
    ),
  );
  return { data, html, text: text(html) };
}

describe('Pricing says what each plan includes, from the same table', () => {
  it('shows a Free card and a row per entitlement with every plan’s value from the table', async () => {
    const { html, text: words } = await pricingPage();
    expect(html).toContain('data-testid="plan-free"');
    expect(words).toContain('Create a free account');
    for (const row of ENTITLEMENT_ROWS) {
      const start = html.indexOf(`data-testid="plan-row-${row.key}"`);
      const cells = text(html.slice(html.indexOf('>', start) + 1, html.indexOf('</tr>', start)));
      expect(cells).toBe(
        [row.label, ...TIERS.map((tier) => row.value(ENTITLEMENTS[tier]))].join(' '),
      );
    }
    // No plan sells what every plan has: competitors are named on Free too.
    for (const plan of PLANS) expect(plan.features).not.toContain('Competitor tracking');
    expect(words).toContain('Tracked questions: 1 question per business');
    expect(words).toContain('Tracked questions: 25 questions per business');
  });

  it('a signed-in Free user sees Free as their plan and an Upgrade button naming each paid plan', async () => {
    const user = await createUser();
    const { cookie } = await sessionCookieFor(user.id);
    const { data, text: words } = await pricingPage(cookie);
    expect(data.viewer).toBe('free');
    expect(words).not.toContain('Get Started');
    expect(words).toContain('Current plan');
    expect(words).toContain('Go to your dashboard');
    for (const plan of PLANS) expect(words).toContain(`Upgrade to ${plan.name}`);
  });

  it('a lapsed plan reads as Free too', async () => {
    const user = await userOn('growth', new Date(Date.now() - DAY));
    const { cookie } = await sessionCookieFor(user.id);
    const { data } = await pricingPage(cookie);
    expect(data.viewer).toBe('free');
  });
});
