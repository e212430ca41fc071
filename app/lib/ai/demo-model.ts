// The Demo assistant's language model: with no engine key there is nothing real to ask, so
// `npm run demo` answers tracked prompts with this local model ("Demo assistant (simulated
// answers)"). It implements the AI SDK's language-model spec (v4), so `generateText` calls it like
// any engine and the answers go through the same reader, figures and pages.
//
// An answer reads like an assistant's reply to a local-service question: a numbered or bulleted
// list with bold names, a table, bold paragraphs or plain prose, naming 3–6 businesses drawn from
// the owner's competitors and a handful of invented local ones ("Lone Star Plumbing Co."), with a
// caveat or a closing question now and then. Like the real engines it searches first (in
// simulation, demo-search.ts): its searches come back as web_search tool calls, every page they
// return as a source, and the pages the answer cites as the text's citations (about half of the
// pages returned are never cited). The owner's business is named in about half of the answers, at
// a varying place (or only in a closing sentence), sometimes with a link to its site. The context
// reaches the model through `createDemoModel`, never through the prompt, and the answers never
// claim to come from a real engine. Randomness comes from `random`, so a test can seed it.

import { UnsupportedFunctionalityError, type LanguageModel } from 'ai';
import { demoFactSentence, type DemoFacts } from './demo-facts';
import { simulateSearch, type DemoPage, type DemoSearch } from './demo-search';
import {
  BLURBS,
  CAVEATS,
  CLOSERS,
  intentOf,
  OWN_BLURBS,
  inventedNames,
  placeOf,
  PRICE_BLURBS,
  shuffle,
  simplify,
  slugify,
  TIPS,
  tradeOf,
  URGENT_BLURBS,
  type Intent,
  type Place,
  type Trade,
} from './demo-words';

export { seededRandom } from './demo-words';

// The AI SDK 7 language-model spec (v4), as `ai` exposes it: @ai-sdk/provider, where these types
// are declared, is only a dependency of `ai`, not of this project.
type LanguageModelV4 = Extract<LanguageModel, { specificationVersion: 'v4' }>;
type LanguageModelV4CallOptions = Parameters<LanguageModelV4['doGenerate']>[0];
type LanguageModelV4GenerateResult = Awaited<ReturnType<LanguageModelV4['doGenerate']>>;
type LanguageModelV4Content = LanguageModelV4GenerateResult['content'][number];
type LanguageModelV4Prompt = LanguageModelV4CallOptions['prompt'];

export type DemoContext = {
  business: {
    name: string;
    website: string | null;
    location: string | null;
    industry: string | null;
  } & DemoFacts;
  competitors: string[];
};

export const DEMO_PROVIDER = 'demo';
export const DEMO_MODEL_ID = 'demo-assistant';

/** How often an answer names the owner's business (the rest leave it out). */
const MENTION_RATE = 0.52;

export function createDemoModel(
  context: DemoContext,
  random: () => number = Math.random,
): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: DEMO_PROVIDER,
    modelId: DEMO_MODEL_ID,
    supportedUrls: {},
    async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
      const prompt = promptText(options.prompt);
      const { text, search } = composeAnswer(context, prompt, random);
      const content = answerContent(text, search);
      const inputTokens = 24 + Math.ceil(prompt.length / 4);
      const outputTokens = Math.ceil(text.length / 4);
      return {
        content,
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: outputTokens, text: outputTokens, reasoning: 0 },
        },
        response: {
          id: `demo-${Math.floor(random() * 0xffffffff).toString(16)}`,
          timestamp: new Date(),
          modelId: DEMO_MODEL_ID,
        },
        warnings: [],
      };
    },
    async doStream() {
      throw new UnsupportedFunctionalityError({
        functionality: 'streaming',
        message: 'The demo assistant answers whole: call generateText, not streamText.',
      });
    },
  };
}

