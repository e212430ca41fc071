import { createHmac } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { E2E_SESSION_SECRET } from '../../playwright.config';
import {
  expect,
  test,
  E2E_DATABASE,
  expectMessage,
  register,
  setSubscription,
  uniqueEmail,
} from './support';

// The weekly digest as an owner meets it: the setting on /account and the unsubscribe link's page,
// with JavaScript on and off, and without accessibility violations.

/** The e2e server's SESSION_SECRET (random per run, playwright.config.ts) signs the unsubscribe link. */
const SESSION_SECRET = E2E_SESSION_SECRET;

function userId(email: string): string {
  const db = new Database(E2E_DATABASE, { timeout: 5000, readonly: true });
  try {
    const row = db.prepare('SELECT id FROM "User" WHERE email = ?').get(email.toLowerCase()) as
      { id: string } | undefined;
    if (!row) throw new Error(`No e2e user ${email}`);
    return row.id;
  } finally {
    db.close();
  }
}

function unsubscribePath(id: string) {
  const mac = createHmac('sha256', SESSION_SECRET)
    .update(`tracking-digest-unsubscribe:${id}`)
    .digest('base64url');
  return `/unsubscribe/digest?${new URLSearchParams({ token: `${id}.${mac}` })}`;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the weekly digest with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('turned off on /account, unsubscribed by its link, turned back on', async ({ page }) => {
      const email = uniqueEmail('digest');
      await register(page, { email, password: 'digest-password-1' });
      await page.goto('/account');
      await expect(page.getByTestId('digest-paid-only')).toContainText(
        'Your plan sends no weekly digest.',
      );

      setSubscription(email, 'diy');
      await page.goto('/account');
      const box = page.getByLabel('Weekly visibility digest');
      await expect(box).toBeChecked();
      await box.uncheck();
      await page.getByRole('button', { name: 'Save e-mail setting' }).click();
      await expectMessage(page, 'Weekly digest turned off');
      await expect(page.getByLabel('Weekly visibility digest')).not.toBeChecked();
      await page.getByLabel('Weekly visibility digest').check();
      await page.getByRole('button', { name: 'Save e-mail setting' }).click();
      await expectMessage(page, 'Weekly digest turned on');
      await expect(page.getByLabel('Weekly visibility digest')).toBeChecked();

      // The link from the e-mail works signed out too.
      await page.context().clearCookies();
      await page.goto(unsubscribePath(userId(email)));
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByText('You will no longer receive the weekly digest.')).toBeVisible();
      await page.getByRole('link', { name: 'Turn it back on in your account settings' }).click();
      await expect(page).toHaveURL(/\/login/);
    });
  });
}

test('the unsubscribe pages and the setting have no accessibility violations', async ({ page }) => {
  const email = uniqueEmail('digest-axe');
  await register(page, { email, password: 'digest-password-1' });
  setSubscription(email, 'starter');
  const id = userId(email);
  for (const path of ['/account', unsubscribePath(id), '/unsubscribe/digest?token=forged.x']) {
    const response = await page.goto(path);
    if (path.includes('forged')) {
      expect(response?.status()).toBe(400);
      await expect(
        page.getByText('This unsubscribe link is not valid.', { exact: false }),
      ).toBeVisible();
    }
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations, path).toEqual([]);
  }
  await page.goto(unsubscribePath(id));
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByTestId('digest-unsubscribed')).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations, 'unsubscribed').toEqual([]);
});
