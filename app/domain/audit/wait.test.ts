import { describe, expect, it } from 'vitest';
import { formatWait } from './wait';

// The wait an owner is told before their next audit ("You can run the next one in …").

describe('formatWait', () => {
  it.each([
    [1, '1 minute'],
    [0.4, '1 minute'],
    [0, '1 minute'],
    [59, '1 minute'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [59.5 * 60, '1 hour'],
    [59 * 60, '59 minutes'],
    [3600, '1 hour'],
    [3601, '1 hour 1 minute'],
    [2 * 3600 + 30 * 60, '2 hours 30 minutes'],
    [23 * 3600 + 59 * 60 + 30, '24 hours'],
    [23 * 3600 + 59 * 60, '23 hours 59 minutes'],
    [24 * 3600, '24 hours'],
  ])('%s seconds is "%s"', (seconds, words) => {
    expect(formatWait(seconds)).toBe(words);
  });

  it('never says 60 minutes', () => {
    for (let seconds = 1; seconds <= 24 * 3600; seconds += 7) {
      expect(formatWait(seconds)).not.toMatch(/\b60 minutes/);
    }
  });
});
