import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { AUDIT_FIXTURES } from '../../playwright.config';
import {
  E2E_ADMIN,
  expect,
  expectMessage,
  login,
  logout,
  register,
  test,
  uniqueEmail,
} from './support';

// The AI-readiness audit, end to end: the production server fetches the fixture sites Playwright
// serves on 127.0.0.1 (AUDIT_ALLOWED_PRIVATE_HOSTS), with JavaScript on and off.

async function ownerWithBusiness(
  page: Page,
  business: { name: string; website: string; location: string; industry: string },
) {
  const user = { email: uniqueEmail('audit'), password: 'audit-password-1', firstName: 'Ada' };
  await register(page, user);
  await page.goto('/dashboard?add=1');
  const form = page.locator('#add-business-panel');
  await form.getByLabel('Business name').fill(business.name);
  await form.getByLabel('Website').fill(business.website);
  await form.getByLabel('Industry').fill(business.industry);
  await form.getByLabel('Location').fill(business.location);
  await form.getByRole('button', { name: 'Add Business' }).click();
  await expectMessage(page, 'Business added successfully!');
  return user;
}

const ready = {
  name: 'Bright Smile Dental',
  website: AUDIT_FIXTURES.ready,
  location: 'Austin, TX',
  industry: 'Dentist',
};
const blocking = {
  name: 'Rapid Rooter',
  website: AUDIT_FIXTURES.blocking,
  location: 'Denver, CO',
  industry: 'Plumbing',
};

