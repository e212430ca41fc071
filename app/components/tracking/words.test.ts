import { describe, expect, it } from 'vitest';
import { changeSince, dayRange, periodLabel, promptEngineCell } from './words';

const now = new Date('2026-11-25T15:00:00Z'); // a Wednesday; the week began Monday Nov 23

describe('the tracking page’s words', () => {
  it('names the period, this one or an earlier one', () => {
    expect(periodLabel({ start: '2026-11-23', end: '2026-11-29', kind: 'week' }, now)).toBe(
      'This week: Nov 23 – 29',
    );
    expect(periodLabel({ start: '2026-11-16', end: '2026-11-22', kind: 'week' }, now)).toBe(
      'Week of Nov 16 – 22',
    );
    expect(periodLabel({ start: '2026-11-25', end: '2026-11-25', kind: 'day' }, now)).toBe(
      'Today: Nov 25',
    );
    expect(periodLabel({ start: '2026-11-21', end: '2026-11-21', kind: 'day' }, now)).toBe(
      'Nov 21',
    );
    expect(dayRange('2026-11-30', '2026-12-06')).toBe('Nov 30 – Dec 6');
    expect(dayRange('2026-12-28', '2027-01-03')).toBe('Dec 28, 2026 – Jan 3, 2027');
  });

  it('says the change in whole points only when it is beyond noise, or nothing without a period before', () => {
    const week = { start: '2026-11-23', end: '2026-11-29', kind: 'week' as const };
    const at = (mentionRate: number, mentionEffectiveSamples: number) => ({
      mentionRate,
      mentionEffectiveSamples,
    });
    // 8 points on 2,000 answers a week is beyond noise; on 12 it is not (issue 32).
    expect(changeSince(at(0.5, 2000), at(0.42, 2000), week, now)).toBe(
      'up 8 points since last week',
    );
    expect(changeSince(at(0.5, 12), at(0.42, 12), week, now)).toBe(
      'no clear change since last week',
    );
    expect(changeSince(at(0.25, 100_000), at(0.26, 100_000), week, now)).toBe(
      'down 1 point since last week',
    );
    expect(changeSince(at(1 / 3, 50), at(0.333, 50), week, now)).toBe(
      'no clear change since last week',
    );
    expect(changeSince(at(0.5, 12), null, week, now)).toBeNull();
    const olderDay = { start: '2026-11-20', end: '2026-11-20', kind: 'day' as const };
    expect(changeSince(at(0, 300), at(0.1, 300), olderDay, now)).toBe(
      'down 10 points since the day before',
    );
  });

  it('describes one prompt on one engine', () => {
    expect(promptEngineCell({ samples: 3, mentioned: 2, bestPosition: 2 })).toBe(
      'named 2 of 3 (best #2) · low sample',
    );
    expect(promptEngineCell({ samples: 3, mentioned: 0, bestPosition: null })).toBe(
      'not named (0 of 3) · low sample',
    );
    expect(promptEngineCell({ samples: 12, mentioned: 4, bestPosition: 1 })).toBe(
      'named 4 of 12 (best #1)',
    );
    expect(promptEngineCell({ samples: 0, mentioned: 0, bestPosition: null })).toBe(
      'no answers yet',
    );
  });
});
