import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import {
  addBusiness,
  addBusinesses,
  DAY,
  dbTime,
  mondayOf,
  E2E_ADMIN,
  E2E_DATABASE,
  expect,
  login,
  register,
  test,
  uniqueEmail,
} from './support';

// Issue 44's small items in a browser, JavaScript on and off: a page past the last one opens the
// last page (Admin Users), business search by location, the account page on Free, and at 375 px
// the answers' own tables and the trend chart's table are focusable regions that axe passes.

/** Two weeks of figures and one answer holding a wide table and a code block. */
function seedAnswers(email: string): string {
  const id = addBusiness(email, {
    name: 'Okafor Plumbing',
    website: 'https://okafor-plumbing.example/',
    location: 'Raleigh, NC',
  });
  const db = new Database(E2E_DATABASE, { timeout: 5000 });
  try {
    const monday = mondayOf(new Date());
    const weeks = [new Date(monday.getTime() - 7 * DAY), monday];
    const stat = db.prepare(
      'INSERT INTO "TrackingStat" ("businessId", engine, period, "periodKind", samples, mentioned, cited, "positionSum", "positionCount") VALUES (?, \'demo\', ?, \'week\', 3, 2, 0, 4, 2)',
    );
    const text = [
      'Plumbers in Raleigh:',
      '',
      '| Plumber | Hours | Phone | Reviews and what customers say about the work |',
      '| --- | --- | --- | --- |',
      '| Okafor Plumbing | Open 24 hours a day, seven days a week | (919) 555-0100 | Fast, friendly, fair prices for emergency repairs |',
      '| Rival Pipes and Drains of Wake County | Weekdays 8-6 | (919) 555-0199 | Good for larger renovation projects downtown |',
      '',
      '```',
      'curl https://okafor-plumbing.example/book?service=water-heater&when=tomorrow-morning-first-slot',
      '```',
    ].join('\n');
    const answer = db.prepare(
      `INSERT INTO "TrackingAnswer" (id, "runKey", "businessId", prompt, engine, model, period, "periodKind", sample, status, text, sources, mentioned, position, competitors, highlights, "askedAt")
       VALUES (?, ?, ?, 'best plumber in Raleigh', 'demo', 'demo', ?, 'week', 0, 'answered', ?, '[]', 1, 1, '[{"name":"Rival Pipes and Drains of Wake County","position":2,"known":false}]', '[]', ?)`,
    );
    db.transaction(() => {
      for (const week of weeks) stat.run(id, dbTime(week));
      answer.run(
        `${id}-a1`,
        `${id}-run-1`,
        id,
        dbTime(monday),
        text,
        dbTime(new Date(monday.getTime() + 3600_000)),
      );
    })();
    return id;
  } finally {
    db.close();
  }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`issue 44 (small items) with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('a page past the last one opens the last page with its rows (Admin Users ?page=999)', async ({
      page,
    }) => {
      await login(page, E2E_ADMIN);
      await expect(page).toHaveURL(/\/admin$/);
      const admin = encodeURIComponent(E2E_ADMIN.email);
      await page.goto(`/admin?tab=users&q=${admin}&page=999`);
      // Redirected to the list's one page: the page number is gone, the search kept.
      await expect(page).toHaveURL(`/admin?tab=users&q=${admin}`);
      await expect(page.getByText('No users found')).toHaveCount(0);
      await expect(
        page.getByTestId('admin-user-row').filter({ hasText: E2E_ADMIN.email }),
      ).toBeVisible();
    });

    test('business search finds a business by its location; the account page on Free says there is nothing to choose', async ({
      page,
    }) => {
      const email = uniqueEmail('raleigh');
      await register(page, { email, password: 'raleigh-password-1' });
      addBusinesses(email, 3, (i) => ({
        name: ['Okafor Plumbing', 'Harbor Dental', 'Lone Star Roofing'][i]!,
        location: ['Raleigh, NC', 'Tampa, FL', 'Austin, TX'][i]!,
      }));
      // (The search box shows once a list has more than a page, or a search is open.)
      await page.goto('/dashboard?q=okafor');
      await page.getByLabel('Search businesses').fill('raleigh');
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/q=raleigh/);
      await expect(page.getByRole('heading', { name: 'Okafor Plumbing' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Harbor Dental' })).toHaveCount(0);

      await page.goto('/account');
      const emails = page.getByRole('region', { name: 'E-mails' });
      await expect(emails).toContainText('comes with DIY All-In and above');
      await expect(emails).not.toContainText('yours to choose');
      await expect(emails.getByRole('link', { name: 'See what each plan includes' })).toBeVisible();
    });

    test('at 375 px the answers’ tables and code and the trend table are focusable regions; axe passes', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      const email = uniqueEmail('tables');
      await register(page, { email, password: 'tables-password-1' });
      const id = seedAnswers(email);
      await page.setViewportSize({ width: 375, height: 900 });
      await page.goto(`/dashboard/businesses/${id}/visibility`);
      // The trend's table sits in a <details> (it opens without JavaScript too).
      await page.getByText('The figures behind the chart').click();
      await expect(
        page.getByRole('region', { name: 'Mention rate per week, by AI assistant (table)' }),
      ).toHaveAttribute('tabindex', '0');
      await expect(page.getByRole('region', { name: /^Answer 1 .*: table 1$/ })).toHaveAttribute(
        'tabindex',
        '0',
      );
      await expect(page.getByRole('region', { name: /^Answer 1 .*: code 1$/ })).toHaveAttribute(
        'tabindex',
        '0',
      );
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      if (javaScriptEnabled) {
        // axe runs as a script in the page: it scans the JavaScript-on journey.
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(violations.map((violation) => violation.id)).toEqual([]);
      }
    });
  });
}
