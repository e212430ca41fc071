import type { FetchOutcome } from '~/lib/safe-fetch.server';
import { CRAWLERS, type Crawler } from '../../agents/crawlers.server';
import type { EvidenceItem } from '../signals';
import { bodyText, snippet, type AuditContext, type Result } from './shared.server';

// "Can AI crawlers get in?", asked of the site itself: the home page and robots.txt fetched with
// the real user agents of the AI crawlers, compared with our own, browser-like visit. A CDN, a
// host's firewall or a security plugin can answer a crawler with 403, 402 (pay per crawl), 429 or
// 503, or a challenge page ("Just a moment…", `cf-mitigated: challenge`), while browsers get the
// page; robots.txt cannot undo that. We send the crawlers' user agents from our own address: a
// block by IP address does not show here.

/** What one crawler got when it asked for the site. */
export type CrawlerFetch = {
  token: string;
  home: FetchOutcome | null;
  robots: FetchOutcome | null;
};

/** Why a fetch did not get the page, or null when it did. */
export type EdgeBlock = {
  kind: 'challenge' | 'payment' | 'forbidden' | 'rate_limited' | 'unavailable' | 'error' | 'closed';
  status?: number;
  /** The header or line that decided ("cf-mitigated: challenge", "<title>Just a moment...</title>"). */
  evidence: string;
  /** In plain words: "HTTP 403 with a challenge page". */
  words: string;
};

/** Not decided: no answer in time, or the audit had no requests left. */
export type EdgeUnknown = { unknown: string };

// Challenge and block pages of the common CDNs, firewalls and security plugins.
const BLOCK_PAGES: [RegExp, string][] = [
  [/<title>\s*just a moment\.{3}|just a moment…/i, 'a "Just a moment…" challenge page'],
  [/attention required!\s*\|\s*cloudflare/i, 'a Cloudflare "Attention Required" page'],
  [/challenge-platform|cf-chl-|cf_chl_/i, 'a Cloudflare challenge page'],
  [/checking your browser before accessing|ddos protection by/i, 'a browser check page'],
  [/captcha-delivery\.com|datadome/i, 'a DataDome captcha page'],
  [/_incapsula_resource|incapsula incident/i, 'an Imperva (Incapsula) block page'],
  [/sucuri website firewall|access denied - sucuri/i, 'a Sucuri firewall page'],
  [/wordfence|your access to this site has been limited/i, 'a Wordfence block page'],
  [
    /verify you are (a )?human|are you a robot|press (&amp; |and )?hold/i,
    'a "verify you are human" page',
  ],
];

function challengeIn(
  outcome: FetchOutcome & { ok: true },
): { evidence: string; words: string } | null {
  const mitigated = outcome.headers['cf-mitigated'];
  if (mitigated && /challenge/i.test(mitigated)) {
    return { evidence: `cf-mitigated: ${mitigated}`, words: 'a challenge page' };
  }
  // Only the start of the page: block pages are small, and a real page may mention "captcha".
  const head = bodyText(outcome).slice(0, 20_000);
  for (const [pattern, words] of BLOCK_PAGES) {
    const match = pattern.exec(head);
    if (match) {
      const title = /<title>([^<]*)<\/title>/i.exec(head)?.[0];
      return { evidence: snippet(title ?? match[0], 120), words };
    }
  }
  return null;
}

/** Whether a fetch got the page (null), was turned away (EdgeBlock), or we cannot tell. */
export function edgeBlockOf(outcome: FetchOutcome | null): EdgeBlock | EdgeUnknown | null {
  if (!outcome) return { unknown: 'not fetched' };
  if (!outcome.ok) {
    if (outcome.code === 'connect' || outcome.code === 'network') {
      return { kind: 'closed', evidence: outcome.error, words: `no page: ${outcome.error}` };
    }
    return { unknown: outcome.error };
  }
  const { status } = outcome;
  const challenge = challengeIn(outcome);
  const http = `HTTP ${status}`;
  if (challenge) {
    return {
      kind: 'challenge',
      status,
      evidence: challenge.evidence,
      words: `${http} with ${challenge.words}`,
    };
  }
  if (status === 402) {
    return {
      kind: 'payment',
      status,
      evidence: http,
      words: `${http} (payment required: pay per crawl)`,
    };
  }
  if (status === 401 || status === 403) {
    return { kind: 'forbidden', status, evidence: http, words: `${http} (forbidden)` };
  }
  if (status === 429) {
    return { kind: 'rate_limited', status, evidence: http, words: `${http} (too many requests)` };
  }
  if (status === 503) {
    return { kind: 'unavailable', status, evidence: http, words: `${http} (unavailable)` };
  }
  if (status >= 400) return { kind: 'error', status, evidence: http, words: `${http} (an error)` };
  return null;
}

const isUnknown = (value: EdgeBlock | EdgeUnknown | null): value is EdgeUnknown =>
  value !== null && 'unknown' in value;

/** How a crawler reads robots.txt when it gets this answer (RFC 9309 §2.3.1), if it hurts. */
function robotsBlockOf(outcome: FetchOutcome | null): string | null {
  const block = edgeBlockOf(outcome);
  if (!block || isUnknown(block)) return null;
  // 4xx: crawlers take it as "no rules" and come in; 5xx, 429 or no answer: "stay away".
  if (block.status !== undefined && block.status < 500 && block.status !== 429) return null;
  return `robots.txt: ${block.words}`;
}

