import { z } from 'zod';
import { env } from '~/lib/env.server';

// What an answer costs: dollars per million input and output tokens, plus a fee per call (the web
// search or grounding the engine bills per request). The built-in table holds the public list
// prices of the default models and a few siblings (checked Nov 2026); TRACKING_PRICES (JSON of
// the same shape) is merged over it, for other models or changed prices. A model with no price
// costs 0 and hasPrice() says so, so admins can be warned that the budget does not see it.

export type ModelPrice = { input: number; output: number; request?: number };
export type PriceTable = Record<string, ModelPrice>;
export type TokenUsage = { inputTokens: number; outputTokens: number };

export const BUILT_IN_PRICES: PriceTable = {
  // OpenAI (Responses API; web search $10 per 1,000 calls).
  'gpt-5-mini': { input: 0.25, output: 2, request: 0.01 },
  'gpt-5': { input: 1.25, output: 10, request: 0.01 },
  'gpt-5-nano': { input: 0.05, output: 0.4, request: 0.01 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6, request: 0.025 },
  'gpt-4o-mini': { input: 0.15, output: 0.6, request: 0.025 },
  // Perplexity (request fee at the default, low, search context size).
  sonar: { input: 1, output: 1, request: 0.005 },
  'sonar-pro': { input: 3, output: 15, request: 0.006 },
  // Google (grounding with Google Search $35 per 1,000 prompts past the free tier).
  'gemini-2.5-flash': { input: 0.3, output: 2.5, request: 0.035 },
  'gemini-2.5-flash-lite': { input: 0.1, output: 0.4, request: 0.035 },
  'gemini-2.5-pro': { input: 1.25, output: 10, request: 0.035 },
  // Anthropic (web search $10 per 1,000 searches; one search counted per call).
  'claude-haiku-4-5': { input: 1, output: 5, request: 0.01 },
  'claude-sonnet-4-5': { input: 3, output: 15, request: 0.01 },
  'claude-opus-4-1': { input: 15, output: 75, request: 0.01 },
  // The Demo assistant answers locally.
  'demo-assistant': { input: 0, output: 0, request: 0 },
};

const priceTable = z.record(
  z.string(),
  z.object({
    input: z.number().min(0),
    output: z.number().min(0),
    request: z.number().min(0).optional(),
  }),
);

/** The built-in table with TRACKING_PRICES (JSON) over it; bad JSON is refused at start-up. */
let cache: { json: string; table: PriceTable } | undefined;

export function trackingPrices(json: string = env.TRACKING_PRICES): PriceTable {
  if (cache?.json !== json) cache = { json, table: mergePrices(json) };
  return cache.table;
}

function mergePrices(json: string): PriceTable {
  if (!json.trim()) return BUILT_IN_PRICES;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return BUILT_IN_PRICES;
  }
  const overrides = priceTable.safeParse(parsed);
  return overrides.success ? { ...BUILT_IN_PRICES, ...overrides.data } : BUILT_IN_PRICES;
}

/**
 * A model's price: by its exact id, else without the date a response adds to the id
 * (gpt-5-mini-2025-08-07, claude-haiku-4-5-20251001) or a "models/" prefix.
 */
export function priceOf(model: string, prices: PriceTable = trackingPrices()): ModelPrice | null {
  const candidates = [model, model.replace(/^models\//, '')];
  for (const candidate of [...candidates]) {
    candidates.push(candidate.replace(/-(\d{4}-\d{2}-\d{2}|\d{8}|latest)$/, ''));
  }
  for (const candidate of candidates) {
    if (Object.hasOwn(prices, candidate)) return prices[candidate]!;
  }
  return null;
}

export function hasPrice(model: string, prices: PriceTable = trackingPrices()): boolean {
  return priceOf(model, prices) !== null;
}

function tokensCost(price: ModelPrice, usage: TokenUsage): number {
  return (usage.inputTokens * price.input + usage.outputTokens * price.output) / 1_000_000;
}

/** Dollars the tokens of a call cost, without a per-call (search) fee: the extraction model's. */
export function tokenCostOf(model: string, usage: TokenUsage, prices = trackingPrices()): number {
  const price = priceOf(model, prices);
  return price ? tokensCost(price, usage) : 0;
}

/** Dollars one answer cost; 0 for a model with no price (see hasPrice). */
export function costOf(model: string, usage: TokenUsage, prices = trackingPrices()): number {
  const price = priceOf(model, prices);
  return price ? tokensCost(price, usage) + (price.request ?? 0) : 0;
}
