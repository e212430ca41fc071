import { describe, expect, it } from 'vitest';
import {
  flushApiKeyUse,
  LAST_USED_FLUSH_MS,
  listApiKeys,
  verifyApiKey,
} from '~/domain/api-keys.server';
import { API_KEYS_PER_ACCOUNT } from '~/domain/tiers';
import { takeApiKeyRequest } from '~/http/api-key-limit.server';
import { API_KEY_ADMIN_MESSAGE, API_KEY_REFUSED_MESSAGE } from '~/http/auth.server';
import { db } from '~/lib/db.server';
import * as accountPage from '~/routes/account/route';
import * as accountApi from '~/routes/api.account';
import * as keysApi from '~/routes/api.account.api-keys';
import * as keyApi from '~/routes/api.account.api-keys.$id';
import * as adminUsersApi from '~/routes/api.admin.users';
import * as adminUserApi from '~/routes/api.admin.users.$id';
import * as businessesApi from '~/routes/api.businesses';
import * as meApi from '~/routes/api.auth.me';
import * as testWebhookApi from '~/routes/api.test-webhook';
import {
  args,
  BASE,
  callRoute,
  createUser,
  formRequest,
  nextClientAddress,
  run,
  sessionCookieFor,
} from './helpers';

type Created = {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  key: string;
};

async function owner(tier = 'free', role: 'user' | 'admin' = 'user') {
  const user = await createUser({ role });
  await db.user.update({ where: { id: user.id }, data: { subscriptionStatus: tier } });
  const { token, cookie } = await sessionCookieFor(user.id);
  return { user, cookie, login: { Authorization: `Bearer ${token}` } };
}

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

async function makeKey(login: Record<string, string>, name = 'Claude Desktop') {
  const res = await callRoute(
    keysApi,
    'action',
    '/api/account/api-keys',
    {},
    {
      body: { name },
      headers: login,
    },
  );
  expect(res.status).toBe(201);
  return res.data as Created;
}

