import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeTally, figuresOf, loadSet, scoreSet } from './evaluation';

// The development set (tests/fixtures/tracking-reading-dev): the answers the reader is tuned on
// for issue 43's formats. Prints the reader's figures and its differences; the bar is the frozen
// set's (frozen-set.test.ts), which is only measured, never tuned on.

const answers = loadSet(join(process.cwd(), 'tests/fixtures/tracking-reading-dev'));

describe('the development set for the reader', () => {
  it('the reader reads the owner, the other businesses and the tone (floors, not targets)', () => {
    const { all, mistakes } = scoreSet(answers, 'reader');
    console.log(
      [
        `Reader on ${answers.length} development answers:`,
        describeTally('all', all),
        ...mistakes,
      ].join('\n'),
    );
    const figures = figuresOf(all);
    expect(figures.ownRecall).toBeGreaterThanOrEqual(0.9);
    expect(figures.falseMentions).toBe(0);
    expect(figures.precision).toBeGreaterThanOrEqual(0.9);
    expect(figures.recall).toBeGreaterThanOrEqual(0.85);
  });
});
