import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { ACCOUNTS, signInAndWait } from './support';

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
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      await page.goto(path);
      const result = await new AxeBuilder({ page }).analyze();
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

test('every page an administrator opens from the menu, with a record of each @enhanced', async ({ page }) => {
  await signInAndWait(page, ACCOUNTS.admin);
  const order = (await firstHref(page, '/order', 'tbody a[href^="/order/"]')) ?? '/order';
  const invoice = (await firstHref(page, '/invoice', 'tbody a[href^="/invoice/"]')) ?? '/invoice';
  const customer = (await firstHref(page, '/customer', 'tbody a[href^="/customer/"]')) ?? '/customer';
  const paths = [
    '/dashboard/ringkasan',
    '/dashboard/penjualan',
    '/dashboard/vendor',
    '/dashboard/produk',
    '/dashboard/pembeli',
    '/dashboard/branch',
    '/order',
    '/order?view=item',
    order,
    `${order}?modal=change-vendor`,
    '/invoice',
    invoice,
    '/customer',
    customer,
    '/notifications',
    '/account/profile',
    '/send-payment',
    '/send-payment/create',
  ];
  expect(await violationsOn(page, paths)).toEqual([]);
});

test('every page a vendor opens from the menu, with an order and an incoming offer @enhanced', async ({
  page,
}) => {
  await signInAndWait(page, ACCOUNTS.vendor);
  const order = (await firstHref(page, '/order', 'tbody a[href^="/order/"]')) ?? '/order';
  const offer = (await firstHref(page, '/order', 'a[href^="/offer/"]')) ?? '/order';
  const paths = ['/dashboard/penjualan', '/order', order, offer, '/notifications', '/account/profile'];
  expect(await violationsOn(page, paths)).toEqual([]);
});
