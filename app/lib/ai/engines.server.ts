import { demoTracking, env, type Env } from '~/lib/env.server';

// The AI engines tracking asks, as configured: a real engine is on when its key is set (the
// OpenAI-compatible one when its base URL is), and the Demo assistant stands in for all of them on
// a machine with no key (DEMO_TRACKING; env.server refuses it beside a real engine).

export type EngineId = 'chatgpt' | 'perplexity' | 'gemini' | 'claude' | 'compatible' | 'demo';

export type EngineConfig = {
  id: EngineId;
  /** What pages call it. */
  name: string;
  model: string;
  /** Empty: the provider's own address. */
  baseURL?: string;
  apiKey?: string;
  /** Calls at a time per app instance. */
  concurrency: number;
  /** Requests a minute, shared by every app instance (see rate-limit.server.ts). */
  rpm: number;
};

/** The settings configuredEngines reads (a whole Env fits). */
export type EngineSettings = Pick<
  Env,
  | 'OPENAI_API_KEY'
  | 'OPENAI_BASE_URL'
  | 'OPENAI_MODEL'
  | 'OPENAI_CONCURRENCY'
  | 'OPENAI_RPM'
  | 'PERPLEXITY_API_KEY'
  | 'PERPLEXITY_BASE_URL'
  | 'PERPLEXITY_MODEL'
  | 'PERPLEXITY_CONCURRENCY'
  | 'PERPLEXITY_RPM'
  | 'GOOGLE_GENERATIVE_AI_API_KEY'
  | 'GOOGLE_BASE_URL'
  | 'GOOGLE_MODEL'
  | 'GOOGLE_CONCURRENCY'
  | 'GOOGLE_RPM'
  | 'ANTHROPIC_API_KEY'
  | 'ANTHROPIC_BASE_URL'
  | 'ANTHROPIC_MODEL'
  | 'ANTHROPIC_CONCURRENCY'
  | 'ANTHROPIC_RPM'
  | 'OPENAI_COMPATIBLE_BASE_URL'
  | 'OPENAI_COMPATIBLE_MODEL'
  | 'OPENAI_COMPATIBLE_API_KEY'
  | 'OPENAI_COMPATIBLE_NAME'
  | 'OPENAI_COMPATIBLE_CONCURRENCY'
  | 'OPENAI_COMPATIBLE_RPM'
>;

/** Every engine's name on pages; the OpenAI-compatible one may be renamed (engineName). */
export const ENGINE_LABELS: Record<EngineId, string> = {
  chatgpt: 'ChatGPT',
  perplexity: 'Perplexity',
  gemini: 'Gemini',
  claude: 'Claude',
  compatible: 'Own model',
  demo: 'Demo assistant (simulated answers)',
};

export const DEMO_MODEL_ID = 'demo-assistant';

function compatibleName(config: EngineSettings): string {
  return (
    config.OPENAI_COMPATIBLE_NAME ||
    (config.OPENAI_COMPATIBLE_MODEL
      ? `${ENGINE_LABELS.compatible} (${config.OPENAI_COMPATIBLE_MODEL})`
      : ENGINE_LABELS.compatible)
  );
}

/** An engine's name on pages, also for answers recorded by an engine since switched off. */
export function engineName(id: EngineId, config: EngineSettings = env): string {
  return id === 'compatible' ? compatibleName(config) : ENGINE_LABELS[id];
}

/** Whether a stored value names an engine (answers keep the id as text). */
export function isEngineId(value: string): value is EngineId {
  return Object.hasOwn(ENGINE_LABELS, value);
}

/** The engines to ask, in the order pages show them. */
export function configuredEngines(
  config: EngineSettings = env,
  demo: boolean = demoTracking,
): EngineConfig[] {
  if (demo) {
    return [
      {
        id: 'demo',
        name: ENGINE_LABELS.demo,
        model: DEMO_MODEL_ID,
        concurrency: 4,
        rpm: 100_000,
      },
    ];
  }
  const engines: EngineConfig[] = [];
  const add = (
    on: unknown,
    id: EngineId,
    settings: Omit<EngineConfig, 'id' | 'name' | 'baseURL' | 'apiKey'> & {
      baseURL: string;
      apiKey: string;
    },
  ) => {
    if (!on) return;
    engines.push({
      id,
      name: engineName(id, config),
      model: settings.model,
      ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
      ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
      concurrency: settings.concurrency,
      rpm: settings.rpm,
    });
  };
  add(config.OPENAI_API_KEY, 'chatgpt', {
    model: config.OPENAI_MODEL,
    baseURL: config.OPENAI_BASE_URL,
    apiKey: config.OPENAI_API_KEY,
    concurrency: config.OPENAI_CONCURRENCY,
    rpm: config.OPENAI_RPM,
  });
  add(config.PERPLEXITY_API_KEY, 'perplexity', {
    model: config.PERPLEXITY_MODEL,
    baseURL: config.PERPLEXITY_BASE_URL,
    apiKey: config.PERPLEXITY_API_KEY,
    concurrency: config.PERPLEXITY_CONCURRENCY,
    rpm: config.PERPLEXITY_RPM,
  });
  add(config.GOOGLE_GENERATIVE_AI_API_KEY, 'gemini', {
    model: config.GOOGLE_MODEL,
    baseURL: config.GOOGLE_BASE_URL,
    apiKey: config.GOOGLE_GENERATIVE_AI_API_KEY,
    concurrency: config.GOOGLE_CONCURRENCY,
    rpm: config.GOOGLE_RPM,
  });
  add(config.ANTHROPIC_API_KEY, 'claude', {
    model: config.ANTHROPIC_MODEL,
    baseURL: config.ANTHROPIC_BASE_URL,
    apiKey: config.ANTHROPIC_API_KEY,
    concurrency: config.ANTHROPIC_CONCURRENCY,
    rpm: config.ANTHROPIC_RPM,
  });
  add(config.OPENAI_COMPATIBLE_BASE_URL, 'compatible', {
    model: config.OPENAI_COMPATIBLE_MODEL,
    baseURL: config.OPENAI_COMPATIBLE_BASE_URL,
    apiKey: config.OPENAI_COMPATIBLE_API_KEY,
    concurrency: config.OPENAI_COMPATIBLE_CONCURRENCY,
    rpm: config.OPENAI_COMPATIBLE_RPM,
  });
  return engines;
}
