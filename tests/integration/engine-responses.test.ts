import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { askEngine, type AskOptions, type EngineAnswer } from '~/lib/ai/ask.server';
import { pageKey } from '~/lib/ai/pages';
import { readAnswer } from '~/domain/tracking/reading/reader';
import { startFakeEngines, type FakeEngineId, type FakeEngines } from '../fakes/ai-engines';

// The five APIs' responses in their recorded shapes (tests/fixtures/engine-responses: every field
// the real responses have), served by the fake engines and read through the real AI SDK
// providers, as production reads them: cited pages apart from those the search only returned,
// each page once, the searches kept, and the place sent.

const FIXTURES = path.join(process.cwd(), 'tests/fixtures/engine-responses');
function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8')) as Record<string, unknown>;
}

const PROMPT = 'Who is the best emergency plumber in Austin, TX?';
const AUSTIN = { city: 'Austin', region: 'Texas', country: 'US' };
const OWNER = 'austinpipepros.com';
/** What a plumbing business's name ends in, in these answers. */
const RECOMMENDED = /Plumbing|Plumbers|Rooter|Services|Pros|Air|Heating|Electric|Co\.?$/;

let fake: FakeEngines;

const options: AskOptions = {
  timeoutMs: 5000,
  maxAttempts: 1,
  retryDelayMs: 10,
  sleep: async () => undefined,
};

function ask(id: FakeEngineId, prompt = PROMPT): Promise<EngineAnswer> {
  return askEngine(fake.engineConfig(id), { prompt, location: 'Austin, TX' }, options);
}

const urls = (answer: EngineAnswer, cited: boolean) =>
  answer.sources.filter((source) => source.cited === cited).map((source) => source.url);
const hosts = (list: string[]) => list.map((url) => new URL(url).hostname.replace(/^www\./, ''));

function expectOnePageOnce(answer: EngineAnswer) {
  const keys = answer.sources.map((source) => pageKey(source.url));
  expect(new Set(keys).size).toBe(keys.length);
}

