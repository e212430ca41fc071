import type { Entitlements, TrackingSchedule } from './entitlements';

// How the Pricing page names each plan entitlement and writes its value: one row per entitlement
// of the table in ./entitlements, in the order the table shows them. Apart from the numbers, so
// the dashboard's JavaScript (which reads the numbers through ~/domain/tiers) never carries them.

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
    key: 'listingChecks',
    label: 'Listing checks',
    value: (e) =>
      e.listingChecks
        ? `Your ${e.listingChecks.pages} most cited pages, ${
            e.listingChecks.everyDays === 7
              ? 'every week'
              : `every ${e.listingChecks.everyDays / 7} weeks`
          }`
        : 'Not included',
  },
  {
    key: 'crawlerLogLinesPerMonth',
    label: 'Crawler visits: log lines read',
    value: (e) => `${count(e.crawlerLogLinesPerMonth, 'line', 'lines')} a month`,
  },
  {
    key: 'weeklyDigest',
    label: 'Weekly e-mail of your figures',
    value: (e) => (e.weeklyDigest ? 'Included' : 'Not included'),
  },
];
