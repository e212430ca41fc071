// The AI-readiness audit's signals and how they add up to a score. Pure and shared with the browser
// (labels, groups, the weights table the results page explains); the checks themselves live in
// the .server modules next to this one.

/** 'not_checked': the site could not be reached, so nothing was checked (the audit is unreachable). */
export const SIGNAL_STATUSES = ['pass', 'warn', 'fail', 'not_checked'] as const;
export type SignalStatus = (typeof SIGNAL_STATUSES)[number];

export const SIGNAL_GROUPS = {
  access: 'Can AI crawlers get in?',
  discovery: 'Can they find your pages?',
  identity: 'Do they understand who you are?',
  basics: 'Page basics',
} as const;
export type SignalGroup = keyof typeof SIGNAL_GROUPS;

export type SignalDefinition = {
  /** Weight in the 0-100 score: the weights of all signals add up to 100. */
  weight: number;
  group: SignalGroup;
  label: string;
  /** Why it weighs what it does, in a few plain words (the results page's weights table). */
  why?: string;
};

/**
 * The audit's version: which signals it checks and how they weigh. A stored audit keeps the
 * version it ran with, and is shown with that version's labels and weights (SIGNAL_TABLES).
 * 1: eighteen signals, robots.txt read for 14 crawler tokens, the site fetched as us only.
 * 2: the site fetched as the AI crawlers too (edge_access), content signals, page directives,
 *    the crawler list of ai.robots.txt grouped by purpose.
 */
export const AUDIT_VERSION = 2;

/**
 * Every signal the audit scores, in the order the results page shows them. A signal earns its full
 * weight when it passes, half when it warns, nothing when it fails; the score is the rounded sum.
 * The weights follow what stops an assistant from recommending a business: being shut out of its
 * answer crawlers, by robots.txt or at the edge, costs most; llms.txt, which few crawlers ask
 * for, costs least.
 */
export const SIGNALS = {
  home_page: {
    weight: 3,
    group: 'basics',
    label: 'Home page loads',
    why: 'Nothing else can be read until it does.',
  },
  robots_txt: {
    weight: 4,
    group: 'access',
    label: 'robots.txt',
    why: 'Where you welcome crawlers and point them to your sitemap.',
  },
  answer_bots: {
    weight: 12,
    group: 'access',
    label: 'AI answer crawlers and chat fetches (robots.txt)',
    why: 'Blocked here, an assistant cannot read your site for its answers.',
  },
  edge_access: {
    weight: 12,
    group: 'access',
    label: 'AI crawlers get your page, not a block',
    why: 'A block by your host, CDN or firewall shuts assistants out whatever robots.txt says.',
  },
  content_signals: {
    weight: 5,
    group: 'access',
    label: 'Content signals allow AI answers',
    why: '"ai-input=no" asks assistants to leave your text out of their answers.',
  },
  training_bots: {
    weight: 3,
    group: 'access',
    label: 'AI training crawlers',
    why: "Your choice: it shapes what future models know, not today's answers.",
  },
  robots_meta: {
    weight: 8,
    group: 'access',
    label: 'Page directives let AI quote you',
    why: '"noindex", "nosnippet" or "noarchive" keep a page out of answers or unquoted.',
  },
  sitemap: {
    weight: 6,
    group: 'discovery',
    label: 'Sitemap',
    why: 'Lets crawlers find every page, not just the ones linked.',
  },
  llms_txt: {
    weight: 1,
    group: 'discovery',
    label: 'llms.txt',
    why: 'Few AI crawlers ask for it yet, so it counts little.',
  },
  structured_data: {
    weight: 13,
    group: 'identity',
    label: 'Business details for machines',
    why: 'Name, address, phone and hours that assistants read without guessing.',
  },
  nap_consistency: {
    weight: 7,
    group: 'identity',
    label: 'Name and location match',
    why: 'Assistants trust a business whose name and place are the same everywhere.',
  },
  faq: {
    weight: 2,
    group: 'identity',
    label: 'Questions and answers',
    why: 'Ready-made answers assistants like to quote; helpful, not required.',
  },
  https: {
    weight: 4,
    group: 'basics',
    label: 'Secure address (HTTPS)',
    why: 'Assistants and browsers prefer secure sites.',
  },
  title_description: {
    weight: 4,
    group: 'basics',
    label: 'Title and description',
    why: 'The first words an assistant reads about a page.',
  },
  h1: { weight: 2, group: 'basics', label: 'One main heading', why: 'Says what the page is.' },
  canonical: {
    weight: 2,
    group: 'basics',
    label: 'Canonical address',
    why: 'One address per page, so nothing is counted twice.',
  },
  lang: { weight: 2, group: 'basics', label: 'Page language', why: 'Read in the right language.' },
  server_text: {
    weight: 6,
    group: 'basics',
    label: 'Text readable without JavaScript',
    why: 'Most AI crawlers do not run JavaScript.',
  },
  page_weight: {
    weight: 2,
    group: 'basics',
    label: 'Page size',
    why: 'Crawlers stop reading very large pages.',
  },
  response_time: {
    weight: 2,
    group: 'basics',
    label: 'Response time',
    why: 'Slow pages are fetched less often.',
  },
} as const satisfies Record<string, SignalDefinition>;

