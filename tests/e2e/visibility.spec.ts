import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, expectMessage, register, test, uniqueEmail } from './support';

// AI visibility tracking, end to end: the production server runs with the Demo assistant
// (DEMO_TRACKING in playwright.config.ts), so Run now asks it on the job engine and the answers
// and figures appear on the page within seconds.

const business = {
  name: 'Lone Star Plumbing',
  website: 'https://lonestarplumbing.example/',
  location: 'Austin, TX',
  industry: 'Plumbing',
};

async function ownerWithBusiness(page: Page) {
  await register(page, {
    email: uniqueEmail('visibility'),
    password: 'visibility-password-1',
    firstName: 'Ada',
  });
  await page.goto('/dashboard?add=1');
  const form = page.locator('#add-business-panel');
  await form.getByLabel('Business name').fill(business.name);
  await form.getByLabel('Website').fill(business.website);
  await form.getByLabel('Industry').fill(business.industry);
  await form.getByLabel('Location').fill(business.location);
  await form.getByRole('button', { name: 'Add Business' }).click();
  await expectMessage(page, 'Business added successfully!');
  const card = page.getByTestId('business-card').filter({ hasText: business.name });
  await expect(card.getByTestId('business-visibility')).toContainText('Not tracked yet');
  await card.getByRole('link', { name: `View visibility for ${business.name}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/businesses\/[^/]+\/visibility$/);
  await expect(
    page.getByRole('heading', { level: 1, name: `AI visibility: ${business.name}` }),
  ).toBeVisible();
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations).toEqual([]);
}

test('an owner adds a suggested question, runs it and sees the answers and figures', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await ownerWithBusiness(page);
  await expect(page.getByTestId('no-prompts')).toBeVisible();
  await expect(page.getByTestId('no-answers')).toContainText('No answers yet');
  await expect(page.getByTestId('prompt-limit')).toHaveText('0 of 1 question on your Free plan');
  await expectNoAxeViolations(page);

  const suggestion = page.getByTestId('prompt-suggestions').getByRole('listitem').first();
  const question = (await suggestion.locator('span').first().innerText()).trim();
  await suggestion.getByRole('button', { name: /^Add/ }).click();
  await expectMessage(page, 'Question added');
  await expect(page.getByTestId('prompt-row')).toHaveCount(1);
  await expect(page.getByTestId('prompt-row')).toContainText(question);
  // The Free plan's one question is taken: the add form gives way to the limit and the plans.
  await expect(page.getByTestId('prompt-limit')).toHaveText('1 of 1 question on your Free plan');
  await expect(page.getByTestId('prompt-limit-message')).toContainText(
    'Your Free plan includes one tracked question per business.',
  );
  await expect(
    page.getByTestId('prompt-limit-message').getByRole('link', { name: 'See plans' }),
  ).toHaveAttribute('href', '/pricing');

  await page.getByRole('button', { name: 'Run now' }).click();
  await expectMessage(
    page,
    'Run started',
    'Asking 1 question, 3 times each (3 answers)… answers appear in a few minutes.',
  );
  await expect(page.getByTestId('run-next')).toContainText('You can run them again at');
  await expect(page.getByRole('button', { name: 'Run now' })).toHaveCount(0);

  // The job engine asks the Demo assistant in the background: reload until its answers are in.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('answer')).toHaveCount(3, { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  const figures = page.getByTestId('engine-figures');
  await expect(figures).toHaveCount(1);
  await expect(figures).toContainText('Demo assistant (simulated answers)');
  await expect(figures).toContainText(
    /Mentions: (named in \d of 3 answers \(\d+%\), likely between \d+% and \d+%)/,
  );
  // Every figure from the Demo assistant says so before the number, and the page says it first.
  await expect(page.getByTestId('simulated-note')).toContainText(
    'Simulated answers: every figure and answer on this page comes from the Demo assistant',
  );
  await expect(page.getByTestId('overall-mentions')).toHaveText(
    /^All assistants, simulated answers: named in \d of 3 \(\d+%\), likely between/,
  );
  // The JSON API says so too.
  const id = /businesses\/([^/]+)\/visibility/.exec(page.url())![1]!;
  const api = await (await page.request.get(`/api/businesses/${id}/visibility`)).json();
  expect(api).toMatchObject({ simulated: true, engines: [{ engine: 'demo', simulated: true }] });
  const listed = await (await page.request.get(`/api/businesses/${id}/answers`)).json();
  expect(listed[0]).toMatchObject({ engine: 'demo', simulated: true });
  await expect(page.getByTestId('visibility-period')).toContainText(/^This week: /);
  await expect(page.getByTestId('visibility-trend').locator('svg title')).toHaveText(
    'Mention rate per week, by AI assistant',
  );
  await expect(page.getByTestId('prompt-row')).toContainText(/named \d of 3|not named \(0 of 3\)/);
  const answer = page.getByTestId('answer').first();
  await expect(answer).toContainText(`Asked: “${question}”`);
  // The answers' markdown is rendered, never shown as markup.
  for (const text of await page.getByTestId('answer-text').allInnerTexts()) {
    expect(text).not.toMatch(/\*\*|\|---|^#+ /m);
  }
  await expect(answer.getByTestId('answer-reading')).toContainText(/Named you|Did not name you/);
  // What the engine searched for, where it asked from, and its pages: cited apart from those its
  // search only found (the Demo assistant's, simulated).
  await expect(answer.getByTestId('answer-searches')).toContainText(/“.+”/);
  await expect(answer.getByTestId('answer-location')).toHaveText(
    'Austin, Texas (sent as the search’s location)',
  );
  await expect(answer.getByTestId('answer-pages-cited')).toContainText(/^Cited \(\d+\)/);
  await expect(figures).toContainText(/Found by the search, not cited: \d of 3 answers \(\d+%\)/);
  await expect(page.getByTestId('location-note')).toContainText(
    'The assistants are asked from Austin, Texas',
  );
  await expect(page.getByTestId('prompt-searches')).toContainText(question);
  await expect(page.getByTestId('sentiment-panel')).toContainText(
    /n = \d+ sentences? in [1-3] answers?|No sentence in this period's answers names/,
  );
  await expectNoAxeViolations(page);

  // A name the answers gave is hidden as not a business (after a confirmation), then shown again.
  const named = page.getByTestId('share-of-voice').getByRole('row').nth(2);
  const other = (await named.getByRole('rowheader').innerText()).trim();
  await named.getByRole('link', { name: /Not a business/ }).click();
  const confirm = page.getByTestId('hide-name');
  await expect(confirm).toContainText(other);
  await confirm.getByRole('button', { name: 'Hide it' }).click();
  await expectMessage(page, 'Name hidden');
  await expect(page.getByTestId('share-of-voice')).not.toContainText(other);
  const corrections = page.getByTestId('correction-list');
  await expect(corrections).toContainText(`${other} is hidden: not a business`);
  await expectNoAxeViolations(page);
  await corrections.getByRole('button', { name: `Show again ${other}` }).click();
  await expectMessage(page, 'Name shown again');
  await expect(page.getByTestId('share-of-voice')).toContainText(other);

  // The dashboard card has the rate in words and the link back.
  await page.getByRole('link', { name: '← Back to dashboard' }).click();
  const card = page.getByTestId('business-card').filter({ hasText: business.name });
  await expect(card.getByTestId('visibility-mentions')).toHaveText(
    /^Simulated answers: named in \d of 3 \(\d+%\)$/,
  );
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('an owner adds, edits and removes a question and names a competitor', async ({ page }) => {
    await ownerWithBusiness(page);
    const add = page.locator('#add-prompt');
    await add.getByLabel('A question a customer would ask').fill('ab');
    await add.getByRole('button', { name: 'Add question' }).click();
    await expect(page.locator('#add-prompt-text-error')).toContainText(
      'The question must be at least 3 characters',
    );
    await page
      .locator('#add-prompt')
      .getByLabel('A question a customer would ask')
      .fill('who is the best plumber in Austin');
    await page.locator('#add-prompt').getByRole('button', { name: 'Add question' }).click();
    await expectMessage(page, 'Question added');
    const row = page.getByTestId('prompt-row');
    await expect(row).toContainText('who is the best plumber in Austin');
    await expect(row).toContainText('no answers yet');

    // Run now is a plain POST too; the answers, their searches and pages are on the server's page.
    await page.getByRole('button', { name: 'Run now' }).click();
    await expectMessage(page, 'Run started');
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('answer')).toHaveCount(3, { timeout: 1000 });
    }).toPass({ timeout: 60_000 });
    const answer = page.getByTestId('answer').first();
    await expect(answer.getByTestId('answer-searches')).toContainText(/“.+”/);
    await expect(answer.getByTestId('answer-location')).toContainText('Austin, Texas');
    await expect(answer.getByTestId('answer-pages-cited')).toBeVisible();
    await expect(page.getByTestId('prompt-searches')).toContainText(
      'who is the best plumber in Austin',
    );
    // How the answers describe the business: the share of each label per assistant with n (three
    // answers: a low sample), and under each answer that named it, its sentences with labels.
    const sentiment = page.getByTestId('sentiment-panel');
    await expect(
      sentiment.getByRole('heading', { name: 'How the answers describe you' }),
    ).toBeVisible();
    await expect(sentiment).toContainText(
      /Demo assistant \(simulated answers\)\s*\d+% \(\d+\)\s*\d+% \(\d+\)\s*\d+% \(\d+\)\s*n = \d+ sentences? in [1-3] answers?\s*Low sample|No sentence in this period's answers names/,
    );
    const named = page.getByTestId('answer').filter({ hasText: /Named you/ });
    for (const each of await named.all())
      await expect(each.getByTestId('answer-sentence').first()).toContainText(
        /^(Positive|Neutral|Negative)“.+”$/,
      );

    await row.getByRole('link', { name: /^Edit/ }).click();
    await page.getByLabel('Question', { exact: true }).fill('emergency plumber open now in Austin');
    await page.getByRole('button', { name: 'Save question' }).click();
    await expectMessage(page, 'Question saved');
    await expect(page.getByTestId('prompt-row')).toContainText(
      'emergency plumber open now in Austin',
    );

    await page
      .getByTestId('prompt-row')
      .getByRole('link', { name: /^Remove/ })
      .click();
    const dialog = page.getByTestId('remove-prompt');
    await expect(dialog).toContainText('emergency plumber open now in Austin');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expectMessage(page, 'Question removed');
    await expect(page.getByTestId('prompt-row')).toHaveCount(0);
    await expect(page.getByTestId('no-prompts')).toBeVisible();

    await page.getByLabel("Competitor's name").fill('Rival Rooter');
    await page.getByRole('button', { name: 'Add competitor' }).click();
    await expectMessage(page, 'Competitor added');
    await expect(page.getByTestId('competitor-list')).toContainText('Rival Rooter');
    await page
      .getByTestId('competitor-list')
      .getByRole('button', { name: 'Remove Rival Rooter' })
      .click();
    await expectMessage(page, 'Competitor removed');
    await expect(page.getByTestId('competitor-list')).toHaveCount(0);
  });
});
