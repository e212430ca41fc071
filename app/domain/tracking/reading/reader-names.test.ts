import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeName } from './names';
import { readAnswer } from './reader';

// Precision and recall of the businesses the reader finds, on a labelled set of answers written
// in the styles each engine answers in (tests/fixtures/tracking-names: ChatGPT's markdown lists,
// sections and tables with citation links, Perplexity's [1] citations, Gemini's bold-colon
// bullets, bold-line headings and prose, Claude's prose and plain lists), including answers to
// questions that are not about local businesses at all (news, holidays), whose headings, labels,
// table headers and dates must not be read as businesses. labels.json holds, per answer, the
// businesses a person reads in it (the owner's included; alternatives where a name has two fair
// spellings) and the conventions are in that folder's README.
//
// The bar: precision and recall of 0.9 or more each, over the whole set.

const BAR = 0.9;

type Label = {
  engine: 'chatgpt' | 'perplexity' | 'gemini' | 'claude';
  business: { name: string; website?: string; location?: string };
  competitors: string[];
  names: (string | string[])[];
};

const DIRECTORY = join(process.cwd(), 'tests/fixtures/tracking-names');
const labels = JSON.parse(readFileSync(join(DIRECTORY, 'labels.json'), 'utf8')) as Record<
  string,
  Label
>;
const answers = readdirSync(DIRECTORY)
  .filter((file) => file.endsWith('.md') && file !== 'README.md')
  .sort()
  .map((file) => {
    const slug = file.replace(/\.md$/, '');
    return { slug, text: readFileSync(join(DIRECTORY, file), 'utf8'), label: labels[slug]! };
  });

type Score = { truePositives: number; found: number; labelled: number; whole: number };

/** The reader's businesses for one answer, scored against its labels. */
function score({ text, label }: (typeof answers)[number]) {
  const reading = readAnswer({ text, business: label.business, competitors: label.competitors });
  const found = reading.competitors.map((competitor) => competitor.name);
  if (reading.mentioned) found.unshift(label.business.name);
  const gold = label.names.map((name) => (Array.isArray(name) ? name : [name]));
  const unmatched = [...gold];
  const missed: string[] = [];
  const wrong: string[] = [];
  let truePositives = 0;
  let whole = 0;
  for (const name of found) {
    const key = normalizeName(name);
    const at = unmatched.findIndex((spellings) => spellings.some((s) => normalizeName(s) === key));
    if (at < 0) {
      wrong.push(name);
      continue;
    }
    truePositives += 1;
    // The name as the answer wrote it, legal form and punctuation included.
    if (unmatched[at]!.includes(name.trim())) whole += 1;
    unmatched.splice(at, 1);
  }
  for (const spellings of unmatched) missed.push(spellings[0]!);
  return {
    score: { truePositives, found: found.length, labelled: gold.length, whole },
    missed,
    wrong,
  };
}

function add(a: Score, b: Score): Score {
  return {
    truePositives: a.truePositives + b.truePositives,
    found: a.found + b.found,
    labelled: a.labelled + b.labelled,
    whole: a.whole + b.whole,
  };
}

const ratio = (part: number, whole: number) => (whole ? part / whole : 1);

describe('the businesses the reader finds, on the labelled answers', () => {
  it('has at least 40 labelled answers in every engine style', () => {
    expect(answers.length).toBeGreaterThanOrEqual(40);
    expect(answers.every((answer) => answer.label)).toBe(true);
    const engines = new Map<string, number>();
    for (const { label } of answers)
      engines.set(label.engine, (engines.get(label.engine) ?? 0) + 1);
    expect([...engines.keys()].sort()).toEqual(['chatgpt', 'claude', 'gemini', 'perplexity']);
    for (const count of engines.values()) expect(count).toBeGreaterThanOrEqual(10);
  });

  it(`meets the bar: precision and recall of ${BAR} or more`, () => {
    const empty: Score = { truePositives: 0, found: 0, labelled: 0, whole: 0 };
    let total = empty;
    const byEngine = new Map<string, Score>();
    const mistakes: string[] = [];
    for (const answer of answers) {
      const { score: one, missed, wrong } = score(answer);
      total = add(total, one);
      byEngine.set(answer.label.engine, add(byEngine.get(answer.label.engine) ?? empty, one));
      if (missed.length || wrong.length)
        mistakes.push(
          `  ${answer.slug}:${missed.length ? ` missed ${missed.join('; ')}` : ''}${wrong.length ? ` wrongly read ${wrong.join('; ')}` : ''}`,
        );
    }
    const line = (name: string, s: Score) =>
      `${name.padEnd(11)} precision ${ratio(s.truePositives, s.found).toFixed(3)}  recall ${ratio(s.truePositives, s.labelled).toFixed(3)}  (${s.truePositives} right of ${s.found} found, ${s.labelled} labelled; ${s.whole} written whole)`;
    console.log(
      [
        `Businesses read from ${answers.length} labelled answers:`,
        line('all', total),
        ...[...byEngine].map(([engine, s]) => line(engine, s)),
        ...(mistakes.length ? ['Differences:', ...mistakes] : []),
      ].join('\n'),
    );
    expect(ratio(total.truePositives, total.found)).toBeGreaterThanOrEqual(BAR);
    expect(ratio(total.truePositives, total.labelled)).toBeGreaterThanOrEqual(BAR);
    // Names come out as the answer wrote them ("Cedar Ridge Plumbing Co." keeps its period).
    expect(ratio(total.whole, total.truePositives)).toBeGreaterThanOrEqual(BAR);
  });
});
