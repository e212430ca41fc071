import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createPerplexity } from '@ai-sdk/perplexity';
import { generateText, NoObjectGeneratedError, Output, type LanguageModel } from 'ai';
import { z } from 'zod';
import { env } from '~/lib/env.server';
import { backoffMs, classify } from './ask.server';
import type { EngineConfig } from './engines.server';
import {
  EXTRACTION_LABEL,
  parseExtractionModel,
  type ExtractionConfig,
  type ExtractionSettings,
} from './extraction-config';

export { EXTRACTION_LABEL, EXTRACTION_SPEND_KEY, type ExtractionConfig } from './extraction-config';
import { tokenCostOf } from './prices';
import { sleep as realSleep, type RateLimiter, type Sleep } from './rate-limit.server';

// The optional extraction model (TRACKING_EXTRACTION_MODEL, e.g. "openai:gpt-4.1-mini"): a second,
// cheap call that reads an engine's answer and lists, as structured output, the businesses and
// brands it names and the sentences naming the owner's business with a sentiment label. Any
// engine we support can be it, with that engine's key and address. The reader stays the check
// (a name the model gives that the answer does not contain is dropped, see
// app/domain/tracking/model-names.ts) and the fallback: when the call fails (after its retries),
// times out or returns something that is not the schema, the answer is read by the reader alone.
// Its tokens are priced like answers (TRACKING_PRICES) and counted against the monthly budget.

/** The configured extraction model, or null (env.server refuses a bad setting at start-up). */
export function extractionModel(settings: ExtractionSettings = env): ExtractionConfig | null {
  const parsed = parseExtractionModel(settings);
  return typeof parsed === 'object' ? parsed : null;
}

function languageModelOf(config: ExtractionConfig): LanguageModel {
  const { apiKey, baseURL, model } = config;
  switch (config.provider) {
    case 'openai':
      return createOpenAI({ apiKey, baseURL: baseURL || 'https://api.openai.com/v1' }).responses(
        model,
      );
    case 'anthropic':
      return createAnthropic({ apiKey, baseURL: baseURL || 'https://api.anthropic.com/v1' })(model);
    case 'google':
      return createGoogleGenerativeAI({
        apiKey,
        baseURL: baseURL || 'https://generativelanguage.googleapis.com/v1beta',
      })(model);
    case 'perplexity':
      return createPerplexity({ apiKey, baseURL: baseURL || 'https://api.perplexity.ai' })(model);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'compatible',
        baseURL: baseURL || 'http://127.0.0.1:11434/v1',
        supportsStructuredOutputs: true,
        ...(apiKey ? { apiKey } : {}),
      }).chatModel(model);
  }
}

export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];

/** The kinds of fact the model reads (the same as app/domain/tracking/reading/fact-patterns.ts). */
export const FACT_KINDS = ['phone', 'address', 'hours', 'website', 'status'] as const;

/** What the model is asked to return (no length limits in the schema: not every API takes them). */
/**
 * What the model is asked to return, in one call (no length limits in the schema: not every API
 * takes them). Owned by issue 43; issue 45 adds the facts (phone, address, hours) to this object.
 */
export const ExtractionSchema = z.object({
  businesses: z
    .array(z.string())
    .describe(
      'Every business the answer offers as an option for the question, or is about (companies, firms, practices, shops, restaurants, chains, software products from a company), including the one asked about, each once, spelled exactly as in the answer, in order of first appearance.',
    ),
  sentences: z
    .array(z.object({ text: z.string(), label: z.enum(SENTIMENTS) }))
    .describe(
      'Each sentence of the answer about the business asked about, copied exactly: those naming it and those in its card, list item, table row or section that do not name it, with how each describes that business.',
    ),
  facts: z
    .array(z.object({ kind: z.enum(FACT_KINDS), value: z.string() }))
    .describe(
      "What the answer says about the business asked about: its phone number, street address, opening hours, website, and whether it is permanently closed or has moved (kind 'status'), each value copied exactly as the answer writes it. Only facts the answer gives that business itself, never another business's.",
    ),
});

export const MAX_EXTRACTED_NAMES = 60;
export const MAX_EXTRACTED_SENTENCES = 20;
export const MAX_EXTRACTED_FACTS = 20;
const MAX_NAME_CHARS = 120;
const MAX_SENTENCE_CHARS = 1000;

const INSTRUCTIONS = `You read answers that an AI assistant gave to a customer's question and list the businesses it offers as options or is about.
List businesses only: companies, firms, practices, shops, restaurants, chains, software products and the brand names they trade under.
Do not list: places, streets, neighbourhoods and addresses ("King's Cross", "Regent's Canal", "Greenville, NC"); review sites, directories, maps and rankings named as where to look ("Yelp", "Google Maps", "TripAdvisor", "G2", "Michelin Guide"); headings, labels, steps and itinerary times ("Lunch", "Early Afternoon", "Identify Specific Needs", "FTX Case Update", "Key Takeaways"); the titles of cited pages; people, products and models ("iPhone", "ChatGPT"), public bodies, trade associations and registers; and brands in other roles: the assistant addressed by name, a business's clients ("clients include Google and Amazon"), parent companies ("part of ..."), integrations and platforms it works with ("integrates with Xero").
A review site listed as an option to choose (a reservation system among reservation systems) is a business.
From a news heading give only the company ("FTX Case Update" gives "FTX"). Where a description comes before a name ("Chinese AI firm DeepSeek"), list the name alone.
Write each name exactly as the answer does, legal form and punctuation included ("Cedar Ridge Plumbing Co.").
For the sentences, copy exactly each sentence about the business asked about: those that name it (by its name, a short form or a variant) and those in its card, list item, table row or section that do not name it; label how each describes that business: positive, neutral or negative.
For the facts, copy exactly what the answer gives as the phone number, street address, opening hours, website or closed/moved status of the business asked about; leave out what it says of other businesses.`;

