import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import type { Browser, Page } from '@playwright/test';
import {
  expect,
  test,
  E2E_ADMIN,
  E2E_DATABASE,
  expectLoginFailed,
  expectMessage,
  login,
  logout,
  register,
  uniqueEmail,
} from './support';

/** An iPhone's Safari, as it names itself (another device signing in to the same account). */
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/**
 * The reset link mailed to `email`, from the recipient's copy (no SMTP in the e2e runs: the stored
 * message stands for their mailbox). An admin reading the Outbox sees it with the token masked.
 */
async function resetLinkFromMailbox(browser: Browser, email: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, E2E_ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  const message = page
    .getByTestId('admin-outbox-message')
    .filter({ hasText: `To ${email}` })
    .filter({ hasText: 'Reset your AI Visibility password' });
  // The link is written just after the answer: look again until it is there.
  await expect(async () => {
    await page.goto('/admin?tab=outbox');
    await expect(message.first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await message.first().getByText('Show message').click();
  await expect(message.first()).toContainText('/reset-password?token=[hidden]');
  await expect(message.first().getByRole('link', { name: /reset-password/ })).toHaveCount(0);
  await context.close();

  const db = new Database(E2E_DATABASE, { readonly: true, timeout: 5000 });
  try {
    const row = db
      .prepare(
        `SELECT text FROM "OutboxMessage" WHERE "to" = ? AND kind = 'password_reset' ORDER BY "createdAt" DESC LIMIT 1`,
      )
      .get(email) as { text: string } | undefined;
    const href = row?.text.match(/http:\/\/\S+\/reset-password\?token=[\w-]{43}/)?.[0];
    expect(href).toMatch(/^http:\/\/localhost:\d+\/reset-password\?token=[\w-]{43}$/);
    return new URL(href!).pathname + new URL(href!).search;
  } finally {
    db.close();
  }
}

async function changePassword(page: Page, current: string, next: string) {
  await page.goto('/account');
  const form = page.getByRole('region', { name: 'Password' });
  await form.getByLabel('Current password').fill(current);
  await form.getByLabel('New password', { exact: true }).fill(next);
  await form.getByLabel('Confirm new password').fill(next);
  await form.getByRole('button', { name: 'Change password' }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`account self-service with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('forgot password → link from the mailbox (masked in the outbox) → new password → signed in; the link works once', async ({
      page,
      browser,
    }) => {
      const user = { email: uniqueEmail('forgot'), password: 'the-old-password', firstName: 'Fay' };
      await register(page, user);
      await logout(page);

      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      await page.getByLabel('Email').fill(user.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByTestId('reset-requested')).toContainText('Check your e-mail');
      await expect(page.getByTestId('reset-requested')).toContainText('If an account exists');

      const link = await resetLinkFromMailbox(browser, user.email);
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
      await expect(page.getByTestId('reset-ends-access')).toContainText('revokes every API key');
      await page.getByLabel('New password', { exact: true }).fill('the-new-password');
      await page.getByLabel('Confirm new password').fill('the-new-password');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expectMessage(page, 'Password changed');
      await expect(page.getByTestId('welcome')).toHaveText('Welcome back, Fay');

      await logout(page);
      await login(page, user);
      await expectLoginFailed(page);
      await login(page, { email: user.email, password: 'the-new-password' });
      await expect(page).toHaveURL(/\/dashboard$/);

      await page.goto(link);
      await expect(page.getByTestId('reset-link-problem')).toContainText('already been used');
      await page.getByRole('link', { name: 'Send me a new link' }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
    });

    test('change the password on /account: a wrong current one is refused, then the old one stops working', async ({
      page,
    }) => {
      const user = { email: uniqueEmail('change'), password: 'first-password', firstName: 'Cy' };
      await register(page, user);
      await page.getByRole('banner').getByTestId('greeting').first().click();
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();

      await changePassword(page, 'not-my-password', 'second-password');
      await expect(
        page
          .getByRole('region', { name: 'Password' })
          .getByText('Your current password is not correct'),
      ).toBeVisible();

      await changePassword(page, user.password, 'second-password');
      await expectMessage(page, 'Password changed');

      await logout(page);
      await login(page, user);
      await expectLoginFailed(page);
      await login(page, { email: user.email, password: 'second-password' });
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    test('sign out another session, then all others', async ({ page, browser }) => {
      const user = { email: uniqueEmail('sessions'), password: 'session-password' };
      await register(page, user);
      const devices = await Promise.all(
        [IPHONE_SAFARI, undefined].map(async (userAgent) => {
          const context = await browser.newContext({ javaScriptEnabled, userAgent });
          const other = await context.newPage();
          await login(other, user);
          await expect(other).toHaveURL(/\/dashboard$/);
          return other;
        }),
      );

      await page.goto('/account');
      const sessions = page.getByTestId('account-session');
      await expect(sessions).toHaveCount(3);
      await expect(sessions.filter({ hasText: 'This device' })).toHaveCount(1);
      // The session in use comes first, though it is the oldest; each names its browser and system.
      await expect(sessions.first()).toContainText('This device');
      await expect(sessions.first()).toContainText('Chrome on Windows');
      await expect(sessions.filter({ hasText: 'Safari on iOS' })).toHaveCount(1);
      await sessions
        .filter({ hasNotText: 'This device' })
        .first()
        .getByRole('button', { name: /^Sign out/ })
        .click();
      await expectMessage(page, 'Session signed out');
      await expect(sessions).toHaveCount(2);

      // Exactly one of the two other devices was signed out.
      const stillIn = async (other: Page) => {
        await other.goto('/dashboard');
        return /\/dashboard$/.test(other.url());
      };
      expect((await Promise.all(devices.map(stillIn))).filter(Boolean)).toHaveLength(1);

      await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
      await expectMessage(page, 'Other sessions signed out');
      await expect(sessions).toHaveCount(1);
      expect((await Promise.all(devices.map(stillIn))).filter(Boolean)).toHaveLength(0);
      await expect(devices[0]!).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/dashboard$/);
      await Promise.all(devices.map((other) => other.context().close()));
    });
  });
}

test.describe('account self-service', () => {
  test('delete the account after confirming with the password', async ({ page }) => {
    const user = { email: uniqueEmail('leaver'), password: 'leaving-password' };
    await register(page, user);
    await page.getByRole('link', { name: 'Account settings', exact: true }).click();
    await page.getByRole('link', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Password').fill('wrong-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('Your current password is not correct')).toBeVisible();
    await dialog.getByLabel('Password').fill(user.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectMessage(page, 'Account deleted');
    await login(page, user);
    await expectLoginFailed(page);
  });

  test('"Download my data" saves a JSON file with the account', async ({ page }) => {
    const user = { email: uniqueEmail('export'), password: 'export-password' };
    await register(page, user);
    await page.goto('/account');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^ai-visibility-data-\d{4}-\d{2}-\d{2}\.json$/);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const data = JSON.parse(await readFile(path, 'utf8')) as { account: { email: string } };
    expect(data.account.email).toBe(user.email);
  });

  test('without JavaScript the delete confirmation sits in the page, clear of the footer, at 375 px', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 375, height: 740 },
    });
    const page = await context.newPage();
    await register(page, { email: uniqueEmail('narrow'), password: 'narrow-password-1' });
    await page.goto('/account?delete=1');
    const dialog = page.getByTestId('delete-account-dialog');
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    const footer = (await page.getByRole('contentinfo').boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(footer.y);
    // Nothing of the page lies under it: the section before it ends above it.
    const section = (await page.getByRole('link', { name: 'Delete my account…' }).boundingBox())!;
    expect(section.y + section.height).toBeLessThanOrEqual(box.y);
    await context.close();
  });

  test('the account and password pages have no accessibility violations', async ({ page }) => {
    for (const path of ['/forgot-password', '/forgot-password?sent=1', '/reset-password?token=x']) {
      await page.goto(path);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations, path).toEqual([]);
    }
    await register(page, { email: uniqueEmail('axe'), password: 'axe-password-1' });
    for (const path of ['/account', '/account?delete=1']) {
      await page.goto(path);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations, path).toEqual([]);
    }
  });
});
