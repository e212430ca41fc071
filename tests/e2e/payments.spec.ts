import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import {
  expect,
  test,
  E2E_ADMIN,
  E2E_DATABASE,
  expectMessage,
  login,
  register,
  uniqueEmail,
} from './support';

/** Writes the e2e database directly: a checkout started, or the webhook's confirmation landing. */
function sql(statement: string, ...values: unknown[]) {
  const db = new Database(E2E_DATABASE, { timeout: 5000 });
  try {
    db.prepare(statement).run(...values);
  } finally {
    db.close();
  }
}

// The whole purchase on the demo checkout (DEMO_CHECKOUT=true in playwright.config.ts), and the
// admin's webhook test, with JavaScript on and off.
test.beforeEach(async ({ context }) => {
  await context.route('https://chatgpt.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>GPT</title>' }),
  );
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`payments with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('a visitor picks Growth, signs up, pays on the demo checkout and gets premium access', async ({
      page,
    }) => {
      await page.goto('/pricing');
      await page.getByRole('link', { name: 'Get Started with Growth' }).click();
      await expect(page).toHaveURL(/\/register\?redirectTo=%2Fcheckout%2Fgrowth$/);
      await expect(
        page.getByRole('heading', {
          name: 'Create your account to start the Growth plan, $1,000 a month',
        }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
        'href',
        '/login?redirectTo=%2Fcheckout%2Fgrowth',
      );

      const buyer = { email: uniqueEmail('buyer'), password: 'a-long-password', firstName: 'Gia' };
      await page.getByLabel('First name').fill(buyer.firstName);
      await page.getByLabel('Email').fill(buyer.email);
      await page.getByLabel('Password', { exact: true }).fill(buyer.password);
      await page.getByLabel('Confirm password').fill(buyer.password);
      await page.getByRole('button', { name: 'Create Account' }).click();

      await expect(page).toHaveURL(/\/checkout\/growth$/);
      await expect(page.getByRole('note')).toContainText('Test payment');
      await expect(page.getByRole('heading', { name: 'Growth' })).toBeVisible();
      await expect(page.getByTestId('checkout-price')).toHaveText('$1,000');
      await page.getByRole('button', { name: /^Pay/ }).click();

      await expect(page).toHaveURL(/\/dashboard$/);
      await expectMessage(
        page,
        'Payment Successful! 🎉',
        'Your subscription is now active. Welcome to premium features!',
      );
      await expect(page.getByTestId('plan-badge')).toHaveAttribute('data-tier', 'growth');
      await expect(page.getByRole('link', { name: /Access Premium GPT/ })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Upgrade to Access' })).toHaveCount(0);
      await expect(page.getByTestId('billing-summary')).toContainText('Growth plan · renews on');
      await expect(page.getByRole('link', { name: 'Keys to Victory' })).toBeVisible();

      // Buying the same plan again is not offered twice.
      await page.goto('/checkout/growth');
      await expect(page.getByRole('heading', { name: 'You are already on Growth' })).toBeVisible();

      // Manage billing → the demo portal → cancel at the period end, confirmed first: a dialog
      // with JavaScript (Escape keeps the plan), the confirmation page without.
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Manage billing' }).click();
      await expect(page).toHaveURL(/\/billing\/demo$/);
      const periodEnd = (await page.getByTestId('billing-summary').innerText()).replace(
        /^.*renews on /,
        '',
      );
      await page.getByRole('link', { name: 'Cancel plan' }).click();
      if (javaScriptEnabled) {
        const dialog = page.getByRole('dialog', { name: 'Cancel your Growth plan?' });
        await expect(dialog).toBeVisible();
        await expect(page).toHaveURL(/\/billing\/demo$/);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(page.getByRole('link', { name: 'Cancel plan' })).toBeFocused();
        await page.getByRole('link', { name: 'Cancel plan' }).click();
        await expect(dialog).toContainText(`Your Growth plan stays active until ${periodEnd}`);
        await dialog.getByRole('button', { name: 'Cancel my plan' }).click();
      } else {
        await expect(page).toHaveURL(/\/billing\/cancel$/);
        await expect(
          page.getByRole('heading', { name: 'Cancel your Growth plan?', level: 1 }),
        ).toBeVisible();
        await expect(
          page.getByText(`Your Growth plan stays active until ${periodEnd}`),
        ).toBeVisible();
        await page.getByRole('button', { name: 'Cancel my plan' }).click();
      }
      await expectMessage(page, 'Plan cancelled');
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId('billing-summary')).toHaveText(
        `Growth plan · ends on ${periodEnd}`,
      );
      await expect(page.getByTestId('plan-ends-note')).toContainText(
        'Then your account moves to the Free plan',
      );
      await expect(page.getByTestId('plan-badge')).toHaveAttribute('data-tier', 'growth');

      // Resume: it renews on the same date again.
      await page.getByRole('button', { name: 'Resume Growth' }).click();
      await expectMessage(page, 'Plan resumed');
      await expect(page.getByTestId('billing-summary')).toHaveText(
        `Growth plan · renews on ${periodEnd}`,
      );
    });

    test('a subscriber upgrades now, schedules a downgrade for the period end, and cancels it: one subscription throughout', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await register(page, { email: uniqueEmail('changer'), password: 'a-long-password' });
      await page.goto('/checkout/diy');
      await page.getByRole('button', { name: /^Pay/ }).click();
      await expectMessage(page, 'Payment Successful! 🎉');
      await expect(page.getByTestId('plan-badge')).toHaveAttribute('data-tier', 'diy');

      // Upgrade: the page names the current plan and says it is immediate and prorated.
      await page.goto('/checkout/growth');
      await expect(
        page.getByRole('heading', { name: 'Upgrade to Growth', level: 1 }),
      ).toBeVisible();
      await expect(page.getByTestId('current-plan')).toHaveText(
        'You are on DIY All-In ($249 a month).',
      );
      // What is charged today (a moment into the month: the whole difference) and from when the
      // full price.
      await expect(page.getByTestId('charged-today')).toHaveText('$751.00');
      await expect(page.getByTestId('full-price-from')).toHaveText('$1,000 a month');
      await expect(page.getByTestId('plan-change-terms')).toContainText(
        'The upgrade takes effect now. Today you pay $751.00',
      );
      await page.getByRole('button', { name: 'Upgrade to Growth now' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expectMessage(page, 'Plan upgraded');
      await expect(page.getByTestId('plan-badge')).toHaveAttribute('data-tier', 'growth');
      await expect(page.getByTestId('billing-summary')).toContainText('Growth plan · renews on');

      // Downgrade: at the end of the period; Growth until then.
      await page.goto('/checkout/starter');
      await expect(
        page.getByRole('heading', { name: 'Change to White Glove Starter', level: 1 }),
      ).toBeVisible();
      await expect(page.getByTestId('current-plan')).toHaveText(
        'You are on Growth ($1,000 a month).',
      );
      await expect(page.getByTestId('plan-change-terms')).toContainText(
        'You keep Growth until then, and nothing is charged today.',
      );
      await page.getByRole('button', { name: /^Change to White Glove Starter on / }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expectMessage(page, 'Plan change scheduled');
      await expect(page.getByTestId('plan-badge')).toHaveAttribute('data-tier', 'growth');
      await expect(page.getByTestId('billing-summary')).toContainText('Growth plan · until');
      await expect(page.getByTestId('billing-summary')).toContainText('then White Glove Starter');
      const scheduled = page.getByTestId('scheduled-change');
      await expect(scheduled).toContainText('Scheduled change: White Glove Starter ($500 a month)');

      // Picking Starter again says it is already scheduled.
      await page.goto('/checkout/starter');
      await expect(
        page.getByRole('heading', {
          name: 'Your move to White Glove Starter is already scheduled',
        }),
      ).toBeVisible();

      // Cancel the scheduled change from the Billing panel: Growth renews again.
      await page.goto('/dashboard');
      await page
        .getByTestId('scheduled-change')
        .getByRole('button', { name: 'Cancel the change and keep Growth' })
        .click();
      await expectMessage(page, 'Scheduled change cancelled');
      await expect(page.getByTestId('scheduled-change')).toHaveCount(0);
      await expect(page.getByTestId('billing-summary')).toContainText('Growth plan · renews on');
      await expect(page.getByTestId('plan-badge')).toHaveAttribute('data-tier', 'growth');
    });

    test('back from a checkout the provider has not confirmed yet: "payment received", then the plan when it lands', async ({
      page,
    }) => {
      const buyer = { email: uniqueEmail('pending'), password: 'a-long-password' };
      await register(page, buyer);
      sql(
        `UPDATE "User" SET "checkoutTier" = 'starter', "checkoutStartedAt" = ? WHERE email = ?`,
        new Date().toISOString().replace('Z', '+00:00'),
        buyer.email,
      );
      await page.goto('/dashboard?payment=success');
      await expect(page).toHaveURL(/\/dashboard$/);
      await expectMessage(page, 'Payment received');
      await expect(page.getByTestId('payment-pending')).toContainText(
        'we are activating your White Glove Starter plan',
      );
      await expect(page.getByTestId('plan-badge')).toHaveAttribute('data-tier', 'free');

      // The webhook lands.
      sql(
        `UPDATE "User" SET "subscriptionStatus" = 'starter', "checkoutTier" = NULL, "checkoutStartedAt" = NULL WHERE email = ?`,
        buyer.email,
      );
      if (!javaScriptEnabled) await page.getByRole('link', { name: 'Refresh' }).click();
      await expect(page.getByTestId('plan-badge')).toHaveAttribute('data-tier', 'starter', {
        timeout: 10_000,
      });
      // One name for the plan: the badge says what the pricing page and billing say.
      await expect(page.getByTestId('plan-badge')).toHaveText('White Glove Starter plan');
      await expect(page.getByTestId('payment-pending')).toHaveCount(0);
      if (javaScriptEnabled) await expectMessage(page, 'Payment Successful! 🎉');
    });

    test('an admin activates a plan by e-mail from the Webhook Testing box', async ({
      page,
      browser,
    }) => {
      const member = { email: uniqueEmail('member'), password: 'a-long-password' };
      const memberContext = await browser.newContext({ javaScriptEnabled });
      const memberPage = await memberContext.newPage();
      await register(memberPage, member);

      await login(page, E2E_ADMIN);
      await expect(page).toHaveURL(/\/admin$/);
      await page.goto('/admin');
      const box = page.getByRole('region', { name: 'Webhook Testing' });
      if (javaScriptEnabled) {
        // Nothing happens with an empty box.
        await box.getByRole('button', { name: 'Test Webhook' }).click();
        await expect(page).toHaveURL(/\/admin$/);
      }
      await box.getByLabel('User email').fill(uniqueEmail('nobody'));
      await box.getByRole('button', { name: 'Test Webhook' }).click();
      await expectMessage(page, 'Webhook test failed: No user found with that email');

      await page
        .getByRole('region', { name: 'Webhook Testing' })
        .getByLabel('User email')
        .fill(member.email.toUpperCase());
      await page
        .getByRole('region', { name: 'Webhook Testing' })
        .getByRole('button', { name: 'Test Webhook' })
        .click();
      await expectMessage(
        page,
        `Webhook test successful! Activated subscription for: ${member.email}`,
      );
      await expect(page.getByTestId('tier-diy')).not.toHaveText('0');

      await memberPage.reload();
      await expect(memberPage.getByTestId('plan-badge')).toHaveAttribute('data-tier', 'diy');
      await expect(memberPage.getByRole('link', { name: /Access Premium GPT/ })).toBeVisible();
      await memberContext.close();
    });
  });
}

// axe runs in the page, so the server-rendered (no-JavaScript) markup is checked by blocking the
// app's scripts instead of turning JavaScript off (as the admin spec does).
for (const hydrated of [true, false]) {
  test(`the plan change pages and the scheduled change have no axe violations (${hydrated ? 'hydrated' : 'server-rendered only'})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    if (!hydrated) await page.route('**/assets/**/*.js', (route) => route.abort());
    await register(page, { email: uniqueEmail('axe-plan'), password: 'a-long-password' });
    await page.goto('/checkout/growth');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByTestId('plan-badge')).toHaveAttribute('data-tier', 'growth');
    const check = async (what: string) => {
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations, `${what}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
    };
    await page.goto('/checkout/authority');
    await expect(
      page.getByRole('heading', { name: 'Upgrade to Authority', level: 1 }),
    ).toBeVisible();
    await check('upgrade page');
    await page.goto('/checkout/starter');
    await check('downgrade page');
    await page.getByRole('button', { name: /^Change to White Glove Starter on / }).click();
    await expect(page.getByTestId('scheduled-change')).toBeVisible();
    await check('dashboard with a scheduled change');
    await page.goto('/checkout/starter');
    await expect(
      page.getByRole('heading', { name: 'Your move to White Glove Starter is already scheduled' }),
    ).toBeVisible();
    await check('already scheduled page');
    await page.goto('/pricing');
    await expect(page.getByTestId('plan-standing-authority')).toHaveText('Upgrade');
    await check('pricing for a subscriber');
    await page.goto('/billing/cancel');
    await check('cancel confirmation');
    await page.getByRole('button', { name: 'Cancel my plan' }).click();
    await expect(page.getByRole('button', { name: 'Resume Growth' })).toBeVisible();
    await check('dashboard with a cancelled plan');
    await page.goto('/billing/demo');
    await check('billing page with a cancelled plan');
  });
}
