import { db } from '~/lib/db.server';
import { listApiKeys } from './api-keys.server';
import { publicUserSelect, toPublicUser } from './accounts.server';
import { DomainError } from './errors';
import { businessViewSelect } from './businesses.server';
import { describeDevice } from './user-agent';
import {
  exportAnswers,
  exportFigures,
  questionsAndCompetitors,
} from './tracking/reports/export.server';

// A user's data, exported (split from account.server.ts): the account, its businesses (with their
// audits, tracked questions and competitors), its sign-ins, and its businesses' kept answers and
// figures, streamed in batches so a large account never sits in memory whole.
// account.server.ts re-exports it.

/** Rows read per query while exporting: a few hundred parameters at most, whatever the account holds. */
export const EXPORT_BATCH_SIZE = 500;

/** A business as exported: its view's columns, without the owner's id (the export is the owner's). */
const exportBusinessSelect = { ...businessViewSelect, userId: false } as const;

/**
 * "Download my data": the account, its businesses (each with its AI-readiness audits, tracked
 * questions and competitors), its sign-ins, and the answers and figures of visibility tracking
 * (tracking/reports/export.server.ts), as one JSON document, produced piece by piece. Rows are read in batches of
 * EXPORT_BATCH_SIZE (keyset pagination, and each batch's audits by its own few hundred ids), so
 * neither the database's limit on query parameters nor memory grows with the account: 40,000
 * businesses stream out like 4. The account is checked before the first piece.
 */
export async function exportAccountData(
  userId: string,
  now = new Date(),
): Promise<AsyncGenerator<string>> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { ...publicUserSelect, updatedAt: true, subscriptionCancelAtPeriodEnd: true },
  });
  if (!user) throw new DomainError('not_found', 'Account not found');
  const { updatedAt, subscriptionCancelAtPeriodEnd, ...account } = user;
  const head = {
    exportedAt: now.toISOString(),
    account: {
      ...toPublicUser(account),
      updatedAt: updatedAt.toISOString(),
      subscriptionCancelAtPeriodEnd,
    },
    // Name, prefix and dates of each key (at most the plan's few); the keys themselves are not kept.
    apiKeys: await listApiKeys({ id: userId }),
  };
  return (async function* () {
    yield JSON.stringify(head, null, 2).replace(/\n}$/, ',\n  "businesses": [');
    let first = true;
    for await (const business of exportBusinesses(userId)) {
      yield `${first ? '' : ','}\n    ${JSON.stringify(business)}`;
      first = false;
    }
    yield '\n  ],\n  "signIns": [';
    first = true;
    for await (const signIn of exportSignIns(userId)) {
      yield `${first ? '' : ','}\n    ${JSON.stringify(signIn)}`;
      first = false;
    }
    // The tracking data (issue 44): every kept answer, and the figures kept per period.
    yield '\n  ],\n  "visibilityAnswers": [';
    first = true;
    for await (const answer of exportAnswers(userId)) {
      yield `${first ? '' : ','}\n    ${JSON.stringify(answer)}`;
      first = false;
    }
    yield '\n  ],\n  "visibilityFigures": [';
    first = true;
    for await (const figure of exportFigures(userId)) {
      yield `${first ? '' : ','}\n    ${JSON.stringify(figure)}`;
      first = false;
    }
    yield '\n  ]\n}\n';
  })();
}

async function* exportBusinesses(userId: string) {
  let cursor: { id: string } | undefined;
  for (;;) {
    const batch = await db.business.findMany({
      where: { userId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: EXPORT_BATCH_SIZE,
      ...(cursor ? { cursor, skip: 1 } : {}),
      select: exportBusinessSelect,
    });
    if (batch.length === 0) return;
    const ids = batch.map((business) => business.id);
    const [audits, tracking] = await Promise.all([
      db.audit.findMany({
        where: { businessId: { in: ids } },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: {
          businessId: true,
          createdAt: true,
          url: true,
          score: true,
          outcome: true,
          failureReason: true,
          trigger: true,
        },
      }),
      questionsAndCompetitors(ids),
    ]);
    const byBusiness = new Map<string, typeof audits>();
    for (const audit of audits) {
      const list = byBusiness.get(audit.businessId) ?? [];
      list.push(audit);
      byBusiness.set(audit.businessId, list);
    }
    for (const business of batch) {
      yield {
        ...business,
        createdAt: business.createdAt.toISOString(),
        updatedAt: business.updatedAt.toISOString(),
        aiReadinessAudits: (byBusiness.get(business.id) ?? []).map((audit) => ({
          auditedAt: audit.createdAt.toISOString(),
          url: audit.url,
          // 'unreachable': the site could not be reached, so there is no score (the page says
          // "No score"): null, never the stored 0.
          score: audit.outcome === 'unreachable' ? null : audit.score,
          outcome: audit.outcome,
          ...(audit.failureReason ? { failureReason: audit.failureReason } : {}),
          trigger: audit.trigger,
        })),
        trackedQuestions: tracking.questionsOf(business.id),
        competitors: tracking.competitorsOf(business.id),
      };
    }
    if (batch.length < EXPORT_BATCH_SIZE) return;
    cursor = { id: batch[batch.length - 1]!.id };
  }
}

async function* exportSignIns(userId: string) {
  let cursor: { id: string } | undefined;
  for (;;) {
    const batch = await db.session.findMany({
      where: { userId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: EXPORT_BATCH_SIZE,
      ...(cursor ? { cursor, skip: 1 } : {}),
      select: {
        id: true,
        createdAt: true,
        endedAt: true,
        expiresAt: true,
        ipAddress: true,
        userAgent: true,
      },
    });
    for (const session of batch) {
      yield {
        signedInAt: session.createdAt.toISOString(),
        signedOutAt: session.endedAt?.toISOString() ?? null,
        expiresAt: session.expiresAt.toISOString(),
        ipAddress: session.ipAddress,
        device: describeDevice(session.userAgent),
        userAgent: session.userAgent,
      };
    }
    if (batch.length < EXPORT_BATCH_SIZE) return;
    cursor = { id: batch[batch.length - 1]!.id };
  }
}
