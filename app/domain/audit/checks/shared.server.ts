import type { FetchOutcome, FetchSuccess } from '~/lib/safe-fetch.server';
import type { PageFacts } from '../page.server';
import type { RobotsReading } from './crawler-access.server';
import type { CrawlerFetch } from './edge-access.server';
import type { SIGNALS, SignalGroup, SignalId, SignalResult } from '../signals';

// What every group of checks shares: the facts they run on, the limits they judge by, and small
// helpers for reading what was fetched.

export type BusinessFacts = {
  name: string;
  website: string;
  location: string | null;
  industry: string | null;
  description: string | null;
};

export type SiteFetches = {
  home: FetchOutcome;
  /** null: not fetched, because the site could not be reached at all. */
  robots: FetchOutcome | null;
  sitemap: FetchOutcome | null;
  llms: FetchOutcome | null;
  /** The home page and robots.txt fetched as each AI crawler (absent: not fetched, audit v1). */
  crawlers?: CrawlerFetch[];
  /** Our own visit again, after a crawler got 429 or 503: was the site limiting everyone? */
  recheck?: FetchOutcome | null;
};

export const LIMITS = {
  /** HTML of the home page: at most this many bytes passes; up to the fetch cap (2 MB) warns. */
  pageBytesGood: 500 * 1024,
  /** Home page answer, redirects included: pass within the first, warn within the second. */
  responseMsGood: 1000,
  responseMsSlow: 3000,
  /** Words of visible text without JavaScript: pass from the first, warn from the second. */
  wordsGood: 100,
  wordsSome: 20,
  title: { min: 10, max: 70 },
  description: { min: 50, max: 170 },
} as const;

export type Result = Omit<SignalResult, 'id'>;

/** The signals SIGNALS puts in `group`: what that group's checks must return, no more, no less. */
export type GroupResults<G extends SignalGroup> = {
  [K in SignalId as (typeof SIGNALS)[K]['group'] extends G ? K : never]: Result;
};

/**
 * What a group's checks run on. `page` is null when the home page could not be used; `problem`
 * then says why, and every signal that needs the page fails with it.
 */
export type AuditContext = {
  fetches: SiteFetches;
  business: BusinessFacts;
  /** Where the home page ended up (after redirects), or the business's website. */
  homeUrl: string;
  addresses: { robots: string; sitemap: string; llms: string };
  robots: RobotsReading;
  problem: string | null;
  page: { home: FetchSuccess; facts: PageFacts } | null;
};

/** The result of a signal that needs the home page when it could not be used. */
export function pageUnavailable(context: AuditContext): Result {
  const { home } = context.fetches;
  return {
    status: 'fail',
    evidence: { url: home.url, status: home.ok ? home.status : undefined },
    reason: context.problem ?? '',
  };
}

export const snippet = (text: string, max = 200) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export const hostOf = (address: string) => {
  try {
    return new URL(address).host;
  } catch {
    return address;
  }
};

export function bodyText(fetched: FetchSuccess): string {
  return fetched.body.toString('utf8').replace(/^\uFEFF/, '');
}

export function looksLikeHtml(fetched: FetchSuccess): boolean {
  return (
    fetched.contentType.includes('html') || /^\s*(<!doctype html|<html)/i.test(bodyText(fetched))
  );
}
