import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { ACCOUNTS, axeOn, signInTo, tokenFor } from './support';

/** A real 1×1 PNG, as a product picture. */
const PICTURE = {
  name: 'kaos.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/** The demo brand (Nusantara Home) the administrator works in. */
const BRAND = 1;

/** A listing of the demo brand made through the API, as another client of the contract would. */
async function listingThroughApi(request: APIRequestContext, name: string, sku: string) {
  const token = await tokenFor(request, ACCOUNTS.admin);
  const created = await request.post(`/api/brand/${BRAND}/tokopedia/product-commerce`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name,
      category_id: 1761,
      etalase: { id: 1001 },
      sku,
      price: 60_000,
      min_order: 1,
      weight: 200,
      dimension: { length: 30, width: 20, height: 2 },
      pictures: [{ file_path: '/storage/file/kaos.png' }],
    },
  });
  expect(created.status()).toBe(201);
}

/** Chooses a category level; without JavaScript the next level comes with the step button. */
async function chooseCategory(page: Page, label: string, option: string, javaScriptEnabled: boolean) {
  await page.getByLabel(label, { exact: true }).selectOption({ label: option });
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Tampilkan sub kategori' }).click();
  await expect(page.getByLabel(label, { exact: true }).locator('option:checked')).toHaveText(option);
}

/** Adds a variant type with its values; without JavaScript choosing and ticking are applied by a step. */
async function addVariant(page: Page, n: number, type: string, values: string[], javaScriptEnabled: boolean) {
  await page.getByRole('button', { name: 'Tambah varian' }).click();
  const group = page.getByRole('group', { name: `Varian ${n}` });
  await group.getByLabel('Tipe varian').selectOption({ label: type });
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Terapkan varian' }).click();
  for (const value of values) await group.getByLabel(value, { exact: true }).check();
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Terapkan varian' }).click();
}

