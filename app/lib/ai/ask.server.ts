import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createPerplexity } from '@ai-sdk/perplexity';
import {
  APICallError,
  EmptyResponseBodyError,
  generateText,
  InvalidResponseDataError,
  JSONParseError,
  NoContentGeneratedError,
  RetryError,
  TypeValidationError,
  type LanguageModel,
} from 'ai';
import { rawBody, searchesOf, sourcesOf, type EngineSource } from './answer-parts';
import type { EngineConfig, EngineId } from './engines.server';
import { approximateLocation, withPlace, type LocationSent } from './location';
import { sleep as realSleep, type RateLimiter, type Sleep } from './rate-limit.server';

// Asks one engine one prompt, the way a customer would: the prompt goes out as the owner wrote it
// (no system message), with the engine's web search on and asked from the business's location,
// so the answer is the one a person nearby asking today would read. The location goes in the
// search's own setting where the API has one (ChatGPT, Claude, Perplexity); Gemini's has none, so
// there the town is added to the question unless it names it already. Retries are ours (the
// SDK's are off): transient failures (429, 408, 5xx, network, time-out, malformed or empty
// answers) wait and try again, honouring Retry-After; anything else (a refused key, an unknown
// model) fails at once.

export type { EngineSource } from './answer-parts';

export type EngineAnswer = {
  engine: EngineId;
  /** The model the response says answered (often a dated version), else the configured one. */
  model: string;
  text: string;
  /** The pages the answer cited, then those its search only returned; each page once. */
  sources: EngineSource[];
  /** The searches the engine ran for the prompt, in order, each once. */
  searches: string[];
  /** Where the question was asked from, as sent; null when no place was sent. */
  location: LocationSent | null;
  usage: { inputTokens: number; outputTokens: number };
  /** The answering attempt's duration. */
  latencyMs: number;
  attempts: number;
};

export type EngineErrorKind =
  | 'rate-limited'
  | 'server'
  | 'timeout'
  | 'network'
  | 'malformed'
  | 'empty'
  | 'rejected'
  | 'aborted';

/** The last failure of a call, after its attempts; the message is shown to admins. */
export class EngineCallError extends Error {
  readonly kind: EngineErrorKind;
  readonly retryable: boolean;
  readonly status?: number;
  readonly attempts: number;

  constructor(failure: Failure, attempts: number) {
    super(failure.message);
    this.name = 'EngineCallError';
    this.kind = failure.kind;
    this.retryable = failure.retryable;
    if (failure.status !== undefined) this.status = failure.status;
    this.attempts = attempts;
  }
}

export type AskInput = { prompt: string; location?: string | null };

export type AskOptions = {
  /** Aborts the call at once (shutdown): fails with kind 'aborted'. */
  signal?: AbortSignal;
  /** One attempt's time limit. */
  timeoutMs: number;
  maxAttempts: number;
  /** The first retry's delay; each further one doubles (with jitter), unless Retry-After says. */
  retryDelayMs: number;
  limiter?: RateLimiter;
  /** Answers instead of the engine's provider (the Demo assistant's model; tests). */
  languageModel?: LanguageModel;
  sleep?: Sleep;
};

export type Failure = {
  kind: EngineErrorKind;
  retryable: boolean;
  status?: number;
  message: string;
  /** The wait the engine asked for (Retry-After). */
  retryAfterMs?: number;
};

const MAX_RETRY_AFTER_MS = 120_000;

type CallSettings = Pick<Parameters<typeof generateText>[0], 'model' | 'tools' | 'providerOptions'>;
type Call = { settings: CallSettings; prompt: string; location: LocationSent | null };

