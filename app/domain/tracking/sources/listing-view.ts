// What the report says of the business's listing on a cited site: the check of its most cited
// page that was checked (listed, not listed, or unknown with why), or "not checked" with why. The
// Demo assistant's pages are made up, so they are never fetched: their status is simulated (the
// same for the same business and page on every view) and says so. Pure.

import type { ListingStatus } from './actions';
import type { SourceKind } from './kinds';

export type ListingRow = {
  key: string;
  url: string;
  status: string;
  reason: string | null;
  checkedAt: Date;
};

export const SIMULATED_LISTING_REASON =
  "Simulated: the Demo assistant's pages are made up, so they are never fetched";
export const OWN_SITE_REASON = 'Your own site: not checked';
export const COMPETITOR_SITE_REASON = "A competitor's site: not checked";
export const NOT_YET_REASON = 'Not checked yet: the weekly check takes the most cited pages first';

/** A simulated status: listed on about a third of pages, stable for the business and page. */
export function simulatedListed(businessId: string, url: string): boolean {
  let hash = 0;
  for (const char of `${businessId}|${url}`) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 3 === 0;
}

export function listingView(input: {
  businessId: string;
  kind: SourceKind;
  urls: readonly { url: string }[];
  rows: readonly ListingRow[];
  simulated: boolean;
  plan: { pages: number; everyDays: number } | null;
  /** The first plan with listing checks, for the reason. */
  planNeeded: string;
}): { status: ListingStatus; url: string | null; checkedAt: string | null; reason: string | null } {
  const top = input.urls[0]?.url ?? null;
  if (input.kind === 'yours')
    return { status: 'not_checked', url: top, checkedAt: null, reason: OWN_SITE_REASON };
  if (input.kind === 'competitor')
    return { status: 'not_checked', url: top, checkedAt: null, reason: COMPETITOR_SITE_REASON };
  if (input.simulated) {
    if (!top) return { status: 'not_checked', url: null, checkedAt: null, reason: null };
    return {
      status: simulatedListed(input.businessId, top) ? 'listed' : 'not_listed',
      url: top,
      checkedAt: null,
      reason: SIMULATED_LISTING_REASON,
    };
  }
  // The most cited page that was checked (the rows' order follows the pages' counts).
  const order = new Map(input.urls.map((page, index) => [page.url, index]));
  const checked = [...input.rows].sort(
    (a, b) => (order.get(a.url) ?? Infinity) - (order.get(b.url) ?? Infinity),
  )[0];
  if (checked)
    return {
      status: checked.status as ListingStatus,
      url: checked.url,
      checkedAt: checked.checkedAt.toISOString(),
      reason: checked.reason,
    };
  return {
    status: 'not_checked',
    url: top,
    checkedAt: null,
    reason: input.plan
      ? NOT_YET_REASON
      : `Listing checks come with the ${input.planNeeded} plan and up`,
  };
}