describe('API keys over the JSON API', () => {
  it('shows a new key in full once, lists it by prefix only, and it acts as its owner', async () => {
    const { user, login } = await owner('diy');
    await db.business.create({ data: { userId: user.id, name: 'Harbor Dental' } });
    const created = await makeKey(login, '  Claude Desktop ');
    expect(created.name).toBe('Claude Desktop');
    expect(created.key).toMatch(/^aiv_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(`${created.prefix}_`)).toBe(true);

    const listed = await callRoute(
      keysApi,
      'loader',
      '/api/account/api-keys',
      {},
      { headers: login },
    );
    expect(listed.status).toBe(200);
    expect(listed.data).toEqual([
      {
        id: created.id,
        name: 'Claude Desktop',
        prefix: created.prefix,
        createdAt: created.createdAt,
        lastUsedAt: null,
      },
    ]);
    // Never stored: only a hash that is not the key.
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: created.id } });
    // The secret is everything after `aiv_<prefix>_` (base64url: it may hold "_" itself, so a
    // split on "_" could leave a one-letter tail that any hash contains).
    const secret = created.key.slice(`aiv_${row.prefix}_`.length);
    expect(secret.length).toBeGreaterThanOrEqual(43);
    expect(JSON.stringify(row)).not.toContain(secret);

    const mine = await callRoute(
      businessesApi,
      'loader',
      '/api/businesses',
      {},
      {
        headers: bearer(created.key),
      },
    );
    expect(mine.status).toBe(200);
    expect((mine.data as { name: string }[]).map((b) => b.name)).toEqual(['Harbor Dental']);
    const me = await callRoute(
      meApi,
      'loader',
      '/api/auth/me',
      {},
      { headers: bearer(created.key) },
    );
    expect(me.data).toMatchObject({ id: user.id, email: user.email });
  });

  it('refuses a key that is wrong, malformed, or revoked, from the request after the revoke', async () => {
    const { login } = await owner('diy');
    const created = await makeKey(login);
    const wrong = created.key.slice(0, -4) + (created.key.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const key of [wrong, `${created.prefix}_short`, 'aiv_000000000000_' + 'x'.repeat(43)]) {
      const res = await callRoute(
        businessesApi,
        'loader',
        '/api/businesses',
        {},
        {
          headers: bearer(key),
        },
      );
      expect(res.status).toBe(401);
    }
    const before = await callRoute(
      businessesApi,
      'loader',
      '/api/businesses',
      {},
      {
        headers: bearer(created.key),
      },
    );
    expect(before.status).toBe(200);

    const revoked = await callRoute(
      keyApi,
      'action',
      `/api/account/api-keys/${created.id}`,
      {
        id: created.id,
      },
      { method: 'DELETE', headers: login },
    );
    expect(revoked.status).toBe(204);
    const after = await callRoute(
      businessesApi,
      'loader',
      '/api/businesses',
      {},
      {
        headers: bearer(created.key),
      },
    );
    expect(after.status).toBe(401);
    expect(after.data).toEqual({ message: 'Authentication required' });
    expect(await verifyApiKey(created.key)).toBeNull();
    const listed = await callRoute(
      keysApi,
      'loader',
      '/api/account/api-keys',
      {},
      { headers: login },
    );
    expect(listed.data).toEqual([]);
  });

  it("cannot revoke another owner's key (404) and that key keeps working", async () => {
    const alice = await owner('diy');
    const bob = await owner('diy');
    const bobs = await makeKey(bob.login);
    const res = await callRoute(
      keyApi,
      'action',
      `/api/account/api-keys/${bobs.id}`,
      {
        id: bobs.id,
      },
      { method: 'DELETE', headers: alice.login },
    );
    expect(res.status).toBe(404);
    expect(res.data).toEqual({ message: 'API key not found' });
    expect(await verifyApiKey(bobs.key)).not.toBeNull();
  });

  it("stops at the plan's number of keys with 403 and a message; revoking frees a place", async () => {
    expect(API_KEYS_PER_ACCOUNT).toEqual({ free: 1, diy: 2, starter: 3, growth: 5, authority: 10 });
    const { login } = await owner('free');
    const first = await makeKey(login, 'One');
    const refused = await callRoute(
      keysApi,
      'action',
      '/api/account/api-keys',
      {},
      {
        body: { name: 'Two' },
        headers: login,
      },
    );
    expect(refused.status).toBe(403);
    expect(refused.data).toEqual({
      message:
        'Your Free plan holds one API key. Revoke one, or upgrade to DIY All-In for up to 2.',
      limit: 1,
      currentTier: 'free',
    });
    await callRoute(
      keyApi,
      'action',
      `/api/account/api-keys/${first.id}`,
      { id: first.id },
      {
        method: 'DELETE',
        headers: login,
      },
    );
    await makeKey(login, 'Two');
  });

  it('counts the keys of an expired plan as Free', async () => {
    const { user, login } = await owner('growth');
    await db.user.update({
      where: { id: user.id },
      data: { subscriptionExpiry: new Date(Date.now() - 86_400_000) },
    });
    await makeKey(login);
    const refused = await callRoute(
      keysApi,
      'action',
      '/api/account/api-keys',
      {},
      {
        body: { name: 'More' },
        headers: login,
      },
    );
    expect(refused.status).toBe(403);
  });

  it('refuses a bad name with 400', async () => {
    const { user, login } = await owner('diy');
    for (const name of ['', '   ', 'x'.repeat(61), 'tab\u0007bell']) {
      const res = await callRoute(
        keysApi,
        'action',
        '/api/account/api-keys',
        {},
        {
          body: { name },
          headers: login,
        },
      );
      expect(res.status).toBe(400);
      expect(res.data).toHaveProperty('message');
    }
    expect(await db.apiKey.count({ where: { userId: user.id } })).toBe(0);
  });

  it('a key cannot change the password, e-mail, plan or keys, or delete the account', async () => {
    const { user, login } = await owner('diy');
    const { key, id } = await makeKey(login);
    const asKey = bearer(key);
    const refusals = [
      await callRoute(
        accountApi,
        'action',
        '/api/account',
        {},
        {
          method: 'PUT',
          body: { newPassword: 'another-long-password', currentPassword: user.password },
          headers: asKey,
        },
      ),
      await callRoute(
        accountApi,
        'action',
        '/api/account',
        {},
        {
          method: 'PUT',
          body: { email: 'taken-over@example.com', currentPassword: user.password },
          headers: asKey,
        },
      ),
      await callRoute(
        accountApi,
        'action',
        '/api/account',
        {},
        {
          method: 'DELETE',
          body: { password: user.password },
          headers: asKey,
        },
      ),
      await callRoute(keysApi, 'loader', '/api/account/api-keys', {}, { headers: asKey }),
      await callRoute(
        keysApi,
        'action',
        '/api/account/api-keys',
        {},
        {
          body: { name: 'Another' },
          headers: asKey,
        },
      ),
      await callRoute(
        keyApi,
        'action',
        `/api/account/api-keys/${id}`,
        { id },
        {
          method: 'DELETE',
          headers: asKey,
        },
      ),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(403);
      expect(res.data).toEqual({ message: API_KEY_REFUSED_MESSAGE });
    }
    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.email).toBe(user.email);
    expect(await db.apiKey.count({ where: { userId: user.id } })).toBe(1);
    // Reading the account is fine.
    const read = await callRoute(accountApi, 'loader', '/api/account', {}, { headers: asKey });
    expect(read.status).toBe(200);
  });

  it("an admin's key makes no admin call (plan changes included); the admin sees key counts, never keys", async () => {
    const admin = await owner('free', 'admin');
    const adminKey = await makeKey(admin.login);
    const customer = await owner('starter');
    const keys = [await makeKey(customer.login, 'A'), await makeKey(customer.login, 'B')];

    const asKey = bearer(adminKey.key);
    const listByKey = await callRoute(
      adminUsersApi,
      'loader',
      '/api/admin/users',
      {},
      {
        headers: asKey,
      },
    );
    expect(listByKey.status).toBe(403);
    expect(listByKey.data).toEqual({ message: API_KEY_ADMIN_MESSAGE });
    const plan = await callRoute(
      adminUserApi,
      'action',
      `/api/admin/users/${customer.user.id}`,
      {
        id: customer.user.id,
      },
      { method: 'PUT', body: { subscriptionStatus: 'authority' }, headers: asKey },
    );
    expect(plan.status).toBe(403);
    const webhook = await callRoute(
      testWebhookApi,
      'action',
      '/api/test-webhook',
      {},
      {
        body: { email: customer.user.email, tier: 'authority' },
        headers: asKey,
      },
    );
    expect(webhook.status).toBe(403);
    expect(
      (await db.user.findUniqueOrThrow({ where: { id: customer.user.id } })).subscriptionStatus,
    ).toBe('starter');

    const list = await callRoute(
      adminUsersApi,
      'loader',
      `/api/admin/users?q=${encodeURIComponent(customer.user.email)}`,
      {},
      {
        headers: admin.login,
      },
    );
    expect(list.status).toBe(200);
    const row = (list.data as { id: string; apiKeyCount: number }[]).find(
      (item) => item.id === customer.user.id,
    );
    expect(row?.apiKeyCount).toBe(2);
    const text = JSON.stringify(list.data);
    for (const key of keys) {
      expect(text).not.toContain(key.key);
      expect(text).not.toContain(key.prefix);
    }
  });

  it('notes "last used" without a write per request and writes it in one batch', async () => {
    const { login } = await owner('diy');
    const created = await makeKey(login);
    for (let i = 0; i < 3; i += 1) {
      const res = await callRoute(
        businessesApi,
        'loader',
        '/api/businesses',
        {},
        {
          headers: bearer(created.key),
        },
      );
      expect(res.status).toBe(200);
    }
    // Not written yet, but the owner's list already says it.
    expect(
      (await db.apiKey.findUniqueOrThrow({ where: { id: created.id } })).lastUsedAt,
    ).toBeNull();
    const [listed] = await listApiKeys({
      id: (await db.apiKey.findUniqueOrThrow({ where: { id: created.id } })).userId,
    });
    expect(listed?.lastUsedAt).not.toBeNull();
    expect(LAST_USED_FLUSH_MS).toBe(60_000);
    expect(await flushApiKeyUse()).toBeGreaterThanOrEqual(1);
    const stored = await db.apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(stored.lastUsedAt?.toISOString()).toBe(listed?.lastUsedAt);
    expect(await flushApiKeyUse()).toBe(0);
  });
});

