import { generateText } from 'ai';
import { describe, expect, it } from 'vitest';
import { readAnswer, type AnswerReading } from '~/domain/tracking/reading/reader';
import { readSentiment } from '~/domain/tracking/reading/sentiment';
import { promptSuggestions } from '~/domain/tracking/rounds/suggestions';
import { searchesOf, sourcesOf } from '~/lib/ai/answer-parts';
import { createDemoModel, seededRandom, type DemoContext } from '~/lib/ai/demo-model';

// The Demo assistant's answers as the tracking reader reads them: the reader is the judge, so the
// demo's figures (mention rate, positions, competitors, citations) mean what real answers' do.

const CONTEXTS: DemoContext[] = [
  {
    business: {
      name: 'Garcia Plumbing',
      website: 'https://garcia-plumbing-1.example.com',
      location: 'Austin, TX',
      industry: 'Plumbing',
    },
    competitors: ['Radiant Plumbing & Air', 'Abacus Plumbing'],
  },
  {
    business: {
      name: 'Smith Law Office',
      website: 'https://smith-law-office-3.example.com',
      location: 'Raleigh, NC',
      industry: 'Legal',
    },
    // A one-word competitor needs bold or a link to count; the demo always gives it one in lists.
    competitors: ['Whitfield Legal Partners', 'Summit'],
  },
  {
    business: { name: 'Reliable Plumbing', website: null, location: null, industry: null },
    competitors: [],
  },
  {
    business: {
      name: 'Wang Dental',
      website: 'https://wang-dental.example.com',
      location: 'Portland, OR',
      industry: 'Dentistry',
    },
    competitors: ['Pearl District Dental', 'Rose City Smiles', 'Hawthorne Family Dentistry'],
  },
];

async function readAnswers(context: DemoContext, count: number) {
  const model = createDemoModel(context, seededRandom(`reader|${context.business.name}`));
  const prompts = promptSuggestions(context.business);
  const read: { text: string; reading: AnswerReading; searches: string[]; pages: number }[] = [];
  for (let i = 0; i < count; i++) {
    const result = await generateText({ model, prompt: prompts[i % prompts.length]! });
    // Its pages and searches as askEngine reads any engine's.
    const sources = sourcesOf('demo', result, null);
    const reading = readAnswer({
      text: result.text,
      sources,
      business: context.business,
      competitors: context.competitors,
    });
    read.push({
      text: result.text,
      reading,
      searches: searchesOf(result),
      pages: sources.length,
    });
  }
  return read;
}

describe('the Demo assistant read by the tracking reader', () => {
  it.each(CONTEXTS)('names $business.name in some answers, at varying places', async (context) => {
    const read = await readAnswers(context, 200);
    const named = read.filter(({ reading }) => reading.mentioned);
    expect(named.length).toBeGreaterThanOrEqual(60);
    expect(named.length).toBeLessThanOrEqual(150);
    expect(new Set(named.map(({ reading }) => reading.position)).size).toBeGreaterThanOrEqual(3);
    expect(named.some(({ reading }) => reading.position === 1)).toBe(true);
    expect(new Set(read.map(({ text }) => text)).size).toBeGreaterThanOrEqual(50);

    for (const { text, reading } of read) {
      // The reader sees the business exactly where the demo put it.
      expect(reading.mentioned).toBe(text.includes(context.business.name));
      // Every known competitor the answer names is found.
      for (const competitor of context.competitors)
        expect(reading.competitors.some((c) => c.known && c.name === competitor)).toBe(
          text.includes(competitor),
        );
      // In a list or a table every line is a business the reader counts (ours or another).
      const lines = text.match(/^(?:\d+\. |- |\| )\*\*(?!Check|Read|Get|Ask|Notice)/gm) ?? [];
      const inList = reading.mentioned && lines.length > 0 && reading.position! <= lines.length;
      if (lines.length) expect(reading.competitors.length + (inList ? 1 : 0)).toBe(lines.length);
      expect(text).not.toMatch(/undefined|null/);
    }

    // Its site cited in some answers, found by the search but not cited in others.
    const cited = read.filter(({ reading }) => reading.cited);
    const retrieved = read.filter(({ reading }) => reading.retrieved);
    if (context.business.website) {
      expect(cited.length).toBeGreaterThan(10);
      expect(cited.length).toBeLessThan(read.length);
      expect(cited.some(({ reading }) => reading.citedNotNamed)).toBe(true);
      expect(retrieved.length).toBeGreaterThan(10);
      expect(retrieved.length).toBeLessThan(read.length);
    } else {
      expect(cited).toEqual([]);
      expect(retrieved).toEqual([]);
    }
    expect(read.every(({ reading }) => !reading.citedOrRetrieved)).toBe(true);
    // Every answer searched first, and returned pages.
    for (const { searches, pages } of read) {
      expect(searches.length).toBeGreaterThanOrEqual(1);
      expect(searches.length).toBeLessThanOrEqual(3);
      expect(pages).toBeGreaterThanOrEqual(3);
    }
    // The owner's competitors show up in the readings, beside businesses the answers brought up.
    const competitors = read.flatMap(({ reading }) => reading.competitors);
    for (const competitor of context.competitors)
      expect(competitors.filter((c) => c.known && c.name === competitor).length).toBeGreaterThan(
        40,
      );
    expect(new Set(competitors.filter((c) => !c.known).map((c) => c.name)).size).toBeGreaterThan(3);
  });
});

describe('how the Demo assistant describes the business', () => {
  it.each(CONTEXTS)(
    'says good, plain and bad things of $business.name, each labelled as such',
    async (context) => {
      const read = await readAnswers(context, 120);
      const labels = read.flatMap(({ text, reading }) =>
        readSentiment(text, reading.matches).map((sentence) => sentence.label),
      );
      const count = (label: string) => labels.filter((each) => each === label).length;
      // Every label shows, praise most often (as in real answers), drawbacks least.
      expect(count('positive')).toBeGreaterThan(count('negative'));
      expect(count('neutral')).toBeGreaterThanOrEqual(5);
      expect(count('negative')).toBeGreaterThanOrEqual(5);
    },
  );
});
