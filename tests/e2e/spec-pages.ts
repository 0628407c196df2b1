import { SAMPLES, type SampleRow, type SpecRole } from '../support/spec-routes';
import { expect, type APIRequestContext, type Browser } from './fixtures';
import { ACCOUNTS, signInTo, tokenFor } from './support';

/** The pages of the spec's route tables as an account opens them: its signed-in requests and sample ids. */

const EMAILS: Record<Exclude<SpecRole, 'guest'>, string> = {
  admin: ACCOUNTS.admin,
  vendor: ACCOUNTS.vendor,
};

/** A signed-in (or signed-out) browser context's requests: the session cookie comes with each. */
export async function requestsOf(
  browser: Browser,
  baseURL: string,
  role: SpecRole,
  language: 'id' | 'en' = 'id',
) {
  const context = await browser.newContext({ baseURL });
  // The interface's language is a cookie of the browser's own (a JSON string, base64), not the account's.
  await context.addCookies([
    { name: 'bo_lng', value: Buffer.from(JSON.stringify(language)).toString('base64'), url: baseURL },
  ]);
  if (role !== 'guest') {
    const page = await context.newPage();
    await signInTo(page, EMAILS[role]);
    await page.close();
  }
  return context;
}

/** A promotion of the demo brand of the run's own, far enough ahead to overlap no other. */
async function makePromotion(request: APIRequestContext) {
  const token = await tokenFor(request, ACCOUNTS.admin);
  const hours = Date.now() % 1_000_000;
  const start = new Date(Date.UTC(2045, 0, 1) + hours * 3_600_000);
  const jakarta = (at: Date) =>
    new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
  const headers = { Authorization: `Bearer ${token}` };
  // A product the brand offers now: another test may switch any one product off.
  const options = await request.get('/api/brand/1/promotion-product', { headers, params: { per_page: 1 } });
  const [product] = ((await options.json()) as { data: { id: number }[] }).data;
  const response = await request.post('/api/brand/1/promotion', {
    headers,
    data: {
      name: `Promo alamat ${hours}`,
      type: 'discount',
      value: 10,
      channel: 'tokopedia',
      start_at: jakarta(start),
      end_at: jakarta(new Date(start.getTime() + 3_600_000)),
      products: [{ product_id: product.id, promo_stock: 0, purchase_limit: 0 }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/**
 * A stock update of the run's own by the demo vendor (vendor 1): one unit more of its first stock row. The
 * administrator is told of it, so the newest of its notifications opens an update history, whatever the tests
 * before this one added to the list.
 */
async function makeStockUpdate(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await tokenFor(request, ACCOUNTS.vendor)}` };
  const stock = await request.get('/api/vendor/1/product-stock', { headers, params: { per_page: 1 } });
  expect(stock.status(), await stock.text()).toBe(200);
  const [row] = ((await stock.json()) as { data: { id: number; quantity: number }[] }).data;
  const update = await request.put('/api/vendor/1/product-stock/update', {
    headers,
    data: { product_stocks: [{ product_id: row.id, quantity: row.quantity + 1 }] },
  });
  expect(update.status(), await update.text()).toBe(200);
}

/** Each placeholder's value from the seeded data (SAMPLES), and the promotion and stock update made for the run. */
export async function samplesOf(request: APIRequestContext) {
  const tokens = {
    admin: await tokenFor(request, ACCOUNTS.admin),
    vendor: await tokenFor(request, ACCOUNTS.vendor),
  };
  const values: Record<string, string> = { promotion: String(await makePromotion(request)) };
  await makeStockUpdate(request);
  for (const [name, sample] of Object.entries(SAMPLES)) {
    const response = await request.get(sample.list, {
      headers: { Authorization: `Bearer ${tokens[sample.role]}` },
      params: { per_page: 50 },
    });
    expect(response.status(), `${sample.list}: ${await response.text()}`).toBe(200);
    const rows = ((await response.json()) as { data: SampleRow[] }).data;
    const value = rows.map((row) => (sample.value ? sample.value(row) : String(row.id))).find(Boolean);
    expect(value, `the seed has a row for {${name}} at ${sample.list}`).toBeTruthy();
    values[name] = value as string;
  }
  return values;
}
