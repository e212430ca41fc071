import { describe, expect, it } from 'vitest';
import {
  ANSWER_CRAWLERS,
  CRAWLERS,
  FETCHING_CRAWLERS,
  LIST_TOKENS,
  OWN_TOKENS,
  TRAINING_CRAWLERS,
} from './crawlers.server';
import { productToken } from './tokens';

// The crawler table: tokens from the vendored ai.robots.txt list, grouped by purpose by us.

const byToken = (token: string) => CRAWLERS.find((crawler) => crawler.token === token);

describe('the crawler table', () => {
  it('takes every token of the vendored list, once per robots.txt product token', () => {
    const keys = CRAWLERS.map((crawler) => productToken(crawler.token));
    expect(new Set(keys).size).toBe(keys.length);
    for (const token of LIST_TOKENS) {
      expect(keys, token).toContain(productToken(token));
    }
    expect(LIST_TOKENS.length).toBeGreaterThanOrEqual(160);
  });

  it('names only tokens the list has, besides the search engines it leaves out', () => {
    const listed = new Set(LIST_TOKENS.map(productToken));
    const missing = OWN_TOKENS.filter((token) => !listed.has(productToken(token)));
    expect(missing).toEqual(['Googlebot', 'Bingbot']);
  });

  it('puts search, answer and user fetches with the answers, Bingbot and Applebot included', () => {
    for (const token of [
      'OAI-SearchBot',
      'Claude-SearchBot',
      'PerplexityBot',
      'Googlebot',
      'Bingbot',
      'Applebot',
    ]) {
      expect(byToken(token), token).toMatchObject({ purpose: 'answer', major: true });
    }
    for (const token of [
      'ChatGPT-User',
      'Claude-User',
      'Perplexity-User',
      'MistralAI-User',
      'Meta-ExternalFetcher',
    ]) {
      expect(byToken(token), token).toMatchObject({ purpose: 'user', major: true });
    }
    expect(byToken('DuckAssistBot')).toMatchObject({ purpose: 'answer', major: false });
    expect(byToken('ChatGPT Agent')?.purpose).toBe('agent');
    const answering = ANSWER_CRAWLERS.map((crawler) => crawler.token);
    expect(answering).not.toContain('GPTBot');
  });

  it('counts the training tokens, and anything the list adds, as training', () => {
    for (const token of ['GPTBot', 'ClaudeBot', 'Google-Extended', 'Applebot-Extended', 'CCBot']) {
      expect(byToken(token)?.purpose, token).toBe('training');
    }
    // A token only the list names (no purpose of ours) is training and data collection.
    expect(byToken('Timpibot')).toMatchObject({ purpose: 'training', major: false });
    expect(TRAINING_CRAWLERS.length).toBeGreaterThan(80);
  });

  it('fetches as the answer crawlers and user fetchers first, then GPTBot and ClaudeBot', () => {
    expect(FETCHING_CRAWLERS.map((crawler) => crawler.token)).toEqual([
      'OAI-SearchBot',
      'ChatGPT-User',
      'Claude-SearchBot',
      'Claude-User',
      'PerplexityBot',
      'Perplexity-User',
      'GPTBot',
      'ClaudeBot',
    ]);
    for (const crawler of FETCHING_CRAWLERS) {
      // The real header names the crawler by its token, as CDNs match it.
      expect(crawler.userAgent, crawler.token).toContain(`${crawler.token}/`);
      expect(crawler.userAgent).toMatch(/^Mozilla\/5\.0 /);
    }
  });
});
