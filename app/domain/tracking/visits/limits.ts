import type { Tier } from '../../tiers';

// How many log lines each plan may have read a month (uploads and drains together). Lines past it
// are not read: the import stops and says so, and the month's figures keep what was counted.

export const CRAWLER_LOG_LINES_PER_MONTH: Record<Tier, number> = {
  free: 100_000,
  diy: 1_000_000,
  starter: 5_000_000,
  growth: 20_000_000,
  authority: 100_000_000,
};

/** The largest upload, compressed or not (a month of a small business's log is far less). */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;