beforeAll(async () => {
  fake = await startFakeEngines();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('recorded responses, read as cited and retrieved', () => {
  it('ChatGPT: 7 of the 16 pages its search returned are cited; the owner’s page is only retrieved', async () => {
    fake.respondWith('chatgpt', fixture('openai-responses.json'));
    const answer = await ask('chatgpt');

    const [request] = fake.requestsTo('chatgpt');
    expect(request?.body.include).toContain('web_search_call.action.sources');
    expect(request?.body.tools).toEqual([
      { type: 'web_search', user_location: { type: 'approximate', ...AUSTIN } },
    ]);
    expect(answer.location).toEqual({ ...AUSTIN, via: 'search' });
    expect(answer.model).toBe('gpt-5-mini-2025-08-07');
    expect(answer.usage).toEqual({ inputTokens: 18342, outputTokens: 1206 });

    // One page once: each cited page came bare from the search and tagged
    // ?utm_source=openai from the citation (Daniel's twice): 16 pages, not 24.
    expect(answer.sources).toHaveLength(16);
    expectOnePageOnce(answer);
    expect(hosts(urls(answer, true))).toEqual([
      'radiantplumbing.com',
      'daniels-plumbing.com',
      'capitolcityplumbing.com',
      'lonestarplumbingatx.com',
      'reddit.com',
      'expertise.com',
      'yelp.com',
    ]);
    // The cited link is the address the answer gave, with its title from the citation.
    expect(answer.sources[0]).toEqual({
      url: 'https://www.radiantplumbing.com/emergency-plumbing/?utm_source=openai',
      title: 'Emergency Plumbing Services in Austin, TX | Radiant Plumbing & AC',
      cited: true,
    });
    expect(hosts(urls(answer, false))).toEqual([
      OWNER,
      'angi.com',
      'bbb.org',
      'thumbtack.com',
      'homeadvisor.com',
      'nextdoor.com',
      'mrrooter.com',
      'austinchronicle.com',
      'forbes.com',
    ]);
    // The searches the engine ran (an open_page action is not a search).
    expect(answer.searches).toEqual([
      'best emergency plumber Austin TX',
      '24/7 emergency plumbing Austin Texas reviews',
    ]);
  });

  it('Claude: 2 of the 10 results its two searches returned are cited', async () => {
    fake.respondWith('claude', fixture('anthropic-messages.json'));
    const answer = await ask('claude');

    expect(fake.requestsTo('claude')[0]?.body.tools).toEqual([
      {
        type: 'web_search_20250305',
        name: 'web_search',
        max_uses: 3,
        user_location: { type: 'approximate', ...AUSTIN },
      },
    ]);
    expect(answer.location).toEqual({ ...AUSTIN, via: 'search' });
    expect(answer.model).toBe('claude-haiku-4-5-20251001');
    expect(answer.text).toMatch(/^I'll search for emergency plumbers in Austin, TX\./);

    expect(answer.sources).toHaveLength(10);
    expectOnePageOnce(answer);
    expect(hosts(urls(answer, true))).toEqual(['radiantplumbing.com', 'daniels-plumbing.com']);
    expect(hosts(urls(answer, false))).toEqual([
      OWNER,
      'yelp.com',
      'angi.com',
      'bbb.org',
      'expertise.com',
      'thumbtack.com',
      'mrrooter.com',
      'austinchronicle.com',
    ]);
    expect(answer.sources.every((source) => source.title)).toBe(true);
    expect(answer.searches).toEqual([
      'emergency plumber Austin TX 24/7',
      'best rated plumbers Austin Texas reviews',
    ]);
  });

  it('Gemini: the chunks a grounding support points at are cited, the others retrieved; the place goes in the question', async () => {
    fake.respondWith('gemini', fixture('gemini-generate-content.json'));
    const answer = await ask('gemini', 'Who is the best emergency plumber near me?');

    expect(fake.requestsTo('gemini')[0]?.body.contents).toEqual([
      {
        role: 'user',
        parts: [{ text: "Who is the best emergency plumber near me?\n\nI'm in Austin, Texas." }],
      },
    ]);
    expect(answer.location).toEqual({
      ...AUSTIN,
      via: 'question',
      added: "I'm in Austin, Texas.",
    });

    // Eight chunks through Google's redirect, two of them on yelp.com: seven sites.
    expect(answer.sources).toHaveLength(7);
    expectOnePageOnce(answer);
    expect(urls(answer, true)).toEqual([
      'https://radiantplumbing.com/',
      'https://yelp.com/',
      'https://daniels-plumbing.com/',
      'https://capitolcityplumbing.com/',
    ]);
    expect(urls(answer, false)).toEqual([
      `https://${OWNER}/`,
      'https://angi.com/',
      'https://bbb.org/',
    ]);
    expect(answer.searches).toEqual(['emergency plumber Austin TX', 'best 24 hour plumber Austin']);
    expect(answer.model).toBe('gemini-2.5-flash');
  });

  it('Perplexity: its citations are cited, the owner’s page among them', async () => {
    fake.respondWith('perplexity', fixture('perplexity-chat-completions.json'));
    const answer = await ask('perplexity');

    expect(fake.requestsTo('perplexity')[0]?.body.web_search_options).toEqual({
      user_location: AUSTIN,
    });
    expect(answer.location).toEqual({ ...AUSTIN, via: 'search' });
    expect(answer.sources).toHaveLength(6);
    expectOnePageOnce(answer);
    expect(hosts(urls(answer, true))).toEqual([
      OWNER,
      'yelp.com',
      'radiantplumbing.com',
      'daniels-plumbing.com',
      'reddit.com',
      'angi.com',
    ]);
    expect(urls(answer, false)).toEqual([]);
    // Titles from search_results; Perplexity does not report its searches.
    expect(answer.sources[0]?.title).toBe('24/7 Emergency Plumber in Austin | Austin Pipe Pros');
    expect(answer.searches).toEqual([]);
  });

  it('Perplexity: a search result that is not among the citations is retrieved', async () => {
    const body = fixture('perplexity-chat-completions.json');
    fake.respondWith('perplexity', {
      ...body,
      citations: (body.citations as string[]).slice(1),
    });
    const answer = await ask('perplexity');
    expect(hosts(urls(answer, false))).toEqual([OWNER]);
    expect(urls(answer, true)).toHaveLength(5);
  });

  it('an OpenAI-compatible server: no search, no pages, no place sent', async () => {
    fake.respondWith('compatible', fixture('openai-compatible-chat.json'));
    const answer = await ask('compatible');
    expect(fake.requestsTo('compatible')[0]?.body.tools).toBeUndefined();
    expect(answer).toMatchObject({ sources: [], searches: [], location: null });
    expect(answer.text).toMatch(/^I can't browse the internet/);
  });
});

describe('links in the answer are its citations where the engine gives none (issue 43 item 5)', () => {
  it('an OpenAI-compatible answer’s markdown links and bare addresses become cited pages', async () => {
    const body = fixture('openai-compatible-chat.json') as {
      choices: { message: { content: string } }[];
    };
    body.choices[0]!.message.content =
      'Try **Austin Pipe Pros** ([austinpipepros.com](https://www.austinpipepros.com/emergency)) or Radiant Plumbing (see https://www.radiantplumbing.com/reviews). [Radiant](https://www.radiantplumbing.com/reviews) again.';
    fake.respondWith('compatible', body);
    const answer = await ask('compatible');
    expect(answer.sources).toEqual([
      { url: 'https://www.austinpipepros.com/emergency', title: 'austinpipepros.com', cited: true },
      { url: 'https://www.radiantplumbing.com/reviews', title: 'Radiant', cited: true },
    ]);
    const reading = readAnswer({
      text: answer.text,
      sources: answer.sources,
      business: {
        name: 'Austin Pipe Pros',
        website: `https://www.${OWNER}`,
        location: 'Austin, TX',
      },
    });
    expect(reading).toMatchObject({ mentioned: true, cited: true });
  });

  it('an engine that cites keeps its own citations: links in its text add none', async () => {
    const body = fixture('perplexity-chat-completions.json') as {
      choices: { message: { content: string } }[];
    };
    body.choices[0]!.message.content += ' See [a blog](https://blog.example.org/plumbers).';
    fake.respondWith('perplexity', body);
    const answer = await ask('perplexity');
    expect(answer.sources.length).toBeGreaterThan(0);
    expect(answer.sources.map((source) => source.url)).not.toContain(
      'https://blog.example.org/plumbers',
    );
  });
});

describe('the recorded answers, read: options only, no heading or label (issue 43)', () => {
  for (const [id, file] of [
    ['chatgpt', 'openai-responses.json'],
    ['claude', 'anthropic-messages.json'],
    ['gemini', 'gemini-generate-content.json'],
    ['perplexity', 'perplexity-chat-completions.json'],
    ['compatible', 'openai-compatible-chat.json'],
  ] as [FakeEngineId, string][])
    it(`${id}: every business read is a plumber the answer recommends`, async () => {
      fake.respondWith(id, fixture(file));
      const answer = await ask(id);
      const reading = readAnswer({
        text: answer.text,
        sources: answer.sources,
        business: {
          name: 'Austin Pipe Pros',
          website: `https://www.${OWNER}`,
          location: 'Austin, TX',
        },
      });
      const names = reading.competitors.map((competitor) => competitor.name);
      console.log(`${id}: ${names.join('; ')}`);
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(name).toMatch(RECOMMENDED);
    });
});
