import { type Page } from '@playwright/test';
import { AUDIT_FIXTURES } from '../../playwright.config';
import {
  E2E_ADMIN,
  expect,
  expectMessage,
  login,
  register,
  setSubscription,
  test,
  uniqueEmail,
} from './support';

// What a person sees of the layout (issue 23): words stay whole, focus is visible and comes back,
// long text is clamped, the admin panel works on a phone.

/**
 * Every word the page splits across two lines. A word is what lies between spaces, cut once more
 * after each hyphen ('do-it-yourself' may wrap after 'do-', as any text does) except inside a
 * number range ('2-3' may not). A word may break only where it cannot fit: it is wider than its box, and the box
 * is a real line (at least 160 px) rather than one squeezed below its words ('Hom|e', 'U|s|er').
 */
async function splitWords(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      const parent = text.parentElement;
      if (!parent || parent.closest('script, style, noscript, template, textarea, .sr-only')) {
        continue;
      }
      let box: HTMLElement | null = parent;
      while (box && ['inline', 'contents'].includes(getComputedStyle(box).display)) {
        box = box.parentElement;
      }
      if (!box) continue;
      const style = getComputedStyle(box);
      const boxWidth =
        box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      for (const token of text.data.matchAll(/\S+/g)) {
        let start = token.index;
        // A line may break after a hyphen (ordinary wrapping), except inside a range ('2-3').
        const units = /^\d{1,4}-\d{1,4}\W*$/.test(token[0]) ? [token[0]] : token[0].split(/(?<=-)/);
        for (const unit of units) {
          const range = document.createRange();
          range.setStart(text, start);
          range.setEnd(text, start + unit.length);
          start += unit.length;
          const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
          if (new Set(rects.map((r) => Math.round(r.top))).size < 2) continue;
          const width = rects.reduce((sum, r) => sum + r.width, 0);
          if (width > boxWidth + 1 && boxWidth >= 160) continue;
          found.push(`'${unit.slice(0, 40)}' in a ${Math.round(boxWidth)}px ${box.tagName}`);
        }
      }
    }
    return found;
  });
}

async function sidewaysOverflow(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

async function expectWholeWords(page: Page, paths: string[]) {
  for (const path of paths) {
    for (const width of [360, 375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      expect(await splitWords(page), `${path} at ${width}px`).toEqual([]);
      expect(await sidewaysOverflow(page), `${path} at ${width}px`).toBeLessThanOrEqual(0);
    }
  }
}

test.describe('words stay whole', () => {
  test('on the public pages', async ({ page }) => {
    await expectWholeWords(page, [
      '/',
      '/how-it-works',
      '/why-ai-visibility',
      '/pricing',
      '/contact',
    ]);
  });

  test('on the dashboard, the prompt kit, a report and the account page', async ({ page }) => {
    test.setTimeout(90_000);
    const user = { email: uniqueEmail('words'), password: 'a-long-password', firstName: 'Ada' };
    await register(page, user);
    setSubscription(user.email, 'diy');
    await page.goto('/dashboard?add=1');
    const form = page.locator('#add-business-panel');
    await form.getByLabel('Business name').fill('Bright Smile Dental');
    await form.getByLabel('Website').fill(AUDIT_FIXTURES.blocking);
    await form
      .getByLabel('Description')
      .fill('Family dentistry with recommendations from neighbours.');
    await form.getByRole('button', { name: 'Add Business' }).click();
    await expectMessage(page, 'Business added successfully!');
    await page.getByRole('button', { name: 'Check AI Readiness for Bright Smile Dental' }).click();
    await expect(page).toHaveURL(/\/dashboard\/businesses\/[^/]+\/audit$/);
    const report = new URL(page.url()).pathname;

    await expectWholeWords(page, ['/dashboard', '/dashboard?tab=prompts', report, '/account']);
  });

  test('in the admin panel', async ({ page }) => {
    test.setTimeout(90_000);
    await login(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectWholeWords(page, [
      '/admin',
      '/admin?tab=users',
      '/admin?tab=businesses',
      '/admin?tab=logins',
      '/admin?tab=usage',
    ]);
  });
});
