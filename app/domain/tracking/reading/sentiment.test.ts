import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readAnswer } from './reader';
import {
  labelSentence,
  readSentiment,
  SENTIMENT_LABELS,
  sentenceSpans,
  sentimentFigures,
  storedSentences,
  type SentimentLabel,
} from './sentiment';

type Labelled = { business: string; text: string; label: SentimentLabel; style: string };

function fixture(file: string): Labelled[] {
  const url = new URL(`../../../../tests/fixtures/tracking-sentiment/${file}`, import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { sentences: Labelled[] }).sentences;
}

/** The set the lexicon was written with in view, and one written after it and never tuned on. */
const tuning = fixture('sentences.json');
const heldOut = fixture('held-out.json');

/**
 * The bars (decision 21): 80% on all the sentences and on the set the lexicon was written with;
 * on the held-out set, which measures what new answers will see (21 of 27 when it was written),
 * a floor of 70% so a change that makes the labeller worse on new text fails.
 */
const ACCURACY_BAR = 0.8;
const HELD_OUT_FLOOR = 0.7;

/** Accuracy, per-class precision and recall, and the misses, printed; the accuracy returned. */
function evaluate(name: string, sentences: readonly Labelled[]): number {
  const results = sentences.map((each) => ({
    ...each,
    got: labelSentence(each.text, [each.business]),
  }));
  const right = results.filter((each) => each.got === each.label).length;
  const accuracy = right / results.length;
  const lines = [
    `Sentiment labeller, ${name}: ${right}/${results.length} right, accuracy ${(accuracy * 100).toFixed(1)}%`,
  ];
  for (const label of SENTIMENT_LABELS) {
    const predicted = results.filter((each) => each.got === label);
    const actual = results.filter((each) => each.label === label);
    const hits = predicted.filter((each) => each.label === label).length;
    const precision = predicted.length ? hits / predicted.length : 0;
    const recall = actual.length ? hits / actual.length : 0;
    lines.push(
      `  ${label.padEnd(8)} precision ${(precision * 100).toFixed(1)}% (${hits}/${predicted.length})  recall ${(recall * 100).toFixed(1)}% (${hits}/${actual.length})`,
    );
  }
  const styles = [...new Set(results.map((each) => each.style))];
  lines.push(
    `  by style: ${styles
      .map((style) => {
        const of = results.filter((each) => each.style === style);
        return `${style} ${of.filter((each) => each.got === each.label).length}/${of.length}`;
      })
      .join(', ')}`,
  );
  for (const miss of results.filter((each) => each.got !== each.label))
    lines.push(`  miss: ${miss.label} read as ${miss.got}: ${miss.text}`);
  console.log(lines.join('\n'));
  return accuracy;
}

describe('the fallback labeller on hand-labelled local-business sentences', () => {
  it('has at least 50 sentences, ten or more of each label', () => {
    const all = [...tuning, ...heldOut];
    expect(tuning.length).toBeGreaterThanOrEqual(50);
    for (const label of SENTIMENT_LABELS)
      expect(all.filter((each) => each.label === label).length).toBeGreaterThanOrEqual(10);
  });

  it(`labels at least ${ACCURACY_BAR * 100}% right (held out: ${HELD_OUT_FLOOR * 100}%), and prints its accuracy`, () => {
    const all = evaluate('all sentences', [...tuning, ...heldOut]);
    const tuned = evaluate('the set the lexicon was written with', tuning);
    const fresh = evaluate('held out (never tuned on)', heldOut);
    expect(all).toBeGreaterThanOrEqual(ACCURACY_BAR);
    expect(tuned).toBeGreaterThanOrEqual(ACCURACY_BAR);
    expect(fresh).toBeGreaterThanOrEqual(HELD_OUT_FLOOR);
  });
});