/** The provider's model with the engine's web search, asked from where the business is. */
function callFor(engine: EngineConfig, input: AskInput): Call {
  const place = approximateLocation(input.location);
  const { prompt } = input;
  const searched = place ? ({ ...place, via: 'search' } as const) : null;
  const { baseURL, apiKey } = engine;
  // An explicit base URL always: otherwise some providers read OPENAI_BASE_URL and the like from
  // process.env themselves, behind the configuration's back.
  switch (engine.id) {
    case 'chatgpt': {
      const openai = createOpenAI({ apiKey, baseURL: baseURL || 'https://api.openai.com/v1' });
      const settings: CallSettings = {
        model: openai.responses(engine.model),
        tools: {
          web_search: openai.tools.webSearch({
            ...(place ? { userLocation: { type: 'approximate', ...place } } : {}),
          }),
        },
      };
      return { settings, prompt, location: searched };
    }
    case 'perplexity': {
      const perplexity = createPerplexity({
        apiKey,
        baseURL: baseURL || 'https://api.perplexity.ai',
      });
      const settings: CallSettings = {
        model: perplexity(engine.model),
        ...(place
          ? { providerOptions: { perplexity: { web_search_options: { user_location: place } } } }
          : {}),
      };
      return { settings, prompt, location: searched };
    }
    case 'gemini': {
      // Grounding with Google Search takes no place (only Maps grounding takes coordinates):
      // the town goes into the question.
      const google = createGoogleGenerativeAI({
        apiKey,
        baseURL: baseURL || 'https://generativelanguage.googleapis.com/v1beta',
      });
      const settings: CallSettings = {
        model: google(engine.model),
        tools: { google_search: google.tools.googleSearch({}) },
      };
      if (!place) return { settings, prompt, location: null };
      const asked = withPlace(prompt, place);
      return {
        settings,
        prompt: asked.prompt,
        location: { ...place, via: 'question', added: asked.added },
      };
    }
    case 'claude': {
      const anthropic = createAnthropic({
        apiKey,
        baseURL: baseURL || 'https://api.anthropic.com/v1',
      });
      const settings: CallSettings = {
        model: anthropic(engine.model),
        tools: {
          web_search: anthropic.tools.webSearch_20250305({
            maxUses: 3,
            ...(place ? { userLocation: { type: 'approximate', ...place } } : {}),
          }),
        },
      };
      return { settings, prompt, location: searched };
    }
    case 'compatible': {
      const compatible = createOpenAICompatible({
        name: 'compatible',
        baseURL: baseURL || 'http://127.0.0.1:11434/v1',
        ...(apiKey ? { apiKey } : {}),
      });
      // No web search: no place is sent.
      return { settings: { model: compatible.chatModel(engine.model) }, prompt, location: null };
    }
    case 'demo':
      throw new Error('The Demo assistant answers through options.languageModel');
  }
}

