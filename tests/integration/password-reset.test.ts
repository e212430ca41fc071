import { describe, expect, it } from 'vitest';
import { AUTH_LIMITS, TOO_MANY_RESET_REQUESTS_MESSAGE } from '~/domain/auth-throttle.server';
import {
  RESET_LINK_MESSAGES,
  RESET_REQUESTED_MESSAGE,
  RESET_TTL_MS,
  requestPasswordReset,
  resetPassword,
} from '~/domain/password-reset.server';
import { getSessionUser, hashToken } from '~/domain/sessions.server';
import { db } from '~/lib/db.server';
import { settleMail } from '~/lib/mail.server';
import { action as apiForgot } from '~/routes/api.auth.forgot-password';
import { action as apiReset } from '~/routes/api.auth.reset-password';
import { action as forgotAction } from '~/routes/forgot-password';
import { action as loginAction } from '~/routes/login';
import {
  action as resetAction,
  loader as resetLoader,
  PASSWORD_RESET_TOAST,
} from '~/routes/reset-password';
import {
  args,
  BASE,
  createUser,
  formRequest,
  jsonRequest,
  nextClientAddress,
  run,
  sessionCookieFor,
  uniqueEmail,
} from './helpers';

/** The reset link mailed to `email` (the newest), from the outbox. */
async function mailedToken(email: string): Promise<string | null> {
  await settleMail();
  const message = await db.outboxMessage.findFirst({
    where: { to: email, kind: 'password_reset' },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  const link = message?.text.match(/https?:\/\/\S+\/reset-password\?token=([\w-]+)/);
  return link?.[1] ?? null;
}

async function askForLink(email: string, ip = nextClientAddress()) {
  return run(() =>
    forgotAction(args(formRequest('/forgot-password', { email }, { 'X-Forwarded-For': ip }))),
  );
}

function resetForm(token: string, password: string, confirmPassword = password) {
  return formRequest(`/reset-password?token=${token}`, { token, password, confirmPassword });
}

describe('forgotten password: asking for a link', () => {
  it('answers the same for an account and for an unknown e-mail, and mails only the account', async () => {
    const user = await createUser();
    const unknown = uniqueEmail('nobody');
    const known = await askForLink(user.email);
    const stranger = await askForLink(unknown);
    for (const res of [known, stranger]) {
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/forgot-password?sent=1');
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    expect(await mailedToken(user.email)).toMatch(/^[\w-]{43}$/);
    expect(await db.outboxMessage.count({ where: { to: unknown } })).toBe(0);

    // The JSON twin: the same neutral answer for both.
    const api = await Promise.all(
      [user.email, unknown].map((email) =>
        run(() =>
          apiForgot(
            args(
              jsonRequest('/api/auth/forgot-password', {
                body: { email },
                headers: { 'X-Forwarded-For': nextClientAddress() },
              }),
            ),
          ),
        ),
      ),
    );
    expect(api.map((res) => [res.status, res.data])).toEqual([
      [202, { message: RESET_REQUESTED_MESSAGE }],
      [202, { message: RESET_REQUESTED_MESSAGE }],
    ]);
  });

  it('stores only the hash of the token, and the mail links to the reset page with a working address', async () => {
    const user = await createUser({ firstName: 'Rosa' });
    await askForLink(user.email);
    const token = (await mailedToken(user.email))!;
    const row = await db.passwordReset.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(60 * 60 * 1000);

    const message = await db.outboxMessage.findFirstOrThrow({ where: { to: user.email } });
    expect(message).toMatchObject({
      subject: 'Reset your AI Visibility password',
      status: 'held',
      kind: 'password_reset',
    });
    expect(message.text).toContain('Hi Rosa,');
    expect(message.text).toContain(`http://localhost/reset-password?token=${token}`);
    expect(message.html).toContain(`href="http://localhost/reset-password?token=${token}"`);
    expect(message.html).toContain('AI Visibility');
  });

  it('refuses a bad e-mail with a field error and records nothing', async () => {
    const before = await db.authAttempt.count({ where: { kind: 'reset' } });
    const res = await run(() =>
      forgotAction(args(formRequest('/forgot-password', { email: 'not-an-email' }))),
    );
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ error: { email: ['Please enter a valid email address'] } });
    expect(await db.authAttempt.count({ where: { kind: 'reset' } })).toBe(before);
    const api = await run(() =>
      apiForgot(args(jsonRequest('/api/auth/forgot-password', { body: {} }))),
    );
    expect(api.status).toBe(400);
    expect(api.data).toEqual({ message: 'email is required' });
  });

  it('throttles an address that keeps asking (429 with Retry-After), and caps links per e-mail', async () => {
    const ip = nextClientAddress();
    const user = await createUser();
    for (let i = 0; i < AUTH_LIMITS.resetRequestsPerIp; i += 1) {
      expect((await askForLink(i < 5 ? user.email : uniqueEmail(), ip)).status).toBe(303);
    }
    const limited = await askForLink(user.email, ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3600');
    expect(limited.data).toMatchObject({ error: { '': [TOO_MANY_RESET_REQUESTS_MESSAGE] } });
    // Five asks for one e-mail sent three links: the answer never changed, the inbox is not flooded.
    await settleMail();
    expect(await db.passwordReset.count({ where: { userId: user.id } })).toBe(
      AUTH_LIMITS.resetLinksPerEmail,
    );
    // Another address is not slowed.
    expect((await askForLink(uniqueEmail(), nextClientAddress())).status).toBe(303);
  });
});

describe('forgotten password: using the link', () => {
  it('sets the password, ends every session, signs in and says so', async () => {
    const user = await createUser();
    const laptop = await sessionCookieFor(user.id);
    const phone = await sessionCookieFor(user.id);
    await askForLink(user.email);
    const token = (await mailedToken(user.email))!;

    const page = await run(() =>
      resetLoader(args(new Request(`${BASE}/reset-password?token=${token}`))),
    );
    expect(page.data).toMatchObject({ email: user.email, problem: null });

    const res = await run(() => resetAction(args(resetForm(token, 'brand-new-password'))));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/dashboard');
    const cookies = res.headers.get('set-cookie') ?? '';
    expect(cookies).toContain('__session=');
    expect(cookies).toContain('toast=');
    expect(PASSWORD_RESET_TOAST.title).toBe('Password changed');

    expect(await getSessionUser(laptop.token)).toBeNull();
    expect(await getSessionUser(phone.token)).toBeNull();
    // The old password fails, the new one works.
    const login = (password: string) =>
      run(() =>
        loginAction(
          args(
            formRequest(
              '/login',
              { email: user.email, password, redirectTo: '' },
              { 'X-Forwarded-For': nextClientAddress() },
            ),
          ),
        ),
      );
    expect((await login(user.password)).status).toBe(401);
    expect((await login('brand-new-password')).status).toBe(302);
  });

  it('works once: a second use (or a second link of the same user) is refused', async () => {
    const user = await createUser();
    await askForLink(user.email);
    const first = (await mailedToken(user.email))!;
    await askForLink(user.email);
    const second = (await mailedToken(user.email))!;
    expect(second).not.toBe(first);

    expect((await run(() => resetAction(args(resetForm(first, 'password-one-1'))))).status).toBe(
      302,
    );
    const again = await run(() => resetAction(args(resetForm(first, 'password-two-2'))));
    expect(again.status).toBe(400);
    expect(again.data).toMatchObject({
      linkProblem: true,
      error: { '': [RESET_LINK_MESSAGES.used] },
    });
    // The other link the user asked for died with the first use.
    const other = await run(() =>
      resetLoader(args(new Request(`${BASE}/reset-password?token=${second}`))),
    );
    expect(other.data).toMatchObject({ problem: RESET_LINK_MESSAGES.used });
  });

  it('two uses of one link at the same moment: exactly one wins', async () => {
    const user = await createUser();
    await askForLink(user.email);
    const token = (await mailedToken(user.email))!;
    const results = await Promise.allSettled([
      resetPassword(token, 'racing-password-a'),
      resetPassword(token, 'racing-password-b'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('expires at the exact instant: a millisecond before works, the instant itself does not', async () => {
    const user = await createUser();
    const asked = new Date('2030-01-01T10:00:00.000Z');
    await requestPasswordReset(
      user.email,
      { ipAddress: nextClientAddress() },
      'http://localhost',
      asked,
    );
    const token = (await mailedToken(user.email))!;
    const deadline = new Date(asked.getTime() + RESET_TTL_MS);

    await expect(resetPassword(token, 'too-late-password', deadline)).rejects.toMatchObject({
      message: RESET_LINK_MESSAGES.expired,
      details: { reason: 'expired' },
    });
    const justInTime = await resetPassword(
      token,
      'just-in-time-pw',
      new Date(deadline.getTime() - 1),
    );
    expect(justInTime.id).toBe(user.id);
  });

  it('a forged, empty or altered token is refused with a way to ask again, and changes nothing', async () => {
    const user = await createUser();
    await askForLink(user.email);
    const token = (await mailedToken(user.email))!;
    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const forged of [altered, 'forged-token', '']) {
      const page = await run(() =>
        resetLoader(args(new Request(`${BASE}/reset-password?token=${forged}`))),
      );
      expect(page.data).toMatchObject({ problem: RESET_LINK_MESSAGES.invalid });
    }
    const res = await run(() => resetAction(args(resetForm(altered, 'attacker-password'))));
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ linkProblem: true });
    // The real link still works.
    expect((await run(() => resetAction(args(resetForm(token, 'owner-password-1'))))).status).toBe(
      302,
    );
  });

  it('asks for the same password rules as sign-up, with the confirmation', async () => {
    const user = await createUser();
    await askForLink(user.email);
    const token = (await mailedToken(user.email))!;
    const short = await run(() => resetAction(args(resetForm(token, 'short'))));
    expect(short.status).toBe(400);
    expect(short.data).toMatchObject({
      error: { password: ['Password must be at least 8 characters'] },
    });
    const mismatch = await run(() =>
      resetAction(args(resetForm(token, 'long-enough-1', 'long-enough-2'))),
    );
    expect(mismatch.data).toMatchObject({ error: { confirmPassword: ['Passwords do not match'] } });
    // Neither used the link up.
    const page = await run(() =>
      resetLoader(args(new Request(`${BASE}/reset-password?token=${token}`))),
    );
    expect(page.data).toMatchObject({ problem: null });
  });

  it('the JSON API resets and returns a new session token; a used link is 400 with its reason', async () => {
    const user = await createUser();
    await askForLink(user.email);
    const token = (await mailedToken(user.email))!;
    const call = (body: unknown) =>
      run(() => apiReset(args(jsonRequest('/api/auth/reset-password', { body }))));
    const ok = await call({ token, password: 'api-new-password' });
    expect(ok.status).toBe(200);
    const { token: session, user: returned } = ok.data as { token: string; user: { id: string } };
    expect(returned.id).toBe(user.id);
    expect((await getSessionUser(session))?.id).toBe(user.id);
    const used = await call({ token, password: 'api-new-password-2' });
    expect(used.status).toBe(400);
    expect(used.data).toEqual({ message: RESET_LINK_MESSAGES.used, reason: 'used' });
    expect((await call({ token: 'x', password: 'short' })).status).toBe(400);
  });
});
