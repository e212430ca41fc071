import AxeBuilder from '@axe-core/playwright';
import { expect, expectMessage, register, setSubscription, test, uniqueEmail } from './support';

// Crawler visits (issue 48), end to end with JavaScript on and off: an owner opens the page from
// the business card, uploads an access log on the plain form, is told it is being read, and reads
// which AI crawlers came, what they got, and who came from the assistants. A file that is not a
// log is refused with the reason.

const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)';
const CHATGPT_USER =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

function log(): string {
  const now = new Date();
  const month = now.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  const stamp = `${String(now.getUTCDate()).padStart(2, '0')}/${month}/${now.getUTCFullYear()}:00:10:00 +0000`;
  const line = (ip: string, path: string, status: number, ua: string, referer = '-') =>
    `${ip} - - [${stamp}] "GET ${path} HTTP/1.1" ${status} 512 "${referer}" "${ua}"`;
  return [
    line('20.171.207.10', '/', 200, GPTBOT),
    line('23.98.142.180', '/contact', 403, CHATGPT_USER),
    line('23.98.142.181', '/contact', 403, CHATGPT_USER),
    line('192.0.2.2', '/book', 200, BROWSER, 'https://chatgpt.com/'),
  ].join('\n');
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`crawler visits with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('upload a log on the plain form, read what the crawlers got', async ({ page }) => {
      test.setTimeout(90_000);
      const email = uniqueEmail('crawlers');
      await register(page, { email, password: 'crawlers-password-1', firstName: 'Ada' });
      setSubscription(email, 'diy');
      await page.goto('/dashboard?add=1');
      const form = page.locator('#add-business-panel');
      await form.getByLabel('Business name').fill('Lone Star Plumbing');
      await form.getByLabel('Website').fill('https://lonestarplumbing.example/');
      await form.getByRole('button', { name: 'Add Business' }).click();
      await expectMessage(page, 'Business added successfully!');
      const card = page.getByTestId('business-card').filter({ hasText: 'Lone Star Plumbing' });
      await card.getByRole('link', { name: 'Crawler visits for Lone Star Plumbing' }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Crawler visits: Lone Star Plumbing' }),
      ).toBeVisible();

      await page.getByLabel('Access log file').setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('dear diary\n'),
      });
      await page.getByRole('button', { name: 'Upload' }).click();
      await expectMessage(page, 'Log not read');

      await page
        .getByLabel('Access log file')
        .setInputFiles({ name: 'access.log', mimeType: 'text/plain', buffer: Buffer.from(log()) });
      await page.getByRole('button', { name: 'Upload' }).click();
      await expectMessage(page, 'Log received');
      await expect(async () => {
        await page.reload();
        await expect(page.getByTestId('crawler-conclusions')).toContainText(
          'ChatGPT-User was refused (4xx) on 2 of 2 visits in the last 30 days',
          { timeout: 1000 },
        );
      }).toPass({ timeout: 45_000 });
      await expect(page.getByTestId('crawler-referrals')).toContainText('ChatGPT: 1 visit');
      await expect(page.getByTestId('crawler-imports')).toContainText('Read');
      await expect(page.getByRole('link', { name: "See the audit's fix" })).toBeVisible();
      if (javaScriptEnabled) {
        const scan = await new AxeBuilder({ page }).analyze();
        expect(scan.violations).toEqual([]);
      }
    });

    test('connect a log drain: the address shown once, batches counted, then revoked', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const email = uniqueEmail('drains');
      await register(page, { email, password: 'drains-password-1', firstName: 'Ada' });
      setSubscription(email, 'diy');
      await page.goto('/dashboard?add=1');
      const form = page.locator('#add-business-panel');
      await form.getByLabel('Business name').fill('Harbor Dental');
      await form.getByLabel('Website').fill('https://harbordental.example/');
      await form.getByRole('button', { name: 'Add Business' }).click();
      await expectMessage(page, 'Business added successfully!');
      await page
        .getByTestId('business-card')
        .filter({ hasText: 'Harbor Dental' })
        .getByRole('link', { name: 'Crawler visits for Harbor Dental' })
        .click();

      await page.getByLabel('Signing secret (optional)').fill('two words');
      await page.getByRole('button', { name: 'Make a drain address' }).click();
      await expect(page.getByText('A signing secret has no spaces')).toBeVisible();
      await page.getByLabel('Signing secret (optional)').fill('');
      await page.getByLabel('Vercel verification code (optional)').fill('vercel-code-1');
      await page.getByRole('button', { name: 'Make a drain address' }).click();
      const shown = page.getByTestId('drain-url');
      await expect(shown).toContainText('/api/ingest/ld_');
      const address = new URL((await shown.textContent())!.trim());
      expect(
        await page.getByRole('textbox', { name: /Cloudflare Worker script/ }).inputValue(),
      ).toContain(`const INGEST_URL = ${JSON.stringify(address.href)};`);
      await expect(page.getByTestId('drain-row')).toHaveCount(1);
      if (javaScriptEnabled) {
        const scan = await new AxeBuilder({ page }).analyze();
        expect(scan.violations).toEqual([]);
      }

      const check = await request.get(address.pathname);
      expect(check.status()).toBe(200);
      expect(check.headers()['x-vercel-verify']).toBe('vercel-code-1');
      const at = Date.now();
      const batch = [
        {
          id: '1',
          timestamp: at,
          proxy: {
            path: '/',
            statusCode: 403,
            clientIp: '23.98.142.180',
            userAgent: [CHATGPT_USER],
          },
        },
        {
          id: '2',
          timestamp: at,
          proxy: {
            path: '/',
            statusCode: 403,
            clientIp: '23.98.142.181',
            userAgent: [CHATGPT_USER],
          },
        },
        {
          id: '3',
          timestamp: at,
          proxy: {
            path: '/book',
            statusCode: 200,
            clientIp: '192.0.2.2',
            userAgent: [BROWSER],
            referer: 'https://chatgpt.com/',
          },
        },
      ];
      const sent = await request.post(address.pathname, {
        data: batch.map((entry) => JSON.stringify(entry)).join('\n'),
        headers: { 'Content-Type': 'application/x-ndjson' },
      });
      expect(sent.status()).toBe(200);
      expect(await sent.json()).toEqual({
        lines: 3,
        counted: 3,
        skipped: 0,
        duplicates: 0,
        notRead: 0,
      });

      // The address is not shown again; what it received is.
      await page.goto(page.url().split('#')[0]!);
      await expect(page.getByTestId('drain-url')).toHaveCount(0);
      await expect(page.getByTestId('crawler-conclusions')).toContainText(
        'ChatGPT-User was refused (4xx) on 2 of 2 visits in the last 30 days',
      );
      await expect(page.getByTestId('crawler-imports')).toContainText('drain');

      await page.getByRole('button', { name: /^Revoke ld_/ }).click();
      await expectMessage(page, 'Log drain revoked');
      await expect(page.getByTestId('drain-row')).toHaveCount(0);
      const refused = await request.post(address.pathname, { data: '[]' });
      expect(refused.status()).toBe(404);
    });
  });
}
