import AxeBuilder from '@axe-core/playwright';
import { type Locator, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { expect, test, E2E_DATABASE, expectMessage, pendingStateOf, uniqueEmail } from './support';

// The public site: every page's key copy and link targets, the tour, the embedded tool
// view, the contact form with JavaScript on and off, axe, layout at small widths, screenshots.

const LINKS = {
  freeGpt: 'https://chatgpt.com/g/g-e2e-free-visibility-gpt',
  booking: 'https://calendly.com/ai-visibility/strategy-call',
};

const PLANS = [
  { tier: 'diy', name: 'DIY All-In', price: '$249' },
  { tier: 'starter', name: 'White Glove Starter', price: '$500' },
  { tier: 'growth', name: 'Growth', price: '$1,000' },
  { tier: 'authority', name: 'Authority', price: '$2,000' },
] as const;

const PUBLIC_ROUTES = [
  { path: '/', name: 'home', h1: 'Get Your Business Recommended by AI' },
  { path: '/why-ai-visibility', name: 'why-ai-visibility', h1: 'Why AI Visibility Matters' },
  { path: '/how-it-works', name: 'how-it-works', h1: 'How It Works' },
  { path: '/pricing', name: 'pricing', h1: 'Choose Your AI Visibility Plan' },
  { path: '/contact', name: 'contact', h1: 'Contact Us' },
  { path: '/privacy', name: 'privacy', h1: 'Privacy Policy' },
  { path: '/terms', name: 'terms', h1: 'Terms of Service' },
] as const;

/** Rows the e2e server stored for an e-mail (the database file is read, never written). */
function inquiriesFor(email: string): number {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare('SELECT COUNT(*) AS n FROM ContactInquiry WHERE email = ?')
      .get(email.toLowerCase()) as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

async function expectExternal(link: Locator, href: string) {
  await expect(link).toHaveAttribute('href', href);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toContainText('(opens in a new tab)');
}

async function expectPlans(page: Page) {
  for (const plan of PLANS) {
    const card = page.getByTestId(`plan-${plan.tier}`);
    await expect(card.getByRole('heading', { name: plan.name, exact: true })).toBeVisible();
    await expect(card).toContainText(`${plan.price}/month`);
    // Our own checkout route (it signs the buyer up first), in the same tab.
    const cta = card.getByRole('link', { name: `Get Started with ${plan.name}` });
    await expect(cta).toHaveAttribute('href', `/checkout/${plan.tier}`);
    await expect(cta).not.toHaveAttribute('target', /.+/);
  }
  await expect(page.getByTestId('plan-diy').getByText(/most popular/i)).toBeVisible();
  for (const tier of ['starter', 'growth', 'authority']) {
    await expect(page.getByTestId(`plan-${tier}`).getByText(/most popular/i)).toHaveCount(0);
  }
}

async function expectFooter(page: Page) {
  const footer = page.getByRole('contentinfo');
  for (const [name, href] of [
    ['How It Works', '/how-it-works'],
    ['Why AI Visibility', '/why-ai-visibility'],
    ['Contact', '/contact'],
    ['Privacy Policy', '/privacy'],
    ['Terms of Service', '/terms'],
  ]) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href!);
  }
}

