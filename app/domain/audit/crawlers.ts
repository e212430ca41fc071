// The AI crawlers the audit checks robots.txt for, by what they fetch for (see
// shared/research/ai-readiness.md). Answer crawlers decide whether a business can appear in an AI
// answer at all; training crawlers only decide whether its pages teach future models, and
// blocking those is a legitimate choice, so it never fails the audit.

export type Crawler = { token: string; vendor: string };

/** Search and answer retrieval, and fetches a person asks for in a chat. */
export const ANSWER_CRAWLERS: readonly Crawler[] = [
  { token: 'OAI-SearchBot', vendor: 'ChatGPT search' },
  { token: 'ChatGPT-User', vendor: 'ChatGPT, when a user asks it to open a page' },
  { token: 'Claude-SearchBot', vendor: 'Claude search' },
  { token: 'PerplexityBot', vendor: 'Perplexity' },
  { token: 'Googlebot', vendor: 'Google Search, AI Overviews and Gemini' },
];

/** Model training. */
export const TRAINING_CRAWLERS: readonly Crawler[] = [
  { token: 'GPTBot', vendor: 'OpenAI' },
  { token: 'ClaudeBot', vendor: 'Anthropic' },
  { token: 'anthropic-ai', vendor: 'Anthropic (older token)' },
  { token: 'Google-Extended', vendor: 'Google Gemini' },
  { token: 'Applebot-Extended', vendor: 'Apple Intelligence' },
  { token: 'CCBot', vendor: 'Common Crawl' },
  { token: 'Meta-ExternalAgent', vendor: 'Meta AI' },
  { token: 'Amazonbot', vendor: 'Amazon' },
  { token: 'Bytespider', vendor: 'ByteDance' },
];