export type SignalId = keyof typeof SIGNALS;
export const SIGNAL_IDS = Object.keys(SIGNALS) as SignalId[];

/** Version 1's table, as it was: audits stored with it are shown and explained with it. */
const SIGNALS_V1: Partial<Record<SignalId, SignalDefinition>> = {
  home_page: { weight: 3, group: 'basics', label: 'Home page loads' },
  robots_txt: { weight: 5, group: 'access', label: 'robots.txt' },
  answer_bots: { weight: 15, group: 'access', label: 'AI search and answer crawlers' },
  training_bots: { weight: 5, group: 'access', label: 'AI training crawlers' },
  robots_meta: { weight: 9, group: 'access', label: 'No "noindex" or "noai" on the page' },
  sitemap: { weight: 7, group: 'discovery', label: 'Sitemap' },
  llms_txt: { weight: 2, group: 'discovery', label: 'llms.txt' },
  structured_data: { weight: 15, group: 'identity', label: 'Business details for machines' },
  nap_consistency: { weight: 8, group: 'identity', label: 'Name and location match' },
  faq: { weight: 2, group: 'identity', label: 'Questions and answers' },
  https: { weight: 5, group: 'basics', label: 'Secure address (HTTPS)' },
  title_description: { weight: 5, group: 'basics', label: 'Title and description' },
  h1: { weight: 3, group: 'basics', label: 'One main heading' },
  canonical: { weight: 3, group: 'basics', label: 'Canonical address' },
  lang: { weight: 2, group: 'basics', label: 'Page language' },
  server_text: { weight: 7, group: 'basics', label: 'Text readable without JavaScript' },
  page_weight: { weight: 2, group: 'basics', label: 'Page size' },
  response_time: { weight: 2, group: 'basics', label: 'Response time' },
};

/** Each version's table of signals; every one of them adds up to 100. */
export const SIGNAL_TABLES: Record<number, Partial<Record<SignalId, SignalDefinition>>> = {
  1: SIGNALS_V1,
  [AUDIT_VERSION]: SIGNALS,
};

/** The table an audit of `version` was scored with (the current one for a version we do not know). */
export function signalTable(version: number): Partial<Record<SignalId, SignalDefinition>> {
  return SIGNAL_TABLES[version] ?? SIGNALS;
}

/** A signal as an audit of `version` named and weighed it. */
export function signalDefinition(id: SignalId, version: number): SignalDefinition {
  return signalTable(version)[id] ?? SIGNALS[id];
}

export type EvidenceItem = {
  /** What was checked, e.g. a crawler's name. */
  label: string;
  ok: boolean;
  /** What we saw for it, e.g. 'blocked by line 4: Disallow: /'. */
  note: string;
};

export type Evidence = {
  /** The address fetched. */
  url?: string;
  /** Its HTTP status (absent when it could not be fetched). */
  status?: number;
  /** The line or piece of the page that decided the result. */
  snippet?: string;
  /** Per-item results (one per crawler, one per field). */
  items?: EvidenceItem[];
  /**
   * robots.txt as read, line by line from line 1 (robotsEvidenceLines), so a note
   * such as "blocked by line 5" can be followed; the report numbers them.
   */
  lines?: string[];
};

/** Lines of robots.txt kept as evidence, and characters of each. */
export const ROBOTS_LINES_SHOWN = 40;
const ROBOTS_LINE_CHARS = 200;

/**
 * robots.txt's first lines for the evidence (each cut to 200 characters): ROBOTS_LINES_SHOWN, or
 * up to `through` when a note cites a later line (never more than 200).
 */
export function robotsEvidenceLines(lines: readonly string[], through = 0): string[] {
  return lines
    .slice(0, Math.min(Math.max(ROBOTS_LINES_SHOWN, through), 200))
    .map((line) =>
      line.length > ROBOTS_LINE_CHARS ? `${line.slice(0, ROBOTS_LINE_CHARS - 1)}…` : line,
    );
}

