import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

/**
 * From the start of last year to the end of next: every seeded day, whenever the suite runs. Lists that open on
 * today (Jakarta's) may be empty in the first hours of a day, before the demo's latest invoices.
 */
const YEAR = new Date(Date.now() + 7 * 3_600_000).getUTCFullYear();
export const WIDE_RANGE = `date-from=${YEAR - 1}-01-01&date-to=${YEAR + 1}-12-31`;

export const ACCOUNTS = {
  admin: 'admin@demo.test',
  keyAccount: 'keyaccount@demo.test',
  brand: 'brand@demo.test',
  vendor: 'vendor@demo.test',
  vendorSpecial: 'vendor.special@demo.test',
} as const;

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Masuk' }).click();
}

/** Signed in (by request, see signInTo) and on the landing dashboard the sign-in sends the account to. */
export async function signInAndWait(page: Page, email: string, password = DEMO_PASSWORD) {
  await signInTo(page, email, '/dashboard', password);
  await expect(page).toHaveURL(/\/dashboard\//);
}

/** The fields a page's form would send, as the server rendered them: hidden tokens, honeypot and defaults. */
function formFields(html: string, holding: string) {
  const form = html.split('<form').find((chunk) => chunk.includes(`name="${holding}"`));
  if (!form) throw new Error(`no form with a field named ${holding}`);
  const fields: Record<string, string> = {};
  for (const [input] of form.split('</form>')[0].matchAll(/<input[^>]*>/g)) {
    const name = /\sname="([^"]*)"/.exec(input)?.[1];
    if (name) fields[name] = unescapeHtml(/\svalue="([^"]*)"/.exec(input)?.[1] ?? '');
  }
  return fields;
}

function unescapeHtml(text: string) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * Signs in with the sign-in form's own post, sent by the page's request context (whose cookies the page shares),
 * then opens `path`: for tests about something else, it spares them rendering the sign-in page and the dashboard.
 * The form itself is exercised by the tests that use `signIn`.
 */
export async function signInTo(page: Page, email: string, path?: string, password = DEMO_PASSWORD) {
  const login = await page.request.get('/auth/login');
  expect(login.ok()).toBeTruthy();
  const fields = { ...formFields(await login.text(), 'password'), email, password };
  const answer = await page.request.post('/auth/login', { form: fields, maxRedirects: 0 });
  expect(answer.status(), `sign-in of ${email}`).toBe(302);
  if (path) await page.goto(path);
}

/**
 * With JavaScript, waits until the page's scripts have taken over (app/root.tsx marks the document), so that a
 * handler the test relies on (a select that acts on change) is attached; on a busy machine the first interaction
 * can otherwise come before it. Without JavaScript there is nothing to wait for.
 */
export async function hydrated(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

export async function signOut(page: Page) {
  await page.locator('summary[aria-label="Menu profil"]').click();
  await page.getByRole('button', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

/** Switches the header's brand selector; without JavaScript the Apply button submits it. */
export async function chooseBrand(page: Page, label: string) {
  const header = page.getByRole('banner');
  await header.getByRole('combobox', { name: 'Brand' }).selectOption({ label });
  const apply = header.getByRole('button', { name: 'Terapkan' });
  if (await apply.isVisible()) await apply.click();
  await expect(header.getByRole('combobox', { name: 'Brand' }).locator('option:checked')).toHaveText(label);
}

/** The vendor's order list, then the offer of `externalNumber` (one of the test's own, offerOf), as a dialog. */
export async function openOffer(page: Page, externalNumber: string) {
  await page.goto('/order');
  await page
    .getByRole('region', { name: 'Pesanan Masuk' })
    .getByRole('listitem')
    .filter({ hasText: externalNumber })
    .getByRole('link', { name: 'Lihat' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Pesanan Masuk' });
  await expect(dialog.getByText(externalNumber)).toBeVisible();
  return dialog;
}

/** An API bearer token for a demo account, as a marketplace adapter or another client signs in. */
export async function tokenFor(request: APIRequestContext, email: string) {
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

/** `at` as the marketplaces write it: Jakarta wall-clock time, `YYYY-MM-DD HH:mm:ss`. */
function jakartaClock(at: Date) {
  return new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The demo product the invoices below sell, which the demo vendor stocks. */
export const INVOICE_SKU = 'NH-JAM-0009';

/** A marketplace invoice of the demo brand for one demo product, placed a few minutes ago, as a channel adapter posts it. */
export function jakartaInvoice(externalNumber: string) {
  const placed = new Date(Date.now() - 5 * 60_000);
  return {
    external_number: externalNumber,
    date: jakartaClock(placed),
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
    payment_date: jakartaClock(new Date(placed.getTime() + 60_000)),
    delivery_type: 'JNE Reguler',
    shipping_cost: 18000,
    insurance_cost: 0,
    voucher_amount: 0,
    cashback_amount: 0,
    products: [
      { sku: INVOICE_SKU, name: 'Jam Dinding Minimalis Cokelat', quantity: 1, price: 143000, weight: 500 },
    ],
  };
}

/** A number no other test's invoice has: the tests of both projects run at once. */
export function invoiceNumber(label: string) {
  return `INV/E2E/${label}/${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * An offer of the test's own: a demo-brand invoice comes in from Tokopedia and is offered to the demo vendor. Tests
 * open it by its id, never "the first offer", which another test's invoice may be at that moment.
 */
export async function offerOf(request: APIRequestContext, externalNumber = invoiceNumber('OFFER')) {
  const admin = { Authorization: `Bearer ${await tokenFor(request, ACCOUNTS.admin)}` };
  const vendor = { Authorization: `Bearer ${await tokenFor(request, ACCOUNTS.vendor)}` };
  const ingested = await request.post('/api/brand/1/channel/1/invoice', {
    headers: admin,
    data: jakartaInvoice(externalNumber),
  });
  expect(ingested.status()).toBe(201);
  const offers = await request.get('/api/vendor/1/invoice-offer-log', { headers: vendor });
  const offer = (
    (await offers.json()) as { data: { id: number; invoice: { external_number: string } }[] }
  ).data.find((row) => row.invoice.external_number === externalNumber);
  expect(offer, `the demo vendor is offered ${externalNumber}`).toBeDefined();
  return { offerId: offer?.id ?? 0, externalNumber, admin, vendor };
}

/** An order of the test's own: its offer (above) accepted at once. Its line reserves one unit of INVOICE_SKU. */
export async function acceptedOrderOf(request: APIRequestContext, externalNumber = invoiceNumber('ORDER')) {
  const { offerId, vendor } = await offerOf(request, externalNumber);
  const accepted = await request.put(`/api/vendor/1/invoice-offer-log/${offerId}/status/accept`, {
    headers: vendor,
  });
  expect(accepted.ok()).toBeTruthy();
  return { orderId: ((await accepted.json()) as { data: { id: number } }).data.id, vendor };
}

/**
 * The detail page of an order of the test's own (acceptedOrderOf), whose invoice's full address already names its
 * sub-district and city (jakartaInvoice): never "the first order", which another test's may be by then.
 */
export async function ownOrderPath(request: APIRequestContext) {
  const { orderId } = await acceptedOrderOf(request);
  return `/order/${orderId}`;
}

/**
 * axe over the page as it stands. Run in the page itself: the default mode finishes every run in a new blank page
 * (for cross-origin frames, which no page here has), and that page's start cost two thirds of each check.
 */
export function axeOn(page: Page) {
  return new AxeBuilder({ page }).setLegacyMode(true);
}
