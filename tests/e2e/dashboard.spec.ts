import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from './fixtures';
import { ACCOUNTS, offerOf, openOffer, signInTo } from './support';

/** Opens a dashboard over the last 30 days (through the preset link), so its tables have rows to page through. */
async function openLast30Days(page: Page, path: string) {
  await page.goto(path);
  const preset = page
    .getByRole('navigation', { name: 'Rentang tanggal cepat' })
    .getByRole('link', { name: '30 hari terakhir' });
  await preset.click();
  await expect(page).toHaveURL(/date-from=\d{4}-\d{2}-\d{2}/);
  // With JavaScript the address changes before the new figures render; the marked preset comes with them.
  await expect(preset).toHaveAttribute('aria-current', 'true');
}

/** The figure a metric card shows: the first definition of its group (the change follows it). */
function figureOf(scope: Page | Locator, label: string) {
  return scope.getByRole('group', { name: label, exact: true }).getByRole('definition').first();
}

const PAGES = [
  {
    path: '/dashboard/ringkasan',
    title: 'Ringkasan',
    groups: ['Ringkasan Penjualan', 'Ringkasan Vendor', 'Ringkasan Produk', 'Ringkasan Pembeli'],
    cards: [
      'GMV',
      'Pesanan Baru',
      'Pesanan Masuk',
      'Unit Terjual',
      'Rata-rata Harga Jual',
      'SLA',
      'Pembeli setia',
    ],
    tables: [],
  },
  {
    path: '/dashboard/penjualan',
    title: 'Penjualan',
    groups: ['Ringkasan Penjualan'],
    cards: [
      'GMV',
      'Pesanan Baru',
      'Pesanan Masuk',
      'Unit Terjual',
      'Rata-rata Harga Jual',
      'Average In Stock Rate',
    ],
    tables: ['Pesanan Baru', 'Grafik GMV'],
  },
  {
    path: '/dashboard/vendor',
    title: 'Vendor',
    groups: ['Ringkasan Vendor'],
    cards: ['GMV', 'Produk terjual', 'Average In Stock Rate', 'SLA'],
    tables: ['Performa Vendor', 'Grafik GMV'],
  },
  {
    path: '/dashboard/produk',
    title: 'Produk',
    groups: ['Ringkasan Produk'],
    cards: ['GMV', 'Produk terjual', 'Average Run Rate', 'Average Weeks Of Supply'],
    tables: ['Performa Produk', 'Grafik GMV'],
  },
  {
    path: '/dashboard/pembeli',
    title: 'Pembeli',
    groups: ['Ringkasan Pembeli'],
    cards: ['Pembeli baru', 'Pembeli Reguler', 'Pembeli setia'],
    tables: ['Performa Pembeli', 'Grafik Pembeli baru'],
  },
  {
    path: '/dashboard/branch',
    title: 'Branch',
    groups: ['Ringkasan Branch'],
    cards: ['GMV', 'Unit Terjual', 'Dibatalkan', 'Dikembalikan'],
    tables: ['Grafik GMV'],
  },
];

for (const dashboard of PAGES) {
  test(`an administrator sees the cards and tables of ${dashboard.path}`, async ({ page }) => {
    await signInTo(page, ACCOUNTS.admin, dashboard.path);
    await expect(page.getByRole('heading', { level: 1, name: dashboard.title })).toBeVisible();
    for (const group of dashboard.groups) {
      await expect(page.getByRole('region', { name: group })).toBeVisible();
    }
    for (const card of dashboard.cards) {
      // A figure, never the "–" of a failed widget.
      await expect(figureOf(page, card).first()).toHaveText(/\d/);
    }
    for (const table of dashboard.tables) {
      // Without JavaScript the chart is its table; with it, a table until chart.js has drawn: either names it.
      await expect(
        page
          .getByRole('table', { name: table })
          .or(page.getByRole('img', { name: table }))
          .first(),
      ).toBeVisible();
    }
  });
}

test('the performance tables are paged by five, searchable and sortable', async ({ page }) => {
  await signInTo(page, ACCOUNTS.admin);
  await openLast30Days(page, '/dashboard/produk');
  const table = page.getByRole('table', { name: 'Performa Produk' });
  await expect(table.getByRole('row')).toHaveCount(6);
  await table.getByRole('link', { name: 'GMV' }).click();
  await expect(page).toHaveURL(/sorted_by=total_price/);
  await expect(page.getByRole('columnheader', { name: 'GMV' })).toHaveAttribute(
    'aria-sort',
    /ascending|descending/,
  );
  const firstName = (await table.getByRole('row').nth(1).getByRole('cell').first().textContent()) ?? '';
  await page.getByRole('search', { name: 'Performa Produk' }).getByLabel('Cari').fill(firstName.slice(0, 6));
  await page.getByRole('search', { name: 'Performa Produk' }).getByRole('button', { name: 'Cari' }).click();
  await expect(page).toHaveURL(/search=/);
  await expect(table).toContainText(firstName.slice(0, 6));
});

