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

      // Manage billing → the demo portal → cancel at the period end.
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Manage billing' }).click();
      await expect(page).toHaveURL(/\/billing\/demo$/);
      await page.getByRole('button', { name: 'Cancel plan at period end' }).click();
      await expectMessage(page, 'Plan cancelled');
      await expect(page.getByTestId('billing-summary')).toContainText('Growth plan · ends on');
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
      await expect(page).toHaveURL(/\/dashboard$/);
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
