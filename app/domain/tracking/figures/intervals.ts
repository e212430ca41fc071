// How sure a rate is (split from figures.ts, code unchanged): the Wilson score interval, the
// design effect of answers grouped by question and the clustered rate built on both, and the test
// of whether a rate moved beyond noise. Pure arithmetic on counts; figures.ts turns counts into
// figures with these and re-exports them.

/** z for a two-sided 95% interval: the 97.5th percentile of the standard normal distribution. */
export const Z95 = 1.959963984540054;

/**
 * The Wilson score interval for `successes` out of `trials` (Wilson, 1927; Newcombe, 1998,
 * "Two-sided confidence intervals for the single proportion", method 3):
 *
 *   centre = (p + z²/2n) / (1 + z²/n)
 *   half   = z / (1 + z²/n) · √(p(1−p)/n + z²/4n²)
 *
 * Unlike p ± z·√(p(1−p)/n) it stays inside 0..1 and is not zero-width at 0/n or n/n, which is
 * what small daily samples give. With no trials nothing is known: 0..1.
 */
export function wilsonInterval(
  successes: number,
  trials: number,
  z: number = Z95,
): { low: number; high: number } {
  if (!Number.isInteger(trials) || trials < 0 || successes < 0 || successes > trials)
    throw new RangeError(`wilsonInterval: ${successes} of ${trials} is not a proportion`);
  if (trials === 0) return { low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  // At 0/n and n/n the bound is exactly 0 or 1; keep rounding error from showing as -0.0000001.
  return {
    low: successes === 0 ? 0 : Math.max(0, centre - half),
    high: successes === trials ? 1 : Math.min(1, centre + half),
  };
}

/** A group of values (0/1 for a rate, positions for the average): count, sum, sum of squares. */
export type Group = { n: number; sum: number; squares: number };

/**
 * The design effect of values grouped by question (Kish, 1965): 1 + (m − 1)·ρ, where m is the
 * size-weighted mean group size (Σnᵢ²/N) and ρ the intraclass correlation, estimated by one-way
 * analysis of variance (Fleiss, "Statistical Methods for Rates and Proportions", 2003, 15.4):
 *
 *   ρ = (MSB − MSW) / (MSB + (n₀ − 1)·MSW),   n₀ = (N − Σnᵢ²/N) / (k − 1)
 *
 * kept within 0..1. ρ = 1 (each question always answered alike) makes a question's repeats worth
 * one answer; ρ = 0 (repeats no more alike than answers to different questions) leaves every
 * answer its own worth. Where ρ cannot be estimated (fewer than two questions, no repeats, or no
 * variation at all) the design effect is 1: the interval is then Wilson's on the plain count.
 */
export function designEffect(groups: readonly Group[]): number {
  const used = groups.filter((group) => group.n > 0);
  const k = used.length;
  const total = used.reduce((sum, group) => sum + group.n, 0);
  if (k < 2 || total <= k) return 1;
  const sum = used.reduce((acc, group) => acc + group.sum, 0);
  const between = used.reduce((acc, group) => acc + (group.sum * group.sum) / group.n, 0);
  const squares = used.reduce((acc, group) => acc + group.squares, 0);
  const msb = (between - (sum * sum) / total) / (k - 1);
  const msw = Math.max(0, squares - between) / (total - k);
  const sizeSquares = used.reduce((acc, group) => acc + group.n * group.n, 0);
  const n0 = (total - sizeSquares / total) / (k - 1);
  const denominator = msb + (n0 - 1) * msw;
  if (!(denominator > 1e-12)) return 1;
  const rho = Math.min(1, Math.max(0, (msb - msw) / denominator));
  return 1 + (sizeSquares / total - 1) * rho;
}

/** A rate with its 95% interval and what its answers are worth as independent ones. */
export type RateInterval = {
  rate: number;
  low: number;
  high: number;
  effectiveSamples: number;
  designEffect: number;
};

/**
 * The Wilson score interval (see wilsonInterval) for a rate over an effective sample size, which
 * need not be whole: Korn and Graubard's (1998) use of it for clustered samples.
 */
export function wilsonForRate(rate: number, effective: number, z: number = Z95) {
  if (!(effective > 0)) return { low: 0, high: 1 };
  const z2 = z * z;
  const denominator = 1 + z2 / effective;
  const centre = (rate + z2 / (2 * effective)) / denominator;
  const half =
    (z / denominator) * Math.sqrt((rate * (1 - rate)) / effective + z2 / (4 * effective ** 2));
  return {
    low: rate <= 0 ? 0 : Math.max(0, centre - half),
    high: rate >= 1 ? 1 : Math.min(1, centre + half),
  };
}

/**
 * A rate over answers grouped by question, with a 95% interval that accounts for the repeats of
 * one question being alike: Wilson's interval on the effective sample size (samples over the
 * design effect). Four questions asked three times whose repeats always agree are worth four
 * answers, not twelve.
 */
export function clusteredRate(
  groups: readonly { samples: number; successes: number }[],
): RateInterval {
  const samples = groups.reduce((sum, group) => sum + group.samples, 0);
  const successes = groups.reduce((sum, group) => sum + group.successes, 0);
  if (!samples) return { rate: 0, low: 0, high: 1, effectiveSamples: 0, designEffect: 1 };
  const deff = designEffect(
    groups.map((group) => ({ n: group.samples, sum: group.successes, squares: group.successes })),
  );
  const rate = successes / samples;
  const effectiveSamples = samples / deff;
  return { rate, ...wilsonForRate(rate, effectiveSamples), effectiveSamples, designEffect: deff };
}

/**
 * Whether a rate moved beyond noise between two periods: a two-proportion z-test on each
 * period's effective sample size (so the clustering by question widens it as it widens the
 * intervals), pooled under "no change". Clear at the 5% level (|z| > 1.96).
 */
export function compareRates(
  before: { rate: number; effectiveSamples: number },
  after: { rate: number; effectiveSamples: number },
): { change: number; z: number; clear: boolean } {
  const change = after.rate - before.rate;
  const n1 = before.effectiveSamples;
  const n2 = after.effectiveSamples;
  if (!(n1 > 0) || !(n2 > 0)) return { change, z: 0, clear: false };
  const pooled = (before.rate * n1 + after.rate * n2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (!(se > 0)) return { change, z: 0, clear: false };
  const z = change / se;
  return { change, z, clear: Math.abs(z) > Z95 };
}
