import { expect, expectMessage, register, test, uniqueEmail } from './support';

// The API keys section of account settings, with JavaScript on and off: a key is shown once in
// full, listed by its prefix, works against the JSON API, and stops working once revoked.

for (const javaScriptEnabled of [true, false]) {
  test.describe(`API keys with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('make a key, see it once, use it, revoke it after a confirmation', async ({
      page,
      request,
    }) => {
      await register(page, { email: uniqueEmail('keys'), password: 'a-long-password' });
      await page.goto('/account');
      const section = page.getByRole('region', { name: 'API keys' });
      await expect(section.getByTestId('api-key-count')).toContainText(
        '0 of 1 key in use on your Free plan',
      );
      await section.getByLabel('Name of the new key').fill('Claude on my laptop');
      await section.getByRole('button', { name: 'Create API key' }).click();

      const shown = page.getByTestId('api-key-created');
      await expect(shown).toContainText('It is shown only this once');
      const key = (await page.getByTestId('api-key-value').textContent())!.trim();
      expect(key).toMatch(/^aiv_[0-9a-f]{12}_/);
      if (javaScriptEnabled) {
        await expect(shown.getByRole('button', { name: 'Copy API key' })).toBeVisible();
      } else {
        await expect(shown).toContainText('Select the API key and copy it.');
      }
      // The Free plan's one key is in use: no form to make another, and why.
      await expect(page.getByTestId('api-key-at-limit')).toContainText(
        'revoke one to make another',
      );
      await expect(section.getByRole('button', { name: 'Create API key' })).toHaveCount(0);
      const row = page.getByTestId('api-key-row');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Claude on my laptop');
      await expect(row).toContainText(`${key.slice(0, 16)}…`);
      await expect(row).toContainText('Never used');

      // The key works on the JSON API, and is never shown again.
      const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${key}` } });
      expect(me.status()).toBe(200);
      await page.goto('/account');
      await expect(page.getByTestId('api-key-created')).toHaveCount(0);
      await expect(page.locator('body')).not.toContainText(key);
      await expect(page.getByTestId('api-key-row')).toContainText('Last used');

      await page.getByRole('link', { name: /^Revoke Claude on my laptop/ }).click();
      const dialog = page.getByTestId('revoke-api-key-dialog');
      await expect(dialog).toContainText('stops working at once');
      await dialog.getByRole('button', { name: 'Revoke key' }).click();
      await expectMessage(page, 'API key revoked');
      await expect(page.getByTestId('api-key-row')).toHaveCount(0);
      await expect(
        page
          .getByRole('region', { name: 'API keys' })
          .getByRole('button', { name: 'Create API key' }),
      ).toBeVisible();
      const after = await request.get('/api/auth/me', {
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(after.status()).toBe(401);
    });
  });
}

test('the help page shows the settings with this site’s address, without JavaScript', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/help/mcp');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Use your data in Claude, ChatGPT or Cursor' }),
  ).toBeVisible();
  await expect(
    page.getByText(`claude mcp add --transport http ai-visibility ${baseURL}/mcp`),
  ).toBeVisible();
  await expect(page.locator('pre').filter({ hasText: '"url"' }).first()).toContainText(
    `${baseURL}/mcp`,
  );
  // The assistants owners use come first, connected by signing in (OAuth), no key.
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('Connect from ChatGPT');
  await expect(page.getByRole('heading', { level: 2 }).nth(1)).toHaveText('Connect from Claude');
  // The Claude Messages API example is the current connector: the beta header and a toolset.
  await expect(page.getByText('anthropic-beta: mcp-client-2025-11-20')).toBeVisible();
  await expect(page.locator('pre').filter({ hasText: 'mcp_toolset' })).toContainText(
    '"mcp_server_name": "ai-visibility"',
  );
  // OpenAI's example asks before the tools that change something.
  const openai = page.locator('pre').filter({ hasText: 'require_approval' });
  await expect(openai).toContainText('"list_businesses"');
  await expect(openai).not.toContainText('remove_tracked_prompt');
  await context.close();
});