export type EdgeVerdict = {
  crawler: Crawler;
  /** The home page as this crawler got it. */
  block: EdgeBlock | null;
  unknown: string | null;
  robots: string | null;
  status?: number;
};

const crawlerOf = (token: string) =>
  CRAWLERS.find((crawler) => crawler.token === token) ??
  ({ token, purpose: 'answer', serves: token, major: false } satisfies Crawler);

/**
 * Each crawler's verdict. A 429 or 503 that our own second, browser-like visit also got is the
 * site limiting everyone at that moment (perhaps us), not a block of AI crawlers: not decided.
 */
export function edgeVerdicts(fetches: CrawlerFetch[], recheck: FetchOutcome | null): EdgeVerdict[] {
  const recheckBlock = edgeBlockOf(recheck);
  const everyoneLimited =
    recheck !== null &&
    recheckBlock !== null &&
    !isUnknown(recheckBlock) &&
    (recheckBlock.kind === 'rate_limited' || recheckBlock.kind === 'unavailable');
  return fetches.map(({ token, home, robots }) => {
    const crawler = crawlerOf(token);
    const found = edgeBlockOf(home);
    const status = home?.ok ? home.status : undefined;
    if (isUnknown(found))
      return { crawler, block: null, unknown: found.unknown, robots: null, status };
    if (
      found &&
      everyoneLimited &&
      (found.kind === 'rate_limited' || found.kind === 'unavailable')
    ) {
      return {
        crawler,
        block: null,
        unknown: `${found.words}, but so did our own visit: the site was limiting every visitor then`,
        robots: null,
        status,
      };
    }
    return { crawler, block: found, unknown: null, robots: robotsBlockOf(robots), status };
  });
}

const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

const shutOut = (verdict: EdgeVerdict) => verdict.block !== null || verdict.robots !== null;
const forAnswers = (verdict: EdgeVerdict) => verdict.crawler.purpose !== 'training';

export const UA_NOT_IP =
  'We test with each crawler’s user agent from our own address, not from the crawlers’ IP addresses: a block by IP address would not show here.';

export function checkEdgeAccess(context: AuditContext): Result {
  const { fetches } = context;
  const { home } = fetches;
  if (!fetches.crawlers?.length) {
    return {
      status: 'warn',
      evidence: { url: home.ok ? home.url : context.homeUrl },
      reason:
        'We did not fetch your site as the AI crawlers this time, so we cannot tell whether they get in.',
    };
  }
  const verdicts = edgeVerdicts(fetches.crawlers, fetches.recheck ?? null);
  const ours = edgeBlockOf(home);
  const oursOk = ours === null;
  const items: EvidenceItem[] = [
    {
      label: 'Our browser-like visit',
      ok: oursOk,
      note: home.ok
        ? oursOk
          ? `got the page (HTTP ${home.status})`
          : isUnknown(ours)
            ? ours.unknown
            : ours.words
        : home.error,
    },
    ...verdicts.map((verdict): EvidenceItem => {
      const training = verdict.crawler.purpose === 'training' ? ' (training)' : '';
      const notes = [
        verdict.block
          ? `turned away: ${verdict.block.words}`
          : verdict.unknown
            ? `could not tell: ${verdict.unknown}`
            : `got the page (HTTP ${verdict.status})`,
        verdict.robots
          ? `${verdict.robots}, which crawlers read as "stay out of the whole site"`
          : null,
      ].filter(Boolean);
      return {
        label: `${verdict.crawler.token}${training}`,
        ok: !shutOut(verdict) && !verdict.unknown,
        note: notes.join('; '),
      };
    }),
  ];
  const blocked = verdicts.filter((verdict) => forAnswers(verdict) && shutOut(verdict));
  const undecided = verdicts.filter((verdict) => forAnswers(verdict) && verdict.unknown);
  const training = verdicts.filter((verdict) => !forAnswers(verdict) && shutOut(verdict));
  const first = blocked[0] ?? training[0];
  const evidence = {
    url: home.ok ? home.url : context.homeUrl,
    status: first?.status,
    snippet: first ? (first.block?.evidence ?? first.robots ?? undefined) : undefined,
    items,
  };
  const trainingNote = training.length
    ? ` ${listOf(training.map((verdict) => verdict.crawler.token))} (training) ${training.length === 1 ? 'is' : 'are'} turned away too: that is your choice.`
    : '';
  if (blocked.length) {
    const named = blocked.map(
      (verdict) => `${verdict.crawler.token} (${verdict.block?.words ?? verdict.robots})`,
    );
    const browser = oursOk ? 'while a browser gets the page' : 'and so was our own visit';
    return {
      status: 'fail',
      evidence,
      ...(blocked.length === verdicts.filter(forAnswers).length ? { shutsOut: true } : {}),
      reason: `Your site turns away ${listOf(named)}, ${browser}. Those assistants cannot read your site, whatever robots.txt says.${trainingNote}`,
    };
  }
  if (undecided.length) {
    return {
      status: 'warn',
      evidence,
      reason: `We could not tell whether ${listOf(undecided.map((verdict) => verdict.crawler.token))} get your page: ${undecided[0]!.unknown}. Check again later.${trainingNote}`,
    };
  }
  const tried = listOf(verdicts.filter(forAnswers).map((verdict) => verdict.crawler.token));
  return {
    status: 'pass',
    evidence,
    reason: `${tried || 'The AI crawlers'} get your home page just as a browser does.${trainingNote} ${UA_NOT_IP}`,
  };
}