export type SignalResult = {
  id: SignalId;
  status: SignalStatus;
  evidence: Evidence;
  /** One sentence in plain words for the owner. */
  reason: string;
  /**
   * This failure alone keeps the business out of AI answers (every answer crawler blocked, or the
   * page says noindex to all): the score is at most SHUT_OUT_CAP, whatever else passes (version 2).
   */
  shutsOut?: boolean;
};

export type Fix = {
  signal: SignalId;
  /**
   * What the owner gets and does, in plain words ("Tell assistants your opening hours"): no
   * technical names (JSON-LD, robots.txt, canonical); those go in `help`, for whoever builds
   * the site.
   */
  title: string;
  /** The code to copy (`kind` 'code') or the steps to take, in words (`kind` 'steps'). */
  text: string;
  /**
   * 'code': markup, a file or lines to paste, shown in a code box with a Copy button. 'steps':
   * plain advice, shown as text. Missing on fixes stored before issue 44 (see fixShowsCode).
   */
  kind?: 'code' | 'steps';
  /** Where it goes and what to fill in, with the technical names whoever builds the site needs. */
  help?: string;
  /** Worth doing, but nothing fails without it (listed after the fixes of failed checks). */
  optional?: boolean;
};

/**
 * Whether a fix's text is code (a code box with a Copy button) or advice (plain text). A fix
 * stored before fixes said which (no `kind`) counts as code when its text starts as code does:
 * a tag, a JSON property, a comment or a robots.txt line.
 */
export function fixShowsCode(fix: Pick<Fix, 'kind' | 'text'>): boolean {
  if (fix.kind) return fix.kind === 'code';
  return /^(<|"[\w@]+":|\{|#|User-agent:|Content-Signal:|Content-Usage:|Replace <)/.test(
    fix.text.trimStart(),
  );
}

/**
 * complete: the site answered and every signal was checked. unreachable: the home page could not
 * be fetched at all (or we refused the address on purpose); nothing was checked, the score (0)
 * means nothing, the audit stays out of the trend and does not use up the daily allowance.
 */
export type AuditOutcome = 'complete' | 'unreachable';

/** The code of every host we refused (a private network) or could not resolve: one to the owner. */
export const UNREACHABLE_ADDRESS_CODE = 'unreachable_address';

export type Unreachable = {
  /** The host we tried, e.g. "www.example.com". */
  host: string;
  /** Why: unreachable_address (refused or unresolvable host), connect, timeout, tls, bad_url, network. */
  code: string;
  /** Why, in plain words: "we could not reach this address from the internet". */
  reason: string;
  /** One sentence for the owner: "We could not reach www.example.com: …". */
  message: string;
};

export type AuditReport = {
  /** 0-100; meaningless (0) when `outcome` is 'unreachable'. */
  score: number;
  /** The audit version it ran with (AUDIT_VERSION then): its signals' labels and weights. */
  version: number;
  outcome: AuditOutcome;
  /** Why the site could not be checked; null when `outcome` is 'complete'. */
  unreachable: Unreachable | null;
  auditedAt: string;
  /** The address audited (the business's website). */
  url: string;
  signals: SignalResult[];
  fixes: Fix[];
};

const CREDIT: Record<SignalStatus, number> = { pass: 1, warn: 0.5, fail: 0, not_checked: 0 };

/** The most a site scores when AI assistants cannot read it at all: "Hard for AI to use". */
export const SHUT_OUT_CAP = 49;

type Scored = Pick<SignalResult, 'id' | 'status' | 'shutsOut'>;

/** Whether a failure shuts AI assistants out entirely, so the score is capped (version 2 on). */
export function isShutOut(signals: Scored[], version = AUDIT_VERSION): boolean {
  return version >= 2 && signals.some((signal) => signal.shutsOut && signal.status === 'fail');
}

/**
 * 0-100: each signal's weight times its credit (pass 1, warn ½, fail 0), rounded; at most
 * SHUT_OUT_CAP when a failure shuts the assistants out (nothing else helps until they get in).
 */
export function scoreOf(signals: Scored[], version = AUDIT_VERSION): number {
  let total = 0;
  for (const signal of signals) {
    total += (signalTable(version)[signal.id]?.weight ?? 0) * CREDIT[signal.status];
  }
  const score = Math.max(0, Math.min(100, Math.round(total)));
  return isShutOut(signals, version) ? Math.min(score, SHUT_OUT_CAP) : score;
}

export { scoreBand, type ScoreBand } from './score-band';
