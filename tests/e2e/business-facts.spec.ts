import { expect, expectMessage, register, test, uniqueEmail } from './support';

// Issue 45 item 1: the business's phone, address and opening hours on the add and edit forms,
// with JavaScript on and off: a value that cannot be read is a field error and adds nothing; the
// phone is kept in E.164 for the location's country.

for (const javaScriptEnabled of [true, false]) {
  test.describe(`business facts with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('a phone, address or hours it cannot read is a field error; good ones are kept', async ({
      page,
    }) => {
      await register(page, {
        email: uniqueEmail('facts'),
        password: 'a-long-password',
        firstName: 'Ada',
      });
      await page.getByRole('link', { name: 'Add Your First Business' }).click();
      await page.getByLabel('Business Name').fill('Okafor Plumbing');
      await page.getByLabel('Location').fill('Austin, TX');
      await page.getByLabel('Phone').fill('555-01');
      await page.getByLabel('Address').fill('near the river');
      await page.getByLabel('Opening hours').fill('weekdays');
      await page.getByRole('button', { name: 'Add Business' }).click();
      await expect(page.getByText(/Please enter the street address on one line/)).toBeVisible();
      await expect(page.getByText(/Please enter opening hours like/)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Your Businesses (0)' })).toBeVisible();

      await page.getByLabel('Address').fill('1420 E 6th St, Austin, TX 78702');
      await page.getByLabel('Opening hours').fill('Mo-Fr 08:00-17:00, Sa 09:00-12:00');
      await page.getByRole('button', { name: 'Add Business' }).click();
      await expect(page.getByText(/Please enter a phone number we can read/)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Your Businesses (0)' })).toBeVisible();

      await page.getByLabel('Phone').fill('(512) 555-0142');
      await page.getByRole('button', { name: 'Add Business' }).click();
      await expectMessage(page, 'Business added successfully!');
      await expect(page.getByRole('heading', { name: 'Your Businesses (1)' })).toBeVisible();

      await page.getByRole('link', { name: 'Edit Okafor Plumbing' }).click();
      await expect(page.getByLabel('Phone')).toHaveValue('+15125550142');
      await expect(page.getByLabel('Address')).toHaveValue('1420 E 6th St, Austin, TX 78702');
      await expect(page.getByLabel('Opening hours')).toHaveValue(
        'Mo-Fr 08:00-17:00, Sa 09:00-12:00',
      );
    });
  });
}
