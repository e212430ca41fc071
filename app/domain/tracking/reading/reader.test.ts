import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAnswer, type AnswerSource, type CompetitorReading } from './reader';

// The corpus: each tests/fixtures/tracking-answers/<slug>.md is an answer as an engine returned
// it, and <slug>.json holds the business, its competitors, the sources and the reading a person
// would make of it. Adding a case is adding two files.

type Fixture = {
  engine: string;
  about: string;
  business: { name: string; website?: string | null; location?: string | null };
  competitors: string[];
  sources: AnswerSource[];
  expected: {
    mentioned: boolean;
    position: number | null;
    cited: boolean;
    citedNotNamed: boolean;
    competitors: CompetitorReading[];
    /** The business's name as each highlighted match spells it, in order. */
    businessMatches: string[];
  };
};

const DIRECTORY = join(process.cwd(), 'tests/fixtures/tracking-answers');
const corpus = readdirSync(DIRECTORY)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => {
    const slug = file.replace(/\.json$/, '');
    const fixture = JSON.parse(readFileSync(join(DIRECTORY, file), 'utf8')) as Fixture;
    const text = readFileSync(join(DIRECTORY, `${slug}.md`), 'utf8');
    return { slug, fixture, text };
  });

describe('the answer corpus', () => {
  it('has at least 40 answers from every engine', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(40);
    const engines = new Set(corpus.map(({ fixture }) => fixture.engine));
    expect([...engines].sort()).toEqual(['chatgpt', 'claude', 'gemini', 'perplexity']);
  });

  it.each(corpus)('$slug', ({ fixture, text }) => {
    const reading = readAnswer({
      text,
      sources: fixture.sources,
      business: fixture.business,
      competitors: fixture.competitors,
    });
    const { businessMatches, ...expected } = fixture.expected;
    expect({
      mentioned: reading.mentioned,
      position: reading.position,
      cited: reading.cited,
      citedNotNamed: reading.citedNotNamed,
      competitors: reading.competitors,
    }).toEqual(expected);
    expect(
      reading.matches
        .filter((match) => match.kind === 'business')
        .map((match) => text.slice(match.start, match.end)),
    ).toEqual(businessMatches);
    // Every highlight lies inside the text and none overlap.
    for (const [i, match] of reading.matches.entries()) {
      expect(match.start).toBeGreaterThanOrEqual(0);
      expect(match.end).toBeLessThanOrEqual(text.length);
      expect(match.end).toBeGreaterThan(match.start);
      const next = reading.matches[i + 1];
      if (next) expect(next.start).toBeGreaterThanOrEqual(match.end);
    }
  });
});

describe('readAnswer', () => {
  const business = {
    name: "Joe's Plumbing",
    website: 'https://joesplumbing.com',
    location: 'Austin, TX',
  };

  it('reads the same answer the same way every time', () => {
    const text = '1. **Reliant Plumbing** – fast\n2. **Joe’s Plumbing** – fair\n';
    const first = readAnswer({ text, business, competitors: ['Reliant Plumbing'] });
    expect(readAnswer({ text, business, competitors: ['Reliant Plumbing'] })).toEqual(first);
  });

  it('lists the cited addresses on the business site once each', () => {
    const reading = readAnswer({
      text: 'See [Joe’s Plumbing](https://joesplumbing.com/a).',
      sources: [
        { url: 'https://joesplumbing.com/a', title: 'A', cited: true },
        { url: 'https://www.joesplumbing.com/b', title: 'B', cited: true },
        { url: 'https://example.com/joesplumbing.com', title: 'Not ours', cited: true },
      ],
      business,
    });
    expect(reading.citedUrls).toEqual([
      'https://joesplumbing.com/a',
      'https://www.joesplumbing.com/b',
    ]);
  });

  it('a page on the site that the search returned and the answer did not cite is retrieved, not cited', () => {
    const text = '1. **Reliant Plumbing** – fast\n2. **Summit Plumbing** – fair\n';
    const retrieved = readAnswer({
      text,
      sources: [
        { url: 'https://www.yelp.com/austin-plumbers', title: 'Yelp', cited: true },
        { url: 'https://joesplumbing.com/emergency/', title: 'Emergency', cited: false },
      ],
      business,
    });
    expect(retrieved).toMatchObject({
      cited: false,
      retrieved: true,
      citedOrRetrieved: false,
      citedNotNamed: false,
      citedUrls: [],
    });

    // Gemini's redirect pages, titled by their domain, likewise.
    const gemini = readAnswer({
      text,
      sources: [{ url: 'https://joesplumbing.com/', title: 'joesplumbing.com', cited: false }],
      business,
    });
    expect(gemini).toMatchObject({ cited: false, retrieved: true });

    // The same page cited as well (or linked in the text) is cited.
    const cited = readAnswer({
      text: `${text}\nMore at [joesplumbing.com](https://joesplumbing.com/emergency/).`,
      sources: [{ url: 'https://joesplumbing.com/emergency/', title: 'Emergency', cited: false }],
      business,
    });
    expect(cited).toMatchObject({ cited: true, retrieved: false, citedNotNamed: true });
  });

  it('a page of an answer recorded before cited and retrieved were told apart is cited or retrieved', () => {
    const reading = readAnswer({
      text: 'Call **Reliant Plumbing**.',
      sources: [
        { url: 'https://joesplumbing.com/', title: 'Joe’s' },
        { url: 'https://www.joesplumbing.com/b', title: 'B', cited: false },
      ],
      business,
    });
    expect(reading).toMatchObject({
      cited: false,
      retrieved: false,
      citedOrRetrieved: true,
      citedNotNamed: false,
    });
  });

  it('cites nothing when the business has no website', () => {
    const reading = readAnswer({
      text: 'Try [Joe’s Plumbing](https://joesplumbing.com).',
      business: { name: "Joe's Plumbing" },
    });
    expect(reading).toMatchObject({ mentioned: true, position: 1, cited: false, citedUrls: [] });
  });

  it('does not count a competitor that the owner entered twice or that is the business itself', () => {
    const reading = readAnswer({
      text: '1. **Reliant Plumbing**\n2. **Joe’s Plumbing**\n',
      business,
      competitors: ['Reliant Plumbing', 'reliant plumbing', "Joe's Plumbing", '  '],
    });
    expect(reading.competitors).toEqual([{ name: 'Reliant Plumbing', position: 1, known: true }]);
    expect(reading.position).toBe(2);
  });
});

