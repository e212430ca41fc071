// The rounds' jobs (tracking/rounds/): their queues, the data each job carries, the keys that make
// a round queued twice ask each question once, their retries, and the prompts a round asks.
// Split from runs.server.ts (issue 42), code unchanged.

import { PermanentJobError } from '~/jobs/types';
import type { EngineId } from '~/lib/ai/engines.server';
import { db } from '~/lib/db.server';
import { TRACKED_PROMPTS_PER_BUSINESS, type Tier } from '../../tiers';

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

/** The prompts a round asks: the oldest ones, as many as the plan allows. */
export async function roundPrompts(businessId: string, tier: Tier) {
  return db.trackedPrompt.findMany({
    where: { businessId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: TRACKED_PROMPTS_PER_BUSINESS[tier],
    select: { id: true },
  });
}

export function roundRetry() {
  return { limit: 3, delaySeconds: 30, backoff: true };
}

export const ASK_RETRY = { limit: 2, delaySeconds: 60, backoff: true };

export function askKey(job: Pick<AskJob, 'promptId' | 'engine' | 'round' | 'sample'>): string {
  return `${job.promptId}:${job.engine}:${job.round}:${job.sample}`;
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
