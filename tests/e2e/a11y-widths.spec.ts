import { expect, test, type Page } from './fixtures';
import { ACCOUNTS, axeOn, signInTo, WIDE_RANGE } from './support';

/**
 * No serious or critical accessibility violation on any built page, at a laptop's width (1366 px) and a phone's
 * (390 px), as an administrator and as a vendor. axe runs in the page, so every test is tagged @enhanced (the no-JS
 * project leaves them out).
 */
test.setTimeout(240_000);

const WIDTHS = [1366, 390];

async function firstHref(page: Page, list: string, selector: string) {
  await page.goto(list);
  return page.locator(selector).first().getAttribute('href');
}

async function violationsOn(page: Page, paths: string[]) {
  const found: string[] = [];
  // Each page opened once and checked at both widths: the layout follows the viewport without a reload.
  for (const path of paths) {
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    await page.goto(path);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const result = await axeOn(page).analyze();
      for (const violation of result.violations) {
        if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
        found.push(
          `${width}px ${path}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        );
      }
    }
  }
  return found;
}

test('the signed-out pages @enhanced', async ({ page }) => {
  expect(await violationsOn(page, ['/auth/login', '/auth/forgot-password'])).toEqual([]);
});

/** The administrator's menu, in two halves so that the two workers share them. */
const ADMIN_PAGES = {
  'dashboards and account': [
    '/dashboard/ringkasan',
    '/dashboard/penjualan',
    '/dashboard/vendor',
    '/dashboard/produk',
    '/dashboard/pembeli',
    '/dashboard/branch',
    '/notifications',
    '/account/profile',
  ],
  'orders, invoices, customers and payments': [
    '/order',
    '/order?view=item',
    'order',
    'order?modal=change-vendor',
    '/invoice',
    'invoice',
    '/customer',
    'customer',
    '/send-payment',
    '/send-payment/create',
  ],
};

for (const [part, listed] of Object.entries(ADMIN_PAGES)) {
  test(`every page an administrator opens from the menu (${part}), with a record of each @enhanced`, async ({
    page,
  }) => {
    await signInTo(page, ACCOUNTS.admin);
    // A bare name stands for the first record of that list (its query kept), from every seeded day: the invoice
    // list opens on today, which has no invoice yet just after midnight in Jakarta.
    const records: Record<string, string> = {};
    for (const list of ['order', 'invoice', 'customer']) {
      if (listed.some((path) => path.startsWith(list)))
        records[list] =
          (await firstHref(page, `/${list}?${WIDE_RANGE}`, `tbody a[href^="/${list}/"]`)) ?? `/${list}`;
    }
    const paths = listed.map((path) => {
      const [name, query] = path.split('?');
      const record = records[name];
      return record ? `${record}${query ? `?${query}` : ''}` : path;
    });
    expect(await violationsOn(page, paths)).toEqual([]);
  });
}

test('every page a vendor opens from the menu, with an order and an incoming offer @enhanced', async ({
  page,
}) => {
  await signInTo(page, ACCOUNTS.vendor);
  const order = (await firstHref(page, '/order', 'tbody a[href^="/order/"]')) ?? '/order';
  const offer = (await firstHref(page, '/order', 'a[href^="/offer/"]')) ?? '/order';
  const paths = ['/dashboard/penjualan', '/order', order, offer, '/notifications', '/account/profile'];
  expect(await violationsOn(page, paths)).toEqual([]);
});
