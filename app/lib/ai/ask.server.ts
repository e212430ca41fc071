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
import { z } from 'zod';
import type { EngineConfig, EngineId } from './engines.server';
import { approximateLocation } from './location';
import { sleep as realSleep, type RateLimiter, type Sleep } from './rate-limit.server';

// Asks one engine one prompt, the way a customer would: the prompt goes out exactly as the owner
// wrote it (no system message, nothing added), with the engine's web search on so the answer is
// the one a person asking today would read. Retries are ours (the SDK's are off): transient
// failures (429, 408, 5xx, network, time-out, malformed or empty answers) wait and try again,
// honouring Retry-After; anything else (a refused key, an unknown model) fails at once.

export type EngineSource = { url: string; title: string | null };

export type EngineAnswer = {
  engine: EngineId;
  /** The model the response says answered (often a dated version), else the configured one. */
  model: string;
  text: string;
  /** Pages the engine searched or cited, deduplicated by URL (cited ones first). */
  sources: EngineSource[];
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

/** The provider's model with the engine's web search, located where the business is. */
function callSettings(engine: EngineConfig, location: string | null | undefined): CallSettings {
  const place = approximateLocation(location);
  const { baseURL, apiKey } = engine;
  // An explicit base URL always: otherwise some providers read OPENAI_BASE_URL and the like from
  // process.env themselves, behind the configuration's back.
  switch (engine.id) {
    case 'chatgpt': {
      const openai = createOpenAI({ apiKey, baseURL: baseURL || 'https://api.openai.com/v1' });
      return {
        model: openai.responses(engine.model),
        tools: {
          web_search: openai.tools.webSearch({
            ...(place ? { userLocation: { type: 'approximate', ...place } } : {}),
          }),
        },
      };
    }
    case 'perplexity': {
      const perplexity = createPerplexity({
        apiKey,
        baseURL: baseURL || 'https://api.perplexity.ai',
      });
      return {
        model: perplexity(engine.model),
        ...(place
          ? { providerOptions: { perplexity: { web_search_options: { user_location: place } } } }
          : {}),
      };
    }
    case 'gemini': {
      // Gemini's search takes a place only as coordinates, which we do not have.
      const google = createGoogleGenerativeAI({
        apiKey,
        baseURL: baseURL || 'https://generativelanguage.googleapis.com/v1beta',
      });
      return {
        model: google(engine.model),
        tools: { google_search: google.tools.googleSearch({}) },
      };
    }
    case 'claude': {
      const anthropic = createAnthropic({
        apiKey,
        baseURL: baseURL || 'https://api.anthropic.com/v1',
      });
      return {
        model: anthropic(engine.model),
        tools: {
          web_search: anthropic.tools.webSearch_20250305({
            maxUses: 3,
            ...(place ? { userLocation: { type: 'approximate', ...place } } : {}),
          }),
        },
      };
    }
    case 'compatible': {
      const compatible = createOpenAICompatible({
        name: 'compatible',
        baseURL: baseURL || 'http://127.0.0.1:11434/v1',
        ...(apiKey ? { apiKey } : {}),
      });
      return { model: compatible.chatModel(engine.model) };
    }
    case 'demo':
      throw new Error('The Demo assistant answers through options.languageModel');
  }
}

const rawBody = z
  .object({
    // Perplexity: the pages behind `citations`, with their titles.
    search_results: z.array(z.object({ url: z.string(), title: z.string().nullish() })).nullish(),
    // Gemini: the model version that answered.
    modelVersion: z.string().nullish(),
  })
  .partial();

/**
 * Gemini cites every page through a Google redirect (vertexaisearch.cloud.google.com/
 * grounding-api-redirect/…) whose title is the page's domain: the site is all that can be known
 * without following the redirect, so the source becomes https://<domain>/.
 */
function siteOfRedirect(url: string, title: string | null | undefined): string | null {
  if (!/^https:\/\/vertexaisearch\.cloud\.google\.com\/grounding-api-redirect\//.test(url)) {
    return null;
  }
  const domain = title?.trim().toLowerCase();
  return domain && /^([a-z0-9-]+\.)+[a-z]{2,}$/.test(domain) ? `https://${domain}/` : null;
}

type Result = Awaited<ReturnType<typeof generateText>>;

function sourcesOf(result: Result, body: z.infer<typeof rawBody> | null): EngineSource[] {
  const byUrl = new Map<string, EngineSource>();
  const add = (link: string, title: string | null | undefined) => {
    const url = siteOfRedirect(link, title) ?? link;
    const known = byUrl.get(url);
    if (!known) byUrl.set(url, { url, title: title?.trim() || null });
    else if (!known.title && title?.trim()) known.title = title.trim();
  };
  // The pages the text cites (with titles), then every page the search returned.
  for (const part of result.content) {
    if (part.type !== 'text') continue;
    for (const citation of part.citations ?? []) {
      if (citation.source.sourceType === 'url') add(citation.source.url, citation.source.title);
    }
  }
  for (const source of result.sources) {
    if (source.sourceType === 'url') add(source.url, source.title);
  }
  for (const found of body?.search_results ?? []) {
    if (byUrl.has(found.url)) add(found.url, found.title);
  }
  return [...byUrl.values()];
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
  const settings: CallSettings = options.languageModel
    ? { model: options.languageModel }
    : callSettings(engine, input.location);

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
        prompt: input.prompt,
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
          sources: sourcesOf(result, body),
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
