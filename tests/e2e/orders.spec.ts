import { spawnSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { TINY_PNG } from '../support/files';
import { ACCOUNTS, chooseBrand, invoiceNumber, offerOf, openOffer, signInTo } from './support';

/**
 * The signed-in vendor accepts an offer of the test's own (offerOf), opened from the order list; the new order's
 * number. Never "the first offer": which one that is depends on what the tests before took.
 */
async function acceptOwnOffer(page: Page, request: APIRequestContext) {
  const { externalNumber } = await offerOf(request);
  const dialog = await openOffer(page, externalNumber);
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
  await expect(page.getByRole('status')).toContainText('Data berhasil diubah');
  return (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
}

async function brandOnPage(page: Page) {
  return (
    (await page.getByText('Brand', { exact: true }).locator('xpath=following-sibling::dd').textContent()) ??
    ''
  );
}

async function takeStep(page: Page, step: string, fill?: () => Promise<void>) {
  await page.getByRole('link', { name: step, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await fill?.();
  await dialog.getByRole('button', { name: step, exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** The signed-in vendor accepts an offer of its own; the new order's number, address and brand. */
async function acceptedOrder(page: Page, request: APIRequestContext) {
  const number = await acceptOwnOffer(page, request);
  return { number, path: new URL(page.url()).pathname, brand: await brandOnPage(page) };
}

/** The signed-in vendor accepts an offer of its own and moves the order through to delivered with a photo. */
async function deliveredOrder(page: Page, request: APIRequestContext) {
  const order = await acceptedOrder(page, request);
  await expect(page.getByText('Pesanan Baru').first()).toBeVisible();

  await takeStep(page, 'Siap Dikirim');
  await expect(page.getByText('Siap Dikirim').first()).toBeVisible();
  await takeStep(page, 'Kirim', async () => {
    await page.getByLabel('No. resi').fill('JNE-E2E-0001');
  });
  await expect(page.getByText('Dalam Pengiriman').first()).toBeVisible();
  await takeStep(page, 'Pesanan Sampai', async () => {
    await page.getByLabel('Nama penerima').fill('Budi Penerima');
    await page
      .getByLabel('Foto bukti diterima')
      .setInputFiles({ name: 'bukti.png', mimeType: 'image/png', buffer: TINY_PNG });
  });
  await expect(page.getByText('Sampai', { exact: true }).first()).toBeVisible();
  return order;
}

test('a vendor accepts an offer and moves the order through to delivered with a photo', async ({
  page,
  request,
}) => {
  await signInTo(page, ACCOUNTS.vendor);
  await deliveredOrder(page, request);
});

test('the vendor sees how many offers wait, and when each expires', async ({ page, request }) => {
  const { externalNumber } = await offerOf(request);
  await signInTo(page, ACCOUNTS.vendor, '/order');
  const offers = page.getByRole('region', { name: 'Pesanan Masuk' });
  const rows = offers.getByRole('listitem');
  await expect(rows.filter({ hasText: externalNumber })).toContainText(/berakhir \d{1,2} \w+ \d{4}/);
  const shown = await rows.count();
  const waiting = Number(/\((\d+)\)/.exec((await offers.getByRole('heading').textContent()) ?? '')?.[1]);
  expect(waiting).toBeGreaterThanOrEqual(shown);
});

test('the vendor filters its orders by channel, the vendor filter staying the brand side’s', async ({
  page,
}) => {
  await signInTo(page, ACCOUNTS.vendor, '/order');
  const filters = page.getByRole('search').filter({ has: page.getByRole('button', { name: 'Terapkan' }) });
  await expect(filters.getByRole('group', { name: 'Vendor', includeHidden: true })).toHaveCount(0);
  await filters.locator('summary', { hasText: 'Channel' }).click();
  const channels = filters.getByRole('group', { name: 'Channel' }).getByRole('checkbox');
  await expect(channels.first()).toBeVisible();
  const channelId = await channels.first().getAttribute('value');
  await channels.first().check();
  await filters.getByRole('button', { name: 'Terapkan' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]channel=${channelId}(&|$)`));
  await expect(filters.locator('summary', { hasText: 'Channel (1)' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Penjualan');
});

test('the shipping step refuses a missing tracking number with a field error', async ({ page, request }) => {
  await signInTo(page, ACCOUNTS.vendor);
  await acceptOwnOffer(page, request);
  await takeStep(page, 'Siap Dikirim');
  await page.getByRole('link', { name: 'Kirim', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Kirim', exact: true }).click();
  await expect(page.getByText('No. resi wajib diisi.')).toBeVisible();
});

test('the brand administrator finds the order, records a return and changes the vendor of another order', async ({
  page,
  request,
}) => {
  // Two orders of its own, one delivered and one new, from the vendor's side.
  test.slow();
  await signInTo(page, ACCOUNTS.vendor);
  const delivered = await deliveredOrder(page, request);
  const other = await acceptedOrder(page, request);
  await page.context().clearCookies();

  await signInTo(page, ACCOUNTS.admin, '/account/profile');
  await chooseBrand(page, delivered.brand);
  await page.goto(`/order?search=${encodeURIComponent(delivered.number)}&with-canceled=1`);
  await page.getByRole('link', { name: delivered.number }).click();
  await expect(page).toHaveURL(delivered.path);

  await page.getByRole('link', { name: 'Retur' }).click();
  const dialog = page.getByRole('dialog', { name: 'Retur Product' });
  await dialog.getByRole('checkbox').first().check();
  await dialog.getByLabel('Jumlah retur').first().fill('0');
  await dialog.getByLabel('Catatan').first().fill('Kemasan rusak');
  await dialog.getByRole('button', { name: 'Simpan retur' }).click();
  // Refused, the form keeps what was entered (without JavaScript the page comes back from the server).
  await expect(dialog.getByText('Jumlah retur minimal 1.')).toBeVisible();
  await expect(dialog.getByRole('checkbox').first()).toBeChecked();
  await expect(dialog.getByLabel('Catatan').first()).toHaveValue('Kemasan rusak');
  await dialog.getByLabel('Jumlah retur').first().fill('1');
  await dialog.getByRole('button', { name: 'Simpan retur' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(/Retur 1/).first()).toBeVisible();

  await chooseBrand(page, other.brand);
  await page.goto(other.path);
  await page.getByRole('link', { name: 'Ganti Vendor' }).click();
  const select = page.getByRole('dialog').getByLabel('Vendor baru');
  const firstVendor = await select.locator('option:not([disabled])').first().getAttribute('value');
  await select.selectOption(firstVendor ?? '');
  await page.getByRole('dialog').getByRole('button', { name: 'Ganti Vendor' }).click();
  await expect(page.getByRole('status')).toContainText('Success change vendor');
  await expect(page.getByText('Dialihkan').first()).toBeVisible();
});

test('the administrator exports the order list as a spreadsheet and prints a sales PDF holding the order number', async ({
  page,
  request,
}) => {
  await signInTo(page, ACCOUNTS.vendor);
  const order = await acceptedOrder(page, request);
  await page.context().clearCookies();

  await signInTo(page, ACCOUNTS.admin, '/account/profile');
  await chooseBrand(page, order.brand);
  await page.goto('/order');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/order\.xlsx$/);
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(path).subarray(0, 2).toString()).toBe('PK');

  const response = await page.request.get(`${order.path}/print/sales`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  const text = spawnSync('pdftotext', ['-', '-'], { input: await response.body() }).stdout.toString();
  expect(text).toContain(order.number);
});

test('a vendor moves selected orders one step at once and prints them together', async ({
  page,
  request,
}) => {
  // Accepting an offer, a bulk step and a PDF of the chosen orders, on a server that shares two cores.
  test.slow();
  await signInTo(page, ACCOUNTS.vendor);
  const number = await acceptOwnOffer(page, request);
  await page.goto(`/order?search=${encodeURIComponent(number)}`);
  await page.getByRole('checkbox', { name: `Pilih pesanan ${number}` }).check();
  await page.getByRole('button', { name: 'Tandai terpilih Siap Dikirim' }).click();
  const confirm = page.getByRole('dialog', { name: 'Tandai Siap Dikirim?' });
  await expect(confirm).toContainText('1 pesanan terpilih akan ditandai Siap Dikirim.');
  await expect(page.getByRole('row').filter({ hasText: number }).getByText('Pesanan Baru')).toBeVisible();
  await confirm.getByRole('button', { name: 'Ya, tandai Siap Dikirim' }).click();
  await expect(page.getByRole('status')).toContainText('1 pesanan diperbarui');
  await expect(page.getByRole('row').filter({ hasText: number }).getByText('Siap Dikirim')).toBeVisible();

  await page.getByRole('checkbox', { name: `Pilih pesanan ${number}` }).check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Cetak terpilih' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^cetak-penjualan-\d+\.pdf$/);
  const { readFileSync } = await import('node:fs');
  const text = spawnSync('pdftotext', ['-', '-'], {
    input: readFileSync(await download.path()),
  }).stdout.toString();
  expect(text).toContain(number);
});

test('an order list address with a filter the API refuses answers 400 with a message, not an error page', async ({
  page,
}) => {
  await signInTo(page, ACCOUNTS.vendor);
  const response = await page.goto('/order?status=Bukan+Status');

  expect(response?.status()).toBe(400);
  await expect(page.getByText('Alamat halaman ini memuat filter yang tidak valid.')).toBeVisible();
});

test('a vendor opening an offer the marketplace has since canceled sees it closed, with nothing to accept', async ({
  page,
  request,
}) => {
  const { offerId, externalNumber, admin } = await offerOf(request, invoiceNumber('CANCEL'));
  const canceled = await request.post('/api/brand/1/channel/1/invoice/cancel', {
    headers: admin,
    data: { external_number: externalNumber, reason: 'Pembeli membatalkan' },
  });
  expect(canceled.status()).toBe(200);

  await signInTo(page, ACCOUNTS.vendor, `/offer/${offerId}`);

  const dialog = page.getByRole('dialog', { name: 'Pesanan Masuk' });
  await expect(dialog.getByRole('status')).toHaveText('Pesanan ini dibatalkan di marketplace.');
  await expect(dialog.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expect(dialog.getByText(externalNumber)).toBeVisible();
});
