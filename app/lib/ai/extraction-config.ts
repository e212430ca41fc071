import type { EngineId } from './engines.server';

// TRACKING_EXTRACTION_MODEL ("<provider>:<model>"), read. Pure, so the environment's own check
// (env.server) refuses a bad setting at start-up with the same rule that reads it.

type Settings = Record<
  | 'TRACKING_EXTRACTION_MODEL'
  | 'OPENAI_API_KEY'
  | 'OPENAI_BASE_URL'
  | 'ANTHROPIC_API_KEY'
  | 'ANTHROPIC_BASE_URL'
  | 'GOOGLE_GENERATIVE_AI_API_KEY'
  | 'GOOGLE_BASE_URL'
  | 'PERPLEXITY_API_KEY'
  | 'PERPLEXITY_BASE_URL'
  | 'OPENAI_COMPATIBLE_BASE_URL'
  | 'OPENAI_COMPATIBLE_API_KEY',
  string
> &
  Record<
    'OPENAI_RPM' | 'ANTHROPIC_RPM' | 'GOOGLE_RPM' | 'PERPLEXITY_RPM' | 'OPENAI_COMPATIBLE_RPM',
    number
  >;

export const EXTRACTION_PROVIDERS = {
  openai: 'chatgpt',
  anthropic: 'claude',
  google: 'gemini',
  perplexity: 'perplexity',
  'openai-compatible': 'compatible',
} as const satisfies Record<string, Exclude<EngineId, 'demo'>>;

export type ExtractionProvider = keyof typeof EXTRACTION_PROVIDERS;

/** The name its spend is kept under (TrackingSpend.engine) and the admin's Tracking tab shows. */
export const EXTRACTION_SPEND_KEY = 'extraction';
export const EXTRACTION_LABEL = 'Extraction model';

export type ExtractionConfig = {
  provider: ExtractionProvider;
  /** The engine whose key, address and requests-a-minute limit it shares. */
  engine: Exclude<EngineId, 'demo'>;
  model: string;
  apiKey?: string;
  baseURL?: string;
  rpm: number;
};

export type ExtractionSettings = Settings & {
  /** Simulated answers: no extraction model by default. */
  DEMO_TRACKING?: boolean;
  OPENAI_COMPATIBLE_MODEL?: string;
};

/**
 * The model chosen when TRACKING_EXTRACTION_MODEL is empty: each provider's cheapest model that
 * gives structured output, cheapest first. Per answer (about 660 tokens in, 75 out, as the
 * frozen set's test prints): a local OpenAI-compatible model nothing, gpt-5-nano $0.00006,
 * gemini-2.5-flash-lite $0.0001, claude-haiku-4-5 $0.001, sonar $0.0007 plus its request fee.
 */
export const CHEAPEST_MODELS: [ExtractionProvider, string][] = [
  ['openai-compatible', ''],
  ['openai', 'gpt-5-nano'],
  ['google', 'gemini-2.5-flash-lite'],
  ['anthropic', 'claude-haiku-4-5'],
  ['perplexity', 'sonar'],
];

/** Values of TRACKING_EXTRACTION_MODEL that turn the extraction model off. */
export const EXTRACTION_OFF = ['off', 'none', 'false', '0'];

/**
 * TRACKING_EXTRACTION_MODEL read: "off" (or "none") for none; unset for the cheapest model of a
 * configured real engine (CHEAPEST_MODELS; none with simulated answers or no engine); an error
 * message (for start-up) when it names no provider we support or a provider whose key (or, for
 * openai-compatible, address) is not set.
 */
export function parseExtractionModel(
  settings: ExtractionSettings,
): ExtractionConfig | string | null {
  const value = settings.TRACKING_EXTRACTION_MODEL.trim();
  if (EXTRACTION_OFF.includes(value.toLowerCase())) return null;
  if (!value) {
    if (settings.DEMO_TRACKING) return null;
    for (const [provider, cheapest] of CHEAPEST_MODELS) {
      const model =
        provider === 'openai-compatible' ? (settings.OPENAI_COMPATIBLE_MODEL ?? '') : cheapest;
      if (!model) continue;
      const chosen = parseExtractionModel({
        ...settings,
        TRACKING_EXTRACTION_MODEL: `${provider}:${model}`,
      });
      if (chosen && typeof chosen === 'object') return chosen;
    }
    return null;
  }
  const colon = value.indexOf(':');
  const provider = value.slice(0, colon).trim().toLowerCase();
  const model = value.slice(colon + 1).trim();
  if (colon <= 0 || !model || !Object.hasOwn(EXTRACTION_PROVIDERS, provider))
    return `TRACKING_EXTRACTION_MODEL must be <provider>:<model> with a provider among ${Object.keys(EXTRACTION_PROVIDERS).join(', ')} (e.g. openai:gpt-4.1-mini)`;
  const by: Record<ExtractionProvider, [string, string, number, string]> = {
    openai: [
      settings.OPENAI_API_KEY,
      settings.OPENAI_BASE_URL,
      settings.OPENAI_RPM,
      'OPENAI_API_KEY',
    ],
    anthropic: [
      settings.ANTHROPIC_API_KEY,
      settings.ANTHROPIC_BASE_URL,
      settings.ANTHROPIC_RPM,
      'ANTHROPIC_API_KEY',
    ],
    google: [
      settings.GOOGLE_GENERATIVE_AI_API_KEY,
      settings.GOOGLE_BASE_URL,
      settings.GOOGLE_RPM,
      'GOOGLE_GENERATIVE_AI_API_KEY',
    ],
    perplexity: [
      settings.PERPLEXITY_API_KEY,
      settings.PERPLEXITY_BASE_URL,
      settings.PERPLEXITY_RPM,
      'PERPLEXITY_API_KEY',
    ],
    'openai-compatible': [
      settings.OPENAI_COMPATIBLE_API_KEY,
      settings.OPENAI_COMPATIBLE_BASE_URL,
      settings.OPENAI_COMPATIBLE_RPM,
      'OPENAI_COMPATIBLE_BASE_URL',
    ],
  };
  const chosen = provider as ExtractionProvider;
  const [apiKey, baseURL, rpm, needed] = by[chosen];
  if (chosen === 'openai-compatible' ? !baseURL : !apiKey)
    return `TRACKING_EXTRACTION_MODEL uses ${chosen}, so ${needed} must be set`;
  return {
    provider: chosen,
    engine: EXTRACTION_PROVIDERS[chosen],
    model,
    ...(apiKey ? { apiKey } : {}),
    ...(baseURL ? { baseURL } : {}),
    rpm,
  };
}
