import { describe, expect, it } from 'vitest';
import { createApiKey } from '~/domain/api-keys.server';
import { requestPasswordReset } from '~/domain/password-reset.server';
import { db } from '~/lib/db.server';
import { maskMailSecrets } from '~/lib/mail-secrets';
import { settleMail } from '~/lib/mail.server';
import { loader as adminLoader } from '~/routes/admin/route';
import { action as resetAction } from '~/routes/reset-password';
import { args, BASE, createUser, formRequest, run, sessionCookieFor } from './helpers';

// Issue 41, item 7: with no SMTP configured, a reviewer could open a customer's reset link from
// Admin → Outbox and take the account over. The Outbox now shows each message with its secrets
// masked; the stored message (the recipient's copy) keeps the working link.

type Outbox = { items: { to: string; kind: string; text: string }[] };

async function outboxAsAdmin(to: string) {
  const admin = await createUser({ role: 'admin' });
  const { cookie } = await sessionCookieFor(admin.id);
  const page = await run(() =>
    adminLoader(
      args(
        new Request(`${BASE}/admin?tab=outbox&q=${encodeURIComponent(to)}`, {
          headers: { Cookie: cookie },
        }),
      ),
    ),
  );
  return (page.data as { messages: Outbox }).messages.items.filter((item) => item.to === to);
}

describe('the admin Outbox masks secrets', () => {
  it(
    'shows a held reset e-mail without a usable link; the link itself still works for its owner',
    { timeout: 60_000 },
    async () => {
      const user = await createUser();
      await requestPasswordReset(user.email, { ipAddress: '192.0.2.91' });
      await settleMail();
      const stored = await db.outboxMessage.findFirstOrThrow({
        where: { to: user.email, kind: 'password_reset' },
      });
      expect(stored.status).toBe('held');
      const token = stored.text.match(/reset-password\?token=([\w-]{43})/)![1]!;

      const [shown] = await outboxAsAdmin(user.email);
      expect(shown?.kind).toBe('password_reset');
      expect(shown!.text).not.toContain(token);
      expect(shown!.text).toMatch(/\/reset-password\?token=\[hidden\]/);
      // What the reviewer could copy does not reset anything.
      const tried = await run(() =>
        resetAction(
          args(
            formRequest(`/reset-password?token=[hidden]`, {
              token: '[hidden]',
              password: 'taken-over-password',
              confirmPassword: 'taken-over-password',
            }),
          ),
        ),
      );
      expect(tried.status).toBe(400);
      // The owner's own copy works.
      const owner = await run(() =>
        resetAction(
          args(
            formRequest(`/reset-password?token=${token}`, {
              token,
              password: 'the-owners-new-password',
              confirmPassword: 'the-owners-new-password',
            }),
          ),
        ),
      );
      expect(owner.status).toBe(302);
    },
  );

  it('masks unsubscribe tokens and API keys, and leaves the rest as sent', () => {
    const key = 'aiv_0123456789ab_' + 'A'.repeat(43);
    const text = [
      'Unsubscribe with one click:',
      'https://example.com/unsubscribe/digest?token=cuid123.abcDEF-_xyz',
      `Your key: ${key}`,
      'Shown as aiv_0123456789ab in the list.',
    ].join('\n');
    expect(maskMailSecrets(text)).toBe(
      [
        'Unsubscribe with one click:',
        'https://example.com/unsubscribe/digest?token=[hidden]',
        'Your key: aiv_0123456789ab_[hidden]',
        'Shown as aiv_0123456789ab in the list.',
      ].join('\n'),
    );
  });

  it('the key-made notice names the key, never its secret', async () => {
    const user = await createUser();
    const made = await createApiKey(
      { id: user.id, subscriptionStatus: 'free', subscriptionExpiry: null },
      { name: 'Probe' },
    );
    await settleMail();
    const shown = await outboxAsAdmin(user.email);
    const notice = shown.find((item) => item.kind === 'api_key_created');
    expect(notice?.text).toContain(made.prefix);
    expect(notice?.text).not.toContain(made.key.slice(made.prefix.length + 1));
  });
});
