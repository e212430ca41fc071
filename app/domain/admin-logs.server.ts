import { maskMailSecrets } from '~/lib/mail-secrets';
import { db } from '~/lib/db.server';
import type { Prisma } from '~/generated/prisma/client';
import { readCounts } from './row-counts.server';
import {
  assertAdmin,
  pageOf,
  skip,
  userRefSelect,
  type AdminActor,
  type Page,
  type PageRequest,
  type UserRef,
} from './admin-access.server';
import { MAIL_STATUSES, type MailStatus } from '~/lib/mail.server';

// The admin's records (split from admin.server.ts, code unchanged): the usage logs, the contact
// inquiries, the audit log of admins' changes and the outbox, each a page at a time, newest first,
// for admins only. admin.server.ts re-exports them.

// ---------------------------------------------------------------------------------------------
// Usage logs

export type AccessLogView = {
  id: string;
  /** null once the user deleted their account: the record stays for the usage figures. */
  userId: string | null;
  user: UserRef | null;
  businessId: string | null;
  business: { id: string; name: string } | null;
  accessType: string;
  accessTime: string;
  subscriptionTier: string | null;
  wasAllowed: boolean;
  reason: string | null;
};

export async function listAccessLogs(
  actor: AdminActor,
  options: PageRequest & { result?: 'allowed' | 'denied' },
): Promise<Page<AccessLogView>> {
  assertAdmin(actor);
  const where: Prisma.AccessLogWhereInput = options.result
    ? { wasAllowed: options.result === 'allowed' }
    : {};
  const [total, rows] = await Promise.all([
    readCounts(['AccessLog.wasAllowed:true', 'AccessLog.wasAllowed:false']).then((totals) =>
      options.result === 'allowed'
        ? totals['AccessLog.wasAllowed:true']
        : options.result === 'denied'
          ? totals['AccessLog.wasAllowed:false']
          : totals['AccessLog.wasAllowed:true'] + totals['AccessLog.wasAllowed:false'],
    ),
    db.accessLog.findMany({
      where,
      orderBy: [{ accessTime: 'desc' }, { id: 'desc' }],
      skip: skip(options),
      take: options.limit,
      select: {
        id: true,
        userId: true,
        businessId: true,
        accessType: true,
        accessTime: true,
        subscriptionTier: true,
        wasAllowed: true,
        reason: true,
        user: { select: userRefSelect },
        business: { select: { id: true, name: true } },
      },
    }),
  ]);
  return pageOf(
    rows.map((row) => ({ ...row, accessTime: row.accessTime.toISOString() })),
    total,
    options,
  );
}

// ---------------------------------------------------------------------------------------------
// Contact inquiries

export type InquiryView = {
  id: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  message: string;
  inquiryType: string;
  createdAt: string;
};

export async function listInquiries(
  actor: AdminActor,
  options: PageRequest,
): Promise<Page<InquiryView>> {
  assertAdmin(actor);
  const [total, rows] = await Promise.all([
    readCounts(['ContactInquiry']).then((totals) => totals.ContactInquiry),
    db.contactInquiry.findMany({
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: skip(options),
      take: options.limit,
      select: {
        id: true,
        name: true,
        email: true,
        company: true,
        phone: true,
        message: true,
        inquiryType: true,
        createdAt: true,
      },
    }),
  ]);
  return pageOf(
    rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total,
    options,
  );
}

// ---------------------------------------------------------------------------------------------
// Audit log

export type AuditEntryView = {
  id: string;
  actorEmail: string;
  targetUserId: string | null;
  targetEmail: string;
  action: string;
  field: string | null;
  fromValue: string | null;
  toValue: string | null;
  createdAt: string;
};

export async function listAuditLog(
  actor: AdminActor,
  options: PageRequest & { userId?: string },
): Promise<Page<AuditEntryView>> {
  assertAdmin(actor);
  const where: Prisma.AuditLogWhereInput = options.userId ? { targetUserId: options.userId } : {};
  const [total, rows] = await Promise.all([
    options.userId
      ? db.auditLog.count({ where })
      : readCounts(['AuditLog']).then((totals) => totals.AuditLog),
    db.auditLog.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: skip(options),
      take: options.limit,
      select: {
        id: true,
        actorEmail: true,
        targetUserId: true,
        targetEmail: true,
        action: true,
        field: true,
        fromValue: true,
        toValue: true,
        createdAt: true,
      },
    }),
  ]);
  return pageOf(
    rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total,
    options,
  );
}

// ---------------------------------------------------------------------------------------------
// Outbox: every e-mail the site wrote, newest first (see ~/lib/mail.server)

export type OutboxView = {
  id: string;
  to: string;
  subject: string;
  kind: string;
  status: string;
  error: string | null;
  text: string;
  createdAt: string;
  sentAt: string | null;
};

export async function listOutbox(
  actor: AdminActor,
  options: PageRequest & { status?: MailStatus },
): Promise<Page<OutboxView> & { failed: number }> {
  assertAdmin(actor);
  const keys = MAIL_STATUSES.map((status) => `OutboxMessage.status:${status}` as const);
  const [totals, rows] = await Promise.all([
    readCounts(keys),
    db.outboxMessage.findMany({
      where: options.status ? { status: options.status } : {},
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: skip(options),
      take: options.limit,
    }),
  ]);
  const total = options.status
    ? totals[`OutboxMessage.status:${options.status}`]
    : keys.reduce((sum, key) => sum + totals[key], 0);
  const page = pageOf(
    rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      kind: row.kind,
      status: row.status,
      error: row.error,
      // Secrets masked: only the recipient's mailbox holds a usable link (issue 41).
      text: maskMailSecrets(row.text),
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
    total,
    options,
  );
  return { ...page, failed: totals['OutboxMessage.status:failed'] };
}