for (const javaScriptEnabled of [true, false]) {
  test.describe(`AI readiness with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('Check AI Readiness on a well-prepared site: a high score, its evidence and the one fix', async ({
      page,
    }) => {
      await ownerWithBusiness(page, ready);
      const card = page.getByTestId('business-card').filter({ hasText: ready.name });
      await expect(card.getByTestId('business-readiness')).toContainText('Not checked yet.');
      await card.getByRole('button', { name: `Check AI Readiness for ${ready.name}` }).click();

      await expect(page).toHaveURL(/\/dashboard\/businesses\/[^/]+\/audit$/);
      await expectMessage(page, 'AI readiness checked');
      await expect(
        page.getByRole('heading', { level: 1, name: `AI readiness: ${ready.name}` }),
      ).toBeVisible();
      const score = Number(
        (await page.getByTestId('audit-score').first().innerText()).split('/')[0],
      );
      expect(score).toBeGreaterThanOrEqual(85);
      await expect(page.getByTestId('audit-capped')).toHaveCount(0);
      const answer = page.locator('[data-signal="answer_bots"]');
      await expect(answer).toHaveAttribute('data-status', 'pass');
      await expect(answer).toContainText(
        'ChatGPT, Claude, Perplexity, Google, Copilot and Siri can all read',
      );
      // The evidence opens without JavaScript too (a <details>).
      await answer.getByText('What we saw').click();
      await expect(answer).toContainText('OAI-SearchBot allowed by line 3');
      // The site was fetched as the AI crawlers too: they got the page, as a browser does.
      const edge = page.locator('[data-signal="edge_access"]');
      await expect(edge).toHaveAttribute('data-status', 'pass');
      await edge.getByText('What we saw').click();
      await expect(edge).toContainText('PerplexityBot got the page (HTTP 200)');
      await expect(page.locator('[data-signal="https"]')).toHaveAttribute('data-status', 'fail');
      await expect(page.getByTestId('audit-fix')).toHaveCount(1);
      await expect(page.getByTestId('audit-fix')).toContainText('Give your site a secure address');
      // Advice in words: no code box, nothing to copy.
      await expect(page.getByTestId('audit-fix').getByTestId('audit-fix-text')).toHaveCount(0);
      await expect(
        page.getByTestId('audit-fix').getByRole('button', { name: /^Copy/ }),
      ).toHaveCount(0);
      await expect(page.getByTestId('audit-allowance')).toContainText('0 of 1 audit left today');
      // Used up for today: the page says when the next check is possible instead of a button.
      await expect(page.getByTestId('audit-next')).toContainText('Next check available');
      await expect(page.getByRole('button', { name: /Check AI Readiness/ })).toHaveCount(0);
      await expect(page.getByTestId('audit-summary')).toHaveText(
        '1 failed · 0 need attention · 19 passed',
      );
      await expect(page.getByTestId('audit-history-row')).toHaveCount(1);
      await expect(page.getByTestId('pagination-summary')).toHaveText('Showing 1 audit');

      // Back on the dashboard the card shows the score and links to the report.
      await page.getByRole('link', { name: '← Back to dashboard' }).click();
      const readiness = page
        .getByTestId('business-card')
        .filter({ hasText: ready.name })
        .getByTestId('business-readiness');
      await expect(readiness.getByTestId('audit-score')).toContainText(String(score));
      await expect(
        readiness.getByRole('link', { name: `View report for ${ready.name}` }),
      ).toBeVisible();
      // The next step on the card: the report's fixes.
      await expect(
        page
          .getByTestId('business-card')
          .filter({ hasText: ready.name })
          .getByRole('link', { name: `See the fixes for ${ready.name}` }),
      ).toHaveAttribute('href', /\/audit#fixes-title$/);
      // The day's check is used: the card says when the next one is possible, not "Check".
      await expect(readiness.getByTestId('audit-next')).toContainText('Next check available');
      await expect(readiness.getByRole('button', { name: /Check AI Readiness/ })).toHaveCount(0);
    });

    test('a site that cannot be reached: one clear state, nothing scored, the check not used up', async ({
      page,
    }) => {
      // An https address in a private network: refused on purpose, and told as unreachable.
      const typo = {
        name: 'Harbor Typo Dental',
        website: 'https://10.0.0.1/',
        location: 'Portland, OR',
        industry: 'Dentist',
      };
      await ownerWithBusiness(page, typo);
      const card = () => page.getByTestId('business-card').filter({ hasText: typo.name });
      await card()
        .getByRole('button', { name: `Check AI Readiness for ${typo.name}` })
        .click();
      await expect(page).toHaveURL(/\/dashboard\/businesses\/[^/]+\/audit$/);
      await expectMessage(page, 'Website not checked');

      const notice = page.getByTestId('audit-unreachable');
      await expect(
        notice.getByRole('heading', { name: 'We could not reach 10.0.0.1' }),
      ).toBeVisible();
      // The same words for a private, an unknown or a refused host: nothing about our network.
      await expect(notice).toContainText(
        'We could not reach 10.0.0.1: we could not reach this address from the internet.',
      );
      await expect(notice).toContainText('This check did not count toward your daily allowance');
      // No score, and no signal claims a result: the https address is not called insecure.
      await expect(page.getByTestId('audit-score').first()).toHaveText(/^No score/);
      await expect(page.locator('[data-status="not_checked"]')).toHaveCount(20);
      await expect(page.locator('[data-signal="https"]')).toContainText('Not checked');
      await expect(page.locator('[data-status="fail"]')).toHaveCount(0);
      await expect(page.getByText('we could not reach the site', { exact: false })).toHaveCount(0);
      // The one fix that matters: the address, not "open it in a browser".
      await expect(page.getByTestId('audit-fix')).toHaveCount(1);
      await expect(page.getByTestId('audit-fix')).toContainText('Check your website address');
      await expect(page.getByTestId('audit-fix')).not.toContainText('browser');
      await expect(page.getByTestId('audit-trend')).toHaveCount(0);
      await expect(page.getByTestId('audit-history-row')).toContainText('No score');
      // The day's one check is still there.
      await expect(page.getByTestId('audit-allowance')).toContainText('1 of 1 audit left today');
      await expect(
        page.getByRole('button', { name: `Check AI Readiness for ${typo.name}` }),
      ).toBeVisible();
      // axe runs in the page: it needs JavaScript.
      if (javaScriptEnabled) {
        expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
      }

      await page.getByRole('link', { name: '← Back to dashboard' }).click();
      await expect(card().getByTestId('business-unreachable')).toContainText(
        'The last check could not reach the website.',
      );
      await expect(
        card().getByRole('button', { name: `Check AI Readiness for ${typo.name}` }),
      ).toBeVisible();
    });

    test('a blocking site scores low, says which rule blocks whom, and the free plan allows one a day', async ({
      page,
    }) => {
      await ownerWithBusiness(page, blocking);
      const checkButton = () =>
        page
          .getByTestId('business-card')
          .filter({ hasText: blocking.name })
          .getByRole('button', { name: `Check AI Readiness for ${blocking.name}` });
      await checkButton().click();
      await expectMessage(page, 'AI readiness checked');
      const score = Number(
        (await page.getByTestId('audit-score').first().innerText()).split('/')[0],
      );
      expect(score).toBeLessThan(35);
      // robots.txt shuts every assistant out: the report says nothing else counts until they get in.
      await expect(page.getByTestId('audit-capped')).toContainText(
        'At most 49: AI assistants cannot read your site at all',
      );
      const answer = page.locator('[data-signal="answer_bots"]');
      await expect(answer).toHaveAttribute('data-status', 'fail');
      await answer.getByText('What we saw').click();
      await expect(answer).toContainText(
        'OAI-SearchBot blocked by line 2 in the group for all crawlers (*): Disallow: /',
      );
      await expect(page.locator('[data-signal="robots_meta"]')).toContainText('noindex');
      // The robots.txt fix is there as plain, selectable text, written for this site.
      const robotsFix = page
        .getByTestId('audit-fix')
        .filter({ hasText: 'Let AI assistants read your site' });
      await expect(robotsFix.getByTestId('audit-fix-text')).toContainText(
        'User-agent: PerplexityBot',
      );
      // The site has no sitemap: the block points to none.
      await expect(robotsFix.getByTestId('audit-fix-text')).not.toContainText('Sitemap:');
      await expect(
        page
          .getByTestId('audit-fix')
          .filter({ hasText: 'Give AI assistants a short guide to your site' }),
      ).toContainText(`# ${blocking.name}`);

      // The day's check is used: the dashboard's card says when the next one is possible, in the
      // business's own time zone (it is in Denver, CO).
      await page.goto('/dashboard');
      await expect(checkButton()).toHaveCount(0);
      await expect(
        page
          .getByTestId('business-card')
          .filter({ hasText: blocking.name })
          .getByTestId('audit-next'),
      ).toContainText(/^Next check available .+ Mountain Time\./);
    });
  });
}

