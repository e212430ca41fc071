// Scoring the reading of labelled answers (tests/fixtures/tracking-reading-frozen and -dev): the
// owner's business (named or not), the other businesses (precision, recall) and the tone of the
// labelled sentences (coverage: found at all; accuracy: right among those found), for the reader
// alone and for the extraction model's path (a recorded model response replayed). Used by the
// tests that print the figures; pure and independent of how the reader works.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { withModelNames, sentencesAbout } from './model-names';
import { normalizeName } from './names';
import { readAnswer, type AnswerReading } from './reader';
import { ownLines } from './segments';
import { answerSentiment, plainSentence, type LabelledSentence } from './sentiment';

export type LabelledAnswer = {
  id: string;
  text: string;
  engine: string;
  local: boolean;
  business: { name: string; website?: string; location?: string; variants?: string[] };
  own: { named: boolean; variant?: boolean };
  names: (string | string[])[];
  optional?: string[];
  tone: { text: string; label: LabelledSentence['label'] }[];
  links: string[];
};

export type ModelResponse = { businesses: string[]; sentences: LabelledSentence[] };

export function loadSet(directory: string): LabelledAnswer[] {
  const labels = JSON.parse(readFileSync(join(directory, 'labels.json'), 'utf8')) as Record<
    string,
    Omit<LabelledAnswer, 'id' | 'text'>
  >;
  return readdirSync(directory)
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .sort()
    .map((file) => {
      const id = file.slice(0, -3);
      const label = labels[id];
      if (!label) throw new Error(`No labels for ${id}`);
      return { id, text: readFileSync(join(directory, file), 'utf8'), ...label };
    });
}

export function loadResponses(directory: string): Record<string, ModelResponse> {
  return JSON.parse(readFileSync(join(directory, 'model-responses.json'), 'utf8')) as Record<
    string,
    ModelResponse
  >;
}

export type Tally = {
  answers: number;
  ownNamed: number;
  ownFound: number;
  falseMentions: number;
  found: number;
  right: number;
  labelled: number;
  toneLabelled: number;
  toneFound: number;
  toneRight: number;
};

const EMPTY: Tally = {
  answers: 0,
  ownNamed: 0,
  ownFound: 0,
  falseMentions: 0,
  found: 0,
  right: 0,
  labelled: 0,
  toneLabelled: 0,
  toneFound: 0,
  toneRight: 0,
};

export type AnswerScore = { tally: Tally; missed: string[]; wrong: string[]; tone: string[] };

/** The words of a sentence, for finding a labelled sentence among the read ones. */
const words = (value: string) => normalizeName(plainSentence(value));

/** One answer's reading scored against its labels. */
export function scoreReading(
  answer: LabelledAnswer,
  reading: AnswerReading,
  sentences: LabelledSentence[],
): AnswerScore {
  const tally = { ...EMPTY, answers: 1 };
  if (answer.own.named) {
    tally.ownNamed = 1;
    tally.ownFound = reading.mentioned ? 1 : 0;
  } else if (reading.mentioned) tally.falseMentions = 1;

  const gold = answer.names.map((name) => (Array.isArray(name) ? name : [name]));
  const optional = new Set((answer.optional ?? []).map(normalizeName));
  const unmatched = [...gold];
  const wrong: string[] = [];
  for (const { name } of reading.competitors) {
    const key = normalizeName(name);
    const at = unmatched.findIndex((spellings) => spellings.some((s) => normalizeName(s) === key));
    if (at >= 0) {
      unmatched.splice(at, 1);
      tally.right += 1;
      tally.found += 1;
    } else if (gold.some((spellings) => spellings.some((s) => normalizeName(s) === key))) {
      // A second spelling of a business already counted: neither right nor wrong.
    } else if (!optional.has(key)) {
      tally.found += 1;
      wrong.push(name);
    }
  }
  tally.labelled = gold.length;

  const tone: string[] = [];
  for (const labelled of answer.tone) {
    tally.toneLabelled += 1;
    const want = words(labelled.text);
    const read = sentences.find((sentence) => {
      const got = words(sentence.text);
      return got.includes(want) || (got.length > 20 && want.includes(got));
    });
    if (!read) {
      tone.push(`not read: "${labelled.text.slice(0, 60)}"`);
      continue;
    }
    tally.toneFound += 1;
    if (read.label === labelled.label) tally.toneRight += 1;
    else tone.push(`${read.label} for ${labelled.label}: "${labelled.text.slice(0, 60)}"`);
  }
  return { tally, missed: unmatched.map((spellings) => spellings[0]!), wrong, tone };
}

