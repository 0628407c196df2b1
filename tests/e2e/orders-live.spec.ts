import { expect, test, type APIRequestContext, type Page } from './fixtures';
import {
  ACCOUNTS,
  acceptedOrderOf,
  chooseBrand,
  invoiceNumber,
  jakartaInvoice,
  signInTo,
  tokenFor,
} from './support';

// Live updates need JavaScript: this file runs in the JavaScript-enabled project only.

const BRAND_ID = 1;
const TOKOPEDIA = 1;

/** The demo vendor's order list with live updates on; returns the header the marketplace's calls carry. */
async function watchOrdersAsVendor(page: Page, request: APIRequestContext) {
  await signInTo(page, ACCOUNTS.vendor, '/order');
  await expect(page.locator('[data-live="true"]')).toBeAttached();
  return { Authorization: `Bearer ${await tokenFor(request, ACCOUNTS.admin)}` };
}

function ingest(request: APIRequestContext, admin: Record<string, string>, externalNumber: string) {
  return request.post(`/api/brand/${BRAND_ID}/channel/${TOKOPEDIA}/invoice`, {
    headers: admin,
    data: jakartaInvoice(externalNumber),
  });
}

test('the offer dialog opens in the vendor browser when an invoice is ingested, without a reload', async ({
  page,
  request,
}) => {
  const admin = await watchOrdersAsVendor(page, request);
  const externalNumber = invoiceNumber('LIVE');
  const ingested = await ingest(request, admin, externalNumber);
  expect(ingested.status()).toBe(201);
  // How fast it arrives is bench/orders.ts's to measure (invoice POST → the vendor's notification, p95). Another
  // test's invoice may open the dialog too: this one waits for its own.
  const dialog = page.getByRole('dialog', { name: 'Pesanan Masuk' });
  await expect(dialog.getByText(externalNumber)).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
});

test('an open order list shows a status change made elsewhere without reloading', async ({
  page,
  request,
}) => {
  const { orderId, vendor } = await acceptedOrderOf(request);
  const order = await request.get(`/api/vendor/1/order/${orderId}`, {
    headers: vendor,
  });
  const { data } = (await order.json()) as { data: { number: string; brand: { name: string } } };

  await signInTo(page, ACCOUNTS.admin, '/account/profile');
  await chooseBrand(page, data.brand.name);
  await page.goto(`/order?search=${encodeURIComponent(data.number)}`);
  const row = page.getByRole('row').filter({ hasText: data.number });
  await expect(row.getByText('Pesanan Baru')).toBeVisible();
  await expect(page.locator('[data-live-updates="on"]')).toBeAttached();
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));

  const moved = await request.put(`/api/vendor/1/order/${orderId}/status/ready-to-delivery`, {
    headers: vendor,
  });
  expect(moved.ok()).toBeTruthy();
  await expect(row.getByText('Diproses Vendor')).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

test('an open offer dialog shows the offer withdrawn when the marketplace cancels its invoice', async ({
  page,
  request,
}) => {
  const admin = await watchOrdersAsVendor(page, request);
  const externalNumber = invoiceNumber('LIVE-CANCEL');
  const ingested = await ingest(request, admin, externalNumber);
  expect(ingested.status()).toBe(201);
  const dialog = page.getByRole('dialog', { name: 'Pesanan Masuk' });
  // That it arrives is what is checked here; how fast is bench/orders.ts's to measure.
  await expect(dialog.getByText(externalNumber)).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole('button', { name: 'Accept' })).toBeVisible();
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));

  const canceled = await request.post(`/api/brand/${BRAND_ID}/channel/${TOKOPEDIA}/invoice/cancel`, {
    headers: admin,
    data: { external_number: externalNumber },
  });
  expect(canceled.status()).toBe(200);

  await expect(dialog.getByRole('status')).toHaveText('Pesanan ini dibatalkan di marketplace.', {
    timeout: 20_000,
  });
  await expect(dialog.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});
