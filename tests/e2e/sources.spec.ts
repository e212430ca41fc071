import AxeBuilder from '@axe-core/playwright';
import { expect, expectMessage, register, setSubscription, test, uniqueEmail } from './support';

// Where the assistants look (issue 46), end to end with the Demo assistant (DEMO_TRACKING in
// playwright.config.ts): an owner asks a question, opens the sites behind the answers, reads the
// plan, corrects a site's kind, and finds the plan on the dashboard's AI Optimization Guide tab,
// with JavaScript on and off. The Demo assistant's pages are made up: their listings say so.

const business = {
  name: 'Lone Star Plumbing',
  website: 'https://lonestarplumbing.example/',
  location: 'Austin, TX',
  industry: 'Plumbing',
};

for (const javaScriptEnabled of [true, false]) {
  test.describe(`sources with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('the sites behind the answers, the plan, a kind corrected, the guide tab', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const email = uniqueEmail('sources');
      await register(page, { email, password: 'sources-password-1', firstName: 'Ada' });
      setSubscription(email, 'diy');
      await page.goto('/dashboard?add=1');
      const form = page.locator('#add-business-panel');
      await form.getByLabel('Business name').fill(business.name);
      await form.getByLabel('Website').fill(business.website);
      await form.getByLabel('Industry').fill(business.industry);
      await form.getByLabel('Location').fill(business.location);
      await form.getByRole('button', { name: 'Add Business' }).click();
      await expectMessage(page, 'Business added successfully!');
      const card = page.getByTestId('business-card').filter({ hasText: business.name });
      await card.getByRole('link', { name: `View visibility for ${business.name}` }).click();

      const suggestion = page.getByTestId('prompt-suggestions').getByRole('listitem').first();
      await suggestion.getByRole('button', { name: /^Add/ }).click();
      await expectMessage(page, 'Question added');
      await page.getByRole('button', { name: 'Run now' }).click();
      await expectMessage(page, 'Run started');
      await expect(async () => {
        await page.reload();
        await expect(page.getByTestId('answer')).toHaveCount(3, { timeout: 1000 });
      }).toPass({ timeout: 60_000 });

      await page.getByRole('link', { name: 'Where the assistants look' }).click();
      await expect(
        page.getByRole('heading', {
          level: 1,
          name: `Where the assistants look: ${business.name}`,
        }),
      ).toBeVisible();
      await expect(page.getByTestId('simulated-note')).toContainText('Simulated answers');
      await expect(page.getByTestId('sources-summary')).toContainText(/: 3 answers, \d of them/);
      const table = page.getByTestId('sources-table');
      await expect(table.locator('tbody tr').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'What to do first' })).toBeVisible();
      // Made-up pages are never fetched: their listing says it is simulated.
      await expect(table).toContainText(
        "Simulated: the Demo assistant's pages are made up, so they are never fetched",
      );
      if (javaScriptEnabled) {
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(violations).toEqual([]);
      }

      // Correct the kind of a cited directory (or any third-party site) for this business.
      const row = table
        .locator('tbody tr')
        .filter({ hasText: /Directory or review site|Forum|Other|News|Social network/ })
        .first();
      const domain = ((await row.getAttribute('id')) ?? '').replace(/^source-/, '');
      await row.getByText('Pages cited and kind').click();
      await row.getByLabel('Kind of site').selectOption('news');
      await row.getByRole('button', { name: /^Save/ }).click();
      await expectMessage(page, 'Kind saved', `${domain}: news`);
      await expect(page.locator(`[id="source-${domain}"]`)).toContainText('News (your correction)');

      // The dashboard's guide: the plan for the business, first three steps with their evidence.
      await page.goto('/dashboard?tab=guide');
      const plan = page.getByTestId('guide-plan');
      await expect(plan).toContainText(`Plan for ${business.name}`);
      await expect(plan).toContainText(/The first three things to do|Nothing to do yet/);
      await expect(plan.getByRole('link', { name: 'Where the assistants look' })).toHaveAttribute(
        'href',
        /\/dashboard\/businesses\/[^/]+\/sources$/,
      );
    });
  });
}
