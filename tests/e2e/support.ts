import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import Database from 'better-sqlite3';
import { E2E_DATABASE } from '../../playwright.config';

export { E2E_ADMIN, E2E_DATABASE } from '../../playwright.config';
export { expect };

/** Chromium reports every Content-Security-Policy refusal on the page's console. */
function watchForCspViolations(context: BrowserContext, violations: string[]) {
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
}

let clients = 0;
/**
 * Every journey is a different visitor: its own client address, which the e2e servers take from
 * X-Forwarded-For (they run with TRUST_PROXY, as behind nginx), so the per-network sign-in and
 * sign-up limits count each journey on its own, as they would count real visitors.
 */
function clientAddress() {
  clients += 1;
  return `198.18.${(process.pid * 7 + clients) % 250}.${(clients % 250) + 1}`;
}

/**
 * The journeys' `test`: the page, every context a test opens itself and its API requests come from
 * one client address of their own, and a test fails on any Content-Security-Policy violation the
 * browser reported while it ran.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': clientAddress() });
  },
  cspViolations: [
    async ({ browser, context, extraHTTPHeaders }, use) => {
      const violations: string[] = [];
      watchForCspViolations(context, violations);
      const newContext = browser.newContext.bind(browser);
      const patched: Browser['newContext'] = async (options) => {
        const opened = await newContext({
          ...options,
          extraHTTPHeaders: { ...extraHTTPHeaders, ...options?.extraHTTPHeaders },
        });
        watchForCspViolations(opened, violations);
        return opened;
      };
      browser.newContext = patched;
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Presses a submit button from the page itself and answers what it turned into while its form
 * posts (Playwright's own click and locators wait for the next document).
 */
export async function pendingStateOf(button: Locator) {
  return button.evaluate(
    (element: HTMLButtonElement) =>
      new Promise<{ text: string; disabled: boolean }>((resolve) => {
        new MutationObserver(() => {
          if (element.disabled) resolve({ text: element.textContent ?? '', disabled: true });
        }).observe(element, { attributes: true, childList: true, subtree: true });
        element.click();
      }),
  );
}

let counter = 0;
export function uniqueEmail(prefix = 'e2e') {
  counter += 1;
  return `${prefix}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

export async function register(
  page: Page,
  user: { email: string; password: string; firstName?: string; lastName?: string },
) {
  await page.goto('/register');
  if (user.firstName) await page.getByLabel('First name').fill(user.firstName);
  if (user.lastName) await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function login(
  page: Page,
  user: { email: string; password: string },
  path = '/login',
) {
  await page.goto(path);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function logout(page: Page) {
  // The header's Logout on wide screens (the mobile menu repeats it).
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * A flash message or toast is visible: the toast with JavaScript, the server-rendered message
 * without. (Radix also mirrors toasts into an off-screen live region; exact matching skips it.)
 */
export async function expectMessage(page: Page, title: string, description?: string) {
  await expect(
    page.getByText(title, { exact: true }).filter({ visible: true }).first(),
  ).toBeVisible();
  if (description) {
    await expect(
      page.getByText(description, { exact: true }).filter({ visible: true }).first(),
    ).toBeVisible();
  }
}

/**
 * A refused sign-in says so once, by the form the server sends back (the sign-in page is a
 * document: the same with JavaScript on or off).
 */
export async function expectLoginFailed(page: Page) {
  const form = page.locator('form#login');
  await expect(form.getByRole('alert').filter({ hasText: 'Login Failed' })).toBeVisible();
  await expect(form.getByRole('alert')).toContainText('Invalid email or password');
  for (const text of ['Login Failed', 'Invalid email or password']) {
    await expect(page.getByText(text, { exact: true }).filter({ visible: true })).toHaveCount(1);
  }
}

/**
 * Gives an e2e user a plan by writing the e2e database directly (the admin screens that do this
 * belong to another issue). Prisma's SQLite adapter stores DateTime as ISO text with "+00:00".
 */
export function setSubscription(
  email: string,
  subscriptionStatus: string,
  subscriptionExpiry: Date | null = null,
) {
  const db = new Database(E2E_DATABASE, { timeout: 5000 });
  try {
    const { changes } = db
      .prepare(
        'UPDATE "User" SET "subscriptionStatus" = ?, "subscriptionExpiry" = ? WHERE email = ?',
      )
      .run(
        subscriptionStatus,
        subscriptionExpiry ? subscriptionExpiry.toISOString().replace(/Z$/, '+00:00') : null,
        email.toLowerCase(),
      );
    if (changes !== 1) throw new Error(`No e2e user ${email}`);
  } finally {
    db.close();
  }
}

export const DAY = 86_400_000;

/** A DateTime as Prisma's SQLite adapter stores it (ISO text with "+00:00"). */
export const dbTime = (date: Date) => date.toISOString().replace('Z', '+00:00');

/** The Monday (UTC midnight) that starts `date`'s week, as the weekly figures count weeks. */
export function mondayOf(date: Date) {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY);
}

/** What a seeded business may have besides its owner and dates. */
export type BusinessSeed = {
  name: string;
  description?: string;
  website?: string;
  industry?: string;
  location?: string;
};

/**
 * Gives an e2e user `count` businesses by writing the e2e database directly (as a user who has
 * been adding them for years would have). The i-th is created i seconds after 2020-01-01, so the
 * last one is the newest; `fields(i)` names it and may fill the optional fields. Returns their
 * ids, oldest first.
 */
export function addBusinesses(
  email: string,
  count: number,
  fields: (i: number) => BusinessSeed,
): string[] {
  const db = new Database(E2E_DATABASE, { timeout: 5000 });
  try {
    const user = db.prepare('SELECT id FROM "User" WHERE email = ?').get(email.toLowerCase()) as
      { id: string } | undefined;
    if (!user) throw new Error(`No e2e user ${email}`);
    const ids: string[] = [];
    const insert = db.prepare(
      'INSERT INTO "Business" (id, "userId", name, description, website, industry, location, "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    db.transaction(() => {
      for (let i = 0; i < count; i += 1) {
        const row = fields(i);
        const at = dbTime(new Date(Date.UTC(2020, 0, 1, 0, 0, i)));
        const id = `e2e-${user.id}-${String(i).padStart(5, '0')}`;
        ids.push(id);
        insert.run(
          id,
          user.id,
          row.name,
          row.description ?? null,
          row.website ?? null,
          row.industry ?? null,
          row.location ?? null,
          at,
          at,
        );
      }
    })();
    return ids;
  } finally {
    db.close();
  }
}

/** One business for an e2e user (as addBusinesses), returning its id. */
export function addBusiness(email: string, fields: BusinessSeed): string {
  return addBusinesses(email, 1, () => fields)[0]!;
}