describe('the per-key rate limit', () => {
  it('lets a key burst to its limit a minute, then answers with how long to wait', () => {
    const start = 1_000_000;
    for (let i = 0; i < 120; i += 1) expect(takeApiKeyRequest('k1', start, 120).allowed).toBe(true);
    const refused = takeApiKeyRequest('k1', start, 120);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // Another key is not affected.
    expect(takeApiKeyRequest('k2', start, 120).allowed).toBe(true);
    // Half a second refills one request at 2 a second.
    expect(takeApiKeyRequest('k1', start + 500, 120).allowed).toBe(true);
    expect(takeApiKeyRequest('k1', start + 500, 120).allowed).toBe(false);
  });

  it('answers 429 with Retry-After and { message } through the API', async () => {
    const { login } = await owner('diy');
    const { key, id } = await makeKey(login);
    // Spend the bucket directly, then one request through the route.
    for (let i = 0; i < 500; i += 1) takeApiKeyRequest(id);
    const res = await callRoute(
      businessesApi,
      'loader',
      '/api/businesses',
      {},
      { headers: bearer(key) },
    );
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(res.data).toHaveProperty('message');
  });
});

describe('the API keys section of account settings (forms, no JavaScript)', () => {
  const post = (cookie: string, fields: Record<string, string>, path = '/account') =>
    run(() =>
      accountPage.action(
        args(formRequest(path, fields, { Cookie: cookie, 'X-Forwarded-For': nextClientAddress() })),
      ),
    );
  const load = (cookie: string, search = '') =>
    run(() =>
      accountPage.loader(
        args(new Request(`${BASE}/account${search}`, { headers: { Cookie: cookie } })),
      ),
    );

  it('creates a key shown once on the answer, lists it, and revokes it after a confirmation', async () => {
    const { cookie } = await owner('free');
    const created = await post(cookie, { intent: 'api-key-create', name: 'Cursor' });
    expect(created.status).toBe(200);
    const createdKey = (created.data as { createdKey: { key: string; prefix: string } }).createdKey;
    expect(createdKey.key).toMatch(/^aiv_/);
    expect(await verifyApiKey(createdKey.key)).not.toBeNull();

    const page = await load(cookie);
    const keys = (
      page.data as {
        apiKeys: { items: { id: string; name: string; prefix: string }[]; limit: number };
      }
    ).apiKeys;
    expect(keys.limit).toBe(1);
    expect(keys.items).toEqual([
      expect.objectContaining({ name: 'Cursor', prefix: createdKey.prefix }),
    ]);
    expect(JSON.stringify(page.data)).not.toContain(createdKey.key);

    // Past the plan's keys: the form says why.
    const refused = await post(cookie, { intent: 'api-key-create', name: 'Second' });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.data)).toContain('Your Free plan holds one API key');

    const keyId = keys.items[0]!.id;
    const confirm = await load(cookie, `?revoke=${keyId}`);
    expect(
      (confirm.data as { apiKeys: { revoking: { id: string } | null } }).apiKeys.revoking,
    ).toMatchObject({
      id: keyId,
      name: 'Cursor',
    });
    const revoked = await post(cookie, { intent: 'api-key-revoke', keyId });
    expect(revoked.status).toBe(302);
    expect(revoked.headers.get('location')).toBe('/account#api-keys-title');
    expect(await verifyApiKey(createdKey.key)).toBeNull();
  });

  it('refuses an empty name with a field error', async () => {
    const { cookie } = await owner('free');
    const res = await post(cookie, { intent: 'api-key-create', name: '  ' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.data)).toContain('Give the key a name');
  });
});
