import { describe, expect, it } from 'vitest';
import { demoTrackingOn, env, trackingProblems, type Env } from '~/lib/env.server';

const config = (overrides: Partial<Env>): Env => ({
  ...env,
  OPENAI_API_KEY: '',
  PERPLEXITY_API_KEY: '',
  GOOGLE_GENERATIVE_AI_API_KEY: '',
  ANTHROPIC_API_KEY: '',
  OPENAI_COMPATIBLE_BASE_URL: '',
  OPENAI_COMPATIBLE_MODEL: '',
  DEMO_TRACKING: undefined,
  TRACKING_PRICES: '',
  ...overrides,
});

describe('the Demo assistant at start-up', () => {
  it('is refused next to any real engine', () => {
    for (const key of [
      { OPENAI_API_KEY: 'sk-live' },
      { PERPLEXITY_API_KEY: 'pplx' },
      { GOOGLE_GENERATIVE_AI_API_KEY: 'g' },
      { ANTHROPIC_API_KEY: 'a' },
      {
        OPENAI_COMPATIBLE_BASE_URL: 'http://localhost:11434/v1',
        OPENAI_COMPATIBLE_MODEL: 'llama3',
      },
    ]) {
      const problems = trackingProblems(config({ DEMO_TRACKING: true, ...key }));
      expect(problems.join('\n')).toMatch(/DEMO_TRACKING=true cannot run with a real engine/);
      // Without the demo the same key is fine.
      expect(trackingProblems(config(key))).toEqual([]);
    }
  });

  it('is off in production unless set, on by default in development with no key', () => {
    expect(demoTrackingOn(config({ NODE_ENV: 'production' }))).toBe(false);
    expect(demoTrackingOn(config({ NODE_ENV: 'production', DEMO_TRACKING: true }))).toBe(true);
    expect(demoTrackingOn(config({ NODE_ENV: 'development' }))).toBe(true);
    expect(demoTrackingOn(config({ NODE_ENV: 'development', OPENAI_API_KEY: 'sk' }))).toBe(false);
    expect(demoTrackingOn(config({ NODE_ENV: 'development', DEMO_TRACKING: false }))).toBe(false);
    expect(demoTrackingOn(config({ NODE_ENV: 'test' }))).toBe(false);
  });
});

describe('tracking settings', () => {
  it('needs a model for an OpenAI-compatible endpoint', () => {
    expect(
      trackingProblems(config({ OPENAI_COMPATIBLE_BASE_URL: 'http://localhost:11434/v1' })).join(),
    ).toMatch(/OPENAI_COMPATIBLE_MODEL/);
  });

  it('checks the price table', () => {
    expect(trackingProblems(config({ TRACKING_PRICES: '{"m":{"input":1,"output":2}}' }))).toEqual(
      [],
    );
    for (const bad of ['nope', '[]', '{"m":{"input":-1,"output":2}}', '{"m":{"input":"1"}}'])
      expect(trackingProblems(config({ TRACKING_PRICES: bad })).join()).toMatch(/TRACKING_PRICES/);
  });
});
