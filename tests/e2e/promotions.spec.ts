import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';
import { ACCOUNTS, axeOn, chooseBrand, signInTo, tokenFor } from './support';

/** Tomorrow in Jakarta, `YYYY-MM-DD`. */
function jakartaTomorrow() {
  return new Date(Date.now() + 7 * 3_600_000 + 24 * 3_600_000).toISOString().slice(0, 10);
}

test('an administrator creates a promotion, sees its detail as Belum Mulai, and finds it in the list under Belum Selesai', async ({
  page,
  javaScriptEnabled,
}) => {
  // Each project on its own channel, so the two runs never put one product in two promotions at once.
  const channel = javaScriptEnabled ? 'Shopee' : 'Tokopedia';
  const name = `Promo E2E ${javaScriptEnabled ? 'JS' : 'HTML'} ${Date.now()}`;
  await signInTo(page, ACCOUNTS.admin, '/promosi');
  await expect(page.getByRole('heading', { level: 1, name: 'Promosi' })).toBeVisible();
  await page.getByRole('link', { name: 'Buat Promosi' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Buat Promosi' })).toBeVisible();

  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Nama promosi wajib diisi.')).toBeVisible();
  await expect(page.getByText('Pilih minimal satu produk.')).toBeVisible();

  const day = jakartaTomorrow();
  await page.getByLabel('Nama promosi').fill(name);
  await page.getByLabel('Tipe promosi').selectOption({ label: 'Diskon' });
  await page.getByLabel('Nilai').fill('15');
  await page.getByLabel('Channel').selectOption({ label: channel });
  await page.getByLabel('Tanggal mulai').fill(day);
  await page.getByLabel('Jam mulai').fill('10:00');
  await page.getByLabel('Tanggal berakhir').fill(day);
  await page.getByLabel('Jam berakhir').fill('12:00');
  const first = page.getByRole('checkbox', { name: /^Ikutkan / }).first();
  const product = ((await first.getAttribute('aria-label')) ?? '').replace(/^Ikutkan /, '');
  await first.check();
  await page.getByLabel(`Stok promo ${product}`).fill('0');
  await page.getByLabel(`Batas pembelian ${product}`).fill('2');
  await page.getByRole('button', { name: 'Simpan' }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toContainText('Belum Mulai');
  await expect(page.getByRole('link', { name: 'Hapus' })).toBeVisible();
  // What its marketplace was told, as the request log keeps it.
  const lastPush = page.getByRole('region', { name: 'Pengiriman terakhir ke marketplace' });
  await expect(lastPush).toContainText('Tambah promosi');
  await expect(lastPush).toContainText('Berhasil (200)');

  await page.goto('/promosi?status=not_finished');
  await expect(page.getByRole('link', { name })).toBeVisible();
  await page.getByRole('link', { name: 'Selesai', exact: true }).click();
  await expect(page.getByRole('link', { name })).toHaveCount(0);
});

test('an administrator changes a promotion that has not started, then deletes it after confirming', async ({
  page,
  javaScriptEnabled,
}) => {
  const channel = javaScriptEnabled ? 'Shopee' : 'Tokopedia';
  const name = `Promo Ubah ${javaScriptEnabled ? 'JS' : 'HTML'} ${Date.now()}`;
  const day = new Date(Date.now() + 7 * 3_600_000 + 2 * 24 * 3_600_000).toISOString().slice(0, 10);
  await signInTo(page, ACCOUNTS.admin, '/promosi/create');
  await page.getByLabel('Nama promosi').fill(name);
  await page.getByLabel('Tipe promosi').selectOption({ label: 'Potongan Harga' });
  await page.getByLabel('Nilai').fill('1000');
  await page.getByLabel('Channel').selectOption({ label: channel });
  await page.getByLabel('Tanggal mulai').fill(day);
  await page.getByLabel('Jam mulai').fill('10:00');
  await page.getByLabel('Tanggal berakhir').fill(day);
  await page.getByLabel('Jam berakhir').fill('12:00');
  await page
    .getByRole('checkbox', { name: /^Ikutkan / })
    .first()
    .check();
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.getByLabel('Nama promosi').fill(`${name} diubah`);
  await page.getByLabel('Jam berakhir').fill('09:00');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Waktu berakhir harus setelah waktu mulai.')).toBeVisible();
  await page.getByLabel('Jam berakhir').fill('13:00');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name} diubah` })).toBeVisible();

  await page.getByRole('link', { name: 'Hapus' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hapus promosi?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Ya, hapus' }).click();
  await expect(page).toHaveURL(/\/promosi$/);
  await page.goto(`/promosi?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole('link', { name: `${name} diubah` })).toHaveCount(0);
});

test('the product search, select-all and clear keep everything typed and ticked, with or without JavaScript', async ({
  page,
  javaScriptEnabled,
}) => {
  await signInTo(page, ACCOUNTS.admin, '/account/profile');
  await chooseBrand(page, 'Nusantara Home');
  await page.goto('/promosi/create');
  await page.getByLabel('Nama promosi').fill('Promo Pencarian');
  await page.getByLabel('Nilai').fill('12');
  const boxes = page.getByRole('checkbox', { name: /^Ikutkan / });
  const first = ((await boxes.first().getAttribute('aria-label')) ?? '').replace(/^Ikutkan /, '');
  await boxes.first().check();
  await page.getByLabel(`Stok promo ${first}`).fill('3');
  // The count follows each tick with JavaScript; without, it is the one of the last round trip.
  await expect(page.getByText(javaScriptEnabled ? '1 produk dipilih' : '0 produk dipilih')).toBeVisible();

  // A search for another product: the ticked one stays, first, with its promo stock; the name stays typed.
  const other = ((await boxes.last().getAttribute('aria-label')) ?? '').replace(/^Ikutkan /, '');
  await page.getByLabel('Cari produk').fill(other);
  await page.getByRole('button', { name: 'Cari', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: `Ikutkan ${other}` })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Ikutkan ${first}` })).toBeChecked();
  await expect(page.getByLabel(`Stok promo ${first}`)).toHaveValue('3');
  await expect(page.getByLabel('Nama promosi')).toHaveValue('Promo Pencarian');
  await expect(page.getByLabel('Nilai')).toHaveValue('12');
  await expect(page.getByLabel('Cari produk')).toHaveValue(other);

  await page.getByRole('button', { name: 'Pilih semua yang tampil' }).click();
  const shown = await page.getByRole('checkbox', { name: /^Ikutkan / }).count();
  expect(shown).toBeGreaterThan(1);
  await expect(page.getByText(`${shown} produk dipilih`)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Ikutkan ${other}` })).toBeChecked();
  await page.getByRole('button', { name: 'Kosongkan pilihan' }).click();
  await expect(page.getByText('0 produk dipilih')).toBeVisible();
  await expect(page.getByLabel(`Stok promo ${first}`)).toHaveValue('3');
  await expect(page.getByLabel('Nama promosi')).toHaveValue('Promo Pencarian');

  // A refused save comes back on the rows it was sent with, not the page's first ones.
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Pilih minimal satu produk.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Ikutkan ${other}` })).toBeVisible();
  await expect(page.getByLabel(`Stok promo ${first}`)).toHaveValue('3');
});

test('a running promotion of the demo shows what each product sold on its channel, as the API counts it', async ({
  page,
  request,
}) => {
  const token = await tokenFor(request, ACCOUNTS.admin);
  const headers = { authorization: `Bearer ${token}` };
  const list = await request.get('/api/brand/1/promotion?status=running', { headers });
  const running = ((await list.json()) as { data: { id: number; name: string }[] }).data;
  const seeded = running.find((row) => row.name.startsWith('Promo Pekan Ini'));
  expect(seeded, 'the seeded running promotion of the demo brand').toBeDefined();
  const shown = await request.get(`/api/brand/1/promotion/${seeded?.id}`, { headers });
  const { data } = (await shown.json()) as {
    data: { products: { name: string; units_sold: number; promo_stock_left: number }[] };
  };

  await signInTo(page, ACCOUNTS.admin, '/account/profile');
  await chooseBrand(page, 'Nusantara Home');
  await page.goto(`/promosi/${seeded?.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sedang Berjalan');
  await expect(page.getByRole('link', { name: 'Akhiri Sekarang' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hapus' })).toHaveCount(0);
  const table = page.getByRole('table', { name: /Produk/ });
  for (const line of data.products) {
    const row = table.getByRole('row').filter({ hasText: line.name });
    await expect(row.getByRole('cell').nth(4)).toHaveText(String(line.units_sold));
    await expect(row.getByRole('cell').nth(6)).toHaveText(String(line.promo_stock_left));
  }
  await expect(page.getByRole('region', { name: 'Pengiriman terakhir ke marketplace' })).toContainText(
    'Tambah promosi',
  );

  // The list's export holds what its tab holds, with the status the list shows.
  await page.goto('/promosi?status=running');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Ekspor' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/promotion\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const rows = workbook.worksheets[0].getSheetValues().slice(2) as unknown[][];
  expect(rows.find((row) => row[1] === seeded?.id)?.[10]).toBe('Sedang Berjalan');
  expect(rows.every((row) => row[10] === 'Sedang Berjalan')).toBe(true);
});

// axe runs inside the page: the JavaScript-enabled project only.
test('the promotion pages have no serious or critical accessibility violations @enhanced', async ({
  page,
}) => {
  await signInTo(page, ACCOUNTS.admin);
  for (const path of ['/promosi', '/promosi/create']) {
    await page.goto(path);
    const result = await axeOn(page).analyze();
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${path}: ${v.id} ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
});