test('a vendor opens only the sales dashboard, without the vendor filter, Unit Terjual and Average In Stock Rate, and filters it by channel', async ({
  page,
}) => {
  await signInTo(page, ACCOUNTS.vendor, '/dashboard/ringkasan');
  await expect(page).toHaveURL(/\/dashboard\/penjualan$/);
  await page.goto('/dashboard/vendor');
  await expect(page).toHaveURL(/\/dashboard\/penjualan$/);

  await expect(page.getByRole('heading', { level: 1, name: 'Penjualan' })).toBeVisible();
  await expect(figureOf(page, 'GMV')).toHaveText(/\d/);
  await expect(figureOf(page, 'Pesanan Baru')).toHaveText(/\d/);
  await expect(page.getByRole('group', { name: 'Unit Terjual' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Average In Stock Rate' })).toHaveCount(0);
  const filters = page.getByRole('form', { name: 'Filter dashboard' });
  await expect(filters.getByRole('group', { name: 'Kategori', includeHidden: true })).toHaveCount(1);
  await expect(filters.getByRole('group', { name: 'Vendor', includeHidden: true })).toHaveCount(0);

  // The channel filter is the vendor's too: a channel chosen stays chosen in the address and the form.
  await filters.locator('summary', { hasText: 'Channel' }).click();
  const channels = filters.getByRole('group', { name: 'Channel' }).getByRole('checkbox');
  await expect(channels.first()).toBeVisible();
  const channelId = await channels.first().getAttribute('value');
  await channels.first().check();
  await filters.getByRole('button', { name: 'Terapkan' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]channel=${channelId}(&|$)`));
  await expect(filters.locator('summary', { hasText: 'Channel (1)' })).toBeVisible();
  await expect(figureOf(page, 'GMV')).toHaveText(/\d/);
});

test('an offer the vendor accepts shows among its new orders, linked to the order', async ({
  page,
  request,
}) => {
  const { externalNumber } = await offerOf(request);
  await signInTo(page, ACCOUNTS.vendor);
  await openOffer(page, externalNumber);
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
  const orderPath = new URL(page.url()).pathname;

  await page.goto('/dashboard/penjualan');
  await expect(figureOf(page, 'Pesanan Baru')).not.toHaveText('0');
  // Newest first: the order just created heads the table, its invoice number linking to the order.
  const firstRow = page.getByRole('table', { name: 'Pesanan Baru', exact: true }).getByRole('row').nth(1);
  await expect(firstRow.getByRole('link')).toHaveAttribute('href', orderPath);
});

test('an administrator’s new orders link to their invoices', async ({ page }) => {
  await signInTo(page, ACCOUNTS.admin);
  await openLast30Days(page, '/dashboard/penjualan');
  const table = page.getByRole('table', { name: 'Pesanan Baru', exact: true });
  await expect(table.getByRole('row')).toHaveCount(6);
  await expect(table.getByRole('row').nth(1).getByRole('link')).toHaveAttribute('href', /^\/invoice\/\d+$/);
});

test('choosing another date preset changes the range and the figures', async ({ page }) => {
  await signInTo(page, ACCOUNTS.admin, '/dashboard/penjualan');
  const presets = page.getByRole('navigation', { name: 'Rentang tanggal cepat' });
  await expect(presets.getByRole('link', { name: '7 hari terakhir' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  const gmv = figureOf(page, 'GMV');
  const weekly = await gmv.textContent();
  const from = await page.getByLabel('Dari tanggal').inputValue();

  await presets.getByRole('link', { name: '30 hari terakhir' }).click();
  await expect(page).toHaveURL(/date-from=\d{4}-\d{2}-\d{2}/);
  await expect(presets.getByRole('link', { name: '30 hari terakhir' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(page.getByLabel('Dari tanggal')).not.toHaveValue(from);
  await expect(gmv).not.toHaveText(weekly ?? '');
});

test('the PDF export downloads the dashboard as shown, with its title and GMV', async ({ page }) => {
  await signInTo(page, ACCOUNTS.admin);
  await openLast30Days(page, '/dashboard/ringkasan');
  const gmv =
    (await figureOf(page.getByRole('region', { name: 'Ringkasan Penjualan' }), 'GMV').textContent()) ?? '';
  expect(gmv).toMatch(/^Rp \d/);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Ekspor PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('dashboard-ringkasan.pdf');
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = spawnSync('pdftotext', ['-', '-'], { input: pdf, encoding: 'utf8' });
  expect(text.status).toBe(0);
  expect(text.stdout).toContain('Ringkasan');
  expect(text.stdout).toContain(gmv);
  // The shell and the filters are not printed.
  expect(text.stdout).not.toContain('Terapkan');
});
