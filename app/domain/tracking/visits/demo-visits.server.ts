import { db } from '~/lib/db.server';
import { publishesRanges, type Verification } from '../../agents/addresses.server';
import { writeTally } from './store.server';
import { VisitTally, type StatusClass } from './tally';

// `npm run demo`'s crawler visits (issue 48, item 7): a month of made-up AI crawler visits and
// AI referrals for a few demo businesses, as if their access log had been read, so the Crawler
// visits page has something to say before anyone uploads a log. Stored as one import row with
// source 'demo' (the page labels it "Simulated visits"; it uses none of the plan's lines) and the
// same per-day counts a real import writes, straight from a tally (no lines, no hashes). The
// same business (name and website) and day give the same visits on every run (a seeded generator).

export const DEMO_SOURCE = 'demo';

/** Agents the simulated month holds: [token, visits a day at most, share of 4xx answers]. */
const AGENTS: readonly [string, number, number][] = [
  ['GPTBot', 9, 0.05],
  ['OAI-SearchBot', 5, 0.02],
  ['ChatGPT-User', 4, 0.05],
  ['PerplexityBot', 4, 0.03],
  ['ClaudeBot', 6, 0.04],
  ['Applebot', 3, 0.02],
  ['Bytespider', 3, 0.1],
];
const ASSISTANTS: readonly [string, number][] = [
  ['ChatGPT', 4],
  ['Perplexity', 2],
  ['Gemini', 1],
  ['Microsoft Copilot', 1],
  ['Claude', 1],
];
const PAGES = [
  '/',
  '/services',
  '/contact',
  '/about',
  '/reviews',
  '/faq',
  '/robots.txt',
  '/llms.txt',
];
const LANDINGS = ['/', '/services', '/contact', '/book'];
const DAY_MS = 86_400_000;

/** mulberry32 from a text's FNV-1a hash: the same numbers for the same text. */
function seeded(text: string): () => number {
  let a = 2166136261;
  for (let i = 0; i < text.length; i++) a = Math.imul(a ^ text.charCodeAt(i), 16777619);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)]!;

/**
 * The simulated visits of one business for the `days` UTC days up to `now`'s. `refused`:
 * ChatGPT-User is turned away (403) on most visits, as a firewall that blocks it would, so the
 * page's conclusions have a refusal to explain.
 */
export function demoTally(
  seed: string,
  { days = 30, now = new Date(), refused = false } = {},
): VisitTally {
  const random = seeded(seed);
  const tally = new VisitTally();
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  for (let back = days - 1; back >= 0; back -= 1) {
    const day = new Date(today - back * DAY_MS).toISOString().slice(0, 10);
    for (const [agent, most, refusals] of AGENTS) {
      const visits = Math.floor(random() * (most + 1));
      for (let i = 0; i < visits; i++) {
        const verification: Verification =
          publishesRanges(agent) && random() < 0.9 ? 'verified' : 'unverified';
        const share = agent === 'ChatGPT-User' && refused ? 0.8 : refusals;
        const roll = random();
        const status: StatusClass =
          roll < share ? '4xx' : roll < share + 0.01 ? '5xx' : roll < share + 0.08 ? '3xx' : '2xx';
        tally.addVisit({
          day,
          kind: { kind: 'agent', agent, verification },
          status,
          path: pick(random, PAGES),
        });
        tally.totals.counted += 1;
      }
    }
    for (const [assistant, most] of ASSISTANTS) {
      const visits = Math.floor(random() * (most + 1));
      for (let i = 0; i < visits; i++) {
        tally.addVisit({
          day,
          kind: { kind: 'referral', assistant },
          status: '2xx',
          path: pick(random, LANDINGS),
        });
        tally.totals.counted += 1;
      }
    }
  }
  return tally;
}

/**
 * Gives a business its simulated month: the counts and one 'demo' import row saying what was
 * "read". Once: a business that already has a demo import is left alone (returns 0). Returns the
 * visits counted.
 */
export async function seedDemoVisits(
  business: { id: string; name: string; website: string | null },
  { days = 30, now = new Date(), refused = false } = {},
): Promise<number> {
  const businessId = business.id;
  const tally = demoTally(`${business.name}|${business.website ?? ''}`, { days, now, refused });
  const counted = tally.totals.counted;
  return db.$transaction(async (tx) => {
    const existing = await tx.crawlerLogImport.findFirst({
      where: { businessId, source: DEMO_SOURCE },
      select: { id: true },
    });
    if (existing) return 0;
    await writeTally(tx, businessId, tally);
    await tx.crawlerLogImport.create({
      data: {
        businessId,
        source: DEMO_SOURCE,
        status: 'done',
        // A small business's month: about twelve people's requests for each counted one.
        lines: counted * 13,
        counted,
        skipped: Math.floor(counted / 40),
        createdAt: now,
        finishedAt: now,
      },
    });
    return counted;
  });
}