test('an administrator creates a listing with two variant types and a wholesale tier, fixes what the form and the marketplace refuse, finds it and switches it off', async ({
  page,
  javaScriptEnabled,
}) => {
  const name = `Kaos Polos E2E ${javaScriptEnabled ? 'JS' : 'HTML'} ${Date.now()}`;
  const sku = `E2E-${javaScriptEnabled ? 'JS' : 'HTML'}-${Date.now()}`;
  await signInTo(page, ACCOUNTS.admin, '/product');
  await page.getByRole('link', { name: 'Tambah Produk' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tambah Produk' })).toBeVisible();

  await page.getByRole('button', { name: 'Simpan' }).click();
  for (const message of [
    'Kolom nama tidak boleh kosong',
    'Gambar tidak boleh kosong',
    'Kolom kategori tidak boleh kosong',
    'Etalase tidak boleh kosong',
    'Kolom berat produk tidak boleh kosong',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }

  await page.getByLabel('Nama Produk').fill(name);
  await page.getByLabel('Deskripsi').fill('Kaos katun combed 30s, adem dan tidak mudah melar.');
  await page.getByLabel('Tambah gambar').setInputFiles(PICTURE);
  await page.getByLabel('Etalase').selectOption({ label: 'Produk Terbaru' });
  await page.getByLabel('Berat', { exact: true }).fill('200');
  await page.getByLabel('Panjang (cm)').fill('30');
  await page.getByLabel('Lebar (cm)').fill('20');
  await page.getByLabel('Tinggi (cm)').fill('2');
  await expect(page.getByRole('button', { name: 'Tambah varian' })).toBeDisabled();
  await chooseCategory(page, 'Kategori', 'Fashion Pria', javaScriptEnabled);
  await chooseCategory(page, 'Sub kategori', 'Atasan Pria', javaScriptEnabled);
  await chooseCategory(page, 'Kategori akhir', 'Kaos Pria', javaScriptEnabled);
  // What was typed before the steps is still there.
  await expect(page.getByLabel('Nama Produk')).toHaveValue(name);
  await expect(page.getByLabel('Berat', { exact: true })).toHaveValue('200');

  await addVariant(page, 1, 'Warna', ['Merah', 'Hitam'], javaScriptEnabled);
  await addVariant(page, 2, 'Ukuran Pakaian', ['M', 'L'], javaScriptEnabled);
  const combinations = ['Merah / M', 'Merah / L', 'Hitam / M', 'Hitam / L'];
  for (const [index, combination] of combinations.entries()) {
    await page.getByLabel(`Harga ${combination}`).fill(String(80_000 + index * 5_000));
    await page.getByLabel(`SKU ${combination}`).fill(`${sku}-${index}`);
  }
  await expect(page.getByLabel('Utama Merah / M')).toBeChecked();
  await page.getByRole('button', { name: 'Tambah harga grosir' }).click();
  await page.getByLabel('Jumlah minimum grosir 1').fill('10');
  await page.getByLabel('Harga grosir 1', { exact: true }).fill('90000');

  // The marketplace refuses a wholesale price above the main one; its message lands on the field.
  await page.getByRole('button', { name: 'Simpan' }).click();
  const wholesalePrice = page.getByLabel('Harga grosir 1', { exact: true });
  await expect(wholesalePrice).toHaveAccessibleDescription(
    'Harga grosir harus lebih rendah dari harga utama',
  );
  // Said once, on its field: not again in a message on top.
  await expect(page.getByText('Harga grosir harus lebih rendah dari harga utama')).toHaveCount(1);
  await expect(wholesalePrice).toHaveValue('90000');
  await page.getByLabel('Harga grosir 1', { exact: true }).fill('75000');
  await page.getByRole('button', { name: 'Simpan' }).click();

  await expect(page).toHaveURL(/\/product$/);
  await expect(page.getByText('Data berhasil ditambahkan')).toBeVisible();
  await page.getByLabel('Cari nama atau SKU').fill(name);
  if (!javaScriptEnabled) await page.getByRole('search').getByRole('button', { name: 'Terapkan' }).click();
  // The new listing is already on the first page (newest first): the search is done once the address has it.
  await expect(page).toHaveURL(/search=/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${sku}-0`);
  const toggle = row.getByRole('switch', { name: `Aktifkan ${name}` });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(page.getByText('Produk berhasil dinonaktifkan')).toBeVisible();
  await expect(row.getByRole('switch')).toHaveAttribute('aria-checked', 'false');

  await row.getByRole('link', { name: `Lihat ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const lastPush = page.getByRole('region', { name: 'Pengiriman terakhir ke marketplace' });
  await expect(lastPush).toContainText('Nonaktifkan');
  await expect(lastPush).toContainText('Berhasil (200)');
  await expect(page.getByLabel('Harga Hitam / L')).toHaveValue('95000');
});

test('a brand user sees the listings but no add, delete or switch', async ({ page }) => {
  await signInTo(page, ACCOUNTS.brand, '/product');
  await expect(page.getByRole('heading', { level: 1, name: 'Produk Marketplace' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Lihat / }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tambah Produk' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Hapus / })).toHaveCount(0);
  await expect(page.getByRole('switch')).toHaveCount(0);
  await page
    .getByRole('link', { name: /^Lihat / })
    .first()
    .click();
  await expect(page.getByRole('button', { name: 'Simpan' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Tambah varian' })).toHaveCount(0);
  expect((await page.goto('/product/create'))?.status()).toBe(403);
});

test(
  'with JavaScript the switch moves at once and goes back, with the error, when the marketplace fails',
  { tag: '@enhanced' },
  async ({ page }) => {
    const name = `Kaos Gagal Status ${Date.now()}`;
    await listingThroughApi(page.request, name, `SANDBOX-FAIL-STATUS-${Date.now()}`);

    await signInTo(page, ACCOUNTS.admin, `/product?search=${encodeURIComponent(name)}`);
    const toggle = page.getByRole('switch', { name: `Aktifkan ${name}` });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    // Hold the call back a moment, so the switch can be seen to move before the answer comes.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/product\?/, async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    release();
    await expect(page.getByRole('alert').filter({ hasText: 'SANDBOX-FAIL' })).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
  },
);

test('an administrator uploads new prices from the template, and deletes a listing after confirming', async ({
  page,
  javaScriptEnabled,
}) => {
  const stamp = `${javaScriptEnabled ? 'JS' : 'HTML'}-${Date.now()}`;
  const name = `Kaos Harga ${stamp}`;
  const sku = `HARGA-${stamp}`;
  await listingThroughApi(page.request, name, sku);
  await signInTo(page, ACCOUNTS.admin);
  const template = await page.request.get('/product/template');
  expect(template.status()).toBe(200);
  expect(template.headers()['content-disposition']).toMatch(/ product\.xlsx"$/);

  await page.goto('/product');
  await page.getByLabel('File harga (csv atau xlsx)').setInputFiles({
    name: 'harga.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sku,price\n${sku},65000\n`),
  });
  await page.getByRole('button', { name: 'Unggah Harga' }).click();
  await expect(page.getByText('Data berhasil diubah')).toBeVisible();
  await page.goto(`/product?search=${encodeURIComponent(name)}`);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('IDR 65.000');

  // A listing the marketplace refuses: the upload says so as an error naming it, not as a success.
  const refusedSku = `SANDBOX-FAIL-UPDATE-${stamp}`;
  await listingThroughApi(page.request, `Kaos Ditolak ${stamp}`, refusedSku);
  await page.getByLabel('File harga (csv atau xlsx)').setInputFiles({
    name: 'harga.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sku,price\n${sku},66000\n${refusedSku},70000\n`),
  });
  await page.getByRole('button', { name: 'Unggah Harga' }).click();
  await expect(page.getByRole('alert').filter({ hasText: refusedSku })).toContainText(
    '1 produk diperbarui, 1 ditolak',
  );
  await page.goto(`/product?search=${encodeURIComponent(name)}`);
  await expect(row).toContainText('IDR 66.000');

  // A file with bad rows changes nothing and names every one of them, on the page, with or without JavaScript.
  await page.getByLabel('File harga (csv atau xlsx)').setInputFiles({
    name: 'harga.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sku,price\n${sku},67000\nTIDAK-ADA-${stamp},1000\n${sku},murah\n`),
  });
  await page.getByRole('button', { name: 'Unggah Harga' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Harga tidak diunggah' });
  await expect(refusal).toContainText(`Baris 3, kolom sku: SKU TIDAK-ADA-${stamp} tidak ada di toko ini.`);
  await expect(refusal).toContainText('Baris 4, kolom price');
  await page.goto(`/product?search=${encodeURIComponent(name)}`);
  await expect(row).toContainText('IDR 66.000');

  await row.getByRole('link', { name: `Hapus ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Hapus produk' });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Ya, hapus' }).click();
  await expect(page.getByText('Data berhasil dihapus')).toBeVisible();
  await page.goto(`/product?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await expect(page.getByText('Tidak ada data dalam tabel')).toBeVisible();
});

test(
  'the product pages have no serious accessibility violations and fit a phone',
  { tag: '@enhanced' },
  async ({ page }) => {
    await signInTo(page, ACCOUNTS.admin, '/product');
    const first = await page
      .getByRole('table')
      .getByRole('link', { name: /^Lihat / })
      .first()
      .getAttribute('href');
    for (const path of ['/product', '/product/create', first ?? '/product']) {
      await page.goto(path);
      const result = await axeOn(page).analyze();
      const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map((v) => `${path}: ${v.id} ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    }
    await page.setViewportSize({ width: 375, height: 740 });
    for (const path of ['/product', '/product/create']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await expect(page.getByRole('button', { name: 'Simpan' })).toBeVisible();
  },
);