export type ExtractionInput = {
  /** The engine's answer. */
  text: string;
  /** The business the answer was asked about (its sentences are labelled). */
  business: { name: string; location?: string | null };
};

export type Extraction = {
  model: string;
  /** As the model gave them, trimmed and without repeats; not yet checked against the text. */
  businesses: string[];
  sentences: { text: string; label: Sentiment }[];
  /** Not yet checked against the text (reading/model-facts.ts). */
  facts: { kind: (typeof FACT_KINDS)[number]; value: string }[];
  usage: { inputTokens: number; outputTokens: number };
  costUsd: number;
  attempts: number;
};

/** A failed extraction: the reader reads the answer alone; its tokens still cost. */
export type ExtractionFailure = {
  error: string;
  usage: { inputTokens: number; outputTokens: number };
  costUsd: number;
  attempts: number;
};

export type ExtractionOptions = {
  signal?: AbortSignal;
  timeoutMs: number;
  maxAttempts: number;
  retryDelayMs: number;
  limiter?: RateLimiter;
  sleep?: Sleep;
  /** Answers instead of the provider (tests). */
  languageModel?: LanguageModel;
};

function promptOf(input: ExtractionInput): string {
  const place = input.business.location ? ` (${input.business.location})` : '';
  return `The business asked about: ${input.business.name}${place}\n\nThe answer:\n"""\n${input.text}\n"""`;
}

function tidy(output: z.infer<typeof ExtractionSchema>) {
  const seen = new Set<string>();
  const businesses: string[] = [];
  for (const raw of output.businesses) {
    const name = raw.replace(/\s+/g, ' ').trim().slice(0, MAX_NAME_CHARS);
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    businesses.push(name);
  }
  const sentences = output.sentences
    .map(({ text, label }) => ({
      text: text.replace(/\s+/g, ' ').trim().slice(0, MAX_SENTENCE_CHARS),
      label,
    }))
    .filter((sentence) => sentence.text);
  const facts = output.facts
    .map(({ kind, value }) => ({ kind, value: value.replace(/\s+/g, ' ').trim().slice(0, 300) }))
    .filter((fact) => fact.value);
  return {
    businesses: businesses.slice(0, MAX_EXTRACTED_NAMES),
    sentences: sentences.slice(0, MAX_EXTRACTED_SENTENCES),
    facts: facts.slice(0, MAX_EXTRACTED_FACTS),
  };
}

/**
 * Asks the extraction model which businesses `input.text` names. Retries what a second try can
 * fix (429, 5xx, time-outs, network, output that is not the schema) with backoff; returns the
 * failure instead of throwing, except on shutdown (the signal), which is rethrown.
 */
export async function extractNames(
  config: ExtractionConfig,
  input: ExtractionInput,
  options: ExtractionOptions,
): Promise<Extraction | ExtractionFailure> {
  const { signal, timeoutMs, maxAttempts, retryDelayMs, limiter } = options;
  const wait = options.sleep ?? realSleep;
  const model = options.languageModel ?? languageModelOf(config);
  const asEngine = {
    id: config.engine,
    name: EXTRACTION_LABEL,
    model: config.model,
  } as EngineConfig;
  const usage = { inputTokens: 0, outputTokens: 0 };
  const spent = (
    tokens: { inputTokens?: number | undefined; outputTokens?: number | undefined } | undefined,
  ) => {
    usage.inputTokens += tokens?.inputTokens ?? 0;
    usage.outputTokens += tokens?.outputTokens ?? 0;
  };
  for (let attempt = 1; ; attempt += 1) {
    signal?.throwIfAborted();
    await limiter?.acquire(config.engine, config.rpm, signal);
    const timeout = AbortSignal.timeout(timeoutMs);
    let failure: ReturnType<typeof classify>;
    try {
      const result = await generateText({
        model,
        system: INSTRUCTIONS,
        prompt: promptOf(input),
        output: Output.object({ schema: ExtractionSchema }),
        maxRetries: 0,
        temperature: 0,
        abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      spent(result.totalUsage);
      const output = tidy(result.output);
      return {
        model: result.response.modelId || config.model,
        ...output,
        usage,
        costUsd: tokenCostOf(config.model, usage),
        attempts: attempt,
      };
    } catch (error) {
      signal?.throwIfAborted();
      if (NoObjectGeneratedError.isInstance(error)) {
        spent(error.usage);
        failure = {
          kind: 'malformed',
          retryable: true,
          message: `${EXTRACTION_LABEL} did not answer in the schema`,
        };
      } else failure = classify(error, asEngine, timeout.aborted, timeoutMs);
    }
    if (!failure.retryable || attempt >= maxAttempts)
      return {
        error: failure.message,
        usage,
        costUsd: tokenCostOf(config.model, usage),
        attempts: attempt,
      };
    await wait(failure.retryAfterMs ?? backoffMs(retryDelayMs, attempt), signal);
  }
}

export function isExtraction(value: Extraction | ExtractionFailure): value is Extraction {
  return !('error' in value);
}
