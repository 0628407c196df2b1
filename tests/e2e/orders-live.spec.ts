import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, chooseBrand, signInAndWait } from './support';

// Live updates need JavaScript: this file runs in the JavaScript-enabled project only.
test.describe.configure({ mode: 'serial' });

const BRAND_ID = 1;
const TOKOPEDIA = 1;

async function tokenFor(request: APIRequestContext, email: string) {
  const response = await request.post('/oauth/token', {
    data: {
      grant_type: 'password',
      username: email,
      password: DEMO_PASSWORD,
      client_id: 'back-office',
      client_secret: 'back-office-secret',
    },
  });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { access_token: string }).access_token;
}

function jakartaInvoice(externalNumber: string) {
  return {
    external_number: externalNumber,
    date: '2026-11-21 09:30:00',
    customer_name: 'Siti Rahayu',
    customer_phone: '081234567890',
    customer_email: 'siti.e2e@example.test',
    recipient_name: 'Siti Rahayu',
    recipient_mobile_phone: '081234567890',
    recipient_address_full: 'Jl. Kemang Raya No. 5, Jakarta',
    recipient_sub_district: 'Kemang',
    recipient_city: 'Jakarta',
    recipient_province: 'DKI Jakarta',
    recipient_postal_code: '12730',
    payment_method: 'Transfer Bank',
    payment_date: '2026-11-21 09:35:00',
    delivery_type: 'JNE Reguler',
    shipping_cost: 18000,
    insurance_cost: 0,
    voucher_amount: 0,
    cashback_amount: 0,
    products: [
      { sku: 'NH-JAM-0009', name: 'Jam Dinding Minimalis Cokelat', quantity: 1, price: 143000, weight: 500 },
    ],
  };
}

let acceptedOrderPath = '';

test('the offer dialog opens in the vendor browser within 2 s of an ingested invoice', async ({
  page,
  request,
}) => {
  await signInAndWait(page, ACCOUNTS.vendor);
  await page.goto('/order');
  await expect(page.locator('[data-live="true"]')).toBeAttached();
  const admin = await tokenFor(request, ACCOUNTS.admin);
  const ingested = await request.post(`/api/brand/${BRAND_ID}/channel/${TOKOPEDIA}/invoice`, {
    headers: { Authorization: `Bearer ${admin}` },
    data: jakartaInvoice(`INV/E2E/LIVE/${Date.now()}`),
  });
  expect(ingested.status()).toBe(201);
  await expect(page.getByRole('dialog', { name: 'Pesanan Masuk' })).toBeVisible({ timeout: 2_000 });
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
  acceptedOrderPath = new URL(page.url()).pathname;
});

test('an open order list shows a status change made elsewhere without reloading', async ({
  page,
  request,
}) => {
  const orderId = Number(acceptedOrderPath.split('/').pop());
  const vendor = await tokenFor(request, ACCOUNTS.vendor);
  const order = await request.get(`/api/vendor/1/order/${orderId}`, {
    headers: { Authorization: `Bearer ${vendor}` },
  });
  const { data } = (await order.json()) as { data: { number: string; brand: { name: string } } };

  await signInAndWait(page, ACCOUNTS.admin);
  await chooseBrand(page, data.brand.name);
  await page.goto(`/order?search=${encodeURIComponent(data.number)}`);
  const row = page.getByRole('row').filter({ hasText: data.number });
  await expect(row.getByText('Pesanan Baru')).toBeVisible();
  await expect(page.locator('[data-live-updates="on"]')).toBeAttached();
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));

  const moved = await request.put(`/api/vendor/1/order/${orderId}/status/ready-to-delivery`, {
    headers: { Authorization: `Bearer ${vendor}` },
  });
  expect(moved.ok()).toBeTruthy();
  await expect(row.getByText('Diproses Vendor')).toBeVisible({ timeout: 5_000 });
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});
