import { describe, expect, it } from 'vitest';
import { roundOffsetSeconds, roundStart } from './round-start';

describe('when a scheduled round starts', () => {
  const ids = Array.from({ length: 860 }, (_, i) => `business-${i}`);

  it('each business at its own offset within the window, the same every period', () => {
    for (const id of ids) {
      const offset = roundOffsetSeconds(id, 60);
      expect(offset).toBeGreaterThanOrEqual(0);
      expect(offset).toBeLessThan(3600);
      expect(roundOffsetSeconds(id, 60)).toBe(offset);
    }
    const scan = new Date('2030-03-04T10:10:00Z');
    const nextScan = new Date('2030-03-05T10:10:00Z');
    const id = ids[7]!;
    expect(roundStart(id, nextScan, 60).getTime() - roundStart(id, scan, 60).getTime()).toBe(
      24 * 3600 * 1000,
    );
  });

  it('a scan of 860 businesses starts no more than a few rounds in any one minute', () => {
    const perMinute = new Map<number, number>();
    for (const id of ids) {
      const minute = Math.floor(roundOffsetSeconds(id, 60) / 60);
      perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
    }
    // 860 over 60 minutes is about 14 a minute; all at once would be 860 in the first.
    expect(perMinute.size).toBe(60);
    expect(Math.max(...perMinute.values())).toBeLessThan(30);
  });

  it('no window: every round at the scan', () => {
    const scan = new Date('2030-03-04T10:10:00Z');
    expect(roundStart(ids[0]!, scan, 0)).toEqual(scan);
  });
});
