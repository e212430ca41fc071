import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import type { Page } from '@playwright/test';
import { MemoryOAuthClient } from '../fakes/mcp-oauth-client';
import { expect, expectMessage, test, uniqueEmail } from './support';

// Connecting an assistant through OAuth alone, as ChatGPT and Claude do, against the production
// build: the official MCP client discovers the authorization server from /mcp's 401, registers,
// sends the owner's browser (Playwright) to our consent page, where a signed-out owner signs in
// first and comes back, allows, and the client lists the tools with its token; the owner then
// sees the app under Connected apps and disconnects it, and the token is refused at once. Deny
// returns access_denied, with JavaScript off too. (Every failure case at the token endpoint is in
// tests/integration/mcp-oauth.test.ts, on both databases.)

/** The app's redirect URI: a loopback address the browser never reaches (the test catches it), on a
 * port Chromium allows (port 9, "discard", is refused before any route sees the request). */
const REDIRECT = 'http://127.0.0.1:49151/oauth/callback';

/** Opens the authorization URL and returns the parameters the app's redirect URI receives. */
async function authorizeInBrowser(
  page: Page,
  authorizationUrl: URL,
  answer: (page: Page) => Promise<void>,
): Promise<URLSearchParams> {
  let callback: URL | null = null;
  // What the browser was sent to is read from its request: Chromium's headless shell does not
  // always hand a redirect's next hop to the route below, which then only answers when it can.
  page.on('request', (request) => {
    if (request.url().startsWith(REDIRECT)) callback = new URL(request.url());
  });
  await page.route(`${REDIRECT}**`, async (route) => {
    await route.fulfill({
      status: 200,
      contentType: 'text/plain',
      body: 'You can close this tab.',
    });
  });
  await page.goto(authorizationUrl.toString());
  await answer(page);
  await expect.poll(() => callback).not.toBeNull();
  return callback!.searchParams;
}

async function ownerAccount(page: Page) {
  const user = { email: uniqueEmail('oauth'), password: 'a-long-password' };
  const registered = await page.request.post('/api/auth/register', {
    data: { ...user, firstName: 'Mia' },
  });
  expect(registered.status()).toBe(201);
  return user;
}

test.describe('Connect an assistant through OAuth', () => {
  test('sign in, allow, use the tools, see the app, disconnect it', async ({ page, baseURL }) => {
    const user = await ownerAccount(page);
    const oauth = new MemoryOAuthClient(REDIRECT, 'read write', 'Claude');
    const mcpUrl = new URL('/mcp', baseURL);
    await expect(
      new Client({ name: 'e2e', version: '1' }).connect(
        new StreamableHTTPClientTransport(mcpUrl, { authProvider: oauth }),
      ),
    ).rejects.toThrow(UnauthorizedError);
    expect(oauth.authorizationUrl?.pathname).toBe('/oauth/authorize');

    const params = await authorizeInBrowser(page, oauth.authorizationUrl!, async (browser) => {
      // Signed out: the sign-in page first, then back to the consent page.
      await expect(browser).toHaveURL(/\/login\?redirectTo=%2Foauth%2Fconsent%2F/);
      await browser.getByLabel('Email').fill(user.email);
      await browser.getByLabel('Password').fill(user.password);
      await browser.getByRole('button', { name: 'Sign In' }).click();
      await expect(browser).toHaveURL(/\/oauth\/consent\//);
      await expect(
        browser.getByRole('heading', { name: 'Allow Claude to use your AI Visibility account?' }),
      ).toBeVisible();
      await expect(browser.getByTestId('consent-client-site')).toHaveText(
        'https://assistant.example',
      );
      await expect(browser.getByTestId('consent-scopes')).toContainText(
        'Add or remove tracked questions and run audits.',
      );
      await browser.getByRole('button', { name: 'Allow' }).click();
    });
    expect(params.get('code')).toBeTruthy();

    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: oauth });
    await transport.finishAuth(params);
    const client = new Client({ name: 'e2e', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: oauth }));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['list_businesses', 'add_tracked_prompt']),
    );
    const businesses = await client.callTool({ name: 'list_businesses', arguments: {} });
    expect(businesses.isError).toBeFalsy();
    await client.close();

    await page.goto('/account');
    await page.getByRole('link', { name: 'See connected apps' }).click();
    const row = page.getByTestId('connected-app-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Claude');
    await expect(row).toContainText('Last used');
    await row.getByRole('link', { name: 'Disconnect Claude' }).click();
    const dialog = page.getByTestId('disconnect-app-dialog');
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await expectMessage(page, 'App disconnected', 'Claude can no longer reach your account.');
    await expect(page.getByTestId('no-connected-apps')).toBeVisible();

    const refused = await page.request.post('/mcp', {
      data: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      headers: {
        Authorization: `Bearer ${oauth.saved!.access_token}`,
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': '2025-11-25',
      },
    });
    expect(refused.status()).toBe(401);
    expect(refused.headers()['www-authenticate']).toContain('error="invalid_token"');
  });
});

test.describe('Without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Deny sends access_denied back to the app', async ({ page, baseURL }) => {
    const user = await ownerAccount(page);
    const oauth = new MemoryOAuthClient(REDIRECT, 'read', 'ChatGPT');
    await expect(
      new Client({ name: 'e2e', version: '1' }).connect(
        new StreamableHTTPClientTransport(new URL('/mcp', baseURL), { authProvider: oauth }),
      ),
    ).rejects.toThrow(UnauthorizedError);
    const params = await authorizeInBrowser(page, oauth.authorizationUrl!, async (browser) => {
      await browser.getByLabel('Email').fill(user.email);
      await browser.getByLabel('Password').fill(user.password);
      await browser.getByRole('button', { name: 'Sign In' }).click();
      await expect(browser.getByTestId('consent-client-name')).toHaveText('ChatGPT');
      await browser.getByRole('button', { name: 'Deny' }).click();
    });
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('code')).toBeNull();
  });
});
