import {
  SAMPLES,
  SPEC_ADDRESSES,
  type SampleRow,
  type SpecAddress,
  type SpecRole,
} from '../support/spec-routes';
import { expect, test, type APIRequestContext, type Browser } from './fixtures';
import { ACCOUNTS, tokenFor, signInTo } from './support';

/**
 * Every address of the spec's route tables answers (tests/support/spec-routes.ts): for an account that may open
 * it, the page itself (200, not the 'Not Found Page' notice), or the page the spec sends it to.
 */

const NOT_FOUND = 'Not Found Page';
/** The notice as a page shows it: its heading (every page also carries the words among its tab titles' data). */
const NOT_FOUND_HEADING = /<h1[^>]*>\s*Not Found Page\s*<\/h1>/;

const EMAILS: Record<Exclude<SpecRole, 'guest'>, string> = {
  admin: ACCOUNTS.admin,
  vendor: ACCOUNTS.vendor,
};

/** A signed-in (or signed-out) browser context's requests: the session cookie comes with each. */
async function requestsOf(browser: Browser, baseURL: string, role: SpecRole) {
  const context = await browser.newContext({ baseURL });
  if (role !== 'guest') {
    const page = await context.newPage();
    await signInTo(page, EMAILS[role]);
    await page.close();
  }
  return context;
}

/** A promotion of the demo brand, which the seed has none of, far enough ahead to overlap no other. */
async function makePromotion(request: APIRequestContext) {
  const token = await tokenFor(request, ACCOUNTS.admin);
  const hours = Date.now() % 1_000_000;
  const start = new Date(Date.UTC(2045, 0, 1) + hours * 3_600_000);
  const jakarta = (at: Date) =>
    new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
  const response = await request.post('/api/brand/1/promotion', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: `Promo alamat ${hours}`,
      type: 'discount',
      value: 10,
      channel: 'tokopedia',
      start_at: jakarta(start),
      end_at: jakarta(new Date(start.getTime() + 3_600_000)),
      products: [{ product_id: 1, promo_stock: 0, purchase_limit: 0 }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** Each placeholder's value from the seeded data (SAMPLES), and the promotion made for the run. */
async function samplesOf(request: APIRequestContext) {
  const tokens = {
    admin: await tokenFor(request, ACCOUNTS.admin),
    vendor: await tokenFor(request, ACCOUNTS.vendor),
  };
  const values: Record<string, string> = { promotion: String(await makePromotion(request)) };
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

async function answerOf(request: APIRequestContext, address: SpecAddress, path: string) {
  let response = await request.get(path, { maxRedirects: 0 });
  // A list that writes its default filters into its address (the invoice list's dates) is still that page.
  const again = response.headers().location;
  const pathname = new URL(path, 'http://any').pathname;
  if (!address.redirectsTo && again && new URL(again, 'http://any').pathname === pathname) {
    response = await request.get(again, { maxRedirects: 0 });
  }
  const status = response.status();
  if (address.redirectsTo) {
    const location = new URL(response.headers().location ?? '', 'http://any').pathname;
    return status >= 300 && status < 400 && location === address.redirectsTo
      ? null
      : `${address.role} ${path}: expected a redirect to ${address.redirectsTo}, got ${status} ${location}`;
  }
  const shown = NOT_FOUND_HEADING.test(await response.text());
  if (status === 200 && !shown) return null;
  const where = status >= 300 && status < 400 ? ` to ${response.headers().location}` : '';
  return `${address.role} ${path}: ${status}${where}${shown ? `, "${NOT_FOUND}"` : ''}`;
}

test('an address nobody has shows the Not Found Page notice, which the check below looks for', async ({
  browser,
  baseURL,
}) => {
  const context = await requestsOf(browser, baseURL as string, 'admin');
  const response = await context.request.get('/no-such-address-anywhere');
  expect(response.status()).toBe(404);
  expect(await response.text()).toMatch(NOT_FOUND_HEADING);
  await context.close();
});

test('every address of the spec route tables answers for an account that may open it', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const samples = await samplesOf(request);
  const failures: string[] = [];
  for (const role of ['guest', 'admin', 'vendor'] as const) {
    const context = await requestsOf(browser, baseURL as string, role);
    for (const address of SPEC_ADDRESSES.filter((entry) => entry.role === role)) {
      const path = address.path.replace(/\{(\w+)\}/g, (_whole, name: string) => samples[name] ?? `{${name}}`);
      const failure = await answerOf(context.request, address, path);
      if (failure) failures.push(`${failure} (spec ${address.source}: ${address.spec})`);
    }
    await context.close();
  }
  expect(failures).toEqual([]);
  expect(SPEC_ADDRESSES.length).toBeGreaterThan(75);
});

/** What React says when the server's markup and the first render in the browser differ. */
const HYDRATION = /hydrat|did not match|Minified React error #(418|423|425)/i;

// One test per account, so that the two workers share the walk.
for (const role of ['guest', 'admin', 'vendor'] as const) {
  test(`no page of the spec route tables logs a hydration error in the browser (${role}) @enhanced`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    const samples = await samplesOf(request);
    const failures: string[] = [];
    const context = await requestsOf(browser, baseURL as string, role);
    const page = await context.newPage();
    let current = '';
    page.on('console', (message) => {
      if (message.type() === 'error' && HYDRATION.test(message.text()))
        failures.push(`${current}: ${message.text().slice(0, 200)}`);
    });
    page.on('pageerror', (error) => {
      if (HYDRATION.test(error.message)) failures.push(`${current}: ${error.message.slice(0, 200)}`);
    });
    const addresses = SPEC_ADDRESSES.filter((entry) => entry.role === role && !entry.redirectsTo);
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) {
      current = address.path.replace(/\{(\w+)\}/g, (_whole, name: string) => samples[name] ?? `{${name}}`);
      await page.goto(current);
      // Hydration is done once the entry script has run: the page's html element says so.
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    }
    await context.close();
    expect(failures).toEqual([]);
  });
}
