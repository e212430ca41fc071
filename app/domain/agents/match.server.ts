import { ownString } from '~/lib/own-string';
import { CRAWLERS, type Crawler } from './crawlers.server';
import { productToken } from './tokens';

// Which agent a request's User-Agent header names, by the agent's product token as a word of the
// header ("…; compatible; GPTBot/1.1; +https://openai.com/gptbot" is GPTBot). One regular
// expression holds every token, longest first, so "ChatGPT-User" wins over a shorter token inside
// it, and a token matches only as a whole word ("Bytespider" never inside "NotBytespiderX").
// Browsers and ordinary bots match nothing. A log repeats a few hundred User-Agent strings over
// millions of lines, so answers are remembered (a bounded cache).

const BY_KEY = new Map<string, Crawler>();
for (const crawler of CRAWLERS) {
  const key = crawler.token.toLowerCase();
  if (productToken(crawler.token).length >= 3 && !BY_KEY.has(key)) BY_KEY.set(key, crawler);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The agents' tokens as a User-Agent names them (lower case), longest first. */
export const AGENT_TOKENS: readonly string[] = [...BY_KEY.keys()].sort(
  (a, b) => b.length - a.length,
);

/**
 * The source of the one regular expression that finds an agent's token as a whole word of a
 * User-Agent header (flag `i`); group 1 is the token. The Cloudflare Worker the crawler visits
 * page writes out carries the same expression.
 */
export const AGENT_PATTERN_SOURCE = `(?:^|[^a-z0-9_-])(${AGENT_TOKENS.map(escape).join('|')})(?=$|[^a-z0-9_-])`;

const PATTERN = new RegExp(AGENT_PATTERN_SOURCE, 'i');

const CACHE_LIMIT = 5_000;
const cache = new Map<string, Crawler | null>();

/** The agent a User-Agent header names, or null for browsers and bots that are no AI agent. */
export function agentOfUserAgent(userAgent: string | null | undefined): Crawler | null {
  if (!userAgent) return null;
  const known = cache.get(userAgent);
  if (known !== undefined) return known;
  const match = PATTERN.exec(userAgent);
  const crawler = match ? (BY_KEY.get(match[1]!.toLowerCase()) ?? null) : null;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  // Kept: a string of its own (see ownString), not a slice of the chunk the line came in.
  cache.set(ownString(userAgent), crawler);
  return crawler;
}
