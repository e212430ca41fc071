import { expect, test } from '@playwright/test';
import { expectMessage, login, logout, register, uniqueEmail } from './support';

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
