import { db } from '~/lib/db.server';
import { withLock } from '~/lib/owner-lock.server';
import type { FetchPolicy } from '~/lib/safe-fetch.server';
import { auditSite, type AuditRun } from '../audit/run.server';
import { DomainError } from '../errors';

// The free AI-readiness check on the home page (issue 44, item 1): a visitor types a website and
// gets the readiness score and its top three fixes on our own page, without an account. It is the
// same audit a signed-in owner runs (auditSite: the SSRF rules of safe-fetch, at most
// AUDIT_REQUEST_LIMIT requests and the same time budget), so a free check never sends more
// requests to a site than a signed-in audit does. Limited per visitor's address and per site,
// counted from the FreeCheck rows; a limit met is a 429 with a plain message, nothing fetched.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const FREE_CHECK_LIMITS = {
  windowMs: HOUR_MS,
  /** Checks one address may run per window. */
  perAddress: 5,
  /**
   * Checks all visitors whose address is unknown (no proxy names it) may run together per window:
   * they cannot be told apart, so they share one larger allowance instead of none.
   */
  unknownAddress: 30,
  /** Checks of one site (by host) per window, whoever asks: nobody can make us hammer a site. */
  perSite: 3,
  /** A check's result is kept this long (its page, and an account made from it, can use it). */
  keepDays: 7,
  /** Old rows deleted with each new check (bounded work per request). */
  pruneBatch: 100,
} as const;

export const FREE_CHECK_ADDRESS_LIMIT_MESSAGE =
  'You have run several free checks in the last hour. Please try again in an hour, or create a free account to check your site from your dashboard.';
export const FREE_CHECK_SITE_LIMIT_MESSAGE =
  'This site was checked several times in the last hour. Please try again in an hour.';
export const FREE_CHECK_NOT_FOUND_MESSAGE = 'This check is not available any more';

/** How many fixes the free check shows. */
export const FREE_CHECK_FIXES = 3;

/**
 * Fixes the free check does not show: they compare the site with a business's name and location,
 * which a visitor has not given (the audit is told the host as the name). The dashboard's audit,
 * with the business's own details, shows them.
 */
const NEEDS_BUSINESS_DETAILS = new Set(['nap_consistency']);

/** The check's top fixes: the audit's order (failed checks first), less the ones above. */
export function topFixes(run: AuditRun) {
  return run.fixes
    .filter((fix) => !NEEDS_BUSINESS_DETAILS.has(fix.signal))
    .slice(0, FREE_CHECK_FIXES);
}

/**
 * "example.com" for "https://WWW.Example.com/about" (and "example.com:8080" for another port):
 * what the per-site limit counts by.
 */
export function siteKey(website: string): string {
  return new URL(website).host.toLowerCase().replace(/^www\./, '');
}

export type FreeCheckView = {
  id: string;
  url: string;
  host: string;
  createdAt: string;
  run: AuditRun;
};

/**
 * Runs one free check of `website` (already validated: an http(s) address) for a visitor, or
 * refuses it (rate_limited) before anything is fetched. The place is taken under one lock, so
 * visitors pressing the button at the same moment cannot all take the last one; the fetching runs
 * outside it. Returns the stored check.
 */
export async function runFreeCheck(
  website: string,
  client: { ipAddress: string | null },
  { now = new Date(), policy }: { now?: Date; policy?: FetchPolicy } = {},
): Promise<FreeCheckView> {
  const host = siteKey(website);
  const ipAddress = client.ipAddress?.trim() || null;
  const since = new Date(now.getTime() - FREE_CHECK_LIMITS.windowMs);
  const row = await withLock('free-check', 'free-check.claim', async (tx) => {
    const byAddress = await tx.freeCheck.count({
      where: { ipAddress, createdAt: { gt: since } },
    });
    const addressLimit = ipAddress
      ? FREE_CHECK_LIMITS.perAddress
      : FREE_CHECK_LIMITS.unknownAddress;
    if (byAddress >= addressLimit)
      throw new DomainError('rate_limited', FREE_CHECK_ADDRESS_LIMIT_MESSAGE, {
        retryAfterSeconds: FREE_CHECK_LIMITS.windowMs / 1000,
      });
    const bySite = await tx.freeCheck.count({ where: { host, createdAt: { gt: since } } });
    if (bySite >= FREE_CHECK_LIMITS.perSite)
      throw new DomainError('rate_limited', FREE_CHECK_SITE_LIMIT_MESSAGE, {
        retryAfterSeconds: FREE_CHECK_LIMITS.windowMs / 1000,
      });
    return tx.freeCheck.create({
      data: { ipAddress, host, url: website, createdAt: now },
      select: { id: true },
    });
  });
  await pruneFreeChecks(now);
  const run = await auditSite(
    { name: host, website, location: null, industry: null, description: null },
    policy,
  );
  await db.freeCheck.update({ where: { id: row.id }, data: { result: JSON.stringify(run) } });
  return { id: row.id, url: website, host, createdAt: now.toISOString(), run };
}

/** Deletes a batch of checks older than keepDays, oldest first (by the createdAt index). */
async function pruneFreeChecks(now: Date): Promise<void> {
  const cut = new Date(now.getTime() - FREE_CHECK_LIMITS.keepDays * DAY_MS);
  const old = await db.freeCheck.findMany({
    where: { createdAt: { lt: cut } },
    orderBy: { createdAt: 'asc' },
    take: FREE_CHECK_LIMITS.pruneBatch,
    select: { id: true },
  });
  if (old.length) await db.freeCheck.deleteMany({ where: { id: { in: old.map((r) => r.id) } } });
}

/** A stored check that has finished and is still kept, or not found. */
export async function findFreeCheck(id: string, now = new Date()): Promise<FreeCheckView> {
  const row = await db.freeCheck.findUnique({ where: { id } });
  const cut = now.getTime() - FREE_CHECK_LIMITS.keepDays * DAY_MS;
  if (!row?.result || row.createdAt.getTime() < cut)
    throw new DomainError('not_found', FREE_CHECK_NOT_FOUND_MESSAGE);
  return {
    id: row.id,
    url: row.url,
    host: row.host,
    createdAt: row.createdAt.toISOString(),
    run: JSON.parse(row.result) as AuditRun,
  };
}
