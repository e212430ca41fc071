import { db } from '~/lib/db.server';
import type { FetchPolicy } from '~/lib/safe-fetch.server';
import type { PublicUser } from './accounts.server';
import { claimAllowance, giveBackAllowance } from './audit/allowance.server';
import { storeAudit, type AuditView } from './audit/records.server';
import { auditSite } from './audit/run.server';
import { BUSINESS_NOT_FOUND_MESSAGE } from './businesses.server';
import { DomainError } from './errors';

// The AI-readiness audit of a business's website: fetch it (safely), score it, store the result,
// and keep the business's latest score and trend. The dashboard, its JSON twin and the weekly
// scheduler all come through here; each operation lives in its own module under audit/:
// run.server.ts (fetch, check, score), records.server.ts (store and read), allowance.server.ts
// (how many an owner may run) and schedule.server.ts (the weekly re-audit).

export {
  AUDITS_PER_USER_PER_HOUR,
  auditAllowance,
  auditAllowances,
} from './audit/allowance.server';
export type { AuditAllowance } from './audit/allowance.server';
export {
  AUDITS_PER_PAGE,
  auditStandings,
  findAudit,
  findAuditOfBusiness,
  listAudits,
  parseTrend,
  TREND_LENGTH,
} from './audit/records.server';
export type {
  AuditHistoryPage,
  AuditStanding,
  AuditSummary,
  AuditTrigger,
  AuditView,
} from './audit/records.server';
export { auditFetchPolicy, auditSite } from './audit/run.server';
export type { AuditRun } from './audit/run.server';
export {
  AUDIT_BUSINESS_QUEUE,
  AUDIT_SCAN_QUEUE,
  auditDueBusiness,
  enqueueDueAudits,
  runDueAudits,
} from './audit/schedule.server';

export const NO_WEBSITE_MESSAGE =
  'Add your website to this business first: the audit checks the site at that address.';
export const AUDIT_NOT_FOUND_MESSAGE = 'Audit not found';

/**
 * The owner's "Check AI Readiness": one of their businesses (someone else's is not found), within
 * their plan's allowance, audited now. A site that cannot be reached is still an audit (with
 * outcome 'unreachable'), but it does not count toward the allowance.
 */
export async function auditBusiness(
  user: PublicUser,
  businessId: string,
  { now = new Date(), policy }: { now?: Date; policy?: FetchPolicy } = {},
): Promise<AuditView> {
  const business = await db.business.findFirst({
    where: { id: businessId, userId: user.id },
    select: {
      id: true,
      name: true,
      website: true,
      location: true,
      industry: true,
      description: true,
    },
  });
  if (!business) throw new DomainError('not_found', BUSINESS_NOT_FOUND_MESSAGE);
  if (!business.website) throw new DomainError('invalid_input', NO_WEBSITE_MESSAGE);
  await claimAllowance(user, business.id, now);
  const result = await auditSite({ ...business, website: business.website }, policy);
  const stored = await storeAudit(business.id, user.id, 'owner', result, now);
  if (!stored) throw new DomainError('not_found', BUSINESS_NOT_FOUND_MESSAGE);
  // Nothing was checked: the audit does not use up the allowance (a typo must not cost the day).
  if (result.outcome === 'unreachable') await giveBackAllowance(business.id, now);
  return stored;
}
