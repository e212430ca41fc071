import { z } from 'zod';
import { auditBusiness, findAudit } from '~/domain/audits.server';
import { ownedBusiness } from '~/domain/tracking/owned.server';
import {
  needsWrite,
  businessId,
  json,
  readOnly,
  run,
  toolError,
  type ToolGroup,
} from './shared.server';

// get_latest_audit and run_audit: the website's AI-readiness audit and its fixes.

export const registerAuditTools: ToolGroup = (server, user) => {
  server.registerTool(
    'get_latest_audit',
    {
      title: 'Latest AI-readiness audit',
      description:
        "The latest audit of the business's website (can AI crawlers reach it, understand it and cite it?): the score out of 100, each signal that failed or needs attention with the reason, and the fixes to make (snippets to copy and where they go). Use run_audit for a new one.",
      inputSchema: z.strictObject({ businessId }),
      annotations: readOnly,
    },
    ({ businessId: id_ }) =>
      run(async () => {
        const audit = await findAudit(user, id_);
        if (!audit) {
          // Says which, as the JSON API does: no audit yet, or no such business of the caller's.
          await ownedBusiness(user, id_);
          return toolError('No audit yet for this business. Run one with run_audit.');
        }
        return json(auditOut(audit));
      }),
  );

  server.registerTool(
    'run_audit',
    {
      title: 'Run an AI-readiness audit',
      description:
        "Audits the business's website now (takes up to about 20 seconds) and returns the result as get_latest_audit does. Counts toward the plan's audits per business per day; refused past it, with when the next one is possible.",
      inputSchema: z.strictObject({ businessId }),
      scopeChallenge: needsWrite,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
    },
    ({ businessId: id_ }) => run(async () => json(auditOut(await auditBusiness(user, id_)))),
  );
};

function auditOut(audit: Awaited<ReturnType<typeof auditBusiness>>) {
  return {
    id: audit.id,
    auditedAt: audit.auditedAt,
    url: audit.url,
    outcome: audit.outcome,
    score: audit.outcome === 'complete' ? audit.score : null,
    unreachable: audit.unreachable,
    needsWork: audit.signals
      .filter((signal) => signal.status === 'fail' || signal.status === 'warn')
      .map((signal) => ({ signal: signal.id, status: signal.status, reason: signal.reason })),
    passed: audit.signals.filter((signal) => signal.status === 'pass').length,
    fixes: audit.fixes.map((fix) => ({
      signal: fix.signal,
      title: fix.title,
      optional: Boolean(fix.optional),
      help: fix.help ?? null,
      text: fix.text,
    })),
  };
}
