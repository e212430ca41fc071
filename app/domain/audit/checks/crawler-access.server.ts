import type { FetchOutcome } from '~/lib/safe-fetch.server';
import {
  AGENT_CRAWLERS,
  ANSWER_CRAWLERS,
  TRAINING_CRAWLERS,
  type Crawler,
} from '../../agents/crawlers.server';
import { parseRobots, robotsVerdict, type RobotsFile } from '../robots';
import { robotsEvidenceLines, type EvidenceItem } from '../signals';
import { checkContentSignals } from './content-signals.server';
import { checkEdgeAccess, edgeVerdicts, type EdgeVerdict } from './edge-access.server';
import { checkRobotsMeta } from './page-directives.server';
import {
  bodyText,
  looksLikeHtml,
  pageUnavailable,
  snippet,
  type AuditContext,
  type GroupResults,
  type Result,
} from './shared.server';

// "Can AI crawlers get in?": robots.txt and what it says to the answer, agent and training
// crawlers. The group's other questions each have a module: edge-access (the site fetched as the
// crawlers), content-signals (usage preferences) and page-directives (meta robots, X-Robots-Tag,
// data-nosnippet).

export { checkRobotsMeta } from './page-directives.server';

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
    // The file line by line (the report numbers them), not one flattened line (issue 44).
    evidence: {
      ...evidence,
      lines: robotsEvidenceLines(bodyText(robots).split(/\r\n|\r|\n/)),
    },
    reason: 'Your robots.txt is a plain text file crawlers can read.',
  };
}

type CrawlerCheck = { items: EvidenceItem[]; major: string[]; other: string[] };

/**
 * What robots.txt says to each of `crawlers` about the home page. The major crawlers are always
 * listed; a lesser one only when a group of its own blocks it; those the group for all crawlers
 * blocks are counted in one line, not listed one by one.
 */
function crawlerItems(
  reading: RobotsReading,
  crawlers: readonly Crawler[],
  homeUrl: string,
  kind: string,
): CrawlerCheck {
  const items: EvidenceItem[] = [];
  const major: string[] = [];
  const other: string[] = [];
  let sharedNote: string | null = null;
  let shared = 0;
  for (const crawler of crawlers) {
    let ok: boolean;
    let note: string;
    let own = false;
    if (reading.mode === 'disallow_all') {
      ok = false;
      note = 'robots.txt unavailable: crawlers stay away';
    } else if (reading.mode === 'allow_all' || !reading.file) {
      ok = true;
      note = 'allowed (no robots.txt)';
    } else {
      // One reading decides and explains: the rule named is the rule that decided.
      const { allowed, group, rule } = robotsVerdict(reading.file, homeUrl, crawler.token);
      own = group === 'own';
      const groupName = own ? 'its own group' : 'the group for all crawlers (*)';
      ok = allowed;
      note = rule
        ? `${allowed ? 'allowed' : 'blocked'} by line ${rule.line} in ${groupName}: ${reading.lines[rule.line - 1]!.trim()}`
        : `allowed: no rule in ${groupName} covers the home page`;
    }
    if (!ok) (crawler.major ? major : other).push(crawler.token);
    if (crawler.major || (own && !ok)) {
      items.push({ label: crawler.token, ok, note });
    } else if (!ok) {
      shared += 1;
      sharedNote = note;
    }
  }
  if (shared > 0) {
    items.push({ label: `${shared} other ${kind}`, ok: false, note: sharedNote! });
  }
  return { items, major, other };
}

/** Where a note names a line of robots.txt ("blocked by line 5"), the file's lines to find it in. */
function citedLines(reading: RobotsReading, items: EvidenceItem[]): { lines?: string[] } {
  const cited = items.flatMap((item) =>
    [...item.note.matchAll(/ by line (\d+) /g)].map((match) => Number(match[1])),
  );
  return reading.lines.length && cited.length
    ? { lines: robotsEvidenceLines(reading.lines, Math.max(...cited)) }
    : {};
}

const ANSWERS_NAMED =
  'ChatGPT, Claude, Perplexity, Google, Copilot and Siri can all read your home page for their answers, and open it when a person asks them to.';

