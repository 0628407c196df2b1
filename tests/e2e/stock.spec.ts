import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS, signInAndWait, tokenFor } from './support';

test.describe.configure({ mode: 'serial' });

type StockRow = {
  id: number;
  brand_id: number;
  name: string;
  sku: string;
  quantity: number;
  reserved: number;
  run_rate: number;
  weeks_of_supply: number | null;
};

async function accountOf(request: APIRequestContext, token: string) {
  const account = await request.get('/api/account', { headers: { authorization: `Bearer ${token}` } });
  return ((await account.json()) as { data: { vendor_id: number; brand_id: number } }).data;
}

async function vendorOf(request: APIRequestContext, token: string) {
  return (await accountOf(request, token)).vendor_id;
}

async function vendorStock(request: APIRequestContext, token: string, vendorId: number) {
  const response = await request.get(`/api/vendor/${vendorId}/product-stock?per_page=1000`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: StockRow[] }).data;
}

test('a vendor updates a stock row, and the brand user opens the notification to see the history', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const token = await tokenFor(request, ACCOUNTS.vendor);
  const brand = await accountOf(request, await tokenFor(request, ACCOUNTS.brand));
  // A product of the demo brand user's brand, so that its users hear of the update.
  const rows = (await vendorStock(request, token, await vendorOf(request, token))).filter(
    (item) => item.brand_id === brand.brand_id,
  );
  const row = rows[javaScriptEnabled ? 1 : 0];
  const quantity = row.quantity + 7;

  await signInAndWait(page, ACCOUNTS.vendor);
  // As a low-stock notification leads there: the stock list, which sends a vendor to the management screen
  // with the search kept.
  await page.goto(`/stock?search=${encodeURIComponent(row.sku)}`);
  await expect(page).toHaveURL(/\/stock\/manajemen\?search=/);
  await expect(page.getByRole('searchbox', { name: 'Cari nama atau SKU' })).toHaveValue(row.sku);
  await page.getByRole('searchbox', { name: 'Cari nama atau SKU' }).fill(row.sku);
  await page.getByRole('button', { name: 'Terapkan' }).click();
  const field = page.getByRole('spinbutton', { name: `Stok ${row.name}` });
  await field.fill(String(quantity));
  await field.locator('xpath=..').getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByRole('status')).toContainText('Data berhasil diubah');
  await expect(page.getByRole('spinbutton', { name: `Stok ${row.name}` })).toHaveValue(String(quantity));

  await page.context().clearCookies();
  await signInAndWait(page, ACCOUNTS.brand);
  await page.goto('/notifications');
  await page
    .getByRole('button', { name: /memperbarui stok 1 produk/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/stock\/update-stock-history\/\d+\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Update stok dari');
  const table = page.getByRole('table', { name: 'Produk yang diperbarui' });
  await expect(table.getByRole('row', { name: new RegExp(row.sku) })).toContainText(String(quantity));
});

test('an administrator adjusts stock with a note and finds the movement in the mutation screen', async ({
  page,
  javaScriptEnabled,
}) => {
  const note = `Stock opname ${javaScriptEnabled ? 'JS' : 'HTML'} ${Date.now()}`;
  await signInAndWait(page, ACCOUNTS.admin);
  await page.goto('/stock/manajemen');
  await page.getByRole('link', { name: 'Lakukan Penyesuaian Stok' }).click();
  await expect(page).toHaveURL(/\/stock\/management\/adjust/);
  await page.getByLabel('Catatan penyesuaian').fill(note);
  const first = page.getByRole('spinbutton', { name: /^Penyesuaian / }).first();
  await first.fill('3');
  await page.getByRole('button', { name: 'Simpan Penyesuaian' }).click();
  await expect(page).toHaveURL(/\/stock\/mutation/);
  await expect(page.getByRole('status')).toContainText('Penyesuaian stok tersimpan');
  const movement = page.getByRole('row', { name: new RegExp(note) });
  await expect(movement).toContainText('+3');
  const sku = (await movement.getByRole('cell').nth(1).textContent()) ?? '';
  await page.getByLabel('SKU').fill(sku);
  await page.getByRole('main').getByRole('button', { name: 'Terapkan' }).click();
  await expect(page).toHaveURL(new RegExp(`sku=${encodeURIComponent(sku)}`));
  await expect(page.getByRole('row', { name: new RegExp(note) })).toBeVisible();
});

