import type { FetchOutcome, FetchSuccess } from '~/lib/safe-fetch.server';
import { ANSWER_CRAWLERS, TRAINING_CRAWLERS, type Crawler } from '../crawlers.server';
import type { PageFacts } from '../page.server';
import { parseRobots, robotsVerdict, type RobotsFile } from '../robots';
import type { EvidenceItem } from '../signals';
import {
  bodyText,
  looksLikeHtml,
  pageUnavailable,
  snippet,
  type AuditContext,
  type GroupResults,
  type Result,
} from './shared.server';

// "Can AI crawlers get in?": robots.txt, what it says to answer and training crawlers, and the
// page's own robots directives.

export type RobotsReading = {
  /** How crawlers treat the file: rules to follow, allow all (4xx), or stay away (5xx, no answer). */
  mode: 'rules' | 'allow_all' | 'disallow_all';
  /** The file as the crawlers read it (app/domain/audit/robots.ts), when it has rules. */
  file: RobotsFile | null;
  lines: string[];
  sitemaps: string[];
};

export function readRobots(robots: FetchOutcome | null, robotsUrl: string): RobotsReading {
  if (!robots || !robots.ok || robots.status >= 500) {
    // RFC 9309: an unreachable robots.txt (server error, no answer) means "crawl nothing".
    return { mode: 'disallow_all', file: null, lines: [], sitemaps: [] };
  }
  if (robots.status >= 400) return { mode: 'allow_all', file: null, lines: [], sitemaps: [] };
  const file = parseRobots(bodyText(robots));
  // Sitemap lines should be full addresses; one relative to the site still says where it is.
  const sitemaps = file.sitemaps.flatMap((value) => {
    try {
      return [new URL(value, robotsUrl).href];
    } catch {
      return [];
    }
  });
  return { mode: 'rules', file, lines: file.lines, sitemaps };
}

export function checkRobotsTxt(robots: FetchOutcome | null, robotsUrl: string): Result {
  if (!robots || !robots.ok) {
    return {
      status: 'fail',
      evidence: { url: robotsUrl },
      reason: `We could not load your robots.txt${robots && !robots.ok ? `: ${robots.error}` : ''}. Crawlers that cannot read it stay away.`,
    };
  }
  const evidence = { url: robots.url, status: robots.status };
  if (robots.status >= 500) {
    return {
      status: 'fail',
      evidence,
      reason: `Your robots.txt answers with a server error (HTTP ${robots.status}), which tells crawlers to stay away from the whole site.`,
    };
  }
  if (robots.status >= 400) {
    return {
      status: 'warn',
      evidence,
      reason:
        'You have no robots.txt. Crawlers may enter, but the file is where you welcome AI crawlers and point them to your sitemap.',
    };
  }
  if (looksLikeHtml(robots)) {
    return {
      status: 'fail',
      evidence: { ...evidence, snippet: snippet(bodyText(robots), 120) },
      reason:
        'Your robots.txt address shows a web page instead of a plain text file, so crawlers find no instructions in it.',
    };
  }
  return {
    status: 'pass',
    evidence: { ...evidence, snippet: snippet(bodyText(robots), 160) },
    reason: 'Your robots.txt is a plain text file crawlers can read.',
  };
}

function crawlerItems(reading: RobotsReading, crawlers: readonly Crawler[], homeUrl: string) {
  return crawlers.map((crawler): EvidenceItem => {
    if (reading.mode === 'disallow_all') {
      return {
        label: crawler.token,
        ok: false,
        note: 'robots.txt unavailable: crawlers stay away',
      };
    }
    if (reading.mode === 'allow_all' || !reading.file) {
      return { label: crawler.token, ok: true, note: 'allowed (no robots.txt)' };
    }
    // One reading decides and explains: the rule named is the rule that decided.
    const { allowed, group, rule } = robotsVerdict(reading.file, homeUrl, crawler.token);
    const groupName = group === 'own' ? 'its own group' : 'the group for all crawlers (*)';
    const note = rule
      ? `${allowed ? 'allowed' : 'blocked'} by line ${rule.line} in ${groupName}: ${reading.lines[rule.line - 1]!.trim()}`
      : `allowed: no rule in ${groupName} covers the home page`;
    return { label: crawler.token, ok: allowed, note };
  });
}