export function checkAnswerBots(
  reading: RobotsReading,
  robotsUrl: string,
  homeUrl: string,
): Result {
  const answers = crawlerItems(reading, ANSWER_CRAWLERS, homeUrl, 'AI search and chat crawlers');
  const agents = crawlerItems(reading, AGENT_CRAWLERS, homeUrl, 'AI agents acting for a person');
  const items = [...answers.items, ...agents.items];
  const evidence = {
    url: robotsUrl,
    items,
    snippet: items.find((item) => !item.ok)?.note,
    ...citedLines(reading, items),
  };
  const blocked = answers.major;
  if (blocked.length) {
    const majors = ANSWER_CRAWLERS.filter((crawler) => crawler.major).length;
    return {
      status: 'fail',
      evidence,
      // Not one of the main assistants may read the site: nothing else counts until they can.
      ...(blocked.length === majors ? { shutsOut: true } : {}),
      reason: `${blocked.join(', ')} ${blocked.length === 1 ? 'is' : 'are'} blocked, so ${blocked.length === 1 ? 'that assistant' : 'those assistants'} cannot read your site and will not recommend it from there.`,
    };
  }
  const lesser = [...answers.other, ...agents.other];
  if (lesser.length) {
    return {
      status: 'warn',
      evidence,
      reason: `${ANSWERS_NAMED} But robots.txt blocks ${lesser.length} smaller AI search tool${lesser.length === 1 ? '' : 's'} or agent${lesser.length === 1 ? '' : 's'} (${lesser.slice(0, 5).join(', ')}${lesser.length > 5 ? ', …' : ''}).`,
    };
  }
  return { status: 'pass', evidence, reason: ANSWERS_NAMED };
}

export function checkTrainingBots(
  reading: RobotsReading,
  robotsUrl: string,
  homeUrl: string,
  edge: EdgeVerdict[] = [],
): Result {
  const { items, major, other } = crawlerItems(
    reading,
    TRAINING_CRAWLERS,
    homeUrl,
    'training and data crawlers',
  );
  // Turned away at the edge although robots.txt lets them in: blocked all the same.
  const atEdge = edge.filter(
    (verdict) => verdict.crawler.purpose === 'training' && (verdict.block || verdict.robots),
  );
  for (const verdict of atEdge) {
    const item = items.find((entry) => entry.label === verdict.crawler.token);
    const words = `the site turns it away: ${verdict.block?.words ?? verdict.robots}`;
    if (item && item.ok) Object.assign(item, { ok: false, note: `${item.note}, but ${words}` });
    else if (!item) items.push({ label: verdict.crawler.token, ok: false, note: words });
    if (!major.includes(verdict.crawler.token)) major.push(verdict.crawler.token);
  }
  const blocked = [...major, ...other];
  const evidence = {
    url: robotsUrl,
    items,
    snippet: items.find((item) => !item.ok)?.note,
    ...citedLines(reading, items),
  };
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
    reason: `You block ${blocked.length} training crawler${blocked.length === 1 ? '' : 's'} (${blocked.slice(0, 6).join(', ')}${blocked.length > 6 ? ', …' : ''}). That is a fair choice, but future AI models will know less about you.`,
  };
}

export function accessChecks(context: AuditContext): GroupResults<'access'> {
  const { fetches, addresses, robots, homeUrl, page, business } = context;
  const edge = edgeVerdicts(fetches.crawlers ?? [], fetches.recheck ?? null);
  return {
    robots_txt: checkRobotsTxt(fetches.robots, addresses.robots),
    answer_bots: checkAnswerBots(robots, addresses.robots, homeUrl),
    edge_access: checkEdgeAccess(context),
    content_signals: checkContentSignals(
      robots,
      fetches.robots,
      addresses.robots,
      fetches.home,
      homeUrl,
    ),
    training_bots: checkTrainingBots(robots, addresses.robots, homeUrl, edge),
    robots_meta: page ? checkRobotsMeta(page.home, page.facts, business) : pageUnavailable(context),
  };
}
