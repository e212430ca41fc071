import Stripe from 'stripe';
import { PG_WEBHOOK_SECRET } from '../../playwright.config';
import { expect, test, expectMessage, login, logout, register, uniqueEmail } from './support';

// The same site on PostgreSQL (project "postgres" in playwright.config.ts): the core journey.
test('register, add a business, log out, log in again', async ({ page }) => {
  const user = { email: uniqueEmail('pg'), password: 'a-long-password', firstName: 'Pat' };
  await register(page, user);
  await page.getByRole('link', { name: 'Add Your First Business' }).click();
  await page.getByLabel('Business Name').fill('Postgres Plumbing');
  await page.getByLabel('Website').fill('postgres-plumbing.example.com');
  await page.getByRole('button', { name: 'Add Business' }).click();
  await expectMessage(page, 'Business added successfully!');
  await expect(page.getByRole('heading', { name: 'Your Businesses (1)' })).toBeVisible();
  await logout(page);
  await login(page, { email: user.email, password: user.password });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('business-card')).toContainText('Postgres Plumbing');
});

// Two app instances on one PostgreSQL database (ports PG and PG+1) behave as one site: sessions,
// logout and sign-in throttling live in the database, not in either process.
test.describe('two instances, one database', () => {
  const first = () => test.info().project.use.baseURL!;
  const second = () => first().replace(/:(\d+)$/, (_, port: string) => `:${Number(port) + 1}`);

  test.beforeEach(async ({ request }) => {
    await expect
      .poll(async () => (await request.get(`${second()}/healthz`)).status(), { timeout: 30_000 })
      .toBe(200);
  });

  test('a login on one is valid on the other, and a logout on either ends it on both', async ({
    page,
    request,
  }) => {
    const user = { email: uniqueEmail('twin'), password: 'a-long-password', firstName: 'Twin' };
    await register(page, user); // on the first instance
    await page.goto(`${second()}/dashboard`);
    await expect(page.getByTestId('welcome')).toHaveText('Welcome, Twin');

    // The JSON API: a token from one instance works on the other until it logs out there.
    const signIn = await request.post(`${first()}/api/auth/login`, { data: user });
    const { token } = (await signIn.json()) as { token: string };
    const auth = { Authorization: `Bearer ${token}` };
    expect((await request.get(`${second()}/api/auth/me`, { headers: auth })).status()).toBe(200);
    expect((await request.post(`${second()}/api/auth/logout`, { headers: auth })).status()).toBe(
      204,
    );
    expect((await request.get(`${first()}/api/auth/me`, { headers: auth })).status()).toBe(401);

    // The browser session: log out on the second, and the first no longer knows it.
    await logout(page);
    await page.goto(`${first()}/dashboard`);
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
  });

  test('one webhook event delivered to both at the same moment is applied once', async ({
    request,
  }) => {
    const email = uniqueEmail('paid');
    const registered = await request.post(`${first()}/api/auth/register`, {
      data: { email, password: 'a-long-password' },
    });
    const { token, user } = (await registered.json()) as { token: string; user: { id: string } };
    const payload = JSON.stringify({
      id: `evt_twice_${Date.now()}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          client_reference_id: user.id,
          payment_status: 'paid',
          metadata: { tier: 'growth' },
        },
      },
    });
    const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({
      payload,
      secret: PG_WEBHOOK_SECRET,
    });
    const deliveries = await Promise.all(
      [first(), second()].map((base) =>
        request.post(`${base}/api/webhooks/stripe`, {
          headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
          data: payload,
        }),
      ),
    );
    expect(deliveries.map((d) => d.status())).toEqual([200, 200]);
    const outcomes = await Promise.all(
      deliveries.map(async (d) => ((await d.json()) as { outcome: string }).outcome),
    );
    expect(outcomes.sort()).toEqual(['applied', 'duplicate']);
    const me = await request.get(`${second()}/api/auth/me`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(await me.json()).toMatchObject({ subscriptionStatus: 'growth' });
  });

  test('sign-in throttling counts wrong passwords sent to both', async ({ playwright }) => {
    const email = uniqueEmail('guess');
    // Registering signs in, and a sign-in gives the browser a device cookie for the account, which
    // is counted on its own (issue 31): the guesser registers elsewhere and never holds one.
    const registrar = await playwright.request.newContext();
    await registrar.post(`${first()}/api/auth/register`, {
      data: { email, password: 'the-right-password' },
    });
    await registrar.dispose();
    const request = await playwright.request.newContext();
    const elsewhere = await playwright.request.newContext();
    // Five wrong passwords for one account from one address, spread over both instances…
    for (let i = 0; i < 5; i += 1) {
      const base = i % 2 ? second() : first();
      const wrong = await request.post(`${base}/api/auth/login`, {
        data: { email, password: `wrong-${i}` },
      });
      expect(wrong.status()).toBe(401);
    }
    // …slow that address on both, while the owner, from another address, still gets in.
    for (const base of [first(), second()]) {
      const slowed = await request.post(`${base}/api/auth/login`, {
        data: { email, password: 'the-right-password' },
      });
      expect(slowed.status()).toBe(429);
      const owner = await elsewhere.post(`${base}/api/auth/login`, {
        data: { email, password: 'the-right-password' },
        headers: { 'X-Forwarded-For': '192.0.2.77' },
      });
      expect(owner.status()).toBe(200);
    }
    await Promise.all([request.dispose(), elsewhere.dispose()]);
  });
});
