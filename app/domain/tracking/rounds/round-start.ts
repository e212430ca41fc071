import { createHash } from 'node:crypto';

// When a scheduled round starts. The hourly scan finds every due business at once (860 in the
// demo); queued to run at once they all asked together, and the whole machine waited for them.
// So each business's round starts at its own offset after the scan, spread evenly over
// TRACKING_ROUND_SPREAD_MINUTES by a hash of its id: the same offset every period (a business is
// asked at its own minute), different businesses spread over the window.

/** Seconds after the scan at which this business's round starts: [0, spreadMinutes × 60). */
export function roundOffsetSeconds(businessId: string, spreadMinutes: number): number {
  const window = Math.floor(spreadMinutes * 60);
  if (window <= 0) return 0;
  return createHash('sha256').update(businessId).digest().readUInt32BE(0) % window;
}

/** When the round of `businessId` queued by the scan at `scanAt` starts. */
export function roundStart(businessId: string, scanAt: Date, spreadMinutes: number): Date {
  return new Date(scanAt.getTime() + roundOffsetSeconds(businessId, spreadMinutes) * 1000);
}
