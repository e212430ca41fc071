import { perPlan } from '../../plans/entitlements';
import type { Tier } from '../../tiers';

// How many log lines each plan may have read a month (uploads and drains together) is the plan
// table's `crawlerLogLinesPerMonth` (~/domain/plans/entitlements): Pricing prints it and
// linesThisMonth (./import.server) enforces it. Lines past it are not read: the import stops and
// says so, and the month's figures keep what was counted. This record is that column, per plan.

export const CRAWLER_LOG_LINES_PER_MONTH: Record<Tier, number> = perPlan('crawlerLogLinesPerMonth');

/** The largest upload, compressed or not (a month of a small business's log is far less). */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;
