import { describe, expect, it } from 'vitest';
import {
  describeChange,
  describeCitations,
  describeAllAssistants,
  describeMentions,
  describePosition,
  clusteredRate,
  compareRates,
  designEffect,
  figuresFromCounts,
  figuresOf,
  NO_COUNTS,
  positionSpread,
  periodFigures,
  periodStart,
  trackingFigures,
  wilsonInterval,
  type ReadAnswerRecord,
} from './figures';

function answer(overrides: Partial<ReadAnswerRecord> = {}): ReadAnswerRecord {
  return {
    engine: 'chatgpt',
    askedAt: new Date('2026-11-23T10:00:00Z'),
    mentioned: false,
    position: null,
    cited: false,
    competitors: [],
    sources: [],
    ...overrides,
  };
}

/** `count` answers, the first `named` of which name the business at `position`. */
function answers(count: number, named: number, rest: Partial<ReadAnswerRecord> = {}) {
  return Array.from({ length: count }, (_, i) =>
    answer({ ...rest, mentioned: i < named, position: i < named ? 1 : null }),
  );
}

describe('wilsonInterval', () => {
  // Expected values computed separately (Python, statistics.NormalDist for z = 1.959964; also
  // 2 of 4 below) from
  // centre = (p + z²/2n)/(1 + z²/n), half = z/(1 + z²/n)·√(p(1−p)/n + z²/4n²).
  it.each([
    [0, 10, 0, 0.277533],
    [4, 12, 0.13812, 0.609378],
    [10, 10, 0.722467, 1],
    [50, 100, 0.403832, 0.596168],
    [1, 1, 0.206549, 1],
  ])('%i of %i is %f..%f', (successes, trials, low, high) => {
    const interval = wilsonInterval(successes, trials);
    expect(interval.low).toBeCloseTo(low, 6);
    expect(interval.high).toBeCloseTo(high, 6);
  });

  it('matches the published example: 81 of 263 is 0.2553 to 0.3662 (Newcombe 1998, method 3)', () => {
    const interval = wilsonInterval(81, 263);
    expect(interval.low).toBeCloseTo(0.2553, 4);
    expect(interval.high).toBeCloseTo(0.3662, 4);
  });

  it('knows nothing from no answers', () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it('refuses what is not a proportion', () => {
    expect(() => wilsonInterval(5, 3)).toThrow(RangeError);
    expect(() => wilsonInterval(-1, 3)).toThrow(RangeError);
    expect(() => wilsonInterval(1, 2.5)).toThrow(RangeError);
  });
});

describe('figuresOf', () => {
  it('counts mentions, citations and the average position when named', () => {
    const figures = figuresOf([
      answer({ mentioned: true, position: 1, cited: true }),
      answer({ mentioned: true, position: 4 }),
      answer({ cited: true }),
      answer(),
    ]);
    expect(figures).toMatchObject({
      samples: 4,
      mentioned: 2,
      mentionRate: 0.5,
      cited: 2,
      citationRate: 0.5,
      averagePosition: 2.5,
    });
    expect(figures.mentionRateLow).toBeCloseTo(0.150039, 6);
    expect(figures.mentionRateHigh).toBeCloseTo(0.849961, 6);
  });

  it('has no average position when the business was never named', () => {
    expect(figuresOf(answers(5, 0)).averagePosition).toBeNull();
    expect(figuresOf([]).averagePosition).toBeNull();
  });

  it('reports zero rates and a 0..1 interval without answers', () => {
    expect(figuresOf([])).toEqual({
      samples: 0,
      mentioned: 0,
      mentionRate: 0,
      mentionRateLow: 0,
      mentionRateHigh: 1,
      cited: 0,
      citationRate: 0,
      citationRateLow: 0,
      citationRateHigh: 1,
      mentionEffectiveSamples: 0,
      citationEffectiveSamples: 0,
      questions: null,
      lowSample: false,
      retrieved: 0,
      citedOrRetrieved: 0,
      citedNotNamed: 0,
      averagePosition: null,
      positionSd: null,
      averagePositionLow: null,
      averagePositionHigh: null,
      shareOfVoice: 0,
    });
  });

  it('keeps answers that cited the site apart from those whose search only found it', () => {
    const figures = figuresOf([
      answer({ mentioned: true, position: 1, cited: true }),
      answer({ cited: true }),
      answer({ retrieved: true }),
      answer({ retrieved: true }),
      answer({ citedOrRetrieved: true }),
      answer(),
    ]);
    expect(figures).toMatchObject({
      samples: 6,
      cited: 2,
      citationRate: 2 / 6,
      retrieved: 2,
      citedOrRetrieved: 1,
      citedNotNamed: 1,
    });
  });

  it('takes share of voice as our answers over all businesses’ answers', () => {
    const figures = figuresOf([
      answer({ mentioned: true, position: 2, competitors: [{ name: 'Reliant Plumbing' }] }),
      answer({
        competitors: [{ name: 'Reliant Plumbing' }, { name: 'Radiant Plumbing' }],
      }),
      // The same business twice in one answer counts once.
      answer({
        mentioned: true,
        position: 1,
        competitors: [{ name: 'Reliant Plumbing' }, { name: 'Reliant Plumbing, LLC' }],
      }),
    ]);
    // Us: 2 answers. Reliant: 3. Radiant: 1.
    expect(figures.shareOfVoice).toBeCloseTo(2 / 6, 10);
  });
});

describe('periodStart', () => {
  it.each([
    ['2026-11-23T00:00:00Z', '2026-11-23'], // a Monday is its own week
    ['2026-11-29T23:59:59Z', '2026-11-23'], // Sunday night belongs to the Monday before
    ['2026-12-01T08:00:00Z', '2026-11-30'], // across a month boundary
    ['2027-01-01T12:00:00Z', '2026-12-28'], // across a year boundary
    ['2027-01-04T00:00:00Z', '2027-01-04'],
    ['2027-01-01T01:00:00+02:00', '2026-12-28'], // an offset is read in UTC
  ])('week of %s starts %s', (at, start) => {
    expect(periodStart(new Date(at), 'week').toISOString().slice(0, 10)).toBe(start);
  });

  it('starts a day at midnight UTC', () => {
    expect(periodStart(new Date('2026-12-31T23:59:59.999Z'), 'day').toISOString()).toBe(
      '2026-12-31T00:00:00.000Z',
    );
    expect(periodStart(new Date('2027-01-01T01:00:00+02:00'), 'day').toISOString()).toBe(
      '2026-12-31T00:00:00.000Z',
    );
  });
});

describe('periodFigures', () => {
  it('gives every week from the first to the last, empty weeks included, across the new year', () => {
    const periods = periodFigures(
      [
        ...answers(2, 1, { askedAt: new Date('2026-12-22T09:00:00Z') }),
        ...answers(3, 3, { askedAt: new Date('2027-01-06T09:00:00Z') }),
      ],
      'week',
    );
    expect(periods.map((period) => [period.start, period.samples, period.mentioned])).toEqual([
      ['2026-12-21', 2, 1],
      ['2026-12-28', 0, 0],
      ['2027-01-04', 3, 3],
    ]);
    expect(periods[1]).toMatchObject({
      mentionRateLow: 0,
      mentionRateHigh: 1,
      averagePosition: null,
    });
  });

  it('gives days across a month boundary and keeps only the latest when capped', () => {
    const days = periodFigures(
      [
        answer({ askedAt: new Date('2026-11-29T12:00:00Z') }),
        answer({ askedAt: new Date('2026-12-02T12:00:00Z') }),
      ],
      'day',
    );
    expect(days.map((day) => day.start)).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
    const capped = periodFigures(
      [
        answer({ askedAt: new Date('2026-11-29T12:00:00Z') }),
        answer({ askedAt: new Date('2026-12-02T12:00:00Z') }),
      ],
      'day',
      null,
      null,
      2,
    );
    expect(capped.map((day) => day.start)).toEqual(['2026-12-01', '2026-12-02']);
  });

  it('gives nothing for no answers unless a window is asked for', () => {
    expect(periodFigures([], 'week')).toEqual([]);
    expect(
      periodFigures([], 'week', new Date('2026-11-23'), new Date('2026-12-07')).map((p) => p.start),
    ).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
  });
});

describe('trackingFigures', () => {
  const records: ReadAnswerRecord[] = [
    answer({
      engine: 'perplexity',
      mentioned: true,
      position: 2,
      cited: true,
      competitors: [{ name: 'Reliant Plumbing', known: true }],
      sources: [
        { url: 'https://joesplumbing.com/a', cited: true },
        { url: 'https://www.yelp.com/x', cited: true },
        { url: 'https://yelp.com/y', cited: false },
      ],
    }),
    answer({
      engine: 'chatgpt',
      competitors: [{ name: 'RELIANT PLUMBING' }, { name: 'Abacus Plumbing' }],
      sources: [{ url: 'https://www.yelp.com/z', cited: false }],
    }),
    answer({
      engine: 'chatgpt',
      mentioned: true,
      position: 1,
      askedAt: new Date('2026-11-30T10:00:00Z'),
      competitors: [{ name: 'Reliant Plumbing', known: true }],
      // Recorded before cited and retrieved were told apart.
      sources: [{ url: 'https://reddit.com/r/austin' }],
    }),
    answer({ engine: 'mistral', askedAt: new Date('2026-11-30T11:00:00Z') }),
  ];

  it('splits by engine in the dashboard order, with product names and empty engines asked for', () => {
    const figures = trackingFigures(records, {
      engines: ['chatgpt', 'perplexity', 'gemini', 'claude'],
    });
    expect(figures.engines.map((e) => [e.engine, e.name, e.samples, e.mentioned])).toEqual([
      ['chatgpt', 'ChatGPT', 2, 1],
      ['perplexity', 'Perplexity', 1, 1],
      ['gemini', 'Gemini', 0, 0],
      ['claude', 'Claude', 0, 0],
      ['mistral', 'mistral', 1, 0],
    ]);
    expect(figures.overall).toMatchObject({
      samples: 4,
      mentioned: 2,
      cited: 1,
      averagePosition: 1.5,
    });
  });

  it('counts competitors by name in the owner’s spelling, with share of voice', () => {
    const { competitors, overall } = trackingFigures(records);
    expect(competitors).toEqual([
      { name: 'Reliant Plumbing', known: true, mentions: 3, shareOfVoice: 3 / 6 },
      { name: 'Abacus Plumbing', known: false, mentions: 1, shareOfVoice: 1 / 6 },
    ]);
    expect(overall.shareOfVoice).toBe(2 / 6);
  });

  it('ranks the cited sites by the answers citing them, apart from those only found, and marks the business’s own', () => {
    const { domains } = trackingFigures(records, { website: 'https://www.joesplumbing.com' });
    const site = { retrieved: 0, citedOrRetrieved: 0, own: false };
    expect(domains).toEqual([
      { ...site, domain: 'yelp.com', cited: 1, share: 0.25, retrieved: 1 },
      { ...site, domain: 'joesplumbing.com', cited: 1, share: 0.25, own: true },
      { ...site, domain: 'reddit.com', cited: 0, share: 0, citedOrRetrieved: 1 },
    ]);
  });

  it('leaves answers outside the window out of every figure', () => {
    const figures = trackingFigures(records, {
      from: new Date('2026-11-30T00:00:00Z'),
      to: new Date('2026-12-06T00:00:00Z'),
    });
    expect(figures.overall.samples).toBe(2);
    expect(figures.periods.map((p) => [p.start, p.samples])).toEqual([['2026-11-30', 2]]);
    expect(figures.trend).toBeNull();
  });

  it('calls a change clear only when it is beyond noise', () => {
    const week1 = new Date('2026-11-02T10:00:00Z');
    const week4 = new Date('2026-11-23T10:00:00Z');
    const small = trackingFigures([
      ...answers(4, 1, { askedAt: week1 }),
      ...answers(4, 3, { askedAt: week4 }),
    ]);
    expect(small.trend).toEqual({
      from: '2026-11-02',
      to: '2026-11-23',
      change: 0.5,
      clear: false,
    });
    expect(small.periods).toHaveLength(4);
    const large = trackingFigures([
      ...answers(60, 6, { askedAt: week1 }),
      ...answers(60, 42, { askedAt: week4 }),
    ]);
    expect(large.trend).toMatchObject({ change: 0.6, clear: true });
  });
});

describe('the words', () => {
  it('gives the count, the rate and the interval', () => {
    expect(describeMentions(figuresOf(answers(12, 4)))).toBe(
      'named in 4 of 12 answers (33%), likely between 14% and 61%',
    );
    // Under 10 answers the figure carries the low-sample mark (issue 32).
    expect(describeMentions(figuresOf(answers(1, 1)))).toBe(
      'named in 1 of 1 answer (100%), likely between 21% and 100% (low sample: fewer than 10 answers)',
    );
    expect(describeMentions(figuresOf(answers(10, 0)))).toBe(
      'named in 0 of 10 answers (0%), likely between 0% and 28%',
    );
    expect(describeMentions(figuresOf([]))).toBe('not asked yet');
  });

  it('labels figures from simulated answers before the number', () => {
    const figures = figuresOf(answers(12, 4));
    expect(describeMentions(figures, { simulated: true })).toBe(
      'simulated answers: named in 4 of 12 (33%), likely between 14% and 61%',
    );
    expect(describeAllAssistants(figures, true)).toBe(
      'All assistants, simulated answers: named in 4 of 12 (33%), likely between 14% and 61%',
    );
    expect(describeAllAssistants(figures, false)).toBe(
      'All assistants: named in 4 of 12 answers (33%), likely between 14% and 61%',
    );
  });

  it('gives citations with their count', () => {
    const figures = figuresOf([answer({ cited: true }), answer(), answer(), answer()]);
    expect(describeCitations(figures)).toBe(
      'site cited in 1 of 4 answers (25%), likely between 5% and 70% (low sample: fewer than 10 answers)',
    );
  });

  it('never gives a position without the answers behind it', () => {
    expect(describePosition(figuresOf(answers(12, 4)))).toBe(
      'named 1st on average in the 4 answers that named it',
    );
    expect(describePosition(figuresOf(clustered([3, 3, 0, 0], 3)))).toBe(
      'named 2nd on average in the 6 answers that named it (the same position every time)',
    );
    expect(
      describePosition(
        figuresOf([
          answer({ mentioned: true, position: 2 }),
          answer({ mentioned: true, position: 3 }),
          answer({ mentioned: true, position: 2 }),
        ]),
      ),
    ).toBe('at position 2.3 on average in the 3 answers that named it');
    expect(describePosition(figuresOf([answer({ mentioned: true, position: 3 })]))).toBe(
      'named 3rd on average in the 1 answer that named it',
    );
    expect(describePosition(figuresOf(answers(3, 0)))).toBe('not named in any answer');
    expect(describePosition(figuresOf([]))).toBe('not asked yet');
  });

  it('gives a change with both sample sizes only when it is beyond noise', () => {
    const week = 'the week before';
    // 30 of 40 against 5 of 40: far beyond noise.
    expect(describeChange(figuresOf(answers(40, 30)), figuresOf(answers(40, 5)), week)).toBe(
      'up 62 points from 13% (5 of 40 answers) the week before',
    );
    // Within noise: never "down 17 points" (issue 32).
    expect(describeChange(figuresOf(answers(6, 2)), figuresOf(answers(6, 3)), week)).toBe(
      'no clear change from 50% (3 of 6 answers, low sample: fewer than 10 answers) the week before: the difference is within what chance gives',
    );
    expect(describeChange(figuresOf(answers(3, 1)), figuresOf(answers(6, 2)), week)).toBe(
      'no clear change from 33% (2 of 6 answers, low sample: fewer than 10 answers) the week before: the difference is within what chance gives',
    );
    expect(describeChange(figuresOf(answers(50, 26)), figuresOf(answers(50, 25)), week)).toBe(
      'no clear change from 50% (25 of 50 answers) the week before: the difference is within what chance gives',
    );
    expect(describeChange(figuresOf(answers(3, 1)), null, week)).toBe('not asked the week before');
    expect(describeChange(figuresOf([]), figuresOf(answers(3, 1)), week)).toBe('not asked yet');
  });
});

/** `questions` questions asked `repeats` times; question i names the business `named[i]` times. */
function clustered(named: number[], repeats: number) {
  return named
    .map((count, i) =>
      Array.from({ length: repeats }, (_, r) =>
        answer({ prompt: `q${i}`, mentioned: r < count, position: r < count ? 2 : null }),
      ),
    )
    .flat();
}

describe('intervals clustered by question (decision 20)', () => {
  it('counts 4 questions asked 3 times whose repeats always agree as 4 answers, not 12', () => {
    // Two questions always name the business, two never do: 6 of 12, repeats perfectly alike.
    const alike = figuresOf(clustered([3, 3, 0, 0], 3));
    // 6 of 12 from 12 different questions: independent answers.
    const independent = figuresOf(clustered([1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0], 1));
    expect(alike.mentionRate).toBe(0.5);
    expect(independent.mentionRate).toBe(0.5);
    expect(alike.mentionEffectiveSamples).toBeCloseTo(4, 6);
    expect(independent.mentionEffectiveSamples).toBe(12);
    // Wilson for 2 of 4: 15.0%..85.0%; for 6 of 12: 25.4%..74.6% (0.253782).
    expect(alike.mentionRateLow).toBeCloseTo(0.150039, 5);
    expect(alike.mentionRateHigh).toBeCloseTo(0.849961, 5);
    expect(independent.mentionRateLow).toBeCloseTo(0.253782, 5);
    const width = (f: { mentionRateLow: number; mentionRateHigh: number }) =>
      f.mentionRateHigh - f.mentionRateLow;
    expect(width(alike)).toBeGreaterThan(1.4 * width(independent));
    expect(alike.questions).toBe(4);
  });

  it('leaves repeats that agree no more than different questions do at their own worth', () => {
    // Each question named once in three: no question is likelier than another.
    const rate = clusteredRate([1, 1, 1, 1].map((successes) => ({ samples: 3, successes })));
    const plain = wilsonInterval(4, 12);
    expect(rate.designEffect).toBe(1);
    expect(rate.low).toBeCloseTo(plain.low, 9);
    expect(rate.high).toBeCloseTo(plain.high, 9);
  });

  it('partly alike repeats widen the interval part of the way', () => {
    const deff = designEffect([
      { n: 3, sum: 3, squares: 3 },
      { n: 3, sum: 2, squares: 2 },
      { n: 3, sum: 0, squares: 0 },
      { n: 3, sum: 1, squares: 1 },
    ]);
    expect(deff).toBeGreaterThan(1);
    expect(deff).toBeLessThan(3);
  });

  it('cannot estimate how alike repeats are from one question, or from no variation', () => {
    expect(designEffect([{ n: 3, sum: 2, squares: 2 }])).toBe(1);
    expect(
      designEffect([
        { n: 3, sum: 0, squares: 0 },
        { n: 3, sum: 0, squares: 0 },
      ]),
    ).toBe(1);
    expect(
      designEffect([
        { n: 1, sum: 1, squares: 1 },
        { n: 1, sum: 0, squares: 0 },
      ]),
    ).toBe(1);
  });

  it('clusters the citation rate too', () => {
    const cited = clustered([3, 3, 0, 0], 3).map((a) => ({ ...a, cited: a.mentioned }));
    const figures = figuresOf(cited);
    expect(figures.citationRateLow).toBeCloseTo(0.150039, 5);
    expect(figures.citationEffectiveSamples).toBeCloseTo(4, 6);
  });

  it('falls back to independent answers when the per-question counts do not add up', () => {
    const counts = { ...NO_COUNTS, samples: 12, mentioned: 6 };
    const figures = figuresFromCounts(counts, [
      { samples: 3, mentioned: 3, cited: 0, positionSum: 0, positionSquares: 0, positionCount: 0 },
    ]);
    expect(figures.questions).toBeNull();
    expect(figures.mentionEffectiveSamples).toBe(12);
    expect(figures.mentionRateLow).toBeCloseTo(wilsonInterval(6, 12).low, 9);
  });

  it('marks cells of fewer than 10 answers as low samples, and none as not low but unasked', () => {
    expect(figuresOf(answers(9, 3)).lowSample).toBe(true);
    expect(figuresOf(answers(10, 3)).lowSample).toBe(false);
    expect(figuresOf([]).lowSample).toBe(false);
  });

  it('gives the spread of the average position', () => {
    const spread = positionSpread([
      { samples: 3, mentioned: 2, cited: 0, positionSum: 4, positionSquares: 10, positionCount: 2 },
      { samples: 3, mentioned: 2, cited: 0, positionSum: 4, positionSquares: 8, positionCount: 2 },
    ]);
    // Positions 1, 3, 2, 2: mean 2, sample SD √(2/3).
    expect(spread.sd).toBeCloseTo(Math.sqrt(2 / 3), 9);
    expect(spread.low).toBeGreaterThanOrEqual(1);
    expect(spread.high).toBeGreaterThan(2);
    expect(
      positionSpread([{ ...NO_QUESTION, positionSum: 2, positionSquares: 4, positionCount: 1 }]),
    ).toEqual({ sd: null, low: null, high: null });
    const figures = figuresOf([
      answer({ prompt: 'a', mentioned: true, position: 1 }),
      answer({ prompt: 'a', mentioned: true, position: 3 }),
      answer({ prompt: 'b', mentioned: true, position: 2 }),
      answer({ prompt: 'b', mentioned: true, position: 2 }),
    ]);
    expect(describePosition(figures)).toMatch(
      /^named 2nd on average in the 4 answers that named it \(the average is likely between 1\.\d and \d\.\d; your place moves by about 1 place from one answer to the next\)$/,
    );
  });
});

describe('changes beyond noise', () => {
  it('tests the same move on effective samples: clear from 12 independent answers, noise from 4 questions × 3', () => {
    // 25% → 75%.
    expect(
      compareRates({ rate: 0.25, effectiveSamples: 12 }, { rate: 0.75, effectiveSamples: 12 })
        .clear,
    ).toBe(true);
    expect(
      compareRates({ rate: 0.25, effectiveSamples: 4 }, { rate: 0.75, effectiveSamples: 4 }).clear,
    ).toBe(false);
    const before = figuresOf(clustered([3, 0, 0, 0], 3));
    const after = figuresOf(clustered([3, 3, 3, 0], 3));
    expect(describeChange(after, before, 'the week before')).toBe(
      'no clear change from 25% (3 of 12 answers) the week before: the difference is within what chance gives',
    );
    const independentBefore = figuresOf(answers(12, 3));
    const independentAfter = figuresOf(answers(12, 9));
    expect(describeChange(independentAfter, independentBefore, 'the week before')).toBe(
      'up 50 points from 25% (3 of 12 answers) the week before',
    );
  });

  it('never calls no movement clear, even at 0 and 100%', () => {
    expect(
      compareRates({ rate: 0, effectiveSamples: 50 }, { rate: 0, effectiveSamples: 50 }),
    ).toMatchObject({ change: 0, clear: false });
    expect(
      compareRates({ rate: 0.5, effectiveSamples: 0 }, { rate: 1, effectiveSamples: 9 }).clear,
    ).toBe(false);
  });
});

const NO_QUESTION = {
  samples: 0,
  mentioned: 0,
  cited: 0,
  positionSum: 0,
  positionSquares: 0,
  positionCount: 0,
};