test('copying a fix puts its text on the clipboard and says so', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await ownerWithBusiness(page, blocking);
  await page
    .getByTestId('business-card')
    .filter({ hasText: blocking.name })
    .getByRole('button', { name: /Check AI Readiness/ })
    .click();
  await expectMessage(page, 'AI readiness checked');
  const fix = page
    .getByTestId('audit-fix')
    .filter({ hasText: 'Tell assistants who you are, what you do and where' });
  await fix
    .getByRole('button', { name: 'Copy Tell assistants who you are, what you do and where' })
    .click();
  await expectMessage(page, 'Fix copied');
  await expect(fix.getByRole('button', { name: /^Copied / })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe((await fix.getByTestId('audit-fix-text').textContent()) ?? '');
  expect(copied).toContain('"@type": "Plumber"');
  expect(copied).toContain('"name": "Rapid Rooter"');
});

test('the report page and the checking state are accessible', async ({ page }) => {
  await ownerWithBusiness(page, ready);
  // The button says it is working while the server fetches the site.
  await page.route('**/dashboard/businesses/*/audit*', async (route) => {
    if (route.request().method() === 'POST')
      await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  const card = page.getByTestId('business-card').filter({ hasText: ready.name });
  await card.getByRole('button', { name: /Check AI Readiness/ }).click();
  await expect(card.getByRole('button', { name: /Checking your website/ })).toBeDisabled();
  await expectMessage(page, 'AI readiness checked');
  await page.locator('[data-signal="answer_bots"]').getByText('What we saw').click();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations).toEqual([]);
});

test('admins see the audits of any business in the businesses tab', async ({ page }) => {
  const name = `Audited Dental ${Date.now()}`;
  await ownerWithBusiness(page, { ...ready, name });
  await page
    .getByTestId('business-card')
    .filter({ hasText: name })
    .getByRole('button', { name: /Check AI Readiness/ })
    .click();
  await expectMessage(page, 'AI readiness checked');
  const score = (await page.getByTestId('audit-score').first().innerText()).split('/')[0]!;

  await logout(page);
  await login(page, E2E_ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin?tab=businesses&q=${encodeURIComponent(name)}`);
  const row = page.getByTestId('admin-business-row').filter({ hasText: name });
  await expect(row.getByTestId('audit-score')).toContainText(score);
  await row.getByRole('link', { name: `Audits of ${name}` }).click();
  const panel = page.getByTestId('admin-business-audits');
  await expect(panel.getByRole('heading', { name: `AI-readiness audits: ${name}` })).toBeVisible();
  await expect(panel.locator('[data-signal="answer_bots"]')).toHaveAttribute('data-status', 'pass');
});
