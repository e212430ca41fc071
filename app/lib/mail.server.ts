import nodemailer, { type Transporter } from 'nodemailer';
import { db } from './db.server';
import { env } from './env.server';

// Every e-mail goes through the outbox table first, so nothing is lost whatever happens to the send:
// - without SMTP_URL (the demo, the tests) the message is kept there as "held", and admins read it
//   in the admin panel's Outbox tab, so a reset link can be followed on a fresh machine;
// - with SMTP_URL it is "pending", then handed to nodemailer after the request has been answered,
//   and marked "sent", or "failed" with the server's error for the admins to see.
// Sending after the answer keeps a slow or broken mail server out of the user's wait, and keeps the
// time a "we sent you a link" answer takes the same whether or not there was anyone to send to.

export type MailKind =
  | 'password_reset'
  | 'welcome'
  | 'email_changed'
  | 'password_changed'
  | 'plan_changed'
  | 'account_under_attack';

export type MailStatus = 'held' | 'pending' | 'sent' | 'failed';
export const MAIL_STATUSES: MailStatus[] = ['held', 'pending', 'sent', 'failed'];

export type Mail = { to: string; subject: string; text: string; html: string; kind: MailKind };

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

/** Deliveries under way; `settleMail` waits for them (tests, and the server's shutdown). */
const inFlight = new Set<Promise<void>>();

async function deliver(id: string, mail: Mail): Promise<void> {
  const transporter = smtp();
  if (!transporter) return;
  try {
    await transporter.sendMail({
      from: mailFrom(),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    await db.outboxMessage.update({
      where: { id },
      data: {
        status: 'sent',
        sentAt: new Date(),
        error: null,
        // Once the owner has a reset link, the copy admins can read no longer works.
        ...(mail.kind === 'password_reset'
          ? { text: withoutTokens(mail.text), html: withoutTokens(mail.html) }
          : {}),
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`Mail ${id} (${mail.kind}) to ${mail.to} failed: ${message}`);
    await db.outboxMessage
      .update({ where: { id }, data: { status: 'failed', error: message.slice(0, 1000) } })
      .catch((updateError: unknown) =>
        console.error('Mail: could not record a failure', updateError),
      );
  }
}

/**
 * Writes the message to the outbox and, with SMTP configured, sends it in the background.
 * Resolves once the message is safely stored, with its outbox id.
 */
export async function sendMail(mail: Mail): Promise<string> {
  const row = await db.outboxMessage.create({
    data: { ...mail, status: smtp() ? 'pending' : 'held' },
    select: { id: true },
  });
  if (smtp()) {
    const delivery = deliver(row.id, mail).finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  }
  return row.id;
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

/** Resolves when every message handed over so far is stored and, with SMTP, sent or failed. */
export async function settleMail(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}
