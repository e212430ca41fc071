// Room: rounds (tracking/rounds/). Asking and storing: the tracked questions and competitors
// (prompts.server), their suggestions, the schedule and Run now (schedule.server, run-now.server,
// ask.server, re-exported here), each answer stored with its counts (store.server,
// prompt-stats.server, sentiment.server), the demo's history. Imports reading, corrections,
// figures, facts and sources (docs/decisions/0025-tracking-in-rooms.md).

// Tracking's runs, on the job engine. A round asks every prompt of a business of every engine
// TRACKING_SAMPLES times: one `tracking-ask-<engine>` job per (prompt, engine, sample, round) under
// a key naming all four, so a round queued twice (two instances, two clicks, a retried fan-out)
// asks each question once. Rounds come from the schedule (weekly for DIY and Starter, daily for
// Growth and Authority) and from the owner's "Run now". Each engine's queue has its own
// concurrency and a requests-per-minute limit shared by every instance; a failed call is retried
// with backoff (Retry-After honoured) and then kept as a failed answer. A monthly budget stops
// every call once this month's spend reaches it.

// The room's entry: each part in its own module, re-exported here so callers import one place.
// round-jobs.server (queues, job data, keys, retries), budget.server (engines and the month's
// budget), run-now.server ("Run now"), schedule.server (the hourly scan and a round's fan-out),
// ask.server (one question asked and kept).

export { monthKey, storeAnswer } from './store.server';
export {
  TRACKING_SCAN_QUEUE,
  TRACKING_ROUND_QUEUE,
  trackingAskQueue,
  TRACKING_ASK_QUEUES,
  parseAskJob,
  type RoundJob,
  type AskJob,
} from './round-jobs.server';
export {
  NO_ENGINE_MESSAGE,
  BUDGET_PAUSED_MESSAGE,
  trackingEngines,
  budgetStatus,
  trackingBlocked,
  type BudgetStatus,
} from './budget.server';
export {
  NO_PROMPTS_MESSAGE,
  runAllowance,
  runAllowanceFor,
  runNow,
  type RunAllowance,
} from './run-now.server';
export { periodKindOf, enqueueDueRounds, fanOutRound } from './schedule.server';
export { askTracked, type AskDependencies } from './ask.server';
