import { createHmac } from 'node:crypto';
import { env } from '~/lib/env.server';
import type { TransactionClient } from '~/lib/db.server';
import type { LogRecord } from './log-lines';
import { classifyRecord, VisitTally } from './tally';

// Writing a tally of counted lines: each counted line is kept only as a keyed hash (HMAC with the
// server's secret: it cannot be turned back into the line or its address), so the same lines
// uploaded twice count once; the lines not seen before are added to the per-day counts in the
// same transaction, so a retried batch never counts twice.

export type CountedLine = { record: LogRecord; line: string };

export function lineHash(businessId: string, line: string): string {
  return createHmac('sha256', env.SESSION_SECRET)
    .update(`${businessId}\n${line.trim()}`)
    .digest('base64url')
    .slice(0, 32);
}

const dayOf = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * Adds a batch of counted lines (at most a few thousand) to the business's counts, skipping those
 * already seen. Returns how many were new and how many were duplicates.
 */
export async function storeCountedLines(
  tx: TransactionClient,
  businessId: string,
  lines: readonly CountedLine[],
): Promise<{ added: number; duplicates: number }> {
  if (!lines.length) return { added: 0, duplicates: 0 };
  const hashed = new Map<string, CountedLine>();
  for (const line of lines) hashed.set(lineHash(businessId, line.line), line);
  const seen = await tx.crawlerLineSeen.findMany({
    where: { businessId, hash: { in: [...hashed.keys()] } },
    select: { hash: true },
  });
  for (const { hash } of seen) hashed.delete(hash);
  const tally = new VisitTally();
  for (const { record } of hashed.values()) tally.add(record);
  if (hashed.size) {
    await tx.crawlerLineSeen.createMany({
      data: [...hashed].map(([hash, { record }]) => ({
        businessId,
        hash,
        day: dayOf(record.at.toISOString().slice(0, 10)),
      })),
    });
  }
  await writeTally(tx, businessId, tally);
  return { added: hashed.size, duplicates: lines.length - hashed.size };
}

/** Adds a tally's rows to the stored per-day counts. */
export async function writeTally(tx: TransactionClient, businessId: string, tally: VisitTally) {
  for (const row of tally.agents.values()) {
    const key = {
      businessId,
      day: dayOf(row.day),
      agent: row.agent,
      verification: row.verification,
      status: row.status,
    };
    await tx.crawlerVisitStat.upsert({
      where: { businessId_day_agent_verification_status: key },
      create: { ...key, visits: row.visits },
      update: { visits: { increment: row.visits } },
    });
  }
  for (const row of tally.agentPages.values()) {
    const key = { businessId, day: dayOf(row.day), agent: row.agent, path: row.path };
    await tx.crawlerPageStat.upsert({
      where: { businessId_day_agent_path: key },
      create: { ...key, visits: row.visits },
      update: { visits: { increment: row.visits } },
    });
  }
  for (const row of tally.referrals.values()) {
    const key = { businessId, day: dayOf(row.day), assistant: row.assistant, path: row.path };
    await tx.referralStat.upsert({
      where: { businessId_day_assistant_path: key },
      create: { ...key, visits: row.visits },
      update: { visits: { increment: row.visits } },
    });
  }
}

/** Whether a read record is one we count (an AI agent's visit or an AI referral). */
export const isCounted = (record: LogRecord) => classifyRecord(record) !== null;
