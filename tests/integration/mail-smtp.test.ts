import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Types only (erased): the modules themselves are imported once SMTP_URL is set.
import type * as AdminModule from '~/domain/admin.server';
import type * as ResetModule from '~/domain/password-reset.server';
import type * as DbModule from '~/lib/db.server';
import type * as MailModule from '~/lib/mail.server';
import type * as ForgotModule from '~/routes/api.auth.forgot-password';
import type * as HelpersModule from './helpers';

// The SMTP path, through a real SMTP server started here (smtp-server). The app reads SMTP_URL once
// at start-up, so it is set before any app module is imported (each test file has its own modules).

type Received = { from: string; to: string[]; raw: string };
const received: Received[] = [];
/** Recipients the server refuses, as a real server refuses an unknown mailbox. */
const REFUSED = /@refused\.example$/;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (REFUSED.test(address.address)) {
      const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
      callback(error);
      return;
    }
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

let app: {
  db: (typeof DbModule)['db'];
  settleMail: (typeof MailModule)['settleMail'];
  sendMail: (typeof MailModule)['sendMail'];
  requestPasswordReset: (typeof ResetModule)['requestPasswordReset'];
  RESET_REQUESTED_MESSAGE: string;
  forgotAction: (typeof ForgotModule)['action'];
  listOutbox: (typeof AdminModule)['listOutbox'];
  helpers: typeof HelpersModule;
};

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.MAIL_FROM = 'AI Visibility <hello@aiv.example>';
  const [dbModule, mail, reset, forgot, admin, helpers] = await Promise.all([
    import('~/lib/db.server'),
    import('~/lib/mail.server'),
    import('~/domain/password-reset.server'),
    import('~/routes/api.auth.forgot-password'),
    import('~/domain/admin.server'),
    import('./helpers'),
  ]);
  app = {
    db: dbModule.db,
    settleMail: mail.settleMail,
    sendMail: mail.sendMail,
    requestPasswordReset: reset.requestPasswordReset,
    RESET_REQUESTED_MESSAGE: reset.RESET_REQUESTED_MESSAGE,
    forgotAction: forgot.action,
    listOutbox: admin.listOutbox,
    helpers,
  };
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('e-mail through SMTP', () => {
  it('delivers the reset link through the SMTP server, marks it sent and blanks the token in the copy admins see', async () => {
    const user = await app.helpers.createUser({ firstName: 'Sam' });
    await app.requestPasswordReset(user.email, { ipAddress: '192.0.2.201' }, 'https://aiv.example');
    await app.settleMail();

    const delivered = received.find((mail) => mail.to.includes(user.email));
    expect(delivered).toBeDefined();
    expect(delivered!.from).toBe('hello@aiv.example');
    expect(delivered!.raw).toMatch(/^Subject: Reset your AI Visibility password/m);
    expect(delivered!.raw).toContain('multipart/alternative');
    // The delivered message carries the working link (quoted-printable may wrap it: unwrap first).
    const body = delivered!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = body.match(/reset-password\?token=([\w-]{43})/)?.[1];
    expect(token).toBeDefined();

    const stored = await app.db.outboxMessage.findFirstOrThrow({ where: { to: user.email } });
    expect(stored.status).toBe('sent');
    expect(stored.sentAt).toBeInstanceOf(Date);
    expect(stored.text).not.toContain(token!);
    expect(stored.text).toContain('token=removed-after-sending');
  });

  it('a refused send keeps the message as failed with the reason; the user got the same answer', async () => {
    const email = `owner-${Date.now()}@refused.example`;
    await app.helpers.createUser({ email });
    const res = await app.helpers.run(() =>
      app.forgotAction(
        app.helpers.args(
          app.helpers.jsonRequest('/api/auth/forgot-password', {
            body: { email },
            headers: { 'X-Forwarded-For': '192.0.2.202' },
          }),
        ),
      ),
    );
    expect(res).toMatchObject({ status: 202, data: { message: app.RESET_REQUESTED_MESSAGE } });
    await app.settleMail();

    const stored = await app.db.outboxMessage.findFirstOrThrow({ where: { to: email } });
    expect(stored.status).toBe('failed');
    expect(stored.error).toMatch(/Mailbox unavailable/);
    // Kept whole, so an admin can still pass the link on.
    expect(stored.text).toMatch(/reset-password\?token=[\w-]{43}/);

    const admin = await app.helpers.createUser({ role: 'admin' });
    const failed = await app.listOutbox(admin, { page: 1, limit: 50, status: 'failed' });
    expect(failed.failed).toBeGreaterThanOrEqual(1);
    expect(failed.items.map((item) => item.to)).toContain(email);
  });

  it("sends a message's own header lines (the digest's List-Unsubscribe), stored with it", async () => {
    const to = app.helpers.uniqueEmail('digest');
    const link = 'https://aiv.example/unsubscribe/digest?token=abc.def';
    await app.sendMail({
      kind: 'tracking-digest',
      to,
      subject: 'Your weekly AI visibility digest',
      text: 'Figures',
      html: '<p>Figures</p>',
      headers: {
        'List-Unsubscribe': `<${link}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    await app.settleMail();
    const delivered = received.find((mail) => mail.to.includes(to));
    expect(delivered!.raw).toContain(`List-Unsubscribe: <${link}>`);
    expect(delivered!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const stored = await app.db.outboxMessage.findFirstOrThrow({ where: { to } });
    expect(stored.status).toBe('sent');
    expect(JSON.parse(stored.headers!)).toMatchObject({ 'List-Unsubscribe': `<${link}>` });
  });
});