export function checkAnswerBots(
  reading: RobotsReading,
  robotsUrl: string,
  homeUrl: string,
): Result {
  const items = crawlerItems(reading, ANSWER_CRAWLERS, homeUrl);
  const blocked = items.filter((item) => !item.ok).map((item) => item.label);
  const evidence = {
    url: robotsUrl,
    items,
    snippet: items.find((item) => !item.ok)?.note,
  };
  if (blocked.length === 0) {
    return {
      status: 'pass',
      evidence,
      reason:
        'ChatGPT, Claude, Perplexity and Google can all read your home page for their answers.',
    };
  }
  return {
    status: 'fail',
    evidence,
    reason: `${blocked.join(', ')} ${blocked.length === 1 ? 'is' : 'are'} blocked, so ${blocked.length === 1 ? 'that assistant' : 'those assistants'} cannot read your site and will not recommend it from there.`,
  };
}

export function checkTrainingBots(
  reading: RobotsReading,
  robotsUrl: string,
  homeUrl: string,
): Result {
  const items = crawlerItems(reading, TRAINING_CRAWLERS, homeUrl);
  const blocked = items.filter((item) => !item.ok).map((item) => item.label);
  const evidence = { url: robotsUrl, items, snippet: items.find((item) => !item.ok)?.note };
  if (blocked.length === 0) {
    return {
      status: 'pass',
      evidence,
      reason: 'AI models may learn about your business from your site.',
    };
  }
  return {
    status: 'warn',
    evidence,
    reason: `You block ${blocked.length} training crawler${blocked.length === 1 ? '' : 's'} (${blocked.join(', ')}). That is a fair choice, but future AI models will know less about you.`,
  };
}

const BLOCKING_DIRECTIVES = ['noindex', 'none', 'noai', 'noimageai'];
const LIMITING_DIRECTIVES = ['nosnippet', 'max-snippet:0'];

function directives(content: string): string[] {
  // "googlebot: noindex, nofollow" (X-Robots-Tag) and "noindex,nofollow" alike.
  return content
    .toLowerCase()
    .replace(/^[a-z0-9_-]+\s*:\s*(?=[a-z])/i, (prefix) =>
      /^(max-|unavailable)/.test(prefix) ? prefix : '',
    )
    .split(/\s*,\s*/)
    .map((item) => item.replace(/\s+/g, ''))
    .filter(Boolean);
}

export function checkRobotsMeta(home: FetchSuccess, page: PageFacts): Result {
  const sources = [
    ...page.robotsMeta.map((meta) => ({ where: meta.tag, values: directives(meta.content) })),
    ...(home.headers['x-robots-tag']
      ? home.headers['x-robots-tag']
          .split(/,(?=\s*[a-z-]+\s*:)/i)
          .map((value) => value.trim())
          .map((value) => ({ where: `X-Robots-Tag: ${value}`, values: directives(value) }))
      : []),
  ];
  const blocking = sources.find((source) =>
    source.values.some((value) => BLOCKING_DIRECTIVES.includes(value)),
  );
  if (blocking) {
    return {
      status: 'fail',
      evidence: { url: home.url, status: home.status, snippet: blocking.where },
      reason:
        'Your home page tells search engines and AI tools not to use it ("noindex" or "noai"), so it cannot appear in their answers.',
    };
  }
  const limiting = sources.find((source) =>
    source.values.some((value) => LIMITING_DIRECTIVES.includes(value)),
  );
  if (limiting) {
    return {
      status: 'warn',
      evidence: { url: home.url, status: home.status, snippet: limiting.where },
      reason:
        'Your home page forbids snippets ("nosnippet"), so AI answers cannot quote it even when they find it.',
    };
  }
  return {
    status: 'pass',
    evidence: { url: home.url, status: home.status, snippet: sources[0]?.where },
    reason: 'Nothing on your home page tells AI tools to stay away.',
  };
}

export function accessChecks(context: AuditContext): GroupResults<'access'> {
  const { fetches, addresses, robots, homeUrl, page } = context;
  return {
    robots_txt: checkRobotsTxt(fetches.robots, addresses.robots),
    answer_bots: checkAnswerBots(robots, addresses.robots, homeUrl),
    training_bots: checkTrainingBots(robots, addresses.robots, homeUrl),
    robots_meta: page ? checkRobotsMeta(page.home, page.facts) : pageUnavailable(context),
  };
}