function headerOf(headers: Record<string, string> | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/** Retry-After (seconds or an HTTP date) or retry-after-ms, capped; undefined when absent. */
export function retryAfterMs(
  headers: Record<string, string> | undefined,
  now = Date.now(),
): number | undefined {
  const ms = Number(headerOf(headers, 'retry-after-ms'));
  let wait: number | undefined;
  if (Number.isFinite(ms) && headerOf(headers, 'retry-after-ms')?.trim()) wait = ms;
  else {
    const value = headerOf(headers, 'retry-after')?.trim();
    if (value) {
      const seconds = Number(value);
      if (Number.isFinite(seconds)) wait = seconds * 1000;
      else if (!Number.isNaN(Date.parse(value))) wait = Date.parse(value) - now;
    }
  }
  return wait === undefined ? undefined : Math.min(Math.max(wait, 0), MAX_RETRY_AFTER_MS);
}

function shorten(text: string, length = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

function isMalformed(error: unknown): boolean {
  return (
    JSONParseError.isInstance(error) ||
    TypeValidationError.isInstance(error) ||
    InvalidResponseDataError.isInstance(error) ||
    EmptyResponseBodyError.isInstance(error) ||
    NoContentGeneratedError.isInstance(error)
  );
}

/** What went wrong with a call, whether to try again and after how long (extraction.server too). */
export function classify(
  error: unknown,
  engine: EngineConfig,
  timedOut: boolean,
  timeoutMs: number,
): Failure {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  if (timedOut) {
    return {
      kind: 'timeout',
      retryable: true,
      message: `No answer within ${Math.round(timeoutMs / 100) / 10} s`,
    } satisfies Failure;
  }
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode;
    if (status === undefined) {
      return {
        kind: 'network',
        retryable: true,
        message: `Could not reach ${engine.name}: ${shorten(cause.message.replace(/^Cannot connect to API: /, ''), 100)}`,
      } satisfies Failure;
    }
    if (status >= 200 && status < 300) {
      return {
        kind: 'malformed',
        retryable: true,
        status,
        message: `${engine.name} sent an answer that could not be read`,
      } satisfies Failure;
    }
    const retryAfter = retryAfterMs(cause.responseHeaders);
    const withWait = retryAfter === undefined ? {} : { retryAfterMs: retryAfter };
    if (status === 429) {
      return {
        kind: 'rate-limited',
        retryable: true,
        status,
        message: `${engine.name} is rate-limiting the key (HTTP 429)`,
        ...withWait,
      } satisfies Failure;
    }
    if (status === 408) {
      return {
        kind: 'timeout',
        retryable: true,
        status,
        message: `${engine.name} timed out (HTTP 408)`,
        ...withWait,
      } satisfies Failure;
    }
    if (status >= 500) {
      return {
        kind: 'server',
        retryable: true,
        status,
        message: `${engine.name} failed (HTTP ${status})`,
        ...withWait,
      } satisfies Failure;
    }
    const why =
      status === 401 || status === 403
        ? 'refused the API key'
        : status === 404
          ? `does not know the model "${engine.model}" or the address`
          : 'refused the request';
    return {
      kind: 'rejected',
      retryable: false,
      status,
      message: `${engine.name} ${why} (HTTP ${status}: ${shorten(cause.message, 120)})`,
    } satisfies Failure;
  }
  if (isMalformed(cause)) {
    return {
      kind: 'malformed',
      retryable: true,
      message: `${engine.name} sent an answer that could not be read`,
    } satisfies Failure;
  }
  if (cause instanceof TypeError && /fetch failed/i.test(cause.message)) {
    return {
      kind: 'network',
      retryable: true,
      message: `Could not reach ${engine.name}`,
    } satisfies Failure;
  }
  return {
    kind: 'rejected',
    retryable: false,
    message: `${engine.name} could not be asked: ${shorten(cause instanceof Error ? cause.message : String(cause), 120)}`,
  } satisfies Failure;
}

function aborted(attempts: number): EngineCallError {
  return new EngineCallError(
    { kind: 'aborted', retryable: true, message: 'Stopped before an answer came (shutdown)' },
    attempts,
  );
}

/** retryDelayMs × 2^(attempt−1), plus up to a quarter more so retries spread out. */
export function backoffMs(retryDelayMs: number, attempt: number): number {
  return retryDelayMs * 2 ** (attempt - 1) * (1 + Math.random() * 0.25);
}

export async function askEngine(
  engine: EngineConfig,
  input: AskInput,
  options: AskOptions,
): Promise<EngineAnswer> {
  const { signal, timeoutMs, maxAttempts, retryDelayMs, limiter } = options;
  const wait = options.sleep ?? realSleep;
  // The Demo assistant's model searches (in simulation) from the place it is given.
  const demoPlace = approximateLocation(input.location);
  const { settings, prompt, location }: Call = options.languageModel
    ? {
        settings: { model: options.languageModel },
        prompt: input.prompt,
        location: demoPlace ? { ...demoPlace, via: 'search' } : null,
      }
    : callFor(engine, input);

  for (let attempt = 1; ; attempt += 1) {
    if (signal?.aborted) throw aborted(attempt - 1);
    try {
      await limiter?.acquire(engine.id, engine.rpm, signal);
    } catch (error) {
      if (signal?.aborted) throw aborted(attempt - 1);
      throw error;
    }

    const timeout = AbortSignal.timeout(timeoutMs);
    const started = performance.now();
    let failure: Failure;
    try {
      const result = await generateText({
        ...settings,
        prompt,
        maxRetries: 0,
        abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        include: { responseBody: true },
      });
      const latencyMs = Math.round(performance.now() - started);
      if (result.text.trim()) {
        const parsed = rawBody.safeParse(result.response.body);
        const body = parsed.success ? parsed.data : null;
        const usage = result.totalUsage;
        return {
          engine: engine.id,
          model: body?.modelVersion || result.response.modelId || engine.model,
          text: result.text,
          sources: sourcesOf(engine.id, result, body, result.text),
          searches: searchesOf(result),
          location,
          usage: { inputTokens: usage.inputTokens ?? 0, outputTokens: usage.outputTokens ?? 0 },
          latencyMs,
          attempts: attempt,
        };
      }
      failure = { kind: 'empty', retryable: true, message: `${engine.name} gave an empty answer` };
    } catch (error) {
      if (signal?.aborted) throw aborted(attempt);
      failure = classify(error, engine, timeout.aborted, timeoutMs);
    }

    if (!failure.retryable || attempt >= maxAttempts) throw new EngineCallError(failure, attempt);
    try {
      await wait(failure.retryAfterMs ?? backoffMs(retryDelayMs, attempt), signal);
    } catch (error) {
      if (signal?.aborted) throw aborted(attempt);
      throw error;
    }
  }
}
