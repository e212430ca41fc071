import { type Page } from '@playwright/test';
import { PUBLIC_PAGES } from '../../scripts/lib/js-budgets';
import { expect, test, E2E_ADMIN, login, pendingStateOf, register, uniqueEmail } from './support';

// Issue 35: the public pages are documents. No React Router, no modulepreload, only inline scripts
// under the page's CSP nonce (`npm run budget` counts their bytes); speculation rules prefetch and
// prerender the next public page; everything still works with JavaScript on and off.

/** Pages that send a signed-in visitor to the dashboard. */
const SIGNED_OUT_ONLY = new Set(['/login', '/register']);

type Speculation = {
  prerender: { where: { href_matches: string[] }; eagerness: string }[];
  prefetch: { eagerness: string }[];
};

/** The document's scripts and preloads, as the server sent them, and its CSP nonce. */
async function scriptsOf(page: Page, path: string) {
  const response = await page.request.get(path);
  const html = await response.text();
  const csp = response.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
  const modulepreloads = html.match(/rel="modulepreload"/g)?.length ?? 0;
  const rules = /<script type="speculationrules"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
  return { status: response.status(), html, csp, nonce, scripts, modulepreloads, rules };
}

async function expectDocument(page: Page, path: string) {
  const { csp, nonce, scripts, modulepreloads, rules, html } = await scriptsOf(page, path);
  expect(html, `${path} rendered its page`).toContain('<main id="main"');
  expect(modulepreloads, `${path} modulepreloads`).toBe(0);
  expect(
    scripts.filter((attributes) => /\bsrc=/.test(attributes)),
    `${path} script files`,
  ).toEqual([]);
  expect(html).not.toContain('__reactRouterContext');
  // Every script carries this response's nonce; the policy allows no inline script without it.
  expect(nonce).toBeTruthy();
  expect(csp).not.toContain('unsafe-inline');
  for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  expect(scripts.some((attributes) => attributes.includes('type="speculationrules"'))).toBe(true);
  const speculation = JSON.parse(rules!) as Speculation;
  const prerendered = speculation.prerender.flatMap((rule) => rule.where.href_matches);
  expect(prerendered).toContain('/pricing');
  for (const unsafe of ['/logout', '/dashboard', '/admin', '/account', '/checkout/*']) {
    expect(prerendered).not.toContain(unsafe);
  }
  expect(JSON.stringify(speculation.prefetch)).toContain('/logout');
}

test.describe('public pages are documents', () => {
  test('sign-in shows it is pending while the form posts', async ({ page }) => {
    await page.goto('/login');
    await page.route('**/login', async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 800));
      await route.fallback();
    });
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill('not-the-password');
    expect(await pendingStateOf(page.getByRole('button', { name: 'Sign In' }))).toEqual({
      text: 'Signing In...',
      disabled: true,
    });
    await expect(page.locator('form#login').getByRole('alert')).toContainText('Login Failed');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  test('signed out: no framework script, no modulepreload, speculation rules under the nonce', async ({
    page,
  }) => {
    for (const path of PUBLIC_PAGES) await expectDocument(page, path);
  });

  test('signed in too; the dashboard and admin stay scripted', async ({ page }) => {
    await register(page, { email: uniqueEmail('documents'), password: 'a-long-password' });
    for (const path of PUBLIC_PAGES.filter((path) => !SIGNED_OUT_ONLY.has(path))) {
      await expectDocument(page, path);
    }
    const dashboard = await scriptsOf(page, '/dashboard');
    expect(dashboard.modulepreloads).toBeGreaterThan(0);
    expect(dashboard.html).toContain('__reactRouterContext');
  });

  test('links into the app work, and back out to the public pages as documents', async ({
    page,
  }) => {
    await register(page, { email: uniqueEmail('documents'), password: 'a-long-password' });
    await page.goto('/pricing');
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'AI Visibility Dashboard' })).toBeVisible();
    // Hydrated: the dashboard's React is running (its forms have handlers).
    await expect.poll(() => page.evaluate(() => '__reactRouterRouteModules' in window)).toBe(true);

    // From the scripted dashboard, a public page is loaded as a document again.
    await page.getByRole('contentinfo').getByRole('link', { name: 'How It Works' }).click();
    await expect(page).toHaveURL(/\/how-it-works$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How It Works');
    expect(await page.evaluate(() => '__reactRouterRouteModules' in window)).toBe(false);
    await expect(page.locator('script[src], link[rel="modulepreload"]')).toHaveCount(0);
  });

  test('signing out from the scripted dashboard shows its message on the home document', async ({
    page,
  }) => {
    await register(page, { email: uniqueEmail('documents'), password: 'a-long-password' });
    await expect.poll(() => page.evaluate(() => '__reactRouterRouteModules' in window)).toBe(true);
    await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    // The flash message came with the document (a data request would have taken it first).
    await expect(page.getByTestId('flash-message')).toContainText('You have been logged out.');
    await expect(page.locator('script[src]')).toHaveCount(0);
  });

  test('the 404 page has its own title', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Page Not Found | AI Visibility');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });

  test('the header offers sign-up to visitors, not to the signed in', async ({ page }) => {
    await page.goto('/');
    const signUp = page.getByRole('banner').getByRole('link', { name: 'Sign up' });
    await expect(signUp.first()).toBeVisible();
    await signUp.first().click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

    await login(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign up' })).toHaveCount(0);
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`documents with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('the mobile menu opens at 375 px (a <details>), its links lead on', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Mobile' });
      await expect(nav).toBeHidden();
      await page.getByTestId('mobile-menu').locator('summary').click();
      for (const name of ['Why AI Visibility', 'How It Works', 'Pricing', 'Contact', 'Login']) {
        await expect(nav.getByRole('link', { name })).toBeVisible();
      }
      await expect(nav.getByRole('link', { name: 'Sign up' })).toBeVisible();
      if (javaScriptEnabled) {
        // The inline script: Escape closes it and gives focus back to its toggle; so does a
        // click outside it.
        await page.keyboard.press('Escape');
        await expect(nav).toBeHidden();
        await expect(page.getByTestId('mobile-menu').locator('summary')).toBeFocused();
        await page.getByTestId('mobile-menu').locator('summary').click();
        await expect(nav).toBeVisible();
        await page.mouse.click(10, 600);
        await expect(nav).toBeHidden();
        await page.getByTestId('mobile-menu').locator('summary').click();
      }
      await nav.getByRole('link', { name: 'Pricing' }).click();
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(nav).toBeHidden();
    });

    test('a refused sign-in is said by the form, and the cursor is back in it', async ({
      page,
    }) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(E2E_ADMIN.email);
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(/\/login$/);
      const alert = page.locator('form#login').getByRole('alert');
      await expect(alert).toContainText('Login Failed');
      await expect(alert).toContainText('Invalid email or password');
      // The form names its error for assistive technology.
      await expect(page.locator('form#login')).toHaveAttribute('aria-describedby', 'login-error');
      await expect(page.getByRole('region', { name: /Notification/ })).toHaveCount(0);
    });

    test("the contact form's counter says what is left", async ({ page }) => {
      await page.goto('/contact');
      const counter = page.getByTestId('char-count');
      await expect(counter).toHaveText('5,000 of 5,000 characters left');
      await page.getByLabel('Message', { exact: true }).fill('Twelve chars');
      // Kept true by the inline script; without it the page says the limit.
      await expect(counter).toHaveText(
        javaScriptEnabled ? '4,988 of 5,000 characters left' : '5,000 of 5,000 characters left',
      );
    });
  });
}
