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

  it('says the change in whole points, or nothing without a period before', () => {
    const week = { start: '2026-11-23', end: '2026-11-29', kind: 'week' as const };
    expect(changeSince({ mentionRate: 0.5 }, { mentionRate: 0.42 }, week, now)).toBe(
      'up 8 points since last week',
    );
    expect(changeSince({ mentionRate: 0.25 }, { mentionRate: 0.26 }, week, now)).toBe(
      'down 1 point since last week',
    );
    expect(changeSince({ mentionRate: 1 / 3 }, { mentionRate: 0.333 }, week, now)).toBe(
      'no change since last week',
    );
    expect(changeSince({ mentionRate: 0.5 }, null, week, now)).toBeNull();
    const olderDay = { start: '2026-11-20', end: '2026-11-20', kind: 'day' as const };
    expect(changeSince({ mentionRate: 0 }, { mentionRate: 0.1 }, olderDay, now)).toBe(
      'down 10 points since the day before',
    );
  });

  it('describes one prompt on one engine', () => {
    expect(promptEngineCell({ samples: 3, mentioned: 2, bestPosition: 2 })).toBe(
      'named 2 of 3 (best #2)',
    );
    expect(promptEngineCell({ samples: 3, mentioned: 0, bestPosition: null })).toBe(
      'not named (0 of 3)',
    );
    expect(promptEngineCell({ samples: 0, mentioned: 0, bestPosition: null })).toBe(
      'no answers yet',
    );
  });
});
