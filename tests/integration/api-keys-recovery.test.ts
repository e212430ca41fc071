import { describe, expect, it } from 'vitest';
import { RESET_ENDS_ACCESS } from '~/content/account';
import { createApiKey } from '~/domain/api-keys.server';
import { requestPasswordReset } from '~/domain/password-reset.server';
import { handleMcpRequest } from '~/http/mcp/handler.server';
import { db } from '~/lib/db.server';
import { settleMail } from '~/lib/mail.server';
import * as accountPage from '~/routes/account/route';
import * as businessesApi from '~/routes/api.businesses';
import * as keysApi from '~/routes/api.account.api-keys';
import { action as resetAction, loader as resetLoader } from '~/routes/reset-password';
import { args, BASE, callRoute, createUser, formRequest, run, sessionCookieFor } from './helpers';

// Issue 41, item 5: an account recovery (a password reset) revokes every API key, and says so on
// the reset page and in its e-mail; making a key e-mails the owner its name; the list shows when
// each key was made and last used.

async function mailedResetToken(email: string) {
  await settleMail();
  const message = await db.outboxMessage.findFirstOrThrow({
    where: { to: email, kind: 'password_reset' },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  return { message, token: message.text.match(/reset-password\?token=([\w-]+)/)![1]! };
}

const keyOwner = (id: string) => ({ id, subscriptionStatus: 'free', subscriptionExpiry: null });

function mcpCall(key: string) {
  return handleMcpRequest(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        Authorization: `Bearer ${key}`,
        'MCP-Protocol-Version': '2025-03-26',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'list_businesses', arguments: {} },
      }),
    }),
  );
}

describe('a password reset revokes every API key', () => {
  it('the old keys answer 401 on the API and /mcp afterwards; the page and the e-mail said so', async () => {
    const user = await createUser();
    const made = await createApiKey(keyOwner(user.id), { name: 'Old laptop script' });
    const api = () =>
      callRoute(
        businessesApi,
        'loader',
        '/api/businesses',
        {},
        { headers: { Authorization: `Bearer ${made.key}` } },
      );
    expect((await api()).status).toBe(200);
    expect((await mcpCall(made.key)).status).toBe(200);

    await requestPasswordReset(user.email, { ipAddress: '192.0.2.77' });
    const { message, token } = await mailedResetToken(user.email);
    expect(message.text).toContain(RESET_ENDS_ACCESS);
    expect(message.html).toContain('revokes every API key');
    const page = await run(() =>
      resetLoader(args(new Request(`${BASE}/reset-password?token=${token}`))),
    );
    expect(page.status).toBe(200);

    const reset = await run(() =>
      resetAction(
        args(
          formRequest(`/reset-password?token=${token}`, {
            token,
            password: 'a-brand-new-password',
            confirmPassword: 'a-brand-new-password',
          }),
        ),
      ),
    );
    expect(reset.status).toBe(302);
    expect(await db.apiKey.count({ where: { userId: user.id } })).toBe(0);
    expect((await api()).status).toBe(401);
    expect((await mcpCall(made.key)).status).toBe(401);
  });

  it('another user’s keys stay', async () => {
    const user = await createUser();
    const other = await createUser();
    await createApiKey(keyOwner(other.id), { name: 'Theirs' });
    await requestPasswordReset(user.email, { ipAddress: '192.0.2.78' });
    const { token } = await mailedResetToken(user.email);
    await run(() =>
      resetAction(
        args(
          formRequest(`/reset-password?token=${token}`, {
            token,
            password: 'a-brand-new-password',
            confirmPassword: 'a-brand-new-password',
          }),
        ),
      ),
    );
    expect(await db.apiKey.count({ where: { userId: other.id } })).toBe(1);
  });
});

describe('making a key tells the owner', () => {
  it('e-mails the owner the key’s name and prefix (never the key), from the API and the page', async () => {
    const user = await createUser({ firstName: 'Mia' });
    // DIY holds two keys: one through the API, one through the page.
    await db.user.update({ where: { id: user.id }, data: { subscriptionStatus: 'diy' } });
    const { token, cookie } = await sessionCookieFor(user.id);
    const created = await callRoute(
      keysApi,
      'action',
      '/api/account/api-keys',
      {},
      { body: { name: 'Claude Desktop' }, headers: { Authorization: `Bearer ${token}` } },
    );
    expect(created.status).toBe(201);
    const { key, prefix } = created.data as { key: string; prefix: string };
    await settleMail();
    const [mail] = await db.outboxMessage.findMany({
      where: { to: user.email, kind: 'api_key_created' },
    });
    expect(mail?.subject).toBe('A new API key for your AI Visibility account: Claude Desktop');
    expect(mail?.text).toContain(`An API key named "Claude Desktop" (${prefix}…) was made`);
    expect(mail?.text).toContain('If you did not make it, revoke it now');
    expect(mail?.text).not.toContain(key);
    expect(mail?.html).not.toContain(key);

    // The settings form (no JavaScript) makes one too, and the owner hears of it.
    const posted = await run(() =>
      accountPage.action(
        args(
          formRequest(
            '/account',
            { intent: 'api-key-create', name: 'Zapier' },
            { Cookie: cookie, 'X-Forwarded-For': '192.0.2.79' },
          ),
        ),
      ),
    );
    expect(posted.status).toBeLessThan(400);
    await settleMail();
    expect(
      await db.outboxMessage.count({
        where: { to: user.email, kind: 'api_key_created', subject: { contains: 'Zapier' } },
      }),
    ).toBe(1);
  });

  it('lists each key with when it was made and last used', async () => {
    const user = await createUser();
    const { cookie } = await sessionCookieFor(user.id);
    await createApiKey(keyOwner(user.id), { name: 'Listed' }, new Date('2026-11-02T10:00:00Z'));
    const page = await run(() =>
      accountPage.loader(args(new Request(`${BASE}/account`, { headers: { Cookie: cookie } }))),
    );
    const { apiKeys } = page.data as {
      apiKeys: { items: { name: string; createdAt: string; lastUsedAt: string | null }[] };
    };
    expect(apiKeys.items).toEqual([
      expect.objectContaining({
        name: 'Listed',
        createdAt: expect.stringContaining('2026'),
        lastUsedAt: null,
      }),
    ]);
  });
});
