// Room: rounds (tracking/rounds/). Asking and storing: the tracked questions and competitors
// (prompts.server), their suggestions, the schedule and Run now (here), each answer stored with its
// counts (store.server, prompt-stats.server, sentiment.server), the demo's history. Imports reading,
// corrections, figures, facts and sources (docs/decisions/0025-tracking-in-rooms.md).

import type { Prisma } from '~/generated/prisma/client';
import { jobEngine } from '~/jobs/engine.server';
import { PermanentJobError, type JobContext } from '~/jobs/types';
import { askEngine, EngineCallError, type EngineAnswer } from '~/lib/ai/ask.server';
import { createDemoModel } from '~/lib/ai/demo-model';
import { isExtraction } from '~/lib/ai/extraction.server';
import { configuredEngines, type EngineConfig, type EngineId } from '~/lib/ai/engines.server';
import { costOf } from '~/lib/ai/prices';
import { databaseRateLimiter, type RateLimiter } from '~/lib/ai/rate-limit.server';
import { db } from '~/lib/db.server';
import { withOwnerLock } from '~/lib/owner-lock.server';
import { env } from '~/lib/env.server';
import type { PublicUser } from '../../accounts.server';
import { BUSINESS_NOT_FOUND_MESSAGE } from '../../businesses.server';
import { DomainError } from '../../errors';
import { formatWait } from '../../audit/wait';
import {
  effectiveTier,
  TIER_LABELS,
  TIERS,
  TRACKED_PROMPTS_PER_BUSINESS,
  TRACKING_RUN_INTERVAL_HOURS,
  TRACKING_SCHEDULE,
  type Tier,
} from '../../tiers';
import { periodStart, type PeriodKind } from '../figures/figures';
import { extract, type ExtractDependencies } from '../reading/extract.server';
import { sentencesAbout, withModelNames } from '../reading/model-names';
import { ownLines } from '../reading/segments';
import { variantsOf } from '../reading/variants';
import { readAnswer } from '../reading/reader';
import { alertWrongFacts } from '../facts/alerts.server';
import { answerFactsOf } from '../facts/read.server';
import { monthKey, recordSpend, storeAnswer, storeFailure } from './store.server';

export { monthKey, storeAnswer } from './store.server';

// Tracking's runs, on the job engine. A round asks every prompt of a business of every engine
// TRACKING_SAMPLES times: one `tracking-ask-<engine>` job per (prompt, engine, sample, round) under
// a key naming all four, so a round queued twice (two instances, two clicks, a retried fan-out)
// asks each question once. Rounds come from the schedule (weekly for DIY and Starter, daily for
// Growth and Authority) and from the owner's "Run now". Each engine's queue has its own
// concurrency and a requests-per-minute limit shared by every instance; a failed call is retried
// with backoff (Retry-After honoured) and then kept as a failed answer. A monthly budget stops
// every call once this month's spend reaches it.

export const TRACKING_SCAN_QUEUE = 'tracking-scan';
export const TRACKING_ROUND_QUEUE = 'tracking-round';
const ASK_QUEUE_PREFIX = 'tracking-ask-';

export function trackingAskQueue(engine: EngineId): string {
  return `${ASK_QUEUE_PREFIX}${engine}`;
}

/** Every engine's ask queue (the admin's Jobs tab lists them before their first job). */
export const TRACKING_ASK_QUEUES = (
  ['chatgpt', 'perplexity', 'gemini', 'claude', 'compatible', 'demo'] as const
).map(trackingAskQueue);

export type RoundJob = { businessId: string; round: string; trigger: 'scheduled' | 'owner' };
export type AskJob = {
  businessId: string;
  promptId: string;
  engine: EngineId;
  sample: number;
  round: string;
};

const HOUR_MS = 60 * 60 * 1000;

export const NO_ENGINE_MESSAGE =
  'No AI assistant is connected yet, so there is nothing to ask. The site operator adds an engine key to turn tracking on.';
export const NO_PROMPTS_MESSAGE =
  'Add a question to track first: it is what the assistants are asked.';
export const BUDGET_PAUSED_MESSAGE =
  "Tracking is paused until next month: this month's budget for AI answers is used up. The answers so far are kept.";

/** The engines asked now, and the names pages show for them. */
export function trackingEngines(): EngineConfig[] {
  return configuredEngines();
}

/** "2026-11": the month spend is counted in (UTC). */
export type BudgetStatus = {
  month: string;
  spentUsd: number;
  budgetUsd: number;
  /** This month's spend reached the budget: no engine is called until the month ends. */
  paused: boolean;
};

/** This month's spend against TRACKING_MONTHLY_BUDGET_USD (a handful of rows: one per engine). */
export async function budgetStatus(now = new Date()): Promise<BudgetStatus> {
  const month = monthKey(now);
  const spent = await db.trackingSpend.aggregate({ where: { month }, _sum: { costUsd: true } });
  const spentUsd = spent._sum.costUsd ?? 0;
  const budgetUsd = env.TRACKING_MONTHLY_BUDGET_USD;
  return { month, spentUsd, budgetUsd, paused: spentUsd >= budgetUsd };
}