test.describe('public pages', () => {
  test('landing: claims, steps, tool, benefits, pricing, call to action, footer', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/AI Visibility/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Get Your Business Recommended by AI',
    );
    const main = page.getByRole('main');
    // Figures about the product, none from an unnamed survey (issue 34).
    const stats = page.getByTestId('stat-grid');
    for (const fact of ['Free', '4', 'Weekly', '3']) {
      await expect(stats.getByText(fact, { exact: true })).toBeVisible();
    }
    await expect(main).not.toContainText('85%');
    await expect(main).not.toContainText('73%');
    await expect(main).not.toContainText(/\b3x\b/);
    // No promised dates the figures could contradict (issue 44, item 8).
    await expect(main).not.toContainText(/2-3 weeks|30 days/i);
    // The free check is ours: a form on this page, not a link away (issue 44).
    await expect(main.getByRole('textbox', { name: 'Your website' })).toBeVisible();
    await expect(
      main.getByRole('button', { name: 'Get Your Free AI Visibility Check' }),
    ).toBeVisible();
    await expect(main.getByRole('heading', { name: 'The Problem' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Our Solution' })).toBeVisible();
    for (const [index, step] of ['Test', 'Fix', 'Track'].entries()) {
      await expect(
        main.getByRole('heading', { name: `Step ${index + 1}: ${step}`, exact: true }),
      ).toBeVisible();
    }
    await expect(main.getByRole('heading', { name: 'Prefer to ask in ChatGPT?' })).toBeVisible();
    await expectExternal(main.getByRole('link', { name: /^Open Free GPT/ }), LINKS.freeGpt);
    await expect(page.getByTestId('benefits').getByRole('listitem')).toHaveCount(6);
    await expectPlans(page);
    await expect(
      main.getByRole('heading', { name: 'Ready to get recommended by AI?' }),
    ).toBeVisible();
    await expectExternal(main.getByRole('link', { name: /^Book Strategy Call/ }), LINKS.booking);
    await expectFooter(page);
  });

  test('why AI visibility: stats, four reasons, six industries, call to action', async ({
    page,
  }) => {
    await page.goto('/why-ai-visibility');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Why AI Visibility Matters');
    // Every figure names its published source; the spec's unsourced ones are gone (issue 44).
    const stats = page.getByTestId('stat-grid');
    await expect(stats.getByTestId('stat-source')).toHaveCount(4);
    for (const source of ['SparkToro and Gumshoe', 'Cloudflare Radar']) {
      await expect(stats.getByText(new RegExp(`^Source: ${source}`)).first()).toBeVisible();
    }
    for (const claim of ['85%', '73%', /\b3x\b/, /30 days/]) {
      await expect(page.getByRole('main')).not.toContainText(claim);
    }
    await expect(page.getByTestId('reasons').getByRole('heading')).toHaveCount(4);
    const industries = page.getByTestId('industries');
    await expect(industries.getByRole('heading')).toHaveText([
      'Home Services',
      'Legal Services',
      'Healthcare and Dental',
      'Real Estate',
      'Restaurants and Hospitality',
      'Professional Services',
    ]);
    await expect(
      page.getByRole('main').getByRole('link', { name: /Get Your Free AI Visibility Check/ }),
    ).toHaveAttribute('href', '/free-check');
    await page.getByRole('main').getByRole('link', { name: 'See Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('how it works: assessment, optimization plan, implementation and monitoring', async ({
    page,
  }) => {
    await page.goto('/how-it-works');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How It Works');
    await expect(page.getByRole('heading', { level: 2 }).filter({ hasText: /^Step/ })).toHaveText([
      'Step 1: AI Visibility Assessment',
      'Step 2: Custom Optimization Plan',
      'Step 3: Implementation and Monitoring',
    ]);
    await expectExternal(
      page.getByRole('main').getByRole('link', { name: /^Book Strategy Call/ }),
      LINKS.booking,
    );
  });

  test('pricing: four plans with their checkout links, booking buttons, six-question FAQ', async ({
    page,
  }) => {
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Choose Your AI Visibility Plan',
    );
    await expectPlans(page);
    const main = page.getByRole('main');
    for (const name of [/^Get Your Free Action Plan/, /^Contact Sales/, /^Book Strategy Call/]) {
      await expectExternal(main.getByRole('link', { name }), LINKS.booking);
    }

    const faq = page.getByTestId('faq-item');
    await expect(faq).toHaveCount(6);
    const answer = page.getByText(
      'Yes. Upgrades are immediate, and downgrades take effect at the next billing cycle.',
    );
    await expect(answer).toBeHidden();
    // A disclosure opens from the keyboard.
    await page.locator('summary', { hasText: 'Can I upgrade or downgrade my plan?' }).focus();
    await page.keyboard.press('Enter');
    await expect(answer).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(answer).toBeHidden();
  });

  test('contact: form fields, five inquiry types, response times and business hours', async ({
    page,
  }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    for (const label of ['Name', 'Email', 'Company (optional)', 'Phone (optional)', 'Message']) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Inquiry type').locator('option')).toHaveText([
      'General Inquiry',
      'DIY All-In Plan',
      'White Glove Service',
      'Enterprise Solutions',
      'Partnership',
    ]);
    const times = page.getByTestId('response-times');
    for (const [label, time] of [
      ['General inquiries', '24 hours'],
      ['Sales', '4 hours'],
      ['Technical support', '2 hours'],
      ['Enterprise', '1 hour'],
    ]) {
      await expect(times).toContainText(`${label}${time}`);
    }
    await expect(page.getByText('Mon-Fri 9AM-6PM EST')).toBeVisible();
    await expectExternal(
      page.getByRole('main').getByRole('link', { name: /^Book Strategy Call/ }),
      LINKS.booking,
    );
  });

  test('the home page figures sit on one line, whatever their labels wrap to', async ({ page }) => {
    await page.goto('/');
    const grid = page.getByTestId('stat-grid');
    for (const width of [1280, 768, 375]) {
      await page.setViewportSize({ width, height: 900 });
      const cards = await grid.locator(':scope > div').evaluateAll((elements) =>
        elements.map((card) => ({
          card: Math.round(card.getBoundingClientRect().top),
          value: Math.round(card.querySelector('dd')!.getBoundingClientRect().top),
        })),
      );
      expect(cards).toHaveLength(4);
      // Cards of one row start together (their labels wrap to different lengths, most at 375 px);
      // so must their figures.
      for (const top of new Set(cards.map((card) => card.card))) {
        const row = cards.filter((card) => card.card === top);
        expect(new Set(row.map((card) => card.value)).size, `figures at ${width}px`).toBe(1);
      }
    }
  });

  test('the footer leads to the privacy policy and the terms, written for this site', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    const main = page.getByRole('main');
    await expect(main).not.toContainText('being finalised');
    // The operator from configuration (the e2e server runs on the demo defaults).
    await expect(main).toContainText('AI Visibility Demo Company, 100 Example Street');
    await expect(main.getByRole('link', { name: 'hello@example.com' }).first()).toHaveAttribute(
      'href',
      'mailto:hello@example.com',
    );
    // What the retention job deletes, and when (TRACKING_ANSWER_RETENTION_DAYS, ACCESS_LOG_RETENTION_DAYS).
    await expect(main).toContainText(
      'are kept for 90 days, then deleted automatically. The figures drawn from them',
    );
    await expect(main).toContainText('Sign-in and sign-up attempts are kept for 365 days');
    for (const heading of ['How long we keep it', 'Who else receives data', 'Cookies']) {
      await expect(main.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
    }
    // Exporting and deleting one's data are on /account.
    await expect(main.getByRole('link', { name: 'Account settings' }).first()).toHaveAttribute(
      'href',
      '/account',
    );

    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('DIY All-In $249');

    // The old address lists both.
    await page.goto('/legal');
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Privacy Policy' }),
    ).toHaveAttribute('href', '/privacy');
  });

  test('robots.txt and sitemap.xml are served', async ({ request, baseURL }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.ok()).toBe(true);
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const xml = await sitemap.text();
    for (const route of PUBLIC_ROUTES) {
      expect(xml).toContain(`<loc>${new URL(route.path, baseURL).toString()}</loc>`);
    }
  });

  test('each page has its own title, description and Open Graph tags', async ({
    page,
    baseURL,
  }) => {
    const titles = new Set<string>();
    for (const route of PUBLIC_ROUTES) {
      await page.goto(route.path);
      const title = await page.title();
      titles.add(title);
      const description = page.locator('meta[name="description"]');
      await expect(description).toHaveCount(1);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
        'content',
        (await description.getAttribute('content'))!,
      );
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'website');
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
        'content',
        new URL(route.path, baseURL).toString(),
      );
    }
    expect(titles.size).toBe(PUBLIC_ROUTES.length);
  });
});

