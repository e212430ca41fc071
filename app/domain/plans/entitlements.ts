import type { Tier } from '../tiers';

// What each plan includes: the ONE table of plan entitlements. The Pricing page prints it, every
// limit the server enforces reads it (through ~/domain/tiers, which derives its constants from
// it), and the limit messages quote it. tests/integration/entitlements.test.ts walks it against
// the server for every plan, so a number changed here changes the page, the check and the message
// together.
//
// To add an entitlement: add a field to `Entitlements`, a value for every plan in `ENTITLEMENTS`,
// a row in `ENTITLEMENT_ROWS` (how Pricing names it) and a step in the walking test. Pure: no I/O.

export type TrackingSchedule = 'day' | 'week' | null;

export type Entitlements = {
  /** Businesses one account may hold. A plan that goes down keeps what it has; adding waits. */
  businesses: number;
  /** Questions tracked (asked of the assistants) on each business. */
  trackedQuestions: number;
  /** Competitors an owner may name on each business (the answers add the ones they name). */
  competitors: number;
  /** Which AI assistants the questions are asked of: every one the service asks, on every plan. */
  assistants: 'all';
  /** How often the server asks the tracked questions by itself; null: only when the owner asks. */
  trackingSchedule: TrackingSchedule;
  /** "Run now" on one business at most once in this many hours. */
  runNowEveryHours: number;
  /** AI-readiness audits an owner may run on each business per 24 hours. */
  auditsPerDay: number;
  /** The server re-audits every business each week. */
  weeklyReaudit: boolean;
  /** API keys (for the JSON API and the MCP server) one account may hold at once. */
  apiKeys: number;
  /** The premium AI Visibility GPT. */
  premiumGpt: boolean;
  /** The weekly e-mail digest of the tracked figures. */
  weeklyDigest: boolean;
};

export const ENTITLEMENTS = {
  free: {
    businesses: 5,
    trackedQuestions: 1,
    competitors: 10,
    assistants: 'all',
    trackingSchedule: null,
    runNowEveryHours: 24,
    auditsPerDay: 1,
    weeklyReaudit: false,
    apiKeys: 1,
    premiumGpt: false,
    weeklyDigest: false,
  },
  diy: {
    businesses: 10,
    trackedQuestions: 5,
    competitors: 10,
    assistants: 'all',
    trackingSchedule: 'week',
    runNowEveryHours: 1,
    auditsPerDay: 5,
    weeklyReaudit: false,
    apiKeys: 2,
    premiumGpt: true,
    weeklyDigest: true,
  },
  starter: {
    businesses: 25,
    trackedQuestions: 10,
    competitors: 10,
    assistants: 'all',
    trackingSchedule: 'week',
    runNowEveryHours: 1,
    auditsPerDay: 10,
    weeklyReaudit: true,
    apiKeys: 3,
    premiumGpt: true,
    weeklyDigest: true,
  },
  growth: {
    businesses: 100,
    trackedQuestions: 25,
    competitors: 10,
    assistants: 'all',
    trackingSchedule: 'day',
    runNowEveryHours: 1,
    auditsPerDay: 10,
    weeklyReaudit: true,
    apiKeys: 5,
    premiumGpt: true,
    weeklyDigest: true,
  },
  authority: {
    businesses: 1000,
    trackedQuestions: 50,
    competitors: 10,
    assistants: 'all',
    trackingSchedule: 'day',
    runNowEveryHours: 1,
    auditsPerDay: 20,
    weeklyReaudit: true,
    apiKeys: 10,
    premiumGpt: true,
    weeklyDigest: true,
  },
} as const satisfies Record<Tier, Entitlements>;

export function entitlementsOf(tier: Tier): Entitlements {
  return ENTITLEMENTS[tier];
}

/** One entitlement, per plan, as a plain record (what the older constants in ~/domain/tiers are). */
export function perPlan<K extends keyof Entitlements>(key: K): Record<Tier, Entitlements[K]> {
  return Object.fromEntries(
    Object.entries(ENTITLEMENTS).map(([tier, entitlements]) => [tier, entitlements[key]]),
  ) as Record<Tier, Entitlements[K]>;
}

/** The lowest plan (in TIERS order) that includes a yes/no entitlement. */
export function lowestTierWith(
  tiers: readonly Tier[],
  key: {
    [K in keyof Entitlements]: Entitlements[K] extends boolean ? K : never;
  }[keyof Entitlements],
): Tier {
  const tier = tiers.find((each) => ENTITLEMENTS[each][key]);
  if (!tier) throw new Error(`No plan includes ${key}`);
  return tier;
}

function count(n: number, one: string, many: string): string {
  return n === 1 ? `1 ${one}` : `${n.toLocaleString('en-US')} ${many}`;
}

const SCHEDULE_WORDS: Record<Exclude<TrackingSchedule, null>, string> = {
  day: 'Every day',
  week: 'Every week',
};

/**
 * How the Pricing page names each entitlement and writes its value: one row per entitlement, in
 * the order the table shows them. `value` returns what a plan's cell says ("25 per business",
 * "Every week", "Included", "Not included").
 */
export const ENTITLEMENT_ROWS: readonly {
  key: keyof Entitlements;
  label: string;
  value: (entitlements: Entitlements) => string;
}[] = [
  {
    key: 'businesses',
    label: 'Businesses',
    value: (e) => count(e.businesses, 'business', 'businesses'),
  },
  {
    key: 'trackedQuestions',
    label: 'Tracked questions',
    value: (e) => `${count(e.trackedQuestions, 'question', 'questions')} per business`,
  },
  {
    key: 'assistants',
    label: 'AI assistants asked',
    value: () => 'Every assistant we ask',
  },
  {
    key: 'trackingSchedule',
    label: 'Questions asked for you',
    value: (e) =>
      e.trackingSchedule ? SCHEDULE_WORDS[e.trackingSchedule] : 'Only when you press Run now',
  },
  {
    key: 'runNowEveryHours',
    label: 'Run now',
    value: (e) =>
      e.runNowEveryHours === 24
        ? 'Once a day'
        : e.runNowEveryHours === 1
          ? 'Once an hour'
          : `Once every ${e.runNowEveryHours} hours`,
  },
  {
    key: 'competitors',
    label: 'Competitors you name',
    value: (e) => `${count(e.competitors, 'competitor', 'competitors')} per business`,
  },
  {
    key: 'auditsPerDay',
    label: 'AI-readiness checks',
    value: (e) => `${count(e.auditsPerDay, 'check', 'checks')} a day per business`,
  },
  {
    key: 'weeklyReaudit',
    label: 'Weekly re-check of every business',
    value: (e) => (e.weeklyReaudit ? 'Included' : 'Not included'),
  },
  {
    key: 'apiKeys',
    label: 'API keys',
    value: (e) => count(e.apiKeys, 'key', 'keys'),
  },
  {
    key: 'premiumGpt',
    label: 'Premium AI Visibility GPT',
    value: (e) => (e.premiumGpt ? 'Included' : 'Not included'),
  },
  {
    key: 'weeklyDigest',
    label: 'Weekly e-mail of your figures',
    value: (e) => (e.weeklyDigest ? 'Included' : 'Not included'),
  },
];
