import type { LegalFacts } from '~/content/legal';
import { company, env } from '~/lib/env.server';

/** What the privacy policy and the terms say from configuration: the operator and the durations. */
export function legalFacts(): LegalFacts {
  return {
    company,
    sessionDays: env.SESSION_TTL_DAYS,
    graceDays: env.SUBSCRIPTION_GRACE_DAYS,
    answerDays: env.TRACKING_ANSWER_RETENTION_DAYS,
    logDays: env.ACCESS_LOG_RETENTION_DAYS,
  };
}
