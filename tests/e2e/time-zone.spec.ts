import { expect, register, test, uniqueEmail } from './support';

// Times are shown in the browser's time zone: the page's inline script leaves it in the `tz`
// cookie, and the server writes every date and time in it. Without JavaScript the zone is never
// told, so times stay UTC and say so.

const signedInLine = /^Signed in [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M /;

test.describe('a browser in Tokyo', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('sees its sign-in time in its own zone, labelled', async ({ page, context }) => {
    await register(page, { email: uniqueEmail('tokyo'), password: 'a-long-password' });
    expect((await context.cookies()).find((cookie) => cookie.name === 'tz')?.value).toBe(
      'Asia%2FTokyo',
    );
    await page.goto('/account');
    const when = page.getByTestId('account-session').first().getByText(signedInLine);
    await expect(when).toContainText(/ Japan Standard Time( ·|$)/);
    // The hour is Tokyo's: nine hours ahead of UTC.
    const shown = Number(/, (\d{1,2}):\d{2} ([AP])M/.exec((await when.textContent()) ?? '')![1]);
    const hour = (new Date().getUTCHours() + 9) % 24;
    expect([hour % 12 || 12, ((hour + 23) % 24) % 12 || 12]).toContain(shown);
  });
});

test.describe('a browser in Tokyo without JavaScript', () => {
  test.use({ timezoneId: 'Asia/Tokyo', javaScriptEnabled: false });

  test('is shown UTC, and told so', async ({ page, context }) => {
    await register(page, { email: uniqueEmail('nojs-tz'), password: 'a-long-password' });
    expect((await context.cookies()).some((cookie) => cookie.name === 'tz')).toBe(false);
    await page.goto('/account');
    await expect(page.getByTestId('account-session').first().getByText(signedInLine)).toContainText(
      / UTC( ·|$)/,
    );
  });
});
