import { describe, expect, it } from 'vitest';
import { nextRoundAt } from './next-round.server';
import { roundOffsetSeconds } from './round-start';

// When the next scheduled round of a business starts: the hourly scan at :10 (UTC) queues the
// period's round once, at the business's own offset within the hour.

const CRON = '10 * * * *';
const ID = 'business-next-round';
const offset = roundOffsetSeconds(ID, 60) * 1000;
const at = (iso: string) => new Date(iso);

describe('the next scheduled round', () => {
  it('not queued this period: the next scan, at the business’s offset', () => {
    const next = nextRoundAt({
      businessId: ID,
      kind: 'week',
      queuedPeriod: at('2026-11-16T00:00:00Z'),
      now: at('2026-11-25T08:20:00Z'),
      cron: CRON,
      spreadMinutes: 60,
    });
    expect(next.getTime()).toBe(at('2026-11-25T09:10:00Z').getTime() + offset);
  });

  it('queued this week and started: the first scan of next Monday (UTC)', () => {
    const next = nextRoundAt({
      businessId: ID,
      kind: 'week',
      queuedPeriod: at('2026-11-23T00:00:00Z'),
      now: at('2026-11-25T08:20:00Z'),
      cron: CRON,
      spreadMinutes: 60,
    });
    expect(next.getTime()).toBe(at('2026-11-30T00:10:00Z').getTime() + offset);
  });

  it('queued today on a daily plan: tomorrow’s first scan', () => {
    const next = nextRoundAt({
      businessId: ID,
      kind: 'day',
      queuedPeriod: at('2026-11-25T00:00:00Z'),
      now: at('2026-11-25T08:20:00Z'),
      cron: CRON,
      spreadMinutes: 0,
    });
    expect(next).toEqual(at('2026-11-26T00:10:00Z'));
  });

  it('queued by the period’s first scan a moment ago and not started yet: that round', () => {
    const id = 'a-business-whose-offset-is-later';
    const scan = at('2026-11-25T00:10:00Z').getTime();
    const later = roundOffsetSeconds(id, 60);
    expect(later).toBeGreaterThan(1);
    const next = nextRoundAt({
      businessId: id,
      kind: 'day',
      queuedPeriod: at('2026-11-25T00:00:00Z'),
      now: new Date(scan + 1000),
      cron: CRON,
      spreadMinutes: 60,
    });
    expect(next.getTime()).toBe(scan + later * 1000);
  });
});