describe('labelSentence', () => {
  it('does not take the business’s name for praise, nor the customer’s trouble for blame', () => {
    expect(
      labelSentence('Bright Smile Dental is open Monday to Saturday.', ['Bright Smile Dental']),
    ).toBe('neutral');
    expect(labelSentence('PipeRight handles emergency leaks and burst pipes.', ['PipeRight'])).toBe(
      'neutral',
    );
  });

  it('reads local-business phrasing', () => {
    expect(labelSentence('Moreno Plumbing is highly rated.')).toBe('positive');
    expect(labelSentence('There are complaints about Moreno Plumbing.')).toBe('negative');
    expect(labelSentence('Moreno Plumbing can be slow to respond.')).toBe('negative');
  });

  it('reads a contrast by its stressed clause', () => {
    expect(labelSentence('Pricier than most, but the work is excellent.')).toBe('positive');
    expect(labelSentence('Friendly staff, but parts take a week to arrive.')).toBe('negative');
  });
});

describe('readSentiment', () => {
  const business = { name: 'Moreno Plumbing', location: 'Leeds' };
  const text = [
    'Here are plumbers in Leeds:',
    '',
    '1. **PipeRight Leeds** – highly rated for boiler work.',
    '2. **Moreno Plumbing Co.** – Based in Headingley. Reviewers praise its upfront pricing.',
    '',
    'Some customers say Moreno Plumbing is slow to return calls, so ring early. Ironwood Plumbing is another option.',
    '',
    '| Name | Notes |',
    '|---|---|',
    '| Moreno Plumbing | Open Saturdays |',
  ].join('\n');

  it('keeps each sentence that names the business once, with its label, markdown gone', () => {
    const reading = readAnswer({ text, business });
    const found = readSentiment(text, reading.matches);
    expect(found).toEqual([
      { text: 'Moreno Plumbing Co. – Based in Headingley.', label: 'neutral' },
      {
        text: 'Some customers say Moreno Plumbing is slow to return calls, so ring early.',
        label: 'negative',
      },
      { text: 'Moreno Plumbing · Open Saturdays', label: 'neutral' },
    ]);
  });

  it('reads the line under a heading that is the name alone', () => {
    const answer = [
      '### 1. PipeRight Leeds',
      'Boiler specialists.',
      '',
      '### 2. Moreno Plumbing',
      'Several reviews mention missed appointments.',
      '',
      '### 3. Ironwood Plumbing',
    ].join('\n');
    const reading = readAnswer({ text: answer, business });
    expect(readSentiment(answer, reading.matches)).toEqual([
      {
        text: 'Moreno Plumbing – Several reviews mention missed appointments.',
        label: 'negative',
      },
    ]);
  });

  it('finds nothing in an answer that does not name the business', () => {
    const reading = readAnswer({ text: 'Try Ironwood Plumbing.', business });
    expect(readSentiment('Try Ironwood Plumbing.', reading.matches)).toEqual([]);
  });

  it('does not end a sentence after “Co.”, “Dr.”, an initial or a list’s number', () => {
    const sample = 'See Dr. J. Patel at Riverside Co. for a check-up. Then book.';
    expect(sentenceSpans(sample).map((span) => sample.slice(span.start, span.end))).toEqual([
      'See Dr. J. Patel at Riverside Co. for a check-up.',
      'Then book.',
    ]);
    const list = '1. **Moreno Plumbing** – Fair prices. Open Sundays.\n### 2. Ironwood';
    expect(sentenceSpans(list).map((span) => list.slice(span.start, span.end))).toEqual([
      '1. **Moreno Plumbing** – Fair prices.',
      'Open Sundays.',
      '### 2. Ironwood',
    ]);
  });
});

describe('figures and stored sentences', () => {
  it('shares with n, low below 10 sentences', () => {
    expect(sentimentFigures({ positive: 3, neutral: 1, negative: 0, answers: 2 })).toMatchObject({
      sentences: 4,
      positiveShare: 0.75,
      neutralShare: 0.25,
      negativeShare: 0,
      lowSample: true,
    });
    expect(sentimentFigures({ positive: 5, neutral: 3, negative: 2, answers: 6 }).lowSample).toBe(
      false,
    );
  });

  it('reads back what was stored, null for answers not read for sentences', () => {
    expect(storedSentences(null)).toBeNull();
    expect(storedSentences('[{"text":"A","label":"positive"},{"text":"B","label":"odd"}]')).toEqual(
      [{ text: 'A', label: 'positive' }],
    );
  });
});
