import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Types only (erased): the modules themselves are imported once SMTP_URL is set.
import type * as ResetModule from '~/domain/password-reset.server';
import type * as JobsModule from '~/jobs/index.server';
import type * as QueuesModule from '~/domain/jobs.server';
import type * as DbModule from '~/lib/db.server';
import type * as MailModule from '~/lib/mail.server';
import type * as HelpersModule from './helpers';

// E-mail when the mail server is down: SMTP_URL names a port nothing listens on (yet). The send
// fails, the job retries with backoff (1 s here), and once an SMTP server starts on that port the
// message is delivered, once. The app reads SMTP_URL once, so it is set before any app module loads.

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const received: { to: string[]; raw: string }[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

let port = 0;
let app: {
  db: (typeof DbModule)['db'];
  mail: typeof MailModule;
  requestPasswordReset: (typeof ResetModule)['requestPasswordReset'];
  startBackgroundJobs: (typeof JobsModule)['startBackgroundJobs'];
  queueStats: (typeof QueuesModule)['queueStats'];
  helpers: typeof HelpersModule;
};

beforeAll(async () => {
  port = await freePort();
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.MAIL_RETRY_DELAY_SECONDS = '1';
  process.env.JOBS_POLL_INTERVAL_MS = '50';
  process.env.JOBS_WORKER = 'true';
  const [dbModule, mail, reset, jobs, queues, helpers] = await Promise.all([
    import('~/lib/db.server'),
    import('~/lib/mail.server'),
    import('~/domain/password-reset.server'),
    import('~/jobs/index.server'),
    import('~/domain/jobs.server'),
    import('./helpers'),
  ]);
  app = {
    db: dbModule.db,
    mail,
    requestPasswordReset: reset.requestPasswordReset,
    startBackgroundJobs: jobs.startBackgroundJobs,
    queueStats: queues.queueStats,
    helpers,
  };
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('e-mail retries', () => {
  it('a failed send keeps the message pending with the error; the last attempt makes it failed', async () => {
    const row = await app.db.outboxMessage.create({
      data: {
        to: 'nobody@aiv.example',
        subject: 'Hello',
        text: 'Hello',
        html: '<p>Hello</p>',
        kind: 'welcome',
        status: 'pending',
      },
    });
    await expect(
      app.mail.deliverOutboxMessage({ outboxId: row.id }, { attempt: 2, maxAttempts: 5 }),
    ).rejects.toThrow(/ECONNREFUSED/);
    expect(await app.db.outboxMessage.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: 'pending',
      error: expect.stringMatching(/ECONNREFUSED/),
    });
    await expect(
      app.mail.deliverOutboxMessage({ outboxId: row.id }, { attempt: 5, maxAttempts: 5 }),
    ).rejects.toThrow(/ECONNREFUSED/);
    expect(await app.db.outboxMessage.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/ECONNREFUSED/),
    });
    expect(app.mail.mailRetryPolicy()).toEqual({ limit: 4, delaySeconds: 1, backoff: true });
  });

  it('a reset e-mail that fails while the server is down is retried and delivered once it is up, once', async () => {
    const stop = await app.startBackgroundJobs();
    const user = await app.helpers.createUser({ firstName: 'Robin' });
    try {
      await app.requestPasswordReset(
        user.email,
        { ipAddress: '192.0.2.211' },
        'https://aiv.example',
      );
      await app.mail.settleMail();
      const outbox = () => app.db.outboxMessage.findFirstOrThrow({ where: { to: user.email } });
      await waitFor('the first attempt to fail', async () => (await outbox()).error !== null);
      expect(await outbox()).toMatchObject({ status: 'pending', sentAt: null });
      expect((await outbox()).error).toMatch(/ECONNREFUSED/);

      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      await waitFor('the retry to deliver it', async () => (await outbox()).status === 'sent');
      expect(await outbox()).toMatchObject({ error: null, sentAt: expect.any(Date) });
      const stats = await app.queueStats();
      expect(stats.find((row) => row.queue === 'mail-send')).toMatchObject({
        waiting: 0,
        running: 0,
        failed: 0,
      });
    } finally {
      await stop();
    }
    // Delivered once: the failed attempt sent nothing, the retry sent it, and nothing after that.
    const delivered = received.filter((mail) => mail.to.includes(user.email));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.raw).toMatch(/^Subject: Reset your AI Visibility password/m);
  });

  it('a message left pending by a crash before its job was queued is queued again and sent once', async () => {
    // By now the SMTP server of the previous test is listening.
    const stranded = await app.db.outboxMessage.create({
      data: {
        to: 'stranded@aiv.example',
        subject: 'Stranded',
        text: 'Stranded',
        html: '<p>Stranded</p>',
        kind: 'welcome',
        status: 'pending',
        createdAt: new Date(Date.now() - 3 * 60 * 1000),
      },
    });
    const fresh = await app.db.outboxMessage.create({
      data: {
        to: 'fresh@aiv.example',
        subject: 'Fresh',
        text: 'Fresh',
        html: '<p>Fresh</p>',
        kind: 'welcome',
        status: 'pending',
      },
    });
    expect(await app.mail.requeueStrandedMail()).toBe(1);
    // Its job is kept under the message's key: a second sweep queues nothing.
    expect(await app.mail.requeueStrandedMail()).toBe(0);
    await app.mail.settleMail();
    expect(
      await app.db.outboxMessage.findUniqueOrThrow({ where: { id: stranded.id } }),
    ).toMatchObject({ status: 'sent', error: null });
    // A message a moment old may still be on its way to the queue: left alone.
    expect(await app.db.outboxMessage.findUniqueOrThrow({ where: { id: fresh.id } })).toMatchObject(
      { status: 'pending' },
    );
    expect(await app.mail.requeueStrandedMail()).toBe(0);
    expect(received.filter((mail) => mail.to.includes('stranded@aiv.example'))).toHaveLength(1);
    expect(received.filter((mail) => mail.to.includes('fresh@aiv.example'))).toHaveLength(0);
  });
});
