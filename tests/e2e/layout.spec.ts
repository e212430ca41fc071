import AxeBuilder from '@axe-core/playwright';
import { type Locator, type Page } from '@playwright/test';
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
    await expect(page).toHaveURL(/\/admin$/);
    await expectWholeWords(page, [
      '/admin',
      '/admin?tab=users',
      '/admin?tab=businesses',
      '/admin?tab=logins',
      '/admin?tab=usage',
    ]);
  });
});

/** Presses Tab until `target` has focus, as a keyboard user gets there. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reaches ${String(target)}`);
}

async function isFocused(target: Locator) {
  return target.evaluate((element) => element === document.activeElement);
}

/** A user with a plan and `businesses`, signed in on `page`. */
async function owner(page: Page, businesses: { name: string; description?: string }[]) {
  const user = { email: uniqueEmail('layout'), password: 'a-long-password', firstName: 'Ada' };
  await register(page, user);
  setSubscription(user.email, 'diy');
  for (const business of businesses) {
    await page.goto('/dashboard?add=1');
    const form = page.locator('#add-business-panel');
    await form.getByLabel('Business name').fill(business.name);
    if (business.description) await form.getByLabel('Description').fill(business.description);
    await form.getByRole('button', { name: 'Add Business' }).click();
    await expectMessage(page, 'Business added successfully!');
  }
  return user;
}

