import { describe, expect, it } from 'vitest';
import { addMonths, prorate } from './proration';

describe('addMonths', () => {
  it('keeps the day, or takes the last day of a shorter month', () => {
    expect(addMonths(new Date('2025-01-15T10:00:00Z'), 1).toISOString()).toBe(
      '2025-02-15T10:00:00.000Z',
    );
    expect(addMonths(new Date('2025-01-31T10:00:00Z'), 1).toISOString()).toBe(
      '2025-02-28T10:00:00.000Z',
    );
    expect(addMonths(new Date('2024-03-31T00:00:00Z'), -1).toISOString()).toBe(
      '2024-02-29T00:00:00.000Z',
    );
    expect(addMonths(new Date('2025-12-10T00:00:00Z'), 1).toISOString()).toBe(
      '2026-01-10T00:00:00.000Z',
    );
  });
});

describe('prorate', () => {
  const periodStart = new Date('2025-11-01T00:00:00Z');
  const periodEnd = new Date('2025-12-01T00:00:00Z');

  it("halfway through: Stripe's example, -$5 for the unused half and $10 for the new one", () => {
    expect(
      prorate({
        from: 1000,
        to: 2000,
        periodStart,
        periodEnd,
        at: new Date('2025-11-16T00:00:00Z'),
      }),
    ).toEqual({ credit: -500, charge: 1000, amount: 500 });
  });

  it('rounds each line to the cent', () => {
    // 10 of 30 days left: a third of each price.
    const third = prorate({
      from: 24900,
      to: 100000,
      periodStart,
      periodEnd,
      at: new Date('2025-11-21T00:00:00Z'),
    });
    expect(third).toEqual({ credit: -8300, charge: 33333, amount: 25033 });
  });

  it('at the start the whole difference, at the end nothing; outside the period it is clamped', () => {
    expect(prorate({ from: 24900, to: 50000, periodStart, periodEnd, at: periodStart })).toEqual({
      credit: -24900,
      charge: 50000,
      amount: 25100,
    });
    expect(
      prorate({ from: 24900, to: 50000, periodStart, periodEnd, at: new Date('2026-01-01') }),
    ).toEqual({ credit: 0, charge: 0, amount: 0 });
  });
});
