// Asking (tracking/rounds/): the `tracking-ask-<engine>` job asks one engine one prompt once and
// keeps the answer (or the failure) with its reading, its facts and their alert. Split from
// runs.server.ts (issue 42), code unchanged.

import type { JobContext } from '~/jobs/types';
import { askEngine, EngineCallError, type EngineAnswer } from '~/lib/ai/ask.server';
import { createDemoModel } from '~/lib/ai/demo-model';
import { isExtraction } from '~/lib/ai/extraction.server';
import type { EngineConfig } from '~/lib/ai/engines.server';
import { costOf } from '~/lib/ai/prices';
import { databaseRateLimiter, type RateLimiter } from '~/lib/ai/rate-limit.server';
import { db } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import { effectiveTier } from '../../tiers';
import { extract, type ExtractDependencies } from '../reading/extract.server';
import { sentencesAbout, withModelNames } from '../reading/model-names';
import { ownLines } from '../reading/segments';
import { variantsOf } from '../reading/variants';
import { readAnswer } from '../reading/reader';
import { alertWrongFacts } from '../facts/alerts.server';
import { answerFactsOf } from '../facts/read.server';
import { budgetStatus, trackingEngines } from './budget.server';
import { askKey, type AskJob } from './round-jobs.server';
import { periodKindOf } from './schedule.server';
import { recordSpend, storeAnswer, storeFailure } from './store.server';

export type AskDependencies = {
  limiter?: RateLimiter;
  engines?: EngineConfig[];
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The clock (the demo's seed replays past weeks). */
  now?: () => Date;
} & ExtractDependencies;

/**
 * The `tracking-ask-<engine>` job: asks one engine one prompt once and keeps the answer (or the
 * failure) with its reading. Does nothing when the answer is kept already (the job ran before),
 * the prompt or business is gone, or the engine is no longer configured; while the budget is used
 * up the call is skipped and counted. Returns what happened.
 */
export async function askTracked(
  job: AskJob,
  context: Pick<JobContext, 'signal'> = { signal: new AbortController().signal },
  deps: AskDependencies = {},
): Promise<'answered' | 'failed' | 'skipped'> {
  const runKey = askKey(job);
  const clock = deps.now ?? (() => new Date());
  const now = clock();
  if (await db.trackingAnswer.findUnique({ where: { runKey }, select: { id: true } }))
    return 'skipped';
  const engine = (deps.engines ?? trackingEngines()).find((each) => each.id === job.engine);
  if (!engine) return 'skipped';
  const prompt = await db.trackedPrompt.findFirst({
    where: { id: job.promptId, businessId: job.businessId },
    select: {
      text: true,
      business: {
        select: {
          name: true,
          website: true,
          location: true,
          industry: true,
          phone: true,
          address: true,
          openingHours: true,
          nameVariants: true,
          user: { select: { subscriptionStatus: true, subscriptionExpiry: true } },
          competitors: {
            select: { name: true },
            orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
          },
        },
      },
    },
  });
  if (!prompt) return 'skipped';
  if ((await budgetStatus(now)).paused) {
    await recordSpend(engine.id, now, { skipped: 1 });
    return 'skipped';
  }
  const { business } = prompt;
  const competitors = business.competitors.map((competitor) => competitor.name);
  const tier = effectiveTier(business.user, now);
  const base = {
    runKey,
    businessId: job.businessId,
    promptId: job.promptId,
    prompt: prompt.text,
    engine: engine.id,
    sample: job.sample,
    periodKind: periodKindOf(tier),
  };

  let answer: EngineAnswer;
  try {
    answer = await askEngine(
      engine,
      { prompt: prompt.text, location: business.location },
      {
        signal: context.signal,
        timeoutMs: env.TRACKING_TIMEOUT_SECONDS * 1000,
        maxAttempts: env.TRACKING_MAX_ATTEMPTS,
        retryDelayMs: env.TRACKING_RETRY_DELAY_SECONDS * 1000,
        limiter: deps.limiter ?? databaseRateLimiter,
        sleep: deps.sleep,
        languageModel:
          engine.id === 'demo'
            ? createDemoModel({
                business: {
                  name: business.name,
                  website: business.website,
                  location: business.location,
                  industry: business.industry,
                  phone: business.phone,
                  address: business.address,
                  openingHours: business.openingHours,
                },
                competitors,
              })
            : undefined,
      },
    );
  } catch (error) {
    if (!(error instanceof EngineCallError)) throw error;
    // A shutdown: the job is handed back and asked again, nothing is kept.
    if (error.kind === 'aborted') throw error;
    await storeFailure(
      { ...base, model: engine.model, error: error.message, attempts: error.attempts },
      clock(),
    );
    return 'failed';
  }

  const extraction =
    engine.id === 'demo' ? null : await extract(answer.text, business, context.signal, deps);
  const askedAt = clock();
  let reading = readAnswer({
    text: answer.text,
    sources: answer.sources,
    business: {
      name: business.name,
      website: business.website,
      location: business.location,
      variants: variantsOf(business.nameVariants),
    },
    competitors,
  });
  if (extraction && isExtraction(extraction))
    reading = withModelNames(reading, answer.text, business, extraction.businesses);
  const facts = answerFactsOf({
    text: answer.text,
    reading,
    location: business.location,
    extraction,
  });
  await storeAnswer(
    {
      ...base,
      model: answer.model,
      text: answer.text,
      sources: answer.sources,
      searches: answer.searches,
      location: answer.location,
      reading,
      usage: answer.usage,
      costUsd: engine.id === 'demo' ? 0 : costOf(answer.model, answer.usage),
      latencyMs: answer.latencyMs,
      attempts: answer.attempts,
      website: business.website,
      extraction,
      modelSentences:
        extraction && isExtraction(extraction)
          ? sentencesAbout(extraction.sentences, answer.text, business, ownLines(reading.segments))
          : null,
      facts,
    },
    askedAt,
  );
  // After the answer is kept: a failed alert never makes the question be asked again.
  await alertWrongFacts(job.businessId, engine.id, facts, askedAt).catch((error: unknown) =>
    console.warn('tracking: fact alert failed', error),
  );
  return 'answered';
}