export type Path = 'reader' | 'model';

/** The reading of one answer by the reader alone, or with the recorded model response. */
export function readLabelled(
  answer: LabelledAnswer,
  path: Path,
  response?: ModelResponse,
): { reading: AnswerReading; sentences: LabelledSentence[] } {
  const business = answer.business;
  let reading = readAnswer({ text: answer.text, business, competitors: [] });
  let modelSentences: LabelledSentence[] | null = null;
  if (path === 'model') {
    if (!response) throw new Error(`No recorded model response for ${answer.id}`);
    reading = withModelNames(reading, answer.text, business, response.businesses);
    modelSentences = sentencesAbout(
      response.sentences,
      answer.text,
      business,
      ownLines(reading.segments),
    );
  }
  const { sentences } = answerSentiment(
    answer.text,
    reading.matches,
    modelSentences,
    ownLines(reading.segments),
  );
  return { reading, sentences };
}

export function add(a: Tally, b: Tally): Tally {
  const sum = { ...a };
  for (const key of Object.keys(sum) as (keyof Tally)[]) sum[key] += b[key];
  return sum;
}

export const ratio = (part: number, whole: number) => (whole ? part / whole : 1);

export type Figures = {
  ownRecall: number;
  falseMentions: number;
  precision: number;
  recall: number;
  toneCoverage: number;
  toneAccuracy: number;
};

export function figuresOf(t: Tally): Figures {
  return {
    ownRecall: ratio(t.ownFound, t.ownNamed),
    falseMentions: t.falseMentions,
    precision: ratio(t.right, t.found),
    recall: ratio(t.right, t.labelled),
    toneCoverage: ratio(t.toneFound, t.toneLabelled),
    toneAccuracy: ratio(t.toneRight, t.toneFound),
  };
}

export function describeTally(name: string, t: Tally): string {
  const f = figuresOf(t);
  return (
    `${name.padEnd(14)} own ${t.ownFound}/${t.ownNamed} (${f.ownRecall.toFixed(3)}), false mentions ${t.falseMentions}; ` +
    `others precision ${f.precision.toFixed(3)} recall ${f.recall.toFixed(3)} (${t.right} right of ${t.found} found, ${t.labelled} labelled); ` +
    `tone ${f.toneAccuracy.toFixed(3)} right on ${f.toneCoverage.toFixed(3)} found (${t.toneRight}/${t.toneFound}/${t.toneLabelled})`
  );
}

/** Scores a whole set on one path: the totals, the local answers' and one line per mistake. */
export function scoreSet(
  answers: LabelledAnswer[],
  path: Path,
  responses: Record<string, ModelResponse> = {},
): { all: Tally; local: Tally; mistakes: string[] } {
  let all = EMPTY;
  let local = EMPTY;
  const mistakes: string[] = [];
  for (const answer of answers) {
    const { reading, sentences } = readLabelled(answer, path, responses[answer.id]);
    const { tally, missed, wrong, tone } = scoreReading(answer, reading, sentences);
    all = add(all, tally);
    if (answer.local) local = add(local, tally);
    const own =
      answer.own.named && !reading.mentioned
        ? ' own missed;'
        : !answer.own.named && reading.mentioned
          ? ' own read falsely;'
          : '';
    if (own || missed.length || wrong.length || tone.length)
      mistakes.push(
        `  ${answer.id}:${own}${missed.length ? ` missed ${missed.join('; ')};` : ''}${wrong.length ? ` wrong ${wrong.join('; ')};` : ''}${tone.length ? ` tone ${tone.join('; ')}` : ''}`,
      );
  }
  return { all, local, mistakes };
}
