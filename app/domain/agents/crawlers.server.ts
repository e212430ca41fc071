import aiRobotsTxt from './ai-robots-txt/robots.json';
import { productToken } from './tokens';

// The one list of AI agents: the crawlers and agents the audit tests a site as and the crawler
// visits read from an owner's logs (tracking/visits), grouped by what they fetch for. Below audit
// and tracking, so both import it without an upward arrow. The tokens come from
// the ai.robots.txt project's list (ai-robots-txt/, vendored with its licence and commit); the
// grouping is ours: that list says who runs a crawler, not whether it decides if a business can
// appear in an AI answer.
//
// - answer: search and answer indexing. Blocked, the assistant cannot find the business at all.
//   Bingbot (Copilot) and Applebot (Siri, Spotlight) are here: their indexes feed those answers.
// - user: fetches a person asks for in a chat ("open this page"). Blocked, the assistant cannot
//   read the page even when the customer asks it to.
// - agent: agents acting for a person (browsing, booking, coding). Blocking them costs less today.
// - training: model training and data collection. Blocking these is the owner's choice: it never
//   fails the audit.
//
// `major` marks the crawlers of the assistants most customers use: blocking one of the answer or
// user crawlers among them fails the audit, blocking a lesser one only warns.

export type CrawlerPurpose = 'answer' | 'user' | 'agent' | 'training';

export const CRAWLER_PURPOSES: Record<CrawlerPurpose, string> = {
  answer: 'Search and answer indexing',
  user: 'Fetches a person asks for in a chat',
  agent: 'Agents acting for a person',
  training: 'Model training and data collection',
};

export type Crawler = {
  /** The robots.txt token, as its operator writes it. */
  token: string;
  purpose: CrawlerPurpose;
  /** What it fetches for, in plain words ("ChatGPT search"). */
  serves: string;
  /** A crawler of the assistants most customers use. */
  major: boolean;
  /** Its real User-Agent header, for the crawlers the audit fetches the site as. */
  userAgent?: string;
};

const ASKED = 'when a person asks it to open a page';

/** The crawlers we name ourselves, in the order the report lists them. */
const NAMED: readonly Crawler[] = [
  {
    token: 'OAI-SearchBot',
    purpose: 'answer',
    serves: 'ChatGPT search',
    major: true,
    userAgent:
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot',
  },
  {
    token: 'ChatGPT-User',
    purpose: 'user',
    serves: `ChatGPT, ${ASKED}`,
    major: true,
    userAgent:
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
  },
  {
    token: 'Claude-SearchBot',
    purpose: 'answer',
    serves: 'Claude search',
    major: true,
    userAgent:
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +Claude-SearchBot@anthropic.com)',
  },
  {
    token: 'Claude-User',
    purpose: 'user',
    serves: `Claude, ${ASKED}`,
    major: true,
    userAgent:
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)',
  },
  {
    token: 'PerplexityBot',
    purpose: 'answer',
    serves: 'Perplexity',
    major: true,
    userAgent:
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
  },
  {
    token: 'Perplexity-User',
    purpose: 'user',
    serves: `Perplexity, ${ASKED}`,
    major: true,
    userAgent:
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)',
  },
  {
    token: 'Googlebot',
    purpose: 'answer',
    serves: 'Google Search, AI Overviews and Gemini',
    major: true,
  },
  { token: 'Bingbot', purpose: 'answer', serves: 'Bing and Microsoft Copilot', major: true },
  { token: 'Applebot', purpose: 'answer', serves: 'Siri, Spotlight and Safari', major: true },
  { token: 'MistralAI-User', purpose: 'user', serves: `Mistral Le Chat, ${ASKED}`, major: true },
  { token: 'Meta-ExternalFetcher', purpose: 'user', serves: `Meta AI, ${ASKED}`, major: true },
  {
    token: 'GPTBot',
    purpose: 'training',
    serves: 'OpenAI model training',
    major: true,
    userAgent:
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)',
  },
  {
    token: 'ClaudeBot',
    purpose: 'training',
    serves: 'Anthropic model training',
    major: true,
    userAgent:
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  },
  { token: 'anthropic-ai', purpose: 'training', serves: 'Anthropic (older token)', major: true },
  {
    token: 'Google-Extended',
    purpose: 'training',
    serves: 'Gemini model training (a rule only: Google crawls as Googlebot)',
    major: true,
  },
  {
    token: 'Applebot-Extended',
    purpose: 'training',
    serves: 'Apple Intelligence training (a rule only: Apple crawls as Applebot)',
    major: true,
  },
  { token: 'CCBot', purpose: 'training', serves: 'Common Crawl', major: true },
  { token: 'Meta-ExternalAgent', purpose: 'training', serves: 'Meta AI training', major: true },
  { token: 'Amazonbot', purpose: 'training', serves: 'Amazon', major: true },
  { token: 'Bytespider', purpose: 'training', serves: 'ByteDance', major: true },
];