/** The customer's question: the text of the user messages (system messages are not the prompt). */
function promptText(prompt: LanguageModelV4Prompt): string {
  return prompt
    .filter((message) => message.role === 'user')
    .flatMap((message) => message.content)
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

type Pick = { name: string; business: boolean; site: string | null };

/**
 * The answer as a provider returns it: each search as a provider-executed web_search call and its
 * result, the text with its citations, and every page the searches returned as a source.
 */
function answerContent(text: string, search: DemoSearch): LanguageModelV4Content[] {
  const source = (page: DemoPage, id: string) =>
    ({ type: 'source', sourceType: 'url', id, url: page.url, title: page.title }) as const;
  return [
    ...search.queries.flatMap((query, index): LanguageModelV4Content[] => {
      const toolCallId = `demo-search-${index + 1}`;
      return [
        {
          type: 'tool-call',
          toolCallId,
          toolName: 'web_search',
          input: JSON.stringify({ query }),
          providerExecuted: true,
          dynamic: true,
        },
        {
          type: 'tool-result',
          toolCallId,
          toolName: 'web_search',
          // Every page comes with the first search.
          result: (index ? [] : search.results).map(({ url, title }) => ({ url, title })),
          dynamic: true,
        },
      ];
    }),
    {
      type: 'text',
      text,
      citations: search.cited.map((page, index) => ({
        source: source(page, `demo-citation-${index + 1}`),
      })),
    },
    ...search.results.map((page, index) => source(page, `demo-source-${index + 1}`)),
  ];
}

function composeAnswer(
  context: DemoContext,
  prompt: string,
  random: () => number,
): { text: string; search: DemoSearch } {
  const rng = helpers(random);
  const trade = tradeOf(context.business.industry, prompt);
  const place = placeOf(context.business.location);
  const intent = intentOf(prompt);
  const where = place.full ? `in ${place.full}` : 'in your area';
  const website = context.business.website?.trim() || null;

  // Who is in this answer.
  const competitors = unique(context.competitors.map((name) => name.trim()).filter(Boolean));
  const count = rng.int(3, 6);
  const mentioned = random() < MENTION_RATE;
  // Named in the list (at any place), or only in a sentence after it.
  const proseOnly = mentioned && random() < 0.2;
  const known = rng.shuffle(competitors).filter(() => random() < 0.6);
  const invented = rng.shuffle(inventedNames(context, trade, place));
  const others = [...known, ...invented].slice(0, mentioned && !proseOnly ? count - 1 : count);
  const picks: Pick[] = others.map((name) => ({ name, business: false, site: siteFor(name) }));
  const us: Pick = { name: context.business.name.trim(), business: true, site: website };
  if (mentioned && !proseOnly) picks.splice(rng.int(0, picks.length), 0, us);
  const linkUs = mentioned && !!website && random() < 0.3;

  const blurb = (() => {
    // The question's concern (speed, price) in one to three of the entries, then general praise;
    // never the same sentence twice in one answer.
    const concerns = rng
      .shuffle([...(intent.urgent ? URGENT_BLURBS : []), ...(intent.price ? PRICE_BLURBS : [])])
      .slice(0, rng.int(1, 3));
    const general = rng.shuffle(BLURBS);
    const deck = rng.shuffle([...concerns, ...general.slice(0, 3)]).concat(general.slice(3));
    let next = 0;
    return () => deck[next++ % deck.length]!;
  })();
  // What the answer says of the owner's business: praise, a plain fact or a drawback, so the
  // simulated answers show every label the sentences get (decision 21).
  const ownKind = mentioned
    ? rng.weighted([
        ['positive', 50],
        ['neutral', 30],
        ['negative', 20],
      ] as const)
    : 'positive';
  const ownBlurb = rng.pick(OWN_BLURBS[ownKind]);
  const say = (pick: Pick) => (pick.business ? ownBlurb : blurb());
  const label = (pick: Pick) =>
    pick.business && linkUs ? `[${pick.name}](${website})` : pick.name;
  // In running text a one-word name ("Summit") is bolded, as assistants do, or it reads as a word.
  const inText = (pick: Pick, bold = false) =>
    bold || !/\s/.test(pick.name) ? `**${label(pick)}**` : label(pick);
  const rating = () => `${(4.5 + rng.int(0, 4) / 10).toFixed(1)}★`;

  const parts: string[] = [];
  parts.push(rng.pick(intros(trade, where, intent)));
  if (intent.choose) {
    parts.push(
      rng
        .shuffle(TIPS)
        .slice(0, 3)
        .map((tip) => `- ${tip}`)
        .join('\n'),
    );
    parts.push(
      rng.pick(['A few well-reviewed names to start with:', 'Some names that come up often:']),
    );
  }

  const form = rng.weighted([
    ['numbered', 35],
    ['bullets', 25],
    ['prose', 15],
    ['paragraphs', 13],
    ['table', 12],
  ] as const);
  if (form === 'numbered') {
    parts.push(picks.map((pick, i) => `${i + 1}. **${label(pick)}** – ${say(pick)}`).join('\n'));
  } else if (form === 'bullets') {
    const withRatings = random() < 0.4;
    parts.push(
      picks
        .map(
          (pick) =>
            `- **${label(pick)}**${withRatings ? ` (${rating()} on Google)` : ''}: ${say(pick)}`,
        )
        .join('\n'),
    );
  } else if (form === 'paragraphs') {
    parts.push(...picks.map((pick) => `**${label(pick)}** – ${lowerFirst(say(pick))}`));
  } else if (form === 'table') {
    parts.push(
      [
        '| Business | Why people pick it | Rating |',
        '|---|---|---|',
        ...picks.map(
          (pick) => `| **${label(pick)}** | ${say(pick).replace(/\.$/, '')} | ${rating()} |`,
        ),
      ].join('\n'),
    );
  } else {
    const bold = random() < 0.4;
    parts.push(prose(picks, (pick) => inText(pick, bold), say, rng));
  }

  if (proseOnly)
    parts.push(
      rng.pick([
        `You could also contact ${inText(us)}, a local option that people speak well of.`,
        `${inText(us)} is another name worth a call; it gets good feedback from local customers.`,
        `Some people also recommend ${inText(us)}, so it may be worth getting a quote from them too.`,
        `${inText(us)} also comes up, though a few reviews mention slow replies to messages.`,
        `${inText(us)} is another local option; its services and hours are listed on its website.`,
      ]),
    );
  // Its phone, address or hours, in a sentence of their own (mostly right, sometimes stale).
  const facts = mentioned ? demoFactSentence(us.name, context.business, rng.pick, random) : null;
  if (facts) parts.push(facts);
  if (random() < 0.45) parts.push(rng.pick(CAVEATS));
  if (random() < 0.2) parts.push(rng.pick(CLOSERS));
  const text = parts.join('\n\n');

  // The simulated search: directories and the sites of the businesses in the answer, and the
  // owner's site in many of them.
  const siteLabel = trade.label === 'Services' ? 'Local Services' : trade.label;
  const search = simulateSearch(
    {
      topic: trade.topic,
      place: place.full,
      city: place.city,
      intent,
      directories: directorySources(trade, place),
      sites: picks
        .filter((pick) => !pick.business && pick.site)
        .map((pick) => ({
          url: pick.site!,
          title: `${pick.name} | ${siteLabel}${place.city ? ` in ${place.city}` : ''}`,
        })),
      own: website ? { url: website, title: `${us.name} – Home` } : null,
      mentioned,
      linksOwn: linkUs,
    },
    random,
  );
  return { text, search };
}

function intros(trade: Trade, where: string, intent: Intent): string[] {
  if (intent.choose)
    return [
      `Choosing well comes down to a few checks, then a short list of ${trade.topic} ${where}.`,
      `A few things to check first, then some ${trade.topic} ${where} that are well reviewed.`,
    ];
  const list = [
    `Here are some well-reviewed ${trade.topic} ${where} worth contacting:`,
    `Based on reviews and local reputation, these ${trade.topic} ${where} stand out:`,
    `A few names come up again and again for ${trade.topic} ${where}:`,
    `If you're looking for ${trade.topic} ${where}, these are solid places to start:`,
  ];
  if (intent.urgent)
    list.push(
      `If it's urgent, call two or three of these ${trade.topic} ${where} and ask who can come out soonest:`,
    );
  if (intent.price)
    list.push(
      `Prices vary a lot, so compare quotes. These ${trade.topic} ${where} are known for fair pricing:`,
    );
  return list;
}

function prose(
  picks: Pick[],
  label: (pick: Pick) => string,
  say: (pick: Pick) => string,
  rng: Helpers,
): string {
  const names = picks.map(label);
  const [first, second, ...rest] = names;
  const sentences = [
    `${first} is often the first name people mention: ${lowerFirst(say(picks[0]!))}`,
    second
      ? `${second} is another popular choice (${lowerFirst(say(picks[1]!)).replace(/\.$/, '')}).`
      : '',
    rest.length
      ? `${rng.pick(['Other names worth checking are', 'You might also look at', 'Locals also recommend'])} ${join(rest)}${/\.(?:\*\*)?$/.test(rest.at(-1)!) ? '' : '.'}`
      : '',
  ];
  return sentences.filter(Boolean).join(' ');
}

function directorySources(trade: Trade, place: Place): { url: string; title: string }[] {
  const loc = place.full;
  const topic = trade.topic;
  const titled = topic.replace(/\b\p{Ll}/gu, (c) => c.toUpperCase());
  const near = loc ? ` in ${loc}` : ' Near You';
  const region = place.region ? slugify(place.region) : null;
  const city = place.city ? slugify(place.city) : null;
  const sources = [
    {
      url: `https://www.yelp.com/search?find_desc=${encodeURIComponent(topic)}${loc ? `&find_loc=${encodeURIComponent(loc)}` : ''}`,
      title: `Top 10 Best ${titled}${near} - Yelp`,
    },
    {
      url:
        region && city
          ? `https://www.angi.com/companylist/us/${region}/${city}/${trade.slug}.htm`
          : `https://www.angi.com/nearme/${trade.slug}/`,
      title: `Best ${titled}${near} | Angi`,
    },
    {
      url: `https://www.bbb.org/search?find_text=${encodeURIComponent(topic)}${loc ? `&find_loc=${encodeURIComponent(loc)}` : ''}`,
      title: `BBB Directory of ${titled}${near}`,
    },
  ];
  if (city)
    sources.push({
      url: `https://www.reddit.com/r/${place.city!.replace(/[^A-Za-z]/g, '')}/`,
      title: `Recommendations for ${topic}? : r/${place.city!.replace(/[^A-Za-z]/g, '')}`,
    });
  return sources;
}

/** An invented site for a business in an answer: "Lone Star Plumbing Co." → lonestarplumbingco.com. */
function siteFor(name: string): string | null {
  const host = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');
  return host ? `https://www.${host.slice(0, 40)}.com/` : null;
}

// ---------------------------------------------------------------------------------------------
// Small helpers.

type Helpers = ReturnType<typeof helpers>;

function helpers(random: () => number) {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  return {
    int,
    pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!,
    shuffle: <T>(items: readonly T[]): T[] => shuffle(items, random),
    weighted: <T>(items: readonly (readonly [T, number])[]): T => {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = random() * total;
      for (const [item, weight] of items) {
        roll -= weight;
        if (roll < 0) return item;
      }
      return items.at(-1)![0];
    },
  };
}

function unique(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = simplify(name);
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function lowerFirst(sentence: string): string {
  return sentence[0]!.toLowerCase() + sentence.slice(1);
}

function join(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
