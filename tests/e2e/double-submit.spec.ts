import { expect, test } from './fixtures';
import { ACCOUNTS, signInTo } from './support';

/**
 * A creating form posted twice — a double click, or the browser sending it again after a dropped connection —
 * creates one record: both posts carry the page's form key, which the upstream honours as an Idempotency-Key.
 */
test('changing the vendor of an order posted twice at once diverts it once', async ({ page }) => {
  await signInTo(page, ACCOUNTS.admin, '/order?status=Pesanan+Baru');
  const firstOrder = page.getByRole('table').getByRole('link', { name: /^SO\// }).first();
  const path = await firstOrder.getAttribute('href');
  expect(path).toMatch(/^\/order\/\d+/);

  await page.goto(`${path}?modal=change-vendor`);
  const dialog = page.getByRole('dialog');
  const form = dialog.locator('form');
  const select = dialog.getByLabel('Vendor baru');
  const vendorId = await select.locator('option:not([disabled])').first().getAttribute('value');
  const fields: Record<string, string> = { vendor_id: vendorId ?? '' };
  for (const input of await form.locator('input[type="hidden"]').all()) {
    fields[(await input.getAttribute('name')) ?? ''] = (await input.getAttribute('value')) ?? '';
  }
  expect(fields.idempotency_key).toBeTruthy();

  const origin = new URL(page.url()).origin;
  const post = () =>
    page.request.post(`${origin}${path}`, { form: fields, headers: { origin }, maxRedirects: 0 });
  const answers = await Promise.all([post(), post()]);
  for (const answer of answers) expect(answer.status()).toBe(302);

  await page.goto(path ?? '/');
  await expect(page.getByText('Dialihkan').first()).toBeVisible();
  await expect(page.getByText(/Pesanan dialihkan ke /)).toHaveCount(1);
});