/** Why nothing can be asked now (no engine configured, or the month's budget used up), or null. */
export async function trackingBlocked(now = new Date()): Promise<string | null> {
  if (!trackingEngines().length) return NO_ENGINE_MESSAGE;
  return (await budgetStatus(now)).paused ? BUDGET_PAUSED_MESSAGE : null;
}

/** The period kind a plan's figures use: days for daily plans, weeks for the others. */
export function periodKindOf(tier: Tier): PeriodKind {
  return TRACKING_SCHEDULE[tier] === 'day' ? 'day' : 'week';
}

/** The prompts a round asks: the oldest ones, as many as the plan allows. */
async function roundPrompts(businessId: string, tier: Tier) {
  return db.trackedPrompt.findMany({
    where: { businessId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: TRACKED_PROMPTS_PER_BUSINESS[tier],
    select: { id: true },
  });
}

function roundRetry() {
  return { limit: 3, delaySeconds: 30, backoff: true };
}

// Run now -------------------------------------------------------------------------------------

export type RunAllowance = {
  /** Hours between two runs on this plan. */
  intervalHours: number;
  /** When "Run now" may be pressed again; null: now. */
  nextAt: string | null;
};

export function runAllowance(
  owner: Pick<PublicUser, 'subscriptionStatus' | 'subscriptionExpiry'>,
  lastRunAt: Date | null,
  now = new Date(),
): RunAllowance {
  const intervalHours = TRACKING_RUN_INTERVAL_HOURS[effectiveTier(owner, now)];
  const next = lastRunAt ? lastRunAt.getTime() + intervalHours * HOUR_MS : 0;
  return { intervalHours, nextAt: next > now.getTime() ? new Date(next).toISOString() : null };
}

/** The owner's business's allowance: when "Run now" may be pressed again (someone else's: not found). */
export async function runAllowanceFor(
  owner: Pick<PublicUser, 'id' | 'subscriptionStatus' | 'subscriptionExpiry'>,
  businessId: string,
  now = new Date(),
): Promise<RunAllowance> {
  const business = await db.business.findFirst({
    where: { id: businessId, userId: owner.id },
    select: { trackingRunAt: true },
  });
  if (!business) throw new DomainError('not_found', BUSINESS_NOT_FOUND_MESSAGE);
  return runAllowance(owner, business.trackingRunAt, now);
}

/**
 * The owner's "Run now": one round of every prompt the plan allows, of every engine,
 * TRACKING_SAMPLES times. At most once an hour per business (Free: once a day). The claim is a
 * single conditional UPDATE, so two clicks at the same moment queue one round. Returns the number
 * of answers asked for (`queued`) and what multiplies into it: prompts × engines × samples.
 */
export async function runNow(
  owner: Pick<PublicUser, 'id' | 'subscriptionStatus' | 'subscriptionExpiry'>,
  businessId: string,
  now = new Date(),
): Promise<{ queued: number; prompts: number; engines: number; samples: number }> {
  const business = await db.business.findFirst({
    where: { id: businessId, userId: owner.id },
    select: { id: true, trackingRunAt: true },
  });
  if (!business) throw new DomainError('not_found', BUSINESS_NOT_FOUND_MESSAGE);
  const blocked = await trackingBlocked(now);
  if (blocked) throw new DomainError('conflict', blocked);
  const engines = trackingEngines();
  const tier = effectiveTier(owner, now);
  const prompts = await roundPrompts(businessId, tier);
  if (!prompts.length) throw new DomainError('invalid_input', NO_PROMPTS_MESSAGE);

  const intervalHours = TRACKING_RUN_INTERVAL_HOURS[tier];
  const since = new Date(now.getTime() - intervalHours * HOUR_MS);
  // Under the owner's lock, like every limited write (the claim itself is one conditional UPDATE).
  const claimed = await withOwnerLock(owner.id, 'tracking.run-now', (tx) =>
    tx.business.updateMany({
      where: {
        id: businessId,
        userId: owner.id,
        OR: [{ trackingRunAt: null }, { trackingRunAt: { lte: since } }],
      },
      data: { trackingRunAt: now },
    }),
  );
  if (claimed.count !== 1) {
    const last = await db.business.findFirst({
      where: { id: businessId },
      select: { trackingRunAt: true },
    });
    const until = (last?.trackingRunAt ?? now).getTime() + intervalHours * HOUR_MS;
    const seconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
    const allowance = intervalHours === 24 ? 'once a day' : 'once an hour';
    throw new DomainError(
      'rate_limited',
      `Your ${TIER_LABELS[tier]} plan can run this business's questions ${allowance}. You can run them again in ${formatWait(seconds)}.`,
      { retryAfterSeconds: seconds },
    );
  }
  await jobEngine().enqueue<RoundJob>(
    TRACKING_ROUND_QUEUE,
    { businessId, round: `run-${now.getTime()}`, trigger: 'owner' },
    { key: `${businessId}:run-${now.getTime()}`, retry: roundRetry() },
  );
  return {
    queued: prompts.length * engines.length * env.TRACKING_SAMPLES,
    prompts: prompts.length,
    engines: engines.length,
    samples: env.TRACKING_SAMPLES,
  };
}

// The schedule --------------------------------------------------------------------------------

const SCHEDULED_TIERS = TIERS.filter((tier) => TRACKING_SCHEDULE[tier] !== null);

/**
 * The schedule's job (TRACKING_SCHEDULE_CRON, hourly): queues this period's round for every
 * business of an active daily or weekly plan that has prompts and whose round for the period is
 * not queued yet, in pages of `batch` (so 100 or 100,000 businesses cost the same per query).
 * Nothing is queued while the month's budget is used up. Returns the rounds queued.
 */
export async function enqueueDueRounds({
  now = new Date(),
  batch = 500,
}: { now?: Date; batch?: number } = {}): Promise<number> {
  if ((await budgetStatus(now)).paused) return 0;
  if (!trackingEngines().length) return 0;
  let queued = 0;
  for (const kind of ['day', 'week'] as const) {
    const tiers = SCHEDULED_TIERS.filter((tier) => TRACKING_SCHEDULE[tier] === kind);
    const period = periodStart(now, kind);
    const where: Prisma.BusinessWhereInput = {
      OR: [{ trackingQueuedPeriod: null }, { trackingQueuedPeriod: { lt: period } }],
      prompts: { some: {} },
      user: {
        subscriptionStatus: { in: tiers },
        OR: [{ subscriptionExpiry: null }, { subscriptionExpiry: { gte: now } }],
      },
    };
    let cursor: string | undefined;
    for (;;) {
      const page = await db.business.findMany({
        where: cursor ? { AND: [where, { id: { gt: cursor } }] } : where,
        orderBy: { id: 'asc' },
        take: batch,
        select: { id: true },
      });
      if (!page.length) break;
      cursor = page.at(-1)!.id;
      // The page's rounds in one batch, then the page marked queued in one UPDATE (a round
      // queued twice is one job: the key names the business and the period).
      const round = `${kind}-${period.toISOString().slice(0, 10)}`;
      queued += await jobEngine().enqueueMany<RoundJob>(
        page.map(({ id }) => ({
          queue: TRACKING_ROUND_QUEUE,
          data: { businessId: id, round, trigger: 'scheduled' },
          key: `${id}:${round}`,
          retry: roundRetry(),
        })),
      );
      await db.business.updateMany({
        where: { id: { in: page.map(({ id }) => id) } },
        data: { trackingQueuedPeriod: period },
      });
      if (page.length < batch) break;
    }
  }
  return queued;
}

/**
 * The `tracking-round` job: one ask job per (prompt, engine, sample). A business whose owner has
 * left a scheduled plan since the round was queued is skipped. Returns the questions queued.
 */
export async function fanOutRound(job: RoundJob, now = new Date()): Promise<number> {
  const business = await db.business.findUnique({
    where: { id: job.businessId },
    select: { user: { select: { subscriptionStatus: true, subscriptionExpiry: true } } },
  });
  if (!business) return 0;
  const tier = effectiveTier(
    {
      subscriptionStatus: business.user.subscriptionStatus,
      subscriptionExpiry: business.user.subscriptionExpiry,
    },
    now,
  );
  if (job.trigger === 'scheduled' && TRACKING_SCHEDULE[tier] === null) return 0;
  const prompts = await roundPrompts(job.businessId, tier);
  // The round's asks as one batch (decision 0019): a few statements, not a round trip and a
  // commit per job.
  const asks = trackingEngines().flatMap((engine) =>
    prompts.flatMap((prompt) =>
      Array.from({ length: env.TRACKING_SAMPLES }, (_, index) => {
        const sample = index + 1;
        return {
          queue: trackingAskQueue(engine.id),
          data: {
            businessId: job.businessId,
            promptId: prompt.id,
            engine: engine.id,
            sample,
            round: job.round,
          },
          key: askKey({ ...job, promptId: prompt.id, engine: engine.id, sample }),
          retry: ASK_RETRY,
        };
      }),
    ),
  );
  return jobEngine().enqueueMany<AskJob>(asks);
}

const ASK_RETRY = { limit: 2, delaySeconds: 60, backoff: true };

function askKey(job: Pick<AskJob, 'promptId' | 'engine' | 'round' | 'sample'>): string {
  return `${job.promptId}:${job.engine}:${job.round}:${job.sample}`;
}

// Asking --------------------------------------------------------------------------------------

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

/** A job data check: the engine queue's jobs carry what askTracked needs. */
export function parseAskJob(data: unknown): AskJob {
  const job = data as Partial<AskJob> | null;
  if (
    !job ||
    typeof job.businessId !== 'string' ||
    typeof job.promptId !== 'string' ||
    typeof job.engine !== 'string' ||
    typeof job.sample !== 'number' ||
    typeof job.round !== 'string'
  )
    throw new PermanentJobError('Malformed tracking job');
  return job as AskJob;
}
