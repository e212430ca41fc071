import { describe, expect, it, vi } from 'vitest';

// TRUST_PROXY off (the default), while requests arrive through a proxy that names the client in
// X-Forwarded-For: every client looks like the proxy. The server says so in its log, once, and the
// admin panel says so on every tab.
vi.hoisted(() => {
  process.env.TRUST_PROXY = 'false';
});

const { db } = await import('~/lib/db.server');
const { PROXY_WARNING } = await import('~/http/http.server');
const { action: apiLogin } = await import('~/routes/api.auth.login');
const { loader: adminLoader } = await import('~/routes/admin/route');
const { args, createUser, jsonRequest, run, sessionCookieFor } = await import('./helpers');

const PROXY = '10.0.0.5';

async function adminPage(headers: Record<string, string> = {}) {
  const admin = await createUser({ role: 'admin' });
  const { cookie } = await sessionCookieFor(admin.id);
  const request = new Request('http://localhost/admin?tab=logins', {
    headers: { Cookie: cookie, ...headers },
  });
  const page = await run(() => adminLoader(args(request)));
  return page.data as { proxyWarning: string | null };
}

describe('X-Forwarded-For while TRUST_PROXY is off', () => {
  it('warns in the log once and in the admin panel, and the address stays the socket’s', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      // No proxy seen yet: nothing to say.
      expect((await adminPage()).proxyWarning).toBeNull();
      expect(warn).not.toHaveBeenCalled();

      const user = await createUser();
      for (const client of ['203.0.113.7', '203.0.113.8']) {
        const request = jsonRequest('/api/auth/login', {
          body: { email: user.email, password: user.password },
          headers: { 'X-Forwarded-For': client },
        });
        const answer = await run(() =>
          apiLogin({ ...args(request), context: { clientAddress: PROXY } }),
        );
        expect(answer.status).toBe(200);
      }
      // Both clients were taken for the proxy: that is what the warning is about.
      const addresses = await db.authAttempt.findMany({
        where: { email: user.email },
        select: { ipAddress: true },
      });
      expect(addresses).toEqual([{ ipAddress: PROXY }, { ipAddress: PROXY }]);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('TRUST_PROXY is off'));

      // The admin panel says it, whichever tab, without repeating the log line.
      expect((await adminPage()).proxyWarning).toBe(PROXY_WARNING);
      expect((await adminPage({ 'X-Forwarded-For': '203.0.113.9' })).proxyWarning).toBe(
        PROXY_WARNING,
      );
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });
});
