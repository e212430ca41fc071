import { type Page } from '@playwright/test';
import {
  expect,
  test,
  E2E_ADMIN,
  expectMessage,
  register,
  setSubscription,
  uniqueEmail,
} from './support';

// What a new user tripped over (issue 14): long text, icons, the mobile menu, toasts and limits.

const LONG = {
  name: 'N'.repeat(100),
  business: 'B'.repeat(200),
  // A 300-character map link in the middle of a description, as people paste them.
  description: `Find us here: https://maps.example.com/place/${'x'.repeat(256)} — open daily.`,
  website: `https://example.com/${'path/'.repeat(200)}`.slice(0, 2048),
  industry: 'I'.repeat(100),
  location: 'L'.repeat(200),
};

async function overflow(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

async function signUpWithLongValues(page: Page) {
  const user = {
    email: uniqueEmail('long'),
    password: 'a-long-password',
    firstName: LONG.name,
    lastName: LONG.name,
  };
  await register(page, user);
  await page.goto('/dashboard?add=1');
  await page.getByLabel('Business Name').fill(LONG.business);
  await page.getByLabel('Website').fill(LONG.website);
  await page.getByLabel('Description').fill(LONG.description);
  await page.getByLabel('Industry').fill(LONG.industry);
  await page.getByLabel('Location').fill(LONG.location);
  await page.getByRole('button', { name: 'Add Business' }).click();
  await expectMessage(page, 'Business added successfully!');
  return user;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`new user with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('no page scrolls sideways at 360 or 375 px with the longest value each field accepts', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      const user = await signUpWithLongValues(page);
      setSubscription(user.email, 'starter', new Date('2026-01-10T00:00:00Z'));
      const card = page.getByTestId('business-card').first();
      const id = await page
        .getByRole('link', { name: /^Edit/ })
        .first()
        .getAttribute('href')
        .then((href) => new URL(href!, 'http://x').searchParams.get('edit'));

      // At 1280 px nothing leaves its card.
      await page.goto('/dashboard');
      // Anything visible that reaches past the card's edges (screen-reader-only text and what a
      // clipping box inside the card hides do not count).
      const spill = await card.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const clipped = (node: Element) => {
          for (let up = node.parentElement; up && up !== element; up = up.parentElement) {
            if (getComputedStyle(up).overflowX !== 'visible') return true;
          }
          return false;
        };
        return Array.from(element.querySelectorAll('*'))
          .filter((child) => {
            const inner = child.getBoundingClientRect();
            if (inner.width <= 1 && inner.height <= 1) return false;
            return (inner.right > box.right + 1 || inner.left < box.left - 1) && !clipped(child);
          })
          .map((child) => child.outerHTML.slice(0, 80));
      });
      expect(spill).toEqual([]);

      for (const width of [360, 375]) {
        await page.setViewportSize({ width, height: 800 });
        for (const path of [
          '/dashboard',
          `/dashboard?edit=${id}`,
          `/dashboard?confirmDelete=${id}`,
          '/pricing',
          '/contact',
          '/checkout/growth',
          '/dashboard/premium-gpt',
        ]) {
          await page.goto(path);
          const wide = await page.evaluate(() =>
            Array.from(document.querySelectorAll('body *'))
              .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
              .slice(0, 5)
              .map((el) => `${el.tagName}.${el.className}`.slice(0, 120)),
          );
          expect(
            await overflow(page),
            `${path} at ${width}px: ${wide.join(' | ')}`,
          ).toBeLessThanOrEqual(0);
        }
        // The expired plan's badge and date stay readable: one line each.
        await page.goto('/dashboard');
        const badge = await page.getByTestId('plan-badge').boundingBox();
        const expiry = await page.getByTestId('plan-expiry').boundingBox();
        expect(badge!.height, `badge at ${width}px`).toBeLessThan(32);
        expect(expiry!.height, `expiry at ${width}px`).toBeLessThan(26);
      }
    });

    test('every text field carries the server’s limit; the description says how much is left', async ({
      page,
    }) => {
      await page.goto('/register');
      await expect(page.getByLabel(/First name/)).toHaveAttribute('maxlength', '100');
      await expect(page.getByLabel('Email')).toHaveAttribute('maxlength', '254');
      await page.goto('/contact');
      await expect(page.getByLabel('Message', { exact: true })).toHaveAttribute(
        'maxlength',
        '5000',
      );

      await register(page, { email: uniqueEmail('limits'), password: 'a-long-password' });
      await page.goto('/dashboard?add=1');
      await expect(page.getByLabel('Business Name')).toHaveAttribute('maxlength', '200');
      await expect(page.getByLabel('Website')).toHaveAttribute('maxlength', '2048');
      await expect(page.getByLabel('Industry')).toHaveAttribute('maxlength', '100');
      await expect(page.getByLabel('Location')).toHaveAttribute('maxlength', '200');
      await expect(page.getByLabel('Description')).toHaveAttribute('maxlength', '2000');
      // The description's counter (the form has others since the business got more fields).
      const counter = page.getByTestId('char-count').filter({ hasText: 'of 2,000 characters' });
      await expect(counter).toHaveText('2,000 of 2,000 characters left');
      if (javaScriptEnabled) {
        await page.getByLabel('Description').fill('Twelve chars');
        await expect(counter).toHaveText('1,988 of 2,000 characters left');
      }
    });

    test('the mobile menu works and leads to the page', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto('/');
      const menu = page.getByTestId('mobile-menu');
      await menu.locator('summary').click();
      await menu.getByRole('link', { name: 'Pricing' }).click();
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
}

test.describe('with JavaScript on', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the mobile menu closes on navigation, on Escape (focus back) and on a click outside', async ({
    page,
  }) => {
    await page.goto('/');
    const menu = page.getByTestId('mobile-menu');
    const toggle = menu.locator('summary');
    const isOpen = () => menu.evaluate((element) => (element as HTMLDetailsElement).open);

    await toggle.click();
    expect(await isOpen()).toBe(true);
    await menu.getByRole('link', { name: 'How It Works' }).click();
    await expect(page).toHaveURL(/\/how-it-works$/);
    await expect.poll(isOpen).toBe(false);
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();

    await toggle.click();
    await page.keyboard.press('Escape');
    await expect.poll(isOpen).toBe(false);
    await expect(toggle).toBeFocused();

    await toggle.click();
    await page.mouse.click(20, 700);
    await expect.poll(isOpen).toBe(false);
  });

  test('a failed sign-up is said by the form, and not after the successful one', async ({
    page,
  }) => {
    const email = uniqueEmail('retry');
    await page.goto('/register');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('a-long-password');
    await page.getByLabel('Confirm password').fill('a-long-password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const alert = page.locator('form#register').getByRole('alert');
    await expect(alert).toContainText('Registration Failed');
    await expect(alert).toContainText('An account with this email already exists');
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    // The page came back from the server, which never echoes a password.
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a-long-password');
    await page.getByLabel('Confirm password').fill('a-long-password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Registration Failed', { exact: true })).toHaveCount(0);
  });

  test('prompts show whole, with SVG icons on the copy buttons', async ({ page }) => {
    const user = { email: uniqueEmail('kit'), password: 'a-long-password' };
    await register(page, user);
    setSubscription(user.email, 'diy');
    await page.goto('/dashboard?tab=prompts');
    const boxes = page.getByTestId('prompt-text');
    await expect(boxes).toHaveCount(8);
    const clipped = await boxes.evaluateAll(
      (elements) =>
        elements.filter(
          (el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
        ).length,
    );
    expect(clipped).toBe(0);
    const copy = page.getByRole('button', { name: /^Copy / }).first();
    await expect(copy.locator('svg')).toHaveCount(1);
    await expect(copy).not.toContainText('⧉');
    await expect(page.getByTestId('mobile-menu').locator('summary svg').first()).toBeAttached();
  });
});