test.describe('landing page interactions', () => {
  test('Take the Tour leads to the tour of Test, Fix and Track on the page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Watch Demo' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Take the Tour' }).click();
    await expect(page).toHaveURL(/#tour$/);
    const tour = page.getByTestId('tour');
    await expect(tour).toBeInViewport();
    await expect(tour.getByRole('listitem')).toHaveCount(3);
    for (const step of ['Test:', 'Fix:', 'Track:']) {
      await expect(tour.getByRole('heading', { name: new RegExp(`^${step}`) })).toBeVisible();
    }
    await expect(tour).toContainText('Example: All assistants: named in 4 of 12 answers');
    await expect(page.getByRole('main')).not.toContainText('Coming Soon');
    await expect(
      page.locator('#tour').getByRole('link', { name: 'Create a free account' }),
    ).toHaveAttribute('href', '/register');
  });

  test("the embedded tool view toggles with 'Back to Main Interface'", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Try Embedded View (Experimental)' }).click();
    await expect(page).toHaveURL(/\/\?tool=embedded#ai-tool$/);
    const panel = page.getByTestId('embedded-tool');
    await expect(panel).toBeVisible();
    await expectExternal(panel.getByRole('link', { name: /^Open Free GPT/ }), LINKS.freeGpt);
    await panel.getByRole('link', { name: 'Back to Main Interface' }).click();
    await expect(panel).toBeHidden();
    await expect(
      page.getByRole('link', { name: 'Try Embedded View (Experimental)' }),
    ).toBeVisible();
  });
});