test.describe('dialogs give focus back to what opened them', () => {
  /** Opens the dialog from `opener` by keyboard, closes it with `close`, and checks the focus. */
  async function roundTrip(
    page: Page,
    opener: Locator,
    dialog: Locator,
    close: (dialog: Locator) => Promise<void>,
  ) {
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    await close(dialog);
    await expect(dialog).toBeHidden();
    await expect.poll(() => isFocused(opener)).toBe(true);
  }
  const escape = (page: Page) => async () => {
    await page.keyboard.press('Escape');
  };
  const button = (name: string) => async (dialog: Locator) => {
    await dialog
      .getByRole('link', { name })
      .or(dialog.getByRole('button', { name }))
      .press('Enter');
  };

  test('Create Admin and Edit user', async ({ page }) => {
    await login(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin$/);
    // The other journeys add users, newest first: search so the admin's row is on the page.
    const admin = encodeURIComponent(E2E_ADMIN.email);
    await page.goto(`/admin?tab=users&q=${admin}`);
    const create = page.getByRole('link', { name: 'Create Admin' });
    const createDialog = page.getByTestId('create-admin');
    await roundTrip(page, create, createDialog, escape(page));
    await expect(page).toHaveURL(new RegExp(`tab=users&q=${admin}$`));
    await roundTrip(page, create, createDialog, button('Cancel'));

    const edit = page.getByRole('link', { name: `Edit ${E2E_ADMIN.email}` });
    const editDialog = page.getByTestId('edit-user');
    await roundTrip(page, edit, editDialog, button('Cancel'));
    await roundTrip(page, edit, editDialog, escape(page));

    // Loaded with the dialog open, nothing opened it: focus goes to the link that opens it.
    await page.goto('/admin?tab=users&create=1');
    await expect(createDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(createDialog).toBeHidden();
    await expect.poll(() => isFocused(create)).toBe(true);
  });

  test('Delete business and Delete your account?', async ({ page }) => {
    await owner(page, [{ name: 'Focus Plumbing' }]);
    await page.goto('/dashboard');
    const remove = page.getByRole('link', { name: 'Delete Focus Plumbing' });
    const confirm = page.getByTestId('delete-confirmation');
    await roundTrip(page, remove, confirm, escape(page));
    await roundTrip(page, remove, confirm, button('Cancel'));

    await page.goto('/account');
    const deleteAccount = page.getByRole('link', { name: 'Delete my account…' });
    const deleteDialog = page.getByTestId('delete-account-dialog');
    await roundTrip(page, deleteAccount, deleteDialog, escape(page));
    await roundTrip(page, deleteAccount, deleteDialog, button('Cancel'));
  });
});

test.describe('the focus ring', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  /**
   * The ring of the focused element if it is the one marked `data-ring-target`, sampled right away
   * and on every frame for 300 ms (a ring that fades in counts from its first frame): its width and
   * its contrast against the background it is drawn on (the outline sits outside the element, on
   * its parent's background). Null while something else has focus.
   */
  async function ringSamples(page: Page) {
    return page.evaluate(async () => {
      const element = document.activeElement;
      if (!(element instanceof HTMLElement) || !element.hasAttribute('data-ring-target')) {
        return null;
      }
      const canvas = document.createElement('canvas').getContext('2d', {
        willReadFrequently: true,
      })!;
      const rgba = (color: string) => {
        canvas.clearRect(0, 0, 1, 1);
        canvas.fillStyle = color;
        canvas.fillRect(0, 0, 1, 1);
        return Array.from(canvas.getImageData(0, 0, 1, 1).data);
      };
      const luminance = ([r, g, b]: number[]) => {
        const [R, G, B] = [r!, g!, b!].map((v) => {
          const c = v / 255;
          return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
      };
      let background = [255, 255, 255, 255];
      for (let up = element.parentElement; up; up = up.parentElement) {
        const color = rgba(getComputedStyle(up).backgroundColor);
        if (color[3]! > 0) {
          background = color;
          break;
        }
      }
      const samples: { width: number; style: string; contrast: number }[] = [];
      const start = performance.now();
      while (performance.now() - start < 300) {
        const style = getComputedStyle(element);
        const [r, g, b, a] = rgba(style.outlineColor);
        const mix = (v: number, w: number) => (v * a! + w * (255 - a!)) / 255;
        const ring = [mix(r!, background[0]!), mix(g!, background[1]!), mix(b!, background[2]!)];
        const [light, dark] = [luminance(ring), luminance(background)].sort((x, y) => y - x);
        samples.push({
          width: parseFloat(style.outlineWidth),
          style: style.outlineStyle,
          contrast: Math.round(((light! + 0.05) / (dark! + 0.05)) * 100) / 100,
        });
        await new Promise(requestAnimationFrame);
      }
      return samples;
    });
  }

  /** Tabs to `target` and checks its ring from the moment it has focus. */
  async function expectVisibleRing(page: Page, target: Locator, name: string) {
    await target.evaluate((element) => element.setAttribute('data-ring-target', ''));
    let samples = null;
    for (let presses = 0; presses < 80 && !samples; presses += 1) {
      await page.keyboard.press('Tab');
      samples = await ringSamples(page);
    }
    await target.evaluate((element) => element.removeAttribute('data-ring-target'));
    expect(samples, `${name} is reached by Tab`).not.toBeNull();
    expect(samples!.length, name).toBeGreaterThan(3);
    for (const sample of samples!) {
      expect(sample.style, name).not.toBe('none');
      expect(sample.width, name).toBeGreaterThanOrEqual(2);
      expect(sample.contrast, `${name}: ring against its background`).toBeGreaterThanOrEqual(3);
    }
  }

  test('shows with 3:1 contrast on the blue buttons from the first frame', async ({ page }) => {
    await page.goto('/');
    await expectVisibleRing(
      page,
      page.getByRole('banner').getByRole('link', { name: /^Free AI Visibility Check/ }),
      'header CTA',
    );
    await expectVisibleRing(
      page,
      page
        .getByRole('main')
        .getByRole('button', { name: /^Get Your Free AI Visibility Check/ })
        .first(),
      'hero CTA',
    );

    await owner(page, []);
    await page.goto('/dashboard');
    await expectVisibleRing(
      page,
      page.getByRole('link', { name: 'Access Premium GPT (opens in a new tab)' }),
      'Access Premium GPT',
    );
    const addLinks = await page.getByRole('link', { name: 'Add Business', exact: true }).all();
    expect(addLinks.length).toBeGreaterThan(0);
    for (const add of addLinks) await expectVisibleRing(page, add, 'Add Business');

    await page.context().clearCookies();
    await login(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin?tab=users');
    await expectVisibleRing(page, page.getByRole('link', { name: 'Create Admin' }), 'Create Admin');
  });
});

const LONG_DESCRIPTION =
  `We fix leaks, unblock drains and install boilers. ${'Our licensed plumbers answer every call within the hour, day and night, and every repair comes with a written guarantee. '.repeat(9)}`.slice(
    0,
    1140,
  );

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a long description with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 1280, height: 900 } });

    test('is clamped to three lines on its card and in the admin table, with Show all', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      const user = await owner(page, [
        { name: 'Long Story Plumbing', description: LONG_DESCRIPTION },
        { name: 'Brief Plumbing', description: 'Drains.' },
      ]);
      await page.goto('/dashboard');
      const long = page.getByTestId('business-card').filter({ hasText: 'Long Story Plumbing' });
      const brief = page.getByTestId('business-card').filter({ hasText: 'Brief Plumbing' });
      const text = long.getByTestId('business-description').locator('p');
      const lineHeight = await text.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      const clamped = (await text.boundingBox())!.height;
      expect(clamped).toBeLessThanOrEqual(lineHeight * 3 + 1);
      // The neighbour in the same row is not stretched to hold the whole text (its own height
      // with the three step panels is about 475 px; the whole text would add some 300).
      expect((await brief.boundingBox())!.height).toBeLessThan(540);

      await long.getByText('Show all').click();
      const whole = (await text.boundingBox())!.height;
      expect(whole).toBeGreaterThan(lineHeight * 6);
      expect(await text.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
      await long.getByText('Show less').click();
      expect((await text.boundingBox())!.height).toBeLessThanOrEqual(lineHeight * 3 + 1);

      await page.context().clearCookies();
      await login(page, E2E_ADMIN);
      await expect(page).toHaveURL(/\/admin$/);
      await page.goto('/admin?tab=businesses&q=Long+Story+Plumbing');
      const row = page
        .getByTestId('admin-business-row')
        .filter({ hasText: 'Long Story Plumbing' })
        .filter({ hasText: user.email });
      expect((await row.boundingBox())!.height).toBeLessThan(200);
      await row.getByText('Show all').click();
      expect((await row.boundingBox())!.height).toBeGreaterThan(300);
      // (axe runs in the page: only with JavaScript.)
      if (javaScriptEnabled) {
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
      }
    });
  });
}

test.describe('the admin panel at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('shows every tab whole and says that a table scrolls sideways', async ({ page }) => {
    await login(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin?tab=users');
    const tablist = page.getByRole('tablist', { name: 'Admin sections' });
    expect(await tablist.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const tab of await tablist.getByRole('tab').all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x, await tab.innerText()).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, await tab.innerText()).toBeLessThanOrEqual(375);
    }

    const table = page.getByRole('region', { name: 'Users' });
    expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const hint = page.getByTestId('table-scroll-hint').first();
    await expect(hint).toBeVisible();
    await expect(hint).toHaveText(/Scroll sideways for more columns/);
    await expect(table).toHaveAccessibleDescription(/Scroll sideways for more columns/);
    await tabTo(page, table);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => table.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
  });
});
