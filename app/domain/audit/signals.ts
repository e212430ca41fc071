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
};

/**
 * Every signal the audit scores, in the order the results page shows them. A signal earns its full
 * weight when it passes, half when it warns, nothing when it fails; the score is the rounded sum.
 * The weights follow what stops an assistant from recommending a business: being shut out of its
 * answer crawlers costs most; llms.txt, which no major assistant requires, costs least.
 */
export const SIGNALS = {
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
} as const satisfies Record<string, SignalDefinition>;

export type SignalId = keyof typeof SIGNALS;
export const SIGNAL_IDS = Object.keys(SIGNALS) as SignalId[];

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
};

export type SignalResult = {
  id: SignalId;
  status: SignalStatus;
  evidence: Evidence;
  /** One sentence in plain words for the owner. */
  reason: string;
};

export type Fix = {
  signal: SignalId;
  title: string;
  /** What to copy: a file, a snippet or a suggestion. */
  text: string;
  /** Where it goes and what to fill in, in plain words. */
  help?: string;
};

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

/** 0-100: each signal's weight times its credit (pass 1, warn ½, fail 0), rounded. */
export function scoreOf(signals: Pick<SignalResult, 'id' | 'status'>[]): number {
  let total = 0;
  for (const signal of signals) total += SIGNALS[signal.id].weight * CREDIT[signal.status];
  return Math.max(0, Math.min(100, Math.round(total)));
}

export type ScoreBand = { label: string; tone: 'good' | 'fair' | 'poor' };

export function scoreBand(score: number): ScoreBand {
  if (score >= 80) return { label: 'Ready for AI', tone: 'good' };
  if (score >= 50) return { label: 'Needs work', tone: 'fair' };
  return { label: 'Hard for AI to use', tone: 'poor' };
}
