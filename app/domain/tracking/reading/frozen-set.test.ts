import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  describeTally,
  figuresOf,
  loadResponses,
  loadSet,
  scoreSet,
  type Path,
} from './evaluation';

// Issue 43's measure: the reading of 72 answers written apart from the reader's tuning
// (tests/fixtures/tracking-reading-frozen, frozen before any reader change; see its README), for
// the reader alone (the fallback and the Demo's reader) and for the extraction model's path (its
// recorded response per answer, checked against the text). Prints the figures and holds the
// issue's targets: the business itself found in 97% of the answers that name it with no more
// false mentions than before (1, measured before the change), other businesses at 0.90
// precision and 0.85 recall (local answers too), tone right on 80% of at least 70% of the labelled
// sentences.

const DIRECTORY = join(process.cwd(), 'tests/fixtures/tracking-reading-frozen');
const answers = loadSet(DIRECTORY);
const responses = loadResponses(DIRECTORY);

const TARGETS = {
  ownRecall: 0.97,
  maxFalseMentions: 1,
  precision: 0.9,
  recall: 0.85,
  toneAccuracy: 0.8,
  toneCoverage: 0.7,
};

describe('the frozen set of answers nobody wrote for the reader', () => {
  it('holds at least 60 answers in every format, local and not, with a model response each', () => {
    expect(answers.length).toBeGreaterThanOrEqual(60);
    expect(answers.filter((answer) => answer.local).length).toBeGreaterThanOrEqual(40);
    expect(answers.filter((answer) => !answer.local).length).toBeGreaterThanOrEqual(10);
    for (const answer of answers) expect(responses[answer.id], answer.id).toBeDefined();
  });

  for (const path of ['reader', 'model'] as Path[])
    it(`the ${path === 'reader' ? 'reader alone' : "extraction model's path"} meets the targets`, () => {
      const { all, local, mistakes } = scoreSet(answers, path, responses);
      console.log(
        [
          `${path === 'reader' ? 'Reader' : 'Extraction model (recorded)'} on ${answers.length} frozen answers:`,
          describeTally('all', all),
          describeTally('local', local),
          ...(mistakes.length ? ['Differences:', ...mistakes] : []),
        ].join('\n'),
      );
      for (const tally of [all, local]) {
        const figures = figuresOf(tally);
        expect(figures.precision).toBeGreaterThanOrEqual(TARGETS.precision);
        expect(figures.recall).toBeGreaterThanOrEqual(TARGETS.recall);
      }
      const figures = figuresOf(all);
      expect(figures.ownRecall).toBeGreaterThanOrEqual(TARGETS.ownRecall);
      expect(figures.falseMentions).toBeLessThanOrEqual(TARGETS.maxFalseMentions);
      expect(figures.toneCoverage).toBeGreaterThanOrEqual(TARGETS.toneCoverage);
      expect(figures.toneAccuracy).toBeGreaterThanOrEqual(TARGETS.toneAccuracy);
    });
});
