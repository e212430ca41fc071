import { generateText, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { createDemoModel, seededRandom, type DemoContext } from './demo-model';

// How the demo assistant answers as `generateText` sees it. How the answers *read* (the business
// named, its position, the competitors found) is checked against the real reader in
// tests/integration/demo-assistant.test.ts: lib/ may not import the domain.

const context: DemoContext = {
  business: {
    name: 'Garcia Plumbing',
    website: 'https://garcia-plumbing.example.com',
    location: 'Austin, TX',
    industry: 'Plumbing',
  },
  competitors: ['Radiant Plumbing & Air', 'Abacus Plumbing'],
};
const PROMPTS = [
  'best plumber in Austin, TX',
  'Who should I call for a burst pipe in Austin?',
  'affordable plumber in Austin with good reviews',
  'How do I choose a plumber in Austin?',
];

async function answers(ctx: DemoContext, count: number, seed = 'demo-model-test') {
  const model = createDemoModel(ctx, seededRandom(seed));
  const results = [];
  for (let i = 0; i < count; i++)
    results.push(await generateText({ model, prompt: PROMPTS[i % PROMPTS.length]! }));
  return results;
}

describe('createDemoModel', () => {
  it('answers like an engine: text, URL sources, usage, stop, the demo model id', async () => {
    const [result] = await answers(context, 1);
    expect(result!.text.length).toBeGreaterThan(100);
    expect(result!.finishReason).toBe('stop');
    expect(result!.response.modelId).toBe('demo-assistant');
    expect(result!.usage.inputTokens).toBeGreaterThan(0);
    expect(result!.usage.outputTokens).toBeGreaterThan(0);
    expect(result!.usage.totalTokens).toBe(
      result!.usage.inputTokens! + result!.usage.outputTokens!,
    );
    expect(result!.sources.length).toBeGreaterThanOrEqual(3);
    expect(result!.sources.length).toBeLessThanOrEqual(9);
  });

  it('searches first, like the engines, and cites some of the pages its searches returned', async () => {
    const results = await answers(context, 200);
    let returned = 0;
    let citedPages = 0;
    let ownCited = 0;
    let ownOnlyFound = 0;
    for (const result of results) {
      // Its searches are provider-executed web_search calls with a query, the first with results.
      const calls = result.content.filter((part) => part.type === 'tool-call');
      expect(calls.length).toBeGreaterThanOrEqual(1);
      expect(calls.length).toBeLessThanOrEqual(3);
      for (const call of calls) {
        expect(call).toMatchObject({ toolName: 'web_search', providerExecuted: true });
        expect((call.input as { query: string }).query).toMatch(/\w+ \w+/);
      }
      const urls = result.sources.flatMap((source) =>
        source.sourceType === 'url' ? [source.url] : [],
      );
      // The cited pages are the text's citations, every one among the pages returned.
      const citations = result.content.flatMap((part) =>
        part.type === 'text'
          ? (part.citations ?? []).flatMap((citation) =>
              citation.source.sourceType === 'url' ? [citation.source.url] : [],
            )
          : [],
      );
      expect(citations.length).toBeGreaterThanOrEqual(2);
      for (const url of citations) expect(urls).toContain(url);
      returned += urls.length;
      citedPages += citations.length;
      const own = (url: string) => url.includes('garcia-plumbing.example');
      if (citations.some(own)) ownCited += 1;
      else if (urls.some(own)) ownOnlyFound += 1;
    }
    // About half of the pages returned are never cited, as with the real engines.
    expect(citedPages / returned).toBeGreaterThan(0.3);
    expect(citedPages / returned).toBeLessThan(0.7);
    expect(ownCited).toBeGreaterThan(10);
    expect(ownOnlyFound).toBeGreaterThan(10);
  });

  it('varies over many answers: forms, names, places, sources', async () => {
    const results = await answers(context, 200);
    const texts = results.map((result) => result.text);
    expect(new Set(texts).size).toBeGreaterThanOrEqual(50);

    // Every form an assistant uses shows up.
    expect(texts.some((text) => /^1\. \*\*/m.test(text))).toBe(true);
    expect(texts.some((text) => /^- \*\*[A-Z]/m.test(text))).toBe(true);
    expect(texts.some((text) => /^\| Business \|/m.test(text))).toBe(true);
    expect(texts.some((text) => !text.includes('**'))).toBe(true);
    expect(texts.some((text) => /Check recent reviews/.test(text))).toBe(true);

    // The business in roughly half, and not always at the same place.
    const named = texts.filter((text) => text.includes('Garcia Plumbing'));
    expect(named.length / texts.length).toBeGreaterThan(0.3);
    expect(named.length / texts.length).toBeLessThan(0.75);
    const firstLine = named.filter((text) => /^(?:1\. |- |\| )\*\*\[?Garcia/m.test(text));
    expect(firstLine.length).toBeGreaterThan(0);
    expect(firstLine.length).toBeLessThan(named.length);
    expect(named.some((text) => text.includes('](https://garcia-plumbing.example.com)'))).toBe(
      true,
    );

    // The owner's competitors appear, with 3–6 businesses in a list answer.
    for (const competitor of context.competitors)
      expect(texts.filter((text) => text.includes(competitor)).length).toBeGreaterThan(40);
    for (const text of texts.filter((t) => /^1\. /m.test(t))) {
      const items = text.match(/^\d+\. \*\*/gm)!.length;
      expect(items).toBeGreaterThanOrEqual(3);
      expect(items).toBeLessThanOrEqual(6);
    }

    // Sources: addresses with titles, the business's own site in some answers but not all.
    for (const result of results) {
      expect(result.sources.length).toBeGreaterThanOrEqual(3);
      expect(result.sources.length).toBeLessThanOrEqual(9);
      for (const source of result.sources) {
        expect(source.sourceType).toBe('url');
        if (source.sourceType !== 'url') continue;
        expect(new URL(source.url).protocol).toBe('https:');
        expect(source.title?.length).toBeGreaterThan(3);
      }
    }
    const citing = results.filter((result) =>
      result.sources.some(
        (source) => source.sourceType === 'url' && source.url.includes('garcia-plumbing.example'),
      ),
    );
    expect(citing.length).toBeGreaterThan(10);
    expect(citing.length).toBeLessThan(150);
    expect(
      new Set(
        results.flatMap((r) =>
          r.sources.map((s) => (s.sourceType === 'url' ? new URL(s.url).hostname : '')),
        ),
      ).size,
    ).toBeGreaterThanOrEqual(5);

    for (const text of texts) {
      expect(text).not.toMatch(/undefined|null|NaN|\.(?:\*\*)?\.(?!\.)| {2}/);
      // A demo, not a real engine.
      expect(text).not.toMatch(/ChatGPT|OpenAI|Perplexity|Gemini|Claude|Anthropic|as an AI/i);
    }
  });

  it('answers the question asked', async () => {
    const model = createDemoModel(context, seededRandom('choose'));
    for (let i = 0; i < 10; i++) {
      const { text } = await generateText({
        model,
        prompt: 'How do I choose a plumber in Austin?',
      });
      expect(text).toMatch(/\*\*(?:Check licensing|Read recent reviews|Get two|Ask about|Notice)/);
    }
    const urgent = await answers(context, 40, 'urgent').then((results) =>
      results.filter((_, i) => i % PROMPTS.length === 1).map((r) => r.text),
    );
    expect(urgent.some((text) => /same-day|fast response|urgent|cannot wait/.test(text))).toBe(
      true,
    );
  });

  it('is repeatable with the same random source', async () => {
    const a = await answers(context, 5, 'same');
    const b = await answers(context, 5, 'same');
    expect(a.map((r) => r.text)).toEqual(b.map((r) => r.text));
    expect(a.map((r) => r.sources.map((s) => s.sourceType === 'url' && s.url))).toEqual(
      b.map((r) => r.sources.map((s) => s.sourceType === 'url' && s.url)),
    );
  });

  it('copes with a business that has no industry, place, site or competitors', async () => {
    const bare: DemoContext = {
      business: { name: 'Okonkwo Services', website: null, location: null, industry: null },
      competitors: [],
    };
    const results = await answers(bare, 60);
    for (const { text, sources } of results) {
      expect(text).not.toMatch(/undefined|null|NaN| in ,| {2}/);
      expect(text).toMatch(/in your area/);
      expect(sources.length).toBeGreaterThanOrEqual(3);
      for (const source of sources)
        if (source.sourceType === 'url') expect(source.url).not.toMatch(/undefined|null/);
    }
    const named = results.filter((r) => r.text.includes('Okonkwo Services')).length;
    expect(named).toBeGreaterThan(10);
    expect(named).toBeLessThan(50);
  });

  it('never invents a business that is the owner’s or a known competitor under another name', async () => {
    const ctx: DemoContext = {
      ...context,
      competitors: ['Lone Star Plumbing Co.', 'Austin Family Plumbing'],
    };
    const texts = (await answers(ctx, 80)).map((r) => r.text);
    // The known competitors keep their owner's spelling; no near-copy is invented beside them.
    for (const text of texts) {
      expect(text.match(/Lone Star Plumbing/g)?.length ?? 0).toBeLessThanOrEqual(1);
      expect(text.match(/Austin Family Plumbing/g)?.length ?? 0).toBeLessThanOrEqual(1);
    }
  });

  it('does not stream', async () => {
    const model = createDemoModel(context);
    await expect(
      model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] }),
    ).rejects.toThrow(/generateText/);
    const errors: unknown[] = [];
    const stream = streamText({
      model,
      prompt: 'hi',
      onError: ({ error }) => void errors.push(error),
    });
    await stream.consumeStream();
    expect(errors.length).toBeGreaterThan(0);
  });
});
