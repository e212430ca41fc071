import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test,
  E2E_ADMIN,
  expectLoginFailed,
  expectMessage,
  login,
  logout,
  register,
  uniqueEmail,
} from './support';

for (const javaScriptEnabled of [true, false]) {
  test.describe(`accounts with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('register → dashboard → logout → login again', async ({ page }) => {
      const user = { email: uniqueEmail(), password: 'a-long-password', firstName: 'Dana' };
      await register(page, user);
      await expect(page.getByRole('heading', { name: 'AI Visibility Dashboard' })).toBeVisible();
      // A brand-new account is welcomed; "Welcome back" is for the next sign-in.
      await expect(page.getByTestId('welcome')).toHaveText('Welcome, Dana');
      await expect(page.getByRole('banner').getByTestId('greeting').first()).toHaveText('Hi, Dana');

      await logout(page);
      await expect(
        page.getByRole('banner').getByRole('link', { name: 'Login' }).first(),
      ).toBeVisible();
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);

      await login(page, { email: user.email.toUpperCase(), password: user.password }, page.url());
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId('welcome')).toHaveText('Welcome back, Dana');
    });

    test('a wrong password is refused without saying whether the account exists', async ({
      page,
    }) => {
      await login(page, { email: E2E_ADMIN.email, password: 'not-the-password' });
      await expect(page).toHaveURL(/\/login$/);
      await expectLoginFailed(page);
      await expect(page.getByLabel('Email')).toHaveValue(E2E_ADMIN.email);
      // Without JavaScript the page comes back from the server, which never echoes a password.
      if (!javaScriptEnabled) await expect(page.getByLabel('Password')).toHaveValue('');

      await login(page, { email: uniqueEmail('nobody'), password: 'not-the-password' });
      await expectLoginFailed(page);
    });

    test("mismatched passwords get 'Passwords do not match' and create nothing", async ({
      page,
    }) => {
      const email = uniqueEmail();
      await page.goto('/register');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('a-long-password');
      await page.getByLabel('Confirm password').fill('another-password');
      await page.getByRole('button', { name: 'Create Account' }).click();
      // Said by the field, with JavaScript on or off (the page is a document).
      const confirm = page.getByLabel('Confirm password');
      await expect(confirm).toHaveAttribute('aria-invalid', 'true');
      await expect(confirm).toHaveAccessibleDescription('Passwords do not match');
      await expect(
        page.getByText('Passwords do not match', { exact: true }).filter({ visible: true }),
      ).toHaveCount(1);
      // The cursor is back in the first field the server refused.
      if (javaScriptEnabled) await expect(confirm).toBeFocused();
      await expect(page).toHaveURL(/\/register$/);
      await expect(page.getByLabel('Email')).toHaveValue(email);

      await login(page, { email, password: 'a-long-password' });
      await expectLoginFailed(page);
    });

    test('a sign-up with mistakes keeps the plan picked on Pricing and goes on to its checkout', async ({
      page,
    }) => {
      const heading = page.getByRole('heading', {
        name: 'Create your account to start the Growth plan, $1,000 a month',
      });
      await page.goto('/pricing');
      await page.getByRole('link', { name: 'Get Started with Growth' }).click();
      await expect(heading).toBeVisible();

      // Two refusals in a row (passwords that differ, then an e-mail already taken) ...
      await page.getByLabel('Email').fill(E2E_ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill('a-long-password');
      await page.getByLabel('Confirm password').fill('another-password');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(
        page.getByText('Passwords do not match', { exact: true }).filter({ visible: true }).first(),
      ).toBeVisible();
      await expect(heading).toBeVisible();
      await page.getByLabel('Password', { exact: true }).fill('a-long-password');
      await page.getByLabel('Confirm password').fill('a-long-password');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
      await expect(heading).toBeVisible();
      await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
        'href',
        '/login?redirectTo=%2Fcheckout%2Fgrowth',
      );

      // ... and the corrected sign-up still goes to the plan's checkout, not the dashboard.
      await page.getByLabel('Email').fill(uniqueEmail('typo'));
      await page.getByLabel('Password', { exact: true }).fill('a-long-password');
      await page.getByLabel('Confirm password').fill('a-long-password');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page).toHaveURL(/\/checkout\/growth$/);
    });

    test('a wrong password on the way to a plan keeps the plan for the next try', async ({
      page,
    }) => {
      const user = { email: uniqueEmail(), password: 'a-long-password' };
      await register(page, user);
      await logout(page);
      await page.goto('/pricing');
      await page.getByRole('link', { name: 'Get Started with Growth' }).click();
      await page.getByRole('link', { name: 'Sign in' }).click();
      const heading = page.getByRole('heading', {
        name: 'Sign in to start the Growth plan, $1,000 a month',
      });
      await expect(heading).toBeVisible();
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expectLoginFailed(page);
      await expect(heading).toBeVisible();
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(/\/checkout\/growth$/);
    });

    test('a non-admin on /admin is told Access Denied and lands on the dashboard', async ({
      page,
    }) => {
      await register(page, { email: uniqueEmail(), password: 'a-long-password' });
      await expect(page.getByRole('banner').getByRole('link', { name: 'Admin' })).toHaveCount(0);
      await page.goto('/admin');
      await expect(page).toHaveURL(/\/dashboard$/);
      await expectMessage(page, 'Access Denied', 'You need admin privileges to access this page');
    });

    test('the seeded admin is taken back to /admin after login and sees the Admin link', async ({
      page,
    }) => {
      await page.goto('/admin');
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin$/);
      await login(page, E2E_ADMIN, page.url());
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
      await expect(
        page.getByRole('banner').getByRole('link', { name: 'Admin' }).first(),
      ).toBeVisible();
    });

    test("unknown paths answer 404 with 'Page Not Found'", async ({ page }) => {
      const response = await page.goto('/no/such/page');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    });

    test('the mobile menu opens by keyboard and offers every header item', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto('/');
      const menu = page.getByTestId('mobile-menu');
      await menu.locator('summary').focus();
      await page.keyboard.press('Enter');
      const nav = page.getByRole('navigation', { name: 'Mobile' });
      for (const name of ['Why AI Visibility', 'How It Works', 'Pricing', 'Contact', 'Login']) {
        await expect(nav.getByRole('link', { name })).toBeVisible();
      }
      await expect(nav.getByRole('link', { name: /Free AI Visibility Check/ })).toHaveAttribute(
        'href',
        '/free-check',
      );
    });
  });
}

test.describe('accessibility of the account screens', () => {
  for (const path of ['/login', '/register', '/no-such-page']) {
    test(`${path} has no axe violations, also with its errors showing`, async ({ page }) => {
      await page.goto(path);
      if (path !== '/no-such-page') {
        await page.getByRole('button', { name: /Sign In|Create Account/ }).click();
        await expect(page.getByText('Email is required')).toBeVisible();
      }
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations).toEqual([]);
    });
  }

  test('the signed-in header and dashboard have no axe violations', async ({ page }) => {
    await register(page, { email: uniqueEmail(), password: 'a-long-password', firstName: 'Axe' });
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations).toEqual([]);
  });
});