test.describe('contact form with JavaScript', () => {
  test("shows 'Sending...', stores exactly one inquiry, resets and says it was sent", async ({
    page,
  }) => {
    const email = uniqueEmail('contact-js');
    await page.goto('/contact');
    // Hold the submission briefly so the pending state can be seen.
    await page.route('**/contact', async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 800));
      await route.fallback();
    });
    await page.getByLabel('Name', { exact: true }).fill('Jo Script');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Company (optional)').fill('Acme');
    await page.getByLabel('Inquiry type').selectOption('white-glove');
    await page.getByLabel('Message', { exact: true }).fill('Tell me about White Glove.');
    expect(await pendingStateOf(page.getByRole('button', { name: 'Send Message' }))).toEqual({
      text: 'Sending...',
      disabled: true,
    });
    // White Glove is a sales inquiry: the promise is the sales response time the page lists. The
    // page is a document: the message is page content (no toast), with JavaScript as without.
    const message = page.getByTestId('flash-message');
    await expect(message).toContainText('Message Sent!');
    await expect(message).toContainText(
      "Thank you for reaching out. We'll get back to you within 4 hours.",
    );
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Inquiry type')).toHaveValue('general');
    expect(inquiriesFor(email)).toBe(1);
  });

  test('a bad e-mail gets a field error and nothing is stored', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).fill('Jo Script');
    await page.getByLabel('Email', { exact: true }).fill('jo-at-example');
    await page.getByLabel('Message', { exact: true }).fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    expect(inquiriesFor('jo-at-example')).toBe(0);
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the contact form stores exactly one inquiry and shows a success message', async ({
    page,
  }) => {
    const email = uniqueEmail('contact-nojs');
    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).fill('No Script');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Phone (optional)').fill('+1 555 0100');
    await page.getByLabel('Message', { exact: true }).fill('Plain HTML works.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expectMessage(
      page,
      'Message Sent!',
      "Thank you for reaching out. We'll get back to you within 24 hours.",
    );
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
    // Post/redirect/get: reloading the page does not send the message again.
    await page.reload();
    await expect(page.getByTestId('flash-message')).toHaveCount(0);
    expect(inquiriesFor(email)).toBe(1);
  });

  test('a bad e-mail comes back with a field error, the typed values and nothing stored', async ({
    page,
  }) => {
    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).fill('No Script');
    await page.getByLabel('Email', { exact: true }).fill('no-script-at-example');
    await page.getByLabel('Message', { exact: true }).fill('Kept after the error.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('No Script');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Kept after the error.');
    await expect(page.getByTestId('flash-message')).toHaveCount(0);
    expect(inquiriesFor('no-script-at-example')).toBe(0);
  });

  test('Take the Tour leads to the tour; the embedded view toggles by URL', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Take the Tour' }).click();
    await expect(page).toHaveURL(/#tour$/);
    await expect(page.getByTestId('tour')).toContainText('Track: how often AI names you');

    await page.getByRole('link', { name: 'Try Embedded View (Experimental)' }).click();
    await expect(page.getByTestId('embedded-tool')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Main Interface' }).click();
    await expect(page.getByTestId('embedded-tool')).toHaveCount(0);
  });

  test('FAQ answers open without JavaScript', async ({ page }) => {
    await page.goto('/pricing');
    await page.getByText('Can I upgrade or downgrade my plan?').click();
    await expect(
      page.getByText(
        'Upgrades are immediate, and downgrades take effect at the next billing cycle.',
        {
          exact: false,
        },
      ),
    ).toBeVisible();
  });
});

test.describe('accessibility and layout', () => {
  for (const route of PUBLIC_ROUTES) {
    test(`${route.path}: no axe violations, one h1, no horizontal scroll, screenshots`, async ({
      page,
    }, testInfo) => {
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1);
      for (const landmark of ['banner', 'main', 'contentinfo'] as const) {
        await expect(page.getByRole(landmark)).toHaveCount(1);
      }
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations).toEqual([]);

      for (const width of [360, 375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
        if (width === 360) continue;
        const file = testInfo.outputPath(`${route.name}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await testInfo.attach(`${route.name}-${width}`, { path: file, contentType: 'image/png' });
      }
    });
  }

  test('the tour and the embedded tool view have no axe violations', async ({ page }) => {
    await page.goto('/?tool=embedded#tour');
    await expect(page.getByTestId('embedded-tool')).toBeVisible();
    await expect(page.getByTestId('tour')).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });

  test('the no-JavaScript variants of the pages pass axe too', async ({ page }) => {
    test.slow(); // seven pages, each analysed in full
    // axe itself needs JavaScript, so take the scripted page and drop the root's `js` class: the
    // CSS then shows exactly what a browser without JavaScript shows (the .no-js-only fallbacks).
    for (const route of PUBLIC_ROUTES) {
      await page.goto(route.path);
      await page.evaluate(() => document.documentElement.classList.remove('js'));
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations, route.path).toEqual([]);
    }
  });
});
