import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import {
  expect,
  test,
  E2E_ADMIN,
  E2E_DATABASE,
  expectMessage,
  login,
  logout,
  register,
  uniqueEmail,
} from './support';

// The admin panel as the people who run the service use it, with JavaScript on and off.

async function signInAsAdmin(page: Page) {
  await login(page, E2E_ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
}

/** Users straight into the e2e database, `count` of them with one tag, oldest first. */
function seedUsers(tag: string, count: number, extra: { firstName?: string } = {}) {
  const db = new Database(E2E_DATABASE, { timeout: 5000 });
  try {
    const insert = db.prepare(
      "INSERT INTO \"User\" (id, email, firstName, role, subscriptionStatus, createdAt, updatedAt) VALUES (?, ?, ?, 'user', 'free', ?, ?)",
    );
    db.transaction(() => {
      for (let i = 0; i < count; i += 1) {
        const at = new Date(Date.UTC(2020, 0, 1, 0, 0, i)).toISOString().replace('Z', '+00:00');
        insert.run(
          `${tag}-${i}`,
          `${tag}-${String(i).padStart(3, '0')}@example.com`,
          extra.firstName ?? null,
          at,
          at,
        );
      }
    })();
  } finally {
    db.close();
  }
}

/** A job that failed for good, straight into the e2e database, as the job engine leaves one. */
function seedFailedJob(id: string, error: string) {
  const db = new Database(E2E_DATABASE, { timeout: 5000 });
  try {
    const at = new Date().toISOString().replace('Z', '+00:00');
    db.prepare(
      `INSERT INTO "Job" (id, queue, data, state, attempts, maxAttempts, retryDelayMs, retryBackoff, runAt, lastError, createdAt, finishedAt)
       VALUES (?, 'mail-send', ?, 'failed', 5, 5, 1000, 1, ?, ?, ?, ?)`,
    ).run(id, JSON.stringify({ outboxId: `missing-${id}` }), at, error, at, at);
  } finally {
    db.close();
  }
}

const TABS = [
  { name: /^Overview$/, heading: 'Total Users' },
  { name: /^Users \(\d+\)$/, heading: 'Search users' },
  { name: /^Businesses \(\d+\)$/, heading: 'Search businesses' },
  { name: /^Login History$/, heading: 'Login History' },
  { name: /^Usage Logs$/, heading: 'Premium Access Usage' },
  { name: /^Contact Inquiries$/, heading: 'Contact Inquiries' },
  { name: /^Outbox$/, heading: 'Outbox' },
  { name: /^Jobs$/, heading: 'Queues' },
  { name: /^Tracking$/, heading: 'Failures by engine' },
  { name: /^Audit Log$/, heading: 'Audit Log' },
];

for (const javaScriptEnabled of [true, false]) {
  test.describe(`admin panel with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('opens every tab from the tab list', async ({ page }) => {
      await signInAsAdmin(page);
      await page.getByRole('banner').getByRole('link', { name: 'Admin' }).first().click();
      await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
      for (const tab of TABS) {
        await page.getByRole('tab', { name: tab.name }).click();
        await expect(page.getByRole('tab', { name: tab.name })).toHaveAttribute(
          'aria-selected',
          'true',
        );
        await expect(page.getByText(tab.heading, { exact: true }).first()).toBeVisible();
      }
    });

    test('changes a user’s plan from the Users tab and it unlocks their premium access', async ({
      page,
      browser,
    }) => {
      const member = { email: uniqueEmail('member'), password: 'a-long-password', firstName: 'Mo' };
      const memberContext = await browser.newContext({ javaScriptEnabled });
      const memberPage = await memberContext.newPage();
      await register(memberPage, member);
      await expect(memberPage.getByRole('link', { name: 'Upgrade to Access' })).toBeVisible();

      await signInAsAdmin(page);
      await page.goto('/admin?tab=users');
      await page.getByRole('searchbox', { name: 'Search users' }).fill(member.email);
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/q=/);
      await expect(page.getByTestId('admin-user-row')).toHaveCount(1);
      const row = page.getByTestId('admin-user-row').filter({ hasText: member.email });
      await row.getByLabel(`Subscription for ${member.email}`).selectOption('growth');
      if (!javaScriptEnabled) {
        await row.getByRole('button', { name: `Change plan for ${member.email}` }).click();
      }
      // Choosing saves nothing: the confirmation says what happens first.
      const confirmation = page.getByTestId('change-plan-dialog');
      await expect(confirmation).toBeVisible();
      await expect(confirmation).toContainText('From Free to Growth.');
      await expect(confirmation).toContainText('Nothing is charged or refunded');
      if (javaScriptEnabled) {
        // A modal: Escape closes it, nothing changed, and the select shows the plan that is.
        await page.keyboard.press('Escape');
        await expect(confirmation).toHaveCount(0);
        await expect(row.getByLabel(`Subscription for ${member.email}`)).toHaveValue('free');
        await row.getByLabel(`Subscription for ${member.email}`).selectOption('growth');
      }
      await page
        .getByTestId('change-plan-dialog')
        .getByRole('button', { name: 'Change plan' })
        .click();
      await expectMessage(page, 'User subscription updated successfully');
      await expect(page).toHaveURL(/tab=users/);
      await expect(page).toHaveURL(/q=/);
      await expect(
        page
          .getByTestId('admin-user-row')
          .filter({ hasText: member.email })
          .getByLabel(`Subscription for ${member.email}`),
      ).toHaveValue('growth');

      await memberPage.reload();
      await expect(memberPage.getByTestId('plan-badge')).toHaveAttribute('data-tier', 'growth');
      await expect(memberPage.getByRole('link', { name: 'Upgrade to Access' })).toHaveCount(0);
      await expect(memberPage.getByRole('link', { name: /Access Premium GPT/ })).toBeVisible();
      await memberContext.close();

      // The change is in the audit log.
      await page.goto('/admin?tab=audit');
      await expect(
        page
          .getByTestId('audit-entry')
          .filter({ hasText: `changed plan of ${member.email} from Free to Growth` })
          .first(),
      ).toBeVisible();
    });

    test('invites an admin, who chooses their own password, signs in and sees the Admin link', async ({
      page,
      browser,
    }) => {
      // Two browsers, the invitation's link and two sign-ins.
      test.setTimeout(60_000);
      await signInAsAdmin(page);
      await page.goto('/admin?tab=users');
      await page.getByRole('link', { name: 'Create Admin' }).click();
      const dialog = page.getByTestId('create-admin');
      await expect(dialog).toBeVisible();
      // The admin never types the other person's password.
      await expect(dialog.getByLabel('Password')).toHaveCount(0);
      await expect(dialog.getByTestId('create-admin-invitation')).toContainText(
        'a link to choose their own password',
      );
      const fresh = { email: uniqueEmail('admin2'), password: 'another-long-password' };

      // A taken e-mail is refused with the server's message; nothing else is lost.
      await dialog.getByLabel('First name').fill('Nia');
      await dialog.getByLabel('Last name').fill('Okafor');
      await dialog.getByLabel('Email').fill(E2E_ADMIN.email);
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await expect(dialog.getByRole('alert')).toContainText('Failed to create admin user');
      await expect(dialog.getByRole('alert')).toContainText(
        'An account with this email already exists',
      );

      await dialog.getByLabel('Email').fill(fresh.email);
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await expectMessage(page, 'Invitation sent');
      await expect(page.getByTestId('create-admin')).toHaveCount(0);

      // The invitee's link, from the outbox.
      const db = new Database(E2E_DATABASE, { readonly: true, timeout: 5000 });
      const row = db
        .prepare(`SELECT text FROM "OutboxMessage" WHERE "to" = ? AND kind = 'admin_invitation'`)
        .get(fresh.email) as { text: string } | undefined;
      db.close();
      const href = /\/reset-password\?token=[\w-]{43}/.exec(row?.text ?? '')?.[0];
      expect(href).toBeDefined();

      const other = await browser.newContext({ javaScriptEnabled });
      const otherPage = await other.newPage();
      await otherPage.goto(href!);
      await expect(otherPage.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
      await otherPage.getByLabel('New password', { exact: true }).fill(fresh.password);
      await otherPage.getByLabel('Confirm new password').fill(fresh.password);
      await otherPage.getByRole('button', { name: 'Set password' }).click();
      await expectMessage(otherPage, 'Welcome');
      await logout(otherPage);
      // An admin lands on the admin panel after signing in, and the header links to it.
      await login(otherPage, fresh);
      await expect(otherPage).toHaveURL(/\/admin$/);
      await expect(otherPage.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
      await expect(
        otherPage.getByRole('banner').getByRole('link', { name: 'Admin' }).first(),
      ).toBeVisible();
      await logout(otherPage);
      await other.close();
    });

    test('marks an invited admin, sends the invitation again, and the mark goes once the password is chosen', async ({
      page,
      browser,
    }) => {
      test.setTimeout(60_000);
      await signInAsAdmin(page);
      await page.goto('/admin?tab=users&create=1');
      const dialog = page.getByTestId('create-admin');
      const invitee = { email: uniqueEmail('again'), password: 'invitee-long-password' };
      await dialog.getByLabel('First name').fill('Ode');
      await dialog.getByLabel('Last name').fill('Lind');
      await dialog.getByLabel('Email').fill(invitee.email);
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await expectMessage(page, 'Invitation sent');

      await page.goto(`/admin?tab=users&q=${encodeURIComponent(invitee.email)}`);
      const row = page.getByTestId('admin-user-row').filter({ hasText: invitee.email });
      await expect(row.getByTestId('admin-user-invited')).toHaveText('Invited — no password yet');
      // The tab with the mark and its button stays clean for axe (axe runs in the page; the
      // server-rendered markup is checked by "every tab has no axe violations" below).
      if (javaScriptEnabled) {
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
      }
      // At 375 px the mark is on the row and nothing scrolls the page sideways.
      await page.setViewportSize({ width: 375, height: 800 });
      await expect(row.getByTestId('admin-user-invited')).toBeVisible();
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);
      await page.setViewportSize({ width: 1280, height: 800 });

      const linksOf = () => {
        const db = new Database(E2E_DATABASE, { readonly: true, timeout: 5000 });
        const rows = db
          .prepare(
            `SELECT text FROM "OutboxMessage" WHERE "to" = ? AND kind = 'admin_invitation' ORDER BY createdAt, id`,
          )
          .all(invitee.email) as { text: string }[];
        db.close();
        return rows.map((mail) => /\/reset-password\?token=[\w-]{43}/.exec(mail.text)?.[0]);
      };
      const [first] = linksOf();
      expect(first).toBeDefined();

      await row.getByRole('button', { name: `Send invitation again to ${invitee.email}` }).click();
      await expectMessage(page, 'Invitation sent again');
      await expect(page).toHaveURL(/tab=users/);
      const links = linksOf();
      expect(links).toHaveLength(2);
      const fresh = links[1]!;
      expect(fresh).not.toBe(first);

      const other = await browser.newContext({ javaScriptEnabled });
      const otherPage = await other.newPage();
      // The first link no longer works, and says so.
      await otherPage.goto(first!);
      await expect(otherPage.getByText('This invitation has expired')).toBeVisible();
      await otherPage.goto(fresh);
      await expect(otherPage.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
      await otherPage.getByLabel('New password', { exact: true }).fill(invitee.password);
      await otherPage.getByLabel('Confirm new password').fill(invitee.password);
      await otherPage.getByRole('button', { name: 'Set password' }).click();
      await expectMessage(otherPage, 'Welcome');
      await other.close();

      await page.goto(`/admin?tab=users&q=${encodeURIComponent(invitee.email)}`);
      await expect(row).toBeVisible();
      await expect(row.getByTestId('admin-user-invited')).toHaveCount(0);
      await expect(row.getByRole('button', { name: /Send invitation again/ })).toHaveCount(0);
    });

    test('retries a failed job from the Jobs tab', async ({ page }) => {
      const id = `e2e-job-${javaScriptEnabled ? 'js' : 'nojs'}-${Date.now()}`;
      const error = `Connection refused (${id})`;
      seedFailedJob(id, error);
      await signInAsAdmin(page);
      await page.goto('/admin?tab=jobs');
      await expect(page.getByRole('heading', { name: /^Failed jobs \(\d+\)$/ })).toBeVisible();
      const queue = page.getByTestId('admin-job-queue').filter({ hasText: 'mail-send' });
      await expect(queue).toContainText('E-mail delivery');
      const row = page.getByTestId('admin-failed-job').filter({ hasText: id });
      await expect(row).toContainText(error);
      await row.getByRole('button', { name: `Retry E-mail delivery job ${id}` }).click();
      await expectMessage(page, 'Job queued to run again');
      await expect(page).toHaveURL(/tab=jobs/);
      // Back in its queue, it ran again (its message no longer exists, so there is nothing to send).
      await expect(async () => {
        await page.reload();
        await expect(page.getByTestId('admin-failed-job').filter({ hasText: id })).toHaveCount(0);
      }).toPass({ timeout: 15_000 });
    });

    test('pages through users and finds one by name', async ({ page }) => {
      const tag = `page${javaScriptEnabled ? 'js' : 'nojs'}${Date.now()}`;
      seedUsers(tag, 60);
      await signInAsAdmin(page);
      await page.goto(`/admin?tab=users&q=${tag}`);
      await expect(page.getByTestId('admin-user-row')).toHaveCount(50);
      await expect(page.getByText('Page 1 of 2 · 60 users')).toBeVisible();
      await expect(page.getByTestId('admin-user-row').first()).toContainText(`${tag}-059@`);
      await page.getByRole('link', { name: 'Next page' }).click();
      await expect(page.getByText('Page 2 of 2 · 60 users')).toBeVisible();
      await expect(page.getByTestId('admin-user-row')).toHaveCount(10);
      await expect(page.getByTestId('admin-user-row').last()).toContainText(`${tag}-000@`);
      await page.getByRole('link', { name: 'Previous page' }).click();
      await expect(page.getByText('Page 1 of 2 · 60 users')).toBeVisible();

      await page.getByRole('searchbox', { name: 'Search users' }).fill(`${tag}-042`);
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByTestId('admin-user-row')).toHaveCount(1);
      await expect(page.getByTestId('admin-user-row')).toContainText(`${tag}-042@example.com`);
    });

    test('edits a user’s name, role and expiry in the Edit dialog and shows the history', async ({
      page,
    }) => {
      const tag = `edit${javaScriptEnabled ? 'js' : 'nojs'}${Date.now()}`;
      seedUsers(tag, 1);
      const email = `${tag}-000@example.com`;
      await signInAsAdmin(page);
      await page.goto(`/admin?tab=users&q=${tag}`);
      await page.getByRole('link', { name: `Edit ${email}` }).click();
      const dialog = page.getByTestId('edit-user');
      await expect(dialog.getByRole('heading', { name: `Edit ${email}` })).toBeVisible();
      await dialog.getByLabel('First name').fill('Quinn');
      await dialog.getByLabel('Last name').fill('Rivera');
      await dialog.getByLabel('Plan expiry date').fill('2031-07-04');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await expectMessage(page, 'User updated successfully');
      const row = page.getByTestId('admin-user-row').filter({ hasText: email });
      await expect(row).toContainText('Quinn Rivera');
      await expect(row).toContainText('July 4, 2031');

      await row.getByRole('link', { name: `Edit ${email}` }).click();
      await expect(
        page.getByTestId('edit-user').getByTestId('audit-entry').filter({ hasText: 'expiry' }),
      ).toContainText('from no expiry to July 4, 2031');
      await page.getByTestId('edit-user').getByRole('link', { name: 'Cancel' }).click();
      await expect(page.getByTestId('edit-user')).toHaveCount(0);
    });
  });
}

// axe runs in the page, so the server-rendered (no-JavaScript) markup is checked by blocking the
// app's scripts instead of turning JavaScript off.
for (const hydrated of [true, false]) {
  test(`every tab has no axe violations (${hydrated ? 'hydrated' : 'server-rendered only'})`, async ({
    page,
  }) => {
    test.setTimeout(120_000); // axe on ten pages
    if (!hydrated) await page.route('**/assets/**/*.js', (route) => route.abort());
    // A user with no password yet: their row has the "Invited" mark and "Send invitation again".
    const invited = `axeinvited${hydrated ? 'js' : 'nojs'}${Date.now()}`;
    seedUsers(invited, 1);
    await signInAsAdmin(page);
    for (const path of [
      '/admin',
      '/admin?tab=users',
      `/admin?tab=users&q=${invited}`,
      '/admin?tab=users&create=1',
      '/admin?tab=businesses',
      '/admin?tab=logins',
      '/admin?tab=logins&show=lockouts',
      '/admin?tab=usage',
      '/admin?tab=inquiries',
      '/admin?tab=jobs',
      '/admin?tab=tracking',
      '/admin?tab=audit',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
      if (path.includes(invited)) {
        await expect(page.getByTestId('admin-user-invited')).toBeVisible();
      }
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations, `${path}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
    }
    // The plan select's confirmation.
    await page.goto('/admin?tab=users');
    const select = await page.locator('select[id^="tier-"]').first().getAttribute('id');
    await page.goto(`/admin?tab=users&changePlan=${select!.slice('tier-'.length)}&plan=authority`);
    await expect(page.getByTestId('change-plan-dialog')).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations, `plan confirmation: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
  });
}

test.describe('admin panel on a phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('no tab scrolls the page sideways at 360 or 375 px, even with the longest values', async ({
    page,
  }) => {
    const long = `${'x'.repeat(100)}`;
    const member = { email: uniqueEmail(long.slice(0, 40)), password: 'a-long-password' };
    await register(page, { ...member, firstName: long, lastName: long });
    await page.goto('/dashboard?add=1');
    await page.getByLabel('Business Name').fill('B'.repeat(200));
    await page.getByLabel('Website').fill(`https://example.com/${'maps/'.repeat(60)}`);
    await page.getByLabel('Description').fill(`https://maps.example.com/${'q'.repeat(300)}`);
    await page.getByRole('button', { name: 'Add Business' }).click();
    await expectMessage(page, 'Business added successfully!');
    await page.context().clearCookies();

    await signInAsAdmin(page);
    for (const path of [
      '/admin',
      '/admin?tab=users',
      '/admin?tab=businesses',
      '/admin?tab=logins',
      '/admin?tab=logins&show=lockouts',
      '/admin?tab=usage',
      '/admin?tab=inquiries',
      '/admin?tab=jobs',
      '/admin?tab=tracking',
      '/admin?tab=audit',
      '/admin?tab=users&create=1',
    ]) {
      for (const width of [360, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
      }
    }
    await page.screenshot({ path: 'test-results/admin-users-375.png', fullPage: true });
  });

  test('the tab list is operable with the arrow keys', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Overview' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: /^Users/ })).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Audit Log' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/tab=audit/);
    await expect(page.getByRole('tab', { name: 'Audit Log' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
