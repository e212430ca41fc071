import type { LanguageModel } from 'ai';
import {
  EXTRACTION_SPEND_KEY,
  extractionModel,
  extractNames,
  isExtraction,
  type Extraction,
  type ExtractionConfig,
  type ExtractionFailure,
} from '~/lib/ai/extraction.server';
import { databaseRateLimiter, type RateLimiter } from '~/lib/ai/rate-limit.server';
import type { Sleep } from '~/lib/ai/rate-limit.server';
import { env } from '~/lib/env.server';

// Asking the extraction model (TRACKING_EXTRACTION_MODEL) about an answer a tracking job holds,
// and its line of the month's spend, kept with the answer (runs.server.ts).

export type ExtractDependencies = {
  limiter?: RateLimiter;
  sleep?: Sleep;
  /** The extraction model (default: TRACKING_EXTRACTION_MODEL's), null for none. */
  extraction?: ExtractionConfig | null;
  /** Answers instead of the extraction model's provider (tests). */
  extractionLanguageModel?: LanguageModel;
};

/** One extraction call's time limit: it reads text, it searches nothing. */
const EXTRACTION_TIMEOUT_MS = 30_000;
/** Its attempts: after a second failure the reader reads the answer alone. */
const EXTRACTION_ATTEMPTS = 2;

/**
 * The extraction model's reading of an answer, when one is configured: its businesses and
 * labelled sentences, or its failure (then the reader reads alone). Never throws: a shutdown
 * during the call keeps the answer, read by the reader.
 */
export async function extract(
  text: string,
  business: { name: string; location: string | null },
  signal: AbortSignal,
  deps: ExtractDependencies,
): Promise<Extraction | ExtractionFailure | null> {
  const config = deps.extraction === undefined ? extractionModel() : deps.extraction;
  if (!config) return null;
  try {
    return await extractNames(
      config,
      { text, business },
      {
        signal,
        timeoutMs: Math.min(env.TRACKING_TIMEOUT_SECONDS * 1000, EXTRACTION_TIMEOUT_MS),
        maxAttempts: Math.min(env.TRACKING_MAX_ATTEMPTS, EXTRACTION_ATTEMPTS),
        retryDelayMs: env.TRACKING_RETRY_DELAY_SECONDS * 1000,
        limiter: deps.limiter ?? databaseRateLimiter,
        sleep: deps.sleep,
        languageModel: deps.extractionLanguageModel,
      },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      error: `Extraction stopped: ${message}`,
      usage: { inputTokens: 0, outputTokens: 0 },
      costUsd: 0,
      attempts: 1,
    };
  }
}

/** The extraction call's row of the month's spend (TrackingSpend, engine "extraction"). */
export function extractionSpend(call: Extraction | ExtractionFailure): SpendLine {
  return {
    engine: EXTRACTION_SPEND_KEY,
    calls: 1,
    inputTokens: call.usage.inputTokens,
    outputTokens: call.usage.outputTokens,
    costUsd: call.costUsd,
    ...(isExtraction(call) ? {} : { failures: 1, error: call.error }),
  };
}

/** A line of TrackingSpend's counts for one engine key. */
export type SpendLine = {
  engine: string;
  calls?: number;
  failures?: number;
  inputTokens?: number;
  outputTokens?: number;
  costUsd?: number;
  error?: string;
};
