import { expect, test, type Locator } from './fixtures';
import { ACCOUNTS, signInTo } from './support';

// Charts draw on a canvas once JavaScript runs: this file belongs to the JavaScript-enabled project only.

/** Whether the canvas holds any non-transparent pixel. */
async function drawn(canvas: Locator) {
  return canvas.evaluate((element) => {
    const node = element as HTMLCanvasElement;
    const context = node.getContext('2d');
    if (!context || node.width === 0 || node.height === 0) return false;
    const { data } = context.getImageData(0, 0, node.width, node.height);
    for (let index = 3; index < data.length; index += 4) if (data[index] !== 0) return true;
    return false;
  });
}

test('the sales chart and the buyer doughnuts draw on their canvases', async ({ page }) => {
  await signInTo(page, ACCOUNTS.admin, '/dashboard/penjualan');
  const line = page.getByRole('img', { name: 'Grafik GMV' });
  await expect(line).toBeVisible();
  await expect.poll(() => drawn(line)).toBe(true);

  await page.goto('/dashboard/pembeli');
  await page
    .getByRole('navigation', { name: 'Rentang tanggal cepat' })
    .getByRole('link', { name: '30 hari terakhir' })
    .click();
  for (const name of [
    'Grafik Pembeli baru',
    'Jenis Kelamin Pembeli',
    'Metode Pembayaran',
    'Berdasarkan Kota',
  ]) {
    const canvas = page.getByRole('img', { name });
    await expect(canvas).toBeVisible();
    await expect.poll(() => drawn(canvas)).toBe(true);
  }
});

test('clicking a selectable card switches the chart to its series', async ({ page }) => {
  await signInTo(page, ACCOUNTS.admin, '/dashboard/vendor');
  await expect(page.getByRole('img', { name: 'Grafik GMV' })).toBeVisible();
  await page.getByRole('group', { name: 'Produk terjual' }).getByRole('link').click();
  await expect(page).toHaveURL(/series=productsSold/);
  const chart = page.getByRole('img', { name: 'Grafik Produk terjual' });
  await expect(chart).toBeVisible();
  await expect(page.getByRole('figure').getByText('Grafik Produk terjual')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Produk terjual' }).getByRole('link')).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect.poll(() => drawn(chart)).toBe(true);
});

test('ticking a parent category ticks its sub-categories, unticking it clears them', async ({ page }) => {
  await signInTo(page, ACCOUNTS.admin, '/dashboard/produk');
  const filters = page.getByRole('form', { name: 'Filter dashboard' });
  await filters.getByText('Kategori (Semua)').click();
  const tree = filters.getByRole('group', { name: 'Kategori' });
  const parent = tree
    .getByRole('listitem')
    .filter({ has: page.getByRole('list') })
    .first();
  const own = parent.getByRole('checkbox').first();
  const children = parent.getByRole('list').getByRole('checkbox');
  expect(await children.count()).toBeGreaterThan(0);
  await own.check();
  for (const child of await children.all()) await expect(child).toBeChecked();
  await own.uncheck();
  for (const child of await children.all()) await expect(child).not.toBeChecked();
});
