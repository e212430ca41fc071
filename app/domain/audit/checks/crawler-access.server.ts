import robotsParser from 'robots-parser';
import type { FetchOutcome, FetchSuccess } from '~/lib/safe-fetch.server';
import { ANSWER_CRAWLERS, TRAINING_CRAWLERS, type Crawler } from '../crawlers';
import type { PageFacts } from '../page.server';
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
  parser: ReturnType<typeof robotsParser> | null;
  lines: string[];
  sitemaps: string[];
};

export function readRobots(robots: FetchOutcome | null, robotsUrl: string): RobotsReading {
  if (!robots || !robots.ok || robots.status >= 500) {
    // RFC 9309: an unreachable robots.txt (server error, no answer) means "crawl nothing".
    return { mode: 'disallow_all', parser: null, lines: [], sitemaps: [] };
  }
  if (robots.status >= 400) return { mode: 'allow_all', parser: null, lines: [], sitemaps: [] };
  const text = bodyText(robots);
  const parser = robotsParser(robotsUrl, text);
  return { mode: 'rules', parser, lines: text.split(/\r\n|\r|\n/), sitemaps: parser.getSitemaps() };
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

/** "GPTBot/1.1" names GPTBot: the product token, lower-cased, as robots-parser matches it. */
function agentName(value: string): string {
  return value.split('/')[0]!.trim().toLowerCase();
}

/**
 * The line numbers (from 1) of the rules in groups whose User-agent lines name `token`, and whether
 * there is such a group at all. A group is its User-agent lines and the rules after them, up to the
 * next User-agent line that follows a rule (RFC 9309 2.1). Only used to explain a result: the
 * parser decides.
 */
function ownGroup(lines: string[], token: string): { exists: boolean; ruleLines: Set<number> } {
  const wanted = token.toLowerCase();
  const ruleLines = new Set<number>();
  let exists = false;
  let mine = false;
  let afterRule = true;
  lines.forEach((line, index) => {
    const agent = /^\s*user-agent\s*:\s*([^#\s]+)/i.exec(line);
    if (agent) {
      if (afterRule) mine = false;
      afterRule = false;
      if (agentName(agent[1]!) === wanted) {
        mine = true;
        exists = true;
      }
    } else if (/^\s*(allow|disallow)\s*:/i.test(line)) {
      afterRule = true;
      if (mine) ruleLines.add(index + 1);
    }
  });
  return { exists, ruleLines };
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
    if (reading.mode === 'allow_all' || !reading.parser) {
      return { label: crawler.token, ok: true, note: 'allowed (no robots.txt)' };
    }
    const own = ownGroup(reading.lines, crawler.token);
    const lineNumber = reading.parser.getMatchingLineNumber(homeUrl, crawler.token);
    // A crawler with a group of its own never follows *, even when its group has no rules
    // (RFC 9309 2.2.1); robots-parser falls back to * for such a group, so that case is ours.
    if (own.exists && !own.ruleLines.has(lineNumber)) {
      return {
        label: crawler.token,
        ok: true,
        note: 'allowed: no rule in its own group covers the home page',
      };
    }
    const allowed = reading.parser.isAllowed(homeUrl, crawler.token) !== false;
    const rule = lineNumber > 0 ? reading.lines[lineNumber - 1]?.trim() : undefined;
    const group = own.exists ? 'its own group' : 'the group for all crawlers (*)';
    const note = rule
      ? `${allowed ? 'allowed' : 'blocked'} by line ${lineNumber} in ${group}: ${rule}`
      : `allowed: no rule in ${group} covers the home page`;
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
