import type { PublicUser } from '~/domain/accounts.server';
import { findAudit } from '~/domain/audits.server';
import { sourcesReport } from './sources.server';
import type { SourceAction } from '../sources/actions';

// The dashboard's "AI Optimization Guide" for one business: the sources plan's actions (ranked
// by their evidence in the answers) and then the website audit's fixes, each in plain words with
// its evidence and a link to it. The detail waits behind a disclosure on the page.

export type GuideStep = {
  kind: SourceAction['kind'] | 'audit_fix';
  text: string;
  /** "7 of 12 answers", or where the fix comes from. */
  evidence: string;
  detail: string | null;
  href: string;
};

export type Guide = {
  business: { id: string; name: string };
  steps: GuideStep[];
  /** Answers read in the last 30 days. */
  samples: number;
  audited: boolean;
  simulated: boolean;
};

/** Steps shown: the actions, then at most this many of the audit's fixes. */
const AUDIT_FIXES = 5;

function hrefOf(businessId: string, action: SourceAction): string {
  const base = `/dashboard/businesses/${encodeURIComponent(businessId)}`;
  if (action.kind === 'competitor') return `${base}/visibility#competitors-title`;
  if (action.kind === 'search_gap') return `${base}/visibility#prompts-title`;
  return `${base}/sources#source-${encodeURIComponent(action.domain)}`;
}

export async function optimizationGuide(
  owner: Pick<PublicUser, 'id' | 'subscriptionStatus' | 'subscriptionExpiry'>,
  businessId: string,
  now = new Date(),
): Promise<Guide> {
  const report = await sourcesReport(owner, businessId, { now, perPage: 1 });
  const audit = await findAudit(owner, businessId);
  const auditHref = `/dashboard/businesses/${encodeURIComponent(businessId)}/audit`;
  const steps: GuideStep[] = report.actions.map((action) => ({
    kind: action.kind,
    text: action.text,
    evidence: `${action.answers} of ${action.of} answers`,
    detail: action.detail,
    href: hrefOf(businessId, action),
  }));
  const fixes = audit?.fixes.filter((fix) => !fix.optional).slice(0, AUDIT_FIXES) ?? [];
  for (const fix of fixes)
    steps.push({
      kind: 'audit_fix',
      text: fix.title,
      evidence: 'From your latest AI-readiness audit',
      detail: fix.help ?? null,
      href: auditHref,
    });
  return {
    business: report.business,
    steps,
    samples: report.samples,
    audited: audit !== null,
    simulated: report.simulated,
  };
}
