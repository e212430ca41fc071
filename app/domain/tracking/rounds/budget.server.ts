// What may be asked now (tracking/rounds/): the engines configured and this month's spend against
// its budget. Split from runs.server.ts (issue 42), code unchanged.

import { configuredEngines, type EngineConfig } from '~/lib/ai/engines.server';
import { db } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import { monthKey } from './store.server';

export const NO_ENGINE_MESSAGE =
  'No AI assistant is connected yet, so there is nothing to ask. The site operator adds an engine key to turn tracking on.';
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
