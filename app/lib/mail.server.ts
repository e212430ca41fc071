import nodemailer, { type Transporter } from 'nodemailer';
import { jobEngine } from '~/jobs/engine.server';
import { PermanentJobError, type JobContext, type RetryPolicy } from '~/jobs/types';
import { db } from './db.server';
import { retryOnContention } from './contention.server';
import { env } from './env.server';

// Every e-mail goes through the outbox table first, so nothing is lost whatever happens to the send:
// - without SMTP_URL (the demo, the tests) the message is kept there as "held", and admins read it
//   in the admin panel's Outbox tab, so a reset link can be followed on a fresh machine;
// - with SMTP_URL it is "pending" and a job of the job engine (queue `mail-send`, keyed by the
//   outbox id, so it is queued once) sends it: a send that fails or is cut short by a crash is
//   tried again with backoff (MAIL_RETRY_DELAY_SECONDS, then twice as long each time, 5 attempts in
//   all; a refusal such as "mailbox unavailable" is final at once), the row keeps the last error,
//   and turns "failed" after the last attempt. The row is marked "sent" by a conditional update,
//   and a job that finds it sent already does nothing, so a message is not sent twice by us.
// Sending in a job keeps a slow or broken mail server out of the user's wait, and keeps the time a
// "we sent you a link" answer takes the same whether or not there was anyone to send to.

export const MAIL_QUEUE = 'mail-send';
export const MAIL_MAX_ATTEMPTS = 5;
/** Every few minutes: messages left "pending" without a job (see requeueStrandedMail). */
export const MAIL_SWEEP_QUEUE = 'mail-sweep';
export const MAIL_SWEEP_CRON = '*/5 * * * *';
/** A pending message this old whose job is gone or was never queued is queued again. */
const STRANDED_AFTER_MS = 2 * 60 * 1000;
const SWEEP_BATCH = 500;

export type MailKind =
  | 'password_reset'
  | 'admin_invitation'
  | 'welcome'
  | 'email_changed'
  | 'password_changed'
  | 'api_key_created'
  | 'plan_changed'
  | 'plan_cancelled'
  | 'plan_resumed'
  | 'plan_change_scheduled'
  | 'plan_change_cancelled'
  | 'account_under_attack'
  | 'app_connected'
  | 'tracking-digest'
  | 'tracking-fact-alert';

export type MailStatus = 'held' | 'pending' | 'sent' | 'failed';
export const MAIL_STATUSES: MailStatus[] = ['held', 'pending', 'sent', 'failed'];

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: MailKind;
  /** Extra header lines (List-Unsubscribe and the like), kept with the message and sent with it. */
  headers?: Record<string, string>;
};