test('an import with a bad row shows its error and changes nothing', async ({ page, request }) => {
  const token = await tokenFor(request, ACCOUNTS.vendor);
  const vendorId = await vendorOf(request, token);
  const [first, second] = await vendorStock(request, token, vendorId);
  await signInAndWait(page, ACCOUNTS.vendor);
  await page.goto('/stock/manajemen');
  await page.getByLabel('Upload stok (csv/xlsx)').setInputFiles({
    name: 'stok.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sku,quantity\n${first.sku},${first.quantity + 1}\n${second.sku},banyak\n`),
  });
  await page.getByRole('button', { name: 'Unggah' }).click();
  await expect(page.getByRole('heading', { name: 'Error' })).toBeVisible();
  await expect(page.getByText('Baris 3, kolom quantity')).toBeVisible();
  const after = await vendorStock(request, token, vendorId);
  expect(after.find((row) => row.id === first.id)?.quantity).toBe(first.quantity);
});

test(
  'with JavaScript, Enter saves an inline quantity without leaving the page',
  { tag: '@enhanced' },
  async ({ page, request }) => {
    const token = await tokenFor(request, ACCOUNTS.vendor);
    const vendorId = await vendorOf(request, token);
    const row = (await vendorStock(request, token, vendorId))[2];
    await signInAndWait(page, ACCOUNTS.vendor);
    await page.goto(`/stock/manajemen?search=${encodeURIComponent(row.sku)}`);
    const field = page.getByRole('spinbutton', { name: `Stok ${row.name}` });
    await field.fill(String(row.quantity + 2));
    await field.press('Enter');
    await expect(page.getByRole('status')).toContainText('Data berhasil diubah');
    await expect
      .poll(
        async () =>
          (await vendorStock(request, token, vendorId)).find((item) => item.id === row.id)?.quantity,
      )
      .toBe(row.quantity + 2);
  },
);

test(
  'with JavaScript, a low-stock alert arrives live in the bell',
  { tag: '@enhanced' },
  async ({ page, request }) => {
    const token = await tokenFor(request, ACCOUNTS.vendor);
    const vendorId = await vendorOf(request, token);
    // A product selling now, first given six weeks of supply: well over the 2-week threshold, and a recovery
    // clears any alert it already had, so the drop below is a crossing whatever the tests before did to it.
    const selling = (await vendorStock(request, token, vendorId)).find((row) => row.run_rate > 0);
    expect(selling, 'a demo product this vendor sold in the last 7 days').toBeDefined();
    const restocked = await request.put(`/api/vendor/${vendorId}/product-stock/update`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        product_stocks: [
          {
            product_id: selling?.id,
            quantity: (selling?.reserved ?? 0) + Math.ceil((selling?.run_rate ?? 0) * 7 * 6) + 1,
          },
        ],
      },
    });
    expect(restocked.ok()).toBeTruthy();
    await signInAndWait(page, ACCOUNTS.vendor);
    await page.goto('/stock/manajemen');
    // The user's channel is subscribed once the header shows the live dot.
    await expect(page.locator('[data-live="true"]')).toBeAttached();
    const bell = page.getByRole('link', { name: /^Notifikasi/ });
    const before = (await bell.getAttribute('aria-label')) ?? '';
    const update = await request.put(`/api/vendor/${vendorId}/product-stock/update`, {
      headers: { authorization: `Bearer ${token}` },
      data: { product_stocks: [{ product_id: selling?.id, quantity: selling?.reserved }] },
    });
    expect(update.ok()).toBeTruthy();
    const alerts = await request.get('/api/account/notification?per_page=5', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(JSON.stringify(await alerts.json())).toContain('low-stock');
    await expect(bell).not.toHaveAttribute('aria-label', before, { timeout: 5_000 });
  },
);
