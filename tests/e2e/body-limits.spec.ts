import { writeFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { ACCOUNTS, signInTo } from './support';

/**
 * The web app's forms have body limits too, enforced by the server in front of Remix: the sign-in
 * the smallest, an upload at the upload limit, and a refusal a person can read.
 */

/** Past the default upload limit of 21 MiB (README, Environment). */
const OVERSIZED_UPLOAD = 22 * 1024 * 1024;

test('a sign-in form past the smallest limit is refused with a readable page, in Indonesian', async ({
  request,
  baseURL,
}) => {
  const response = await request.post('/auth/login', {
    data: `email=${'a'.repeat(20_000)}&password=x`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseURL ?? '' },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(413);
  expect(response.headers()['content-type']).toContain('text/html');
  const page = await response.text();
  expect(page).toContain('<h1>Data terlalu besar</h1>');
  expect(page).toContain('Data yang dikirim melebihi batas 16 KB.');
  expect(page).toContain('<a href="/auth/login">Kembali ke formulir</a>');
});

test('a stock file past the upload limit is refused on a page that says so', async ({ page }, testInfo) => {
  // A 22 MiB upload from the browser, then the page: slow on a busy machine.
  test.setTimeout(120_000);
  // Chosen from disk, as a person picks it: a file handed over as a buffer crosses to the browser in base64 first.
  const file = testInfo.outputPath('stok.csv');
  writeFileSync(file, Buffer.concat([Buffer.from('sku,quantity\n'), Buffer.alloc(OVERSIZED_UPLOAD, 0x20)]));
  await signInTo(page, ACCOUNTS.vendor, '/stock/manajemen');
  await page.getByLabel('Upload stok (csv/xlsx)').setInputFiles(file);
  await page.getByRole('button', { name: 'Unggah' }).click();
  await expect(page.getByRole('heading', { name: 'Data terlalu besar' })).toBeVisible();
  await expect(page.getByText(/Data yang dikirim melebihi batas/)).toBeVisible();
});