/** The stored header lines of an outbox row (a JSON object of strings; anything else: none). */
export function storedHeaders(value: string | null): Record<string, string> {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

/** The sender: MAIL_FROM, or the site's name at no-reply@ the public host. */
export function mailFrom(): string {
  if (env.MAIL_FROM) return env.MAIL_FROM;
  const host = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname : 'localhost';
  return `AI Visibility <no-reply@${host}>`;
}

let transport: Transporter | undefined;
function smtp(): Transporter | null {
  if (!env.SMTP_URL) return null;
  return (transport ??= nodemailer.createTransport({
    url: env.SMTP_URL,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  }));
}

/** A sign-in secret in a link (a reset token) blanked out. */
export function withoutTokens(text: string): string {
  return text.replace(/([?&]token=)[A-Za-z0-9_-]+/g, '$1removed-after-sending');
}

/** Work under way that ends in a message (`inBackground`); `settleMail` waits for it. */
const inFlight = new Set<Promise<void>>();

export function mailRetryPolicy(): RetryPolicy {
  return {
    limit: MAIL_MAX_ATTEMPTS - 1,
    delaySeconds: env.MAIL_RETRY_DELAY_SECONDS,
    backoff: true,
  };
}

/** A refusal the server will repeat (5xx: no such mailbox, rejected sender): no retry helps. */
function isPermanent(error: unknown): boolean {
  const code =
    typeof error === 'object' && error !== null && 'responseCode' in error
      ? Number(error.responseCode)
      : 0;
  return code >= 500 && code < 600;
}

/**
 * The `mail-send` job: sends one outbox message unless it has been sent already. Throws to have
 * the engine try again later (the row stays "pending" with the error); on the last attempt, or for
 * a permanent refusal, the row turns "failed".
 */
export async function deliverOutboxMessage(
  data: { outboxId: string },
  job: Pick<JobContext, 'attempt' | 'maxAttempts'>,
): Promise<void> {
  const transporter = smtp();
  if (!transporter) return; // SMTP_URL was removed since: the message stays in the outbox
  const row = await db.outboxMessage.findUnique({ where: { id: data.outboxId } });
  if (!row || (row.status !== 'pending' && row.status !== 'failed')) return; // sent (or held)
  try {
    await transporter.sendMail({
      from: mailFrom(),
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      headers: storedHeaders(row.headers),
    });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const permanent = isPermanent(error);
    const last = permanent || job.attempt >= job.maxAttempts;
    console.error(
      `Mail ${row.id} (${row.kind}) to ${row.to} failed (attempt ${job.attempt}/${job.maxAttempts}${last ? ', giving up' : ''}): ${message}`,
    );
    await db.outboxMessage.updateMany({
      where: { id: row.id, status: { in: ['pending', 'failed'] } },
      data: { status: last ? 'failed' : 'pending', error: message },
    });
    throw permanent ? new PermanentJobError(message) : error;
  }
  await db.outboxMessage.updateMany({
    where: { id: row.id, status: { in: ['pending', 'failed'] } },
    data: {
      status: 'sent',
      sentAt: new Date(),
      error: null,
      // Once the owner has a reset link, the copy admins can read no longer works.
      ...(row.kind === 'password_reset'
        ? { text: withoutTokens(row.text), html: withoutTokens(row.html) }
        : {}),
    },
  });
}

/**
 * Writes the message to the outbox and, with SMTP configured, queues the job that sends it.
 * Resolves once the message is safely stored (and queued), with its outbox id.
 */
export async function sendMail(mail: Mail): Promise<string> {
  const { headers, ...message } = mail;
  // A busy database (several instances writing one SQLite file) is waited out, not a lost e-mail:
  // the store and the keyed enqueue are each retried on contention (owner-lock.server.ts).
  const row = await retryOnContention('mail.store', () =>
    db.outboxMessage.create({
      data: {
        ...message,
        headers: headers && Object.keys(headers).length ? JSON.stringify(headers) : null,
        status: smtp() ? 'pending' : 'held',
      },
      select: { id: true },
    }),
  );
  if (smtp()) {
    await retryOnContention('mail.enqueue', () =>
      jobEngine().enqueue(
        MAIL_QUEUE,
        { outboxId: row.id },
        { key: row.id, retry: mailRetryPolicy() },
      ),
    );
  }
  return row.id;
}

/**
 * The `mail-sweep` job. A message is stored first and its job queued right after; a process that
 * dies between the two leaves a "pending" message that nothing would send. Every pending message
 * older than two minutes is queued again under its own key: where its job is still kept (waiting,
 * retrying, or done) that is a no-op, so nothing is sent twice. Batched, so a backlog of any size
 * costs the same per query. Returns how many were queued anew.
 */
export async function requeueStrandedMail(now = new Date()): Promise<number> {
  if (!smtp()) return 0;
  const before = new Date(now.getTime() - STRANDED_AFTER_MS);
  let queued = 0;
  let cursor: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await db.outboxMessage.findMany({
      where: {
        status: 'pending',
        createdAt: { lte: before },
        ...(cursor
          ? {
              OR: [
                { createdAt: { gt: cursor.createdAt } },
                { createdAt: cursor.createdAt, id: { gt: cursor.id } },
              ],
            }
          : {}),
      },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: SWEEP_BATCH,
      select: { id: true, createdAt: true },
    });
    for (const row of rows) {
      const id = await jobEngine().enqueue(
        MAIL_QUEUE,
        { outboxId: row.id },
        { key: row.id, retry: mailRetryPolicy() },
      );
      if (id) queued += 1;
    }
    if (rows.length < SWEEP_BATCH) return queued;
    cursor = rows[rows.length - 1];
  }
}

/**
 * Runs work that ends in a message (look up, store, send) after the caller has moved on: errors are
 * logged, never thrown into a request that has already been answered.
 */
export function inBackground(task: () => Promise<unknown>): void {
  const tracked: Promise<void> = Promise.resolve()
    .then(task)
    .then(
      () => undefined,
      (error: unknown) => console.error('Mail: background task failed', error),
    )
    .finally(() => inFlight.delete(tracked));
  inFlight.add(tracked);
}

/**
 * Resolves when every message handed over so far is stored and, with SMTP, sent, failed, or
 * waiting for a later retry: the mail jobs due now are run in this process (tests, scripts).
 */
export async function settleMail(): Promise<void> {
  do {
    while (inFlight.size) await Promise.allSettled([...inFlight]);
    if (smtp()) await jobEngine().drain(MAIL_QUEUE, deliverOutboxMessage);
  } while (inFlight.size);
}
