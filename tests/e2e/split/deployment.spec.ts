import { readFileSync } from 'node:fs';
import { expect, request, test } from '@playwright/test';
import { SPLIT_API_URL } from '../../../playwright.split.config';
import { ACCOUNTS, offerOf, openOffer, signInTo } from '../support';

test('the web app leaves the API to its own process', async ({ request }) => {
  const web = await request.get('/api/docs/openapi.json', { maxRedirects: 0 });
  expect(web.headers()['content-type'] ?? '').not.toContain('application/json');
  const api = await request.get(`${SPLIT_API_URL}/api/docs/openapi.json`);
  expect(await api.json()).toHaveProperty('openapi');
});

test('a vendor signs in, opens an order from the list and accepts an offer with a plain form', async ({
  page,
}) => {
  // The web app here does not answer /api or /oauth (the test above): the offer is made at the API itself.
  const api = await request.newContext({ baseURL: SPLIT_API_URL });
  const { externalNumber } = await offerOf(api);
  await api.dispose();
  await signInTo(page, ACCOUNTS.vendor, '/order');
  const order = page.getByRole('row').nth(1).getByRole('link').first();
  const number = (await order.textContent()) ?? '';
  await order.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(number);

  const offer = await openOffer(page, externalNumber);
  await offer.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
  await expect(page.getByRole('status')).toContainText('Data berhasil diubah');
});

test('the API’s own validation comes back as a field error on the form', async ({ page }) => {
  await signInTo(page, ACCOUNTS.brand, '/account/profile');
  await page.getByLabel('Nomor HP').fill('12345');
  await page.getByRole('button', { name: 'Simpan', exact: true }).click();
  await expect(page.getByText('The mobile phone must be a valid Indonesian phone number.')).toBeVisible();
});

test('an administrator downloads the order list as a spreadsheet streamed from the API', async ({ page }) => {
  await signInTo(page, ACCOUNTS.admin, '/order');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/order\.xlsx$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');
});
