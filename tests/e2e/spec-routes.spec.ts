import { SPEC_ADDRESSES, type SpecAddress } from '../support/spec-routes';
import { expect, test, type APIRequestContext } from './fixtures';
import { requestsOf, samplesOf } from './spec-pages';

/**
 * Every address of the spec's route tables answers (tests/support/spec-routes.ts): for an account that may open
 * it, the page itself (200, not the 'Not Found Page' notice), or the page the spec sends it to.
 */

const NOT_FOUND = 'Not Found Page';
/** The notice as a page shows it: its heading (every page also carries the words among its tab titles' data). */
const NOT_FOUND_HEADING = /<h1[^>]*>\s*Not Found Page\s*<\/h1>/;

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

test('an address nobody has shows the Not Found Page notice, which the check below looks for @once', async ({
  browser,
  baseURL,
}) => {
  const context = await requestsOf(browser, baseURL as string, 'admin');
  const response = await context.request.get('/no-such-address-anywhere');
  expect(response.status()).toBe(404);
  expect(await response.text()).toMatch(NOT_FOUND_HEADING);
  await context.close();
});

test('every address of the spec route tables answers for an account that may open it @once', async ({
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
