import type { Tier } from '../tiers';

// What each plan includes: the ONE table of plan entitlements. The Pricing page prints it, every
// limit the server enforces reads it (through ~/domain/tiers, which derives its constants from
// it), and the limit messages quote it. tests/integration/entitlements.test.ts walks it against
// the server for every plan, so a number changed here changes the page, the check and the message
// together.
//
// To add an entitlement: add a field to `Entitlements`, a value for every plan in `ENTITLEMENTS`,
// a row in `ENTITLEMENT_ROWS` (./entitlement-rows.ts: how Pricing names it) and a step in the
// walking test. Pure: no I/O. Numbers only here: the dashboard's JavaScript imports this module
// (through ~/domain/tiers); Pricing's words live in entitlement-rows.ts, on the server only.

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
  /**
   * Listing checks (issue 46): how many of a business's most cited third-party pages the server
   * fetches to see whether the business is on them, and how often; null: none (sources only).
   */
  listingChecks: { pages: number; everyDays: number } | null;
  /**
   * Crawler visits (issue 48): access-log lines read a calendar month (UTC) across the account's
   * businesses, uploads and drains together. Past it, an upload is refused and an import stops.
   */
  crawlerLogLinesPerMonth: number;
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
    listingChecks: null,
    crawlerLogLinesPerMonth: 100_000,
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
    listingChecks: { pages: 3, everyDays: 28 },
    crawlerLogLinesPerMonth: 1_000_000,
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
    listingChecks: { pages: 5, everyDays: 7 },
    crawlerLogLinesPerMonth: 5_000_000,
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
    listingChecks: { pages: 10, everyDays: 7 },
    crawlerLogLinesPerMonth: 20_000_000,
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
    listingChecks: { pages: 10, everyDays: 7 },
    crawlerLogLinesPerMonth: 100_000_000,
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
