// What an upgrade costs today, worked out the way Stripe prorates a price change made inside a
// billing period (`proration_behavior: always_invoice`): a credit for the unused rest of the period
// on the old price and a charge for the same time on the new one, each line rounded to the cent,
// time counted in seconds. The demo checkout quotes with this; with Stripe the quote is Stripe's own
// invoice preview. Pure, so it is tested on its own.

/** `date` moved by whole calendar months (UTC), the day kept or else the month's last. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const last = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, last));
  return result;
}

export type Proration = {
  /** Cents credited for the unused time on the old price (negative or zero). */
  credit: number;
  /** Cents charged for the rest of the period on the new price. */
  charge: number;
  /** What is charged now: charge + credit. */
  amount: number;
};

/**
 * `from` and `to` are monthly prices in cents; the period is [start, end); `at` is the moment of
 * the change (clamped to the period).
 */
export function prorate(input: {
  from: number;
  to: number;
  periodStart: Date;
  periodEnd: Date;
  at: Date;
}): Proration {
  const start = Math.floor(input.periodStart.getTime() / 1000);
  const end = Math.floor(input.periodEnd.getTime() / 1000);
  const at = Math.min(Math.max(Math.floor(input.at.getTime() / 1000), start), end);
  const length = end - start;
  const left = length > 0 ? (end - at) / length : 0;
  const credit = -Math.round(input.from * left);
  const charge = Math.round(input.to * left);
  return { credit: credit === 0 ? 0 : credit, charge, amount: charge + credit };
}
