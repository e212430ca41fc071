import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AskDependencies } from '~/domain/tracking/rounds/runs.server';
import { engineName, type EngineConfig } from '~/lib/ai/engines.server';
import { parseExtractionModel, type ExtractionConfig } from '~/lib/ai/extraction-config';
import type { FakeEngines } from '../fakes/ai-engines';

// What the tracking tests share (tracking-*.test.ts): ChatGPT and the extraction model pointed at
// the fake engines, askTracked's dependencies with nothing to wait for, and a data migration's SQL
// as the file's database (SQLite or PostgreSQL) runs it.

/** The settings that point every extraction provider at the fake engines (keys included). */
export const extractionSettings = (fake: FakeEngines, value: string) => {
  const url = fake.baseURLs();
  return {
    TRACKING_EXTRACTION_MODEL: value,
    OPENAI_API_KEY: 'sk-x',
    ANTHROPIC_API_KEY: 'sk-ant-x',
    GOOGLE_GENERATIVE_AI_API_KEY: 'g-x',
    PERPLEXITY_API_KEY: 'pplx-x',
    OPENAI_COMPATIBLE_API_KEY: '',
    OPENAI_BASE_URL: url.chatgpt,
    ANTHROPIC_BASE_URL: url.claude,
    GOOGLE_BASE_URL: url.gemini,
    PERPLEXITY_BASE_URL: url.perplexity,
    OPENAI_COMPATIBLE_BASE_URL: url.compatible,
    OPENAI_RPM: 1000,
    ANTHROPIC_RPM: 1000,
    GOOGLE_RPM: 1000,
    PERPLEXITY_RPM: 1000,
    OPENAI_COMPATIBLE_RPM: 1000,
  };
};

/** The extraction model `value` (`provider:model`) on the fake engines; throws if it is refused. */
export function extractionConfig(fake: FakeEngines, value: string): ExtractionConfig {
  const parsed = parseExtractionModel(extractionSettings(fake, value));
  if (!parsed || typeof parsed === 'string') throw new Error(String(parsed));
  return parsed;
}

/** ChatGPT (gpt-5-mini) on the fake engines, one question at a time. */
export const fakeChatgpt = (fake: FakeEngines): EngineConfig => ({
  id: 'chatgpt',
  name: engineName('chatgpt'),
  model: 'gpt-5-mini',
  baseURL: fake.baseURLs().chatgpt,
  apiKey: 'key',
  concurrency: 1,
  rpm: 1000,
});

/** askTracked's dependencies: these engines, no rate limit to wait for, no back-off to sleep. */
export function askDependencies(
  engines: EngineConfig[],
  extraction?: ExtractionConfig | null,
): AskDependencies {
  return {
    engines,
    limiter: { acquire: async () => undefined },
    sleep: async () => undefined,
    ...(extraction === undefined ? {} : { extraction }),
  };
}

/** The statements of a migration's SQL for the file's database, comments left out. */
export function migrationStatements(name: string): string[] {
  const dir = process.env.DATABASE_URL?.startsWith('postgres')
    ? 'prisma/postgresql/migrations'
    : 'prisma/migrations';
  const sql = readFileSync(path.join(process.cwd(), dir, name, 'migration.sql'), 'utf8');
  return sql
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .split(/;\s*\n/)
    .map((statement) => statement.trim())
    .filter(Boolean);
}

/** The engines answer every question with `answer`; an extraction prompt gets `reply` (JSON). */
export function answerAndExtract(fake: FakeEngines, answer: string, reply: string) {
  fake.setAnswer((_engine, prompt) =>
    prompt.includes('The answer:\n"""')
      ? { text: reply, sources: [], usage: { inputTokens: 700, outputTokens: 90 } }
      : { text: answer, sources: [], usage: { inputTokens: 1000, outputTokens: 200 } },
  );
}
