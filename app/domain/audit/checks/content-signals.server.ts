import type { FetchOutcome } from '~/lib/safe-fetch.server';
import {
  decidePreferences,
  readPreference,
  type UsageCategory,
  type UsagePreference,
} from '../content-signals';
import { ANSWER_CRAWLERS } from '../../agents/crawlers.server';
import { groupsFor, type RobotsGroup } from '../robots';
import type { EvidenceItem } from '../signals';
import type { RobotsReading } from './crawler-access.server';
import type { Result } from './shared.server';

// "Can AI crawlers get in?", asked of the site's stated preferences: Content-Signal and
// Content-Usage lines in robots.txt (in a group that applies to the answer crawlers) and a
// Content-Usage header on the home page. "ai-input=no" (or "ai-use=n") asks assistants to keep the
// site's text out of their answers; "search=no" asks not to be listed at all: both fail.
// "ai-train=no" alone is the owner's choice, as blocking training crawlers is.

const MEANING: Record<UsageCategory, { no: string; yes: string }> = {
  search: {
    no: 'asks not to be used for search results, AI search included',
    yes: 'allows search results',
  },
  'ai-input': {
    no: 'asks AI assistants to keep your text out of their answers',
    yes: 'allows AI answers to use your text',
  },
  'ai-train': {
    no: 'asks AI companies not to train models on your text (your choice: it does not keep you out of answers)',
    yes: 'allows AI training',
  },
};

function groupName(group: RobotsGroup): string {
  return group.agents.includes('*') ? 'for all crawlers (*)' : `for ${group.agents.join(', ')}`;
}

/** The preferences robots.txt states to the answer crawlers, and the home page's header. */
export function statedPreferences(
  reading: RobotsReading,
  home: FetchOutcome,
): { robots: UsagePreference[]; header: UsagePreference[] } {
  const robots: UsagePreference[] = [];
  if (reading.mode === 'rules' && reading.file) {
    const groups = new Set<RobotsGroup>();
    for (const crawler of ANSWER_CRAWLERS.filter((entry) => entry.major)) {
      for (const group of groupsFor(reading.file, crawler.token).applying) groups.add(group);
    }
    for (const group of groups) {
      for (const preference of group.preferences) {
        const text = reading.lines[preference.line - 1]!.trim();
        robots.push(
          ...readPreference(
            preference.key,
            preference.value,
            `robots.txt line ${preference.line}, ${groupName(group)}`,
            text,
          ),
        );
      }
    }
  }
  const headerValue = home.ok ? home.headers['content-usage'] : undefined;
  const header = headerValue
    ? readPreference(
        'content-usage',
        headerValue,
        'the Content-Usage header of your home page',
        `Content-Usage: ${headerValue}`,
      )
    : [];
  return { robots, header };
}

/** Each category's deciding preference: robots.txt by longest path, then "no" from either wins. */
export function decidedPreferences(
  stated: { robots: UsagePreference[]; header: UsagePreference[] },
  homeUrl: string,
): Partial<Record<UsageCategory, UsagePreference>> {
  const fromRobots = decidePreferences(stated.robots, homeUrl);
  const fromHeader = decidePreferences(stated.header, homeUrl);
  const decided: Partial<Record<UsageCategory, UsagePreference>> = { ...fromRobots };
  for (const [category, preference] of Object.entries(fromHeader) as [
    UsageCategory,
    UsagePreference,
  ][]) {
    const current = decided[category];
    if (!current || (current.allowed && !preference.allowed)) decided[category] = preference;
  }
  return decided;
}

export function checkContentSignals(
  reading: RobotsReading,
  robots: FetchOutcome | null,
  robotsUrl: string,
  home: FetchOutcome,
  homeUrl: string,
): Result {
  const stated = statedPreferences(reading, home);
  const decided = decidedPreferences(stated, homeUrl);
  const items: EvidenceItem[] = (Object.entries(decided) as [UsageCategory, UsagePreference][]).map(
    ([category, preference]) => ({
      label: preference.label,
      ok: preference.allowed || category === 'ai-train',
      note: `${preference.allowed ? MEANING[category].yes : MEANING[category].no} (${preference.source}: ${preference.text})`,
    }),
  );
  const against = (['ai-input', 'search'] as const)
    .map((category) => decided[category])
    .filter((preference): preference is UsagePreference =>
      Boolean(preference && !preference.allowed),
    );
  const deciding = against[0] ?? decided['ai-train'] ?? decided['ai-input'] ?? decided.search;
  const fromHeader = deciding?.source.startsWith('the Content-Usage header');
  const evidence = {
    url: fromHeader || !robots ? (home.ok ? home.url : homeUrl) : robotsUrl,
    status: fromHeader
      ? home.ok
        ? home.status
        : undefined
      : robots?.ok
        ? robots.status
        : undefined,
    snippet: deciding ? `${deciding.source}: ${deciding.text}` : undefined,
    items: items.length ? items : undefined,
  };
  if (against.length) {
    const first = against[0]!;
    const category = first.category as 'ai-input' | 'search';
    return {
      status: 'fail',
      evidence,
      reason: `Your site says "${first.label}" (${first.source}): it ${MEANING[category].no}. Assistants that honour it will not use your pages to answer questions about you.`,
    };
  }
  const train = decided['ai-train'];
  if (train && !train.allowed) {
    return {
      status: 'pass',
      evidence,
      reason: `Your site asks AI companies not to train models on your text ("${train.label}", ${train.source}). That is your choice: it does not keep you out of AI answers.`,
    };
  }
  return {
    status: 'pass',
    evidence,
    reason: items.length
      ? 'Your content signals allow search and AI answers to use your text.'
      : 'Your site states no content signals against search or AI answers.',
  };
}