describe('readAnswer on arbitrary text', () => {
  // Engines return anything: half-closed markdown, stray brackets, CRLF, nothing. A fixed-seed
  // generator strings markdown pieces together; every reading must be well formed.
  const pieces = [
    '**',
    '*',
    '_',
    '[',
    ']',
    '(',
    ')',
    '\n',
    '\n\n',
    '- ',
    '1. ',
    '# ',
    '|',
    '---',
    "Joe's",
    'Plumbing',
    ' ',
    '&',
    'https://joesplumbing.com',
    '`',
    '> ',
    '\r\n',
    '   ',
    'Summit',
    '’',
    'Austin',
    '[1]',
    '|---|',
    ':',
  ];
  let seed = 20261123;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const texts = Array.from({ length: 500 }, () =>
    Array.from(
      { length: Math.floor(random() * 60) },
      () => pieces[Math.floor(random() * pieces.length)],
    ).join(''),
  );

  it('never throws, and its highlights lie in the text, in order, without overlap', () => {
    for (const text of texts) {
      const reading = readAnswer({
        text,
        business: { name: "Joe's Plumbing", website: 'joesplumbing.com', location: 'Austin, TX' },
        competitors: ['Summit'],
      });
      let end = 0;
      for (const match of reading.matches) {
        expect(match.start, text).toBeGreaterThanOrEqual(end);
        expect(match.end, text).toBeGreaterThan(match.start);
        end = match.end;
      }
      expect(end).toBeLessThanOrEqual(text.length);
      expect(reading.mentioned).toBe(reading.position !== null);
      expect(reading.citedNotNamed).toBe(reading.cited && !reading.mentioned);
      const positions = reading.competitors.map((competitor) => competitor.position);
      expect(new Set([...positions, reading.position]).size).toBe(positions.length + 1);
    }
  });
});

describe('readAnswer: which names are businesses', () => {
  const business = { name: 'Moreno Plumbing', location: 'Leeds, UK' };
  const others = (text: string, competitors: string[] = []) =>
    readAnswer({ text, business, competitors }).competitors.map((competitor) => competitor.name);

  it('takes no heading, bold label, table header or date for a business', () => {
    const text = [
      '## Major Tech News for September 26',
      '',
      '### Recent AI Developments',
      '',
      '**Holiday Name:** Thanksgiving Day',
      '**Date:** Thursday, November 27',
      '**Purpose:** A day to give thanks.',
      '**Traditions:** Parades and football.',
      '',
      '| Holiday Name | Date | Purpose | Traditions |',
      '|---|---|---|---|',
      '| Veterans Day | November 11 | Honors veterans | Ceremonies |',
    ].join('\n');
    expect(others(text)).toEqual([]);
  });

  it('reads the name after a description, not the description', () => {
    expect(others('- **Chinese AI firm DeepSeek** released a cheaper model.')).toEqual([
      'DeepSeek',
    ]);
    expect(others('Meanwhile, Chinese AI firm DeepSeek cut its prices.')).toEqual(['DeepSeek']);
  });

  it('finds businesses named in plain prose, each once, after the ones in lists', () => {
    const text =
      '1. **Aire Valley Drains** – fast.\n\nLocals also recommend PipeRight Leeds, Leeds Family Plumbing, Ironwood Plumbing and Moreno Plumbing.';
    const reading = readAnswer({ text, business });
    expect(reading.competitors.map(({ name, position }) => [name, position])).toEqual([
      ['Aire Valley Drains', 1],
      ['PipeRight Leeds', 2],
      ['Leeds Family Plumbing', 3],
      ['Ironwood Plumbing', 4],
    ]);
    expect(reading).toMatchObject({ mentioned: true, position: 5 });
  });

  it('keeps names whole, with the period of "Co." and a comma before "LLP"', () => {
    expect(others('Cedar Ridge Plumbing Co. is the one most people call.')).toEqual([
      'Cedar Ridge Plumbing Co.',
    ]);
    expect(others('- **Best value:** Cedar Ridge Plumbing Co. – fair prices')).toEqual([
      'Cedar Ridge Plumbing Co.',
    ]);
    expect(others('1. Howie, Sacks & Henry LLP – large settlements')).toEqual([
      'Howie, Sacks & Henry LLP',
    ]);
  });

  it('does not read places, people, public bodies, directories or products as businesses', () => {
    const text =
      'Check Google and Checkatrade, confirm they are Gas Safe registered with the Texas State Board of Plumbing Examiners, and ask designer Maria Alvarez about Invisalign in Chapel Allerton.';
    expect(others(text)).toEqual([]);
  });
});