/** Lesser crawlers of the list, by purpose; every other token of the list counts as training. */
const LESSER: Record<Exclude<CrawlerPurpose, 'training'>, readonly string[]> = {
  answer: [
    'DuckAssistBot',
    'Amzn-SearchBot',
    'meta-webindexer',
    'YouBot',
    'Andibot',
    'AzureAI-SearchBot',
    'Bravebot',
    'PetalBot',
    'PhindBot',
    'iaskspider',
    'iAskBot',
    'ExaSearchBot',
    'ExaBot',
    'LinkupBot',
    'TavilyBot',
    'Querit-SearchBot',
    'QueritBot',
    'Channel3Bot',
    'ZanistaBot',
    'Anomura',
    'AddSearchBot',
  ],
  user: [
    'Amzn-User',
    'kagi-fetcher',
    'Kimi-User',
    'GoogleAgent-URLContext',
    'Google-NotebookLM',
    'NotebookLM',
    'Gemini-Deep-Research',
    'TongyiBot',
    'YiyanBot',
    'cohere-ai',
    'Shap-User',
    'LinerBot',
    'Claude-Web',
    'AI2Bot-DeepResearchEval',
    'amazon-QBusiness',
    'UseAI',
  ],
  agent: [
    'ChatGPT Agent',
    'Operator',
    'Google-Agent',
    'GoogleAgent-Mariner',
    'NovaAct',
    'AmazonBuyForMe',
    'Manus-User',
    'TwinAgent',
    'Claude-Code',
    'Devin',
    'Cursor',
    'opencode',
    'Trae',
    'Google-Gemini-CLI',
  ],
};

type ListEntry = { operator?: string; function?: string };
const LIST = aiRobotsTxt as Record<string, ListEntry>;

/** "[OpenAI](https://openai.com)" → "OpenAI"; "Unclear at this time." → null. */
function operatorName(entry: ListEntry | undefined): string | null {
  const text = (entry?.operator ?? '').replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').trim();
  if (!text || /^unclear|^unknown/i.test(text)) return null;
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

function build(): Crawler[] {
  const byKey = new Map<string, Crawler>();
  const add = (crawler: Crawler) => {
    const key = productToken(crawler.token);
    if (key && !byKey.has(key)) byKey.set(key, crawler);
  };
  for (const crawler of NAMED) add(crawler);
  for (const [purpose, tokens] of Object.entries(LESSER) as [CrawlerPurpose, string[]][]) {
    for (const token of tokens) {
      add({ token, purpose, serves: operatorName(LIST[token]) ?? token, major: false });
    }
  }
  for (const [token, entry] of Object.entries(LIST)) {
    add({ token, purpose: 'training', serves: operatorName(entry) ?? token, major: false });
  }
  return [...byKey.values()];
}

/** Every crawler the audit knows, one per robots.txt product token. */
export const CRAWLERS: readonly Crawler[] = build();

export const crawlersFor = (...purposes: CrawlerPurpose[]) =>
  CRAWLERS.filter((crawler) => purposes.includes(crawler.purpose));

/** Search and answer indexing, and fetches a person asks for: blocking these keeps you out. */
export const ANSWER_CRAWLERS: readonly Crawler[] = crawlersFor('answer', 'user');
export const AGENT_CRAWLERS: readonly Crawler[] = crawlersFor('agent');
/** Model training and data collection: the owner's choice. */
export const TRAINING_CRAWLERS: readonly Crawler[] = crawlersFor('training');

/** The crawlers the audit fetches the site as (their real User-Agent), answer ones first. */
export const FETCHING_CRAWLERS = CRAWLERS.filter(
  (crawler): crawler is Crawler & { userAgent: string } => Boolean(crawler.userAgent),
).sort((a, b) => Number(a.purpose === 'training') - Number(b.purpose === 'training'));

/** The tokens our own table names, and those of the vendored list (for its tests). */
export const OWN_TOKENS: readonly string[] = [
  ...NAMED.map((crawler) => crawler.token),
  ...Object.values(LESSER).flat(),
];
export const LIST_TOKENS: readonly string[] = Object.keys(LIST);
