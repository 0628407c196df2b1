import { expect, test, type Page } from './fixtures';
import { ACCOUNTS, signInTo } from './support';

/** The number of the first order of the signed-in account's list: a seeded order it may read. */
async function firstOrderNumber(page: Page) {
  await page.goto('/order');
  const link = page.getByRole('link', { name: /^SO\/\d{4}\/\d{2}\/\d{6}$/ }).first();
  await expect(link).toBeVisible();
  return ((await link.textContent()) ?? '').trim();
}

function headerSearch(page: Page) {
  return page.getByRole('banner').getByRole('searchbox', { name: 'Cari' });
}

test('the header search finds a seeded order by its number, under its group, and opens it', async ({
  page,
}) => {
  await signInTo(page, ACCOUNTS.brand);
  const number = await firstOrderNumber(page);
  expect(number).toMatch(/^SO\//);

  await headerSearch(page).fill(number);
  await headerSearch(page).press('Enter');
  await expect(page).toHaveURL(/\/search\?q=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pencarian' })).toBeVisible();
  const orders = page.getByRole('region', { name: 'Pesanan' });
  await expect(orders.getByRole('link', { name: number, exact: true })).toBeVisible();
  await expect(headerSearch(page)).toHaveValue(number);

  await orders.getByRole('link', { name: number, exact: true }).click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(number);
});

test('the header search says so on its field when the query is one character, and when nothing matches', async ({
  page,
}) => {
  await signInTo(page, ACCOUNTS.brand, '/search?q=S');
  await expect(headerSearch(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('banner')).toContainText('Ketik minimal 2 karakter untuk mencari.');

  await headerSearch(page).fill('ZZQ-tidak-ada-9');
  await headerSearch(page).press('Enter');
  await expect(page.getByTestId('search-empty')).toContainText('Tidak ada hasil untuk “ZZQ-tidak-ada-9”');
  await expect(page.getByRole('region')).toHaveCount(0);
});

test('a vendor searching finds no group it may not read (buyers, vouchers)', async ({ page }) => {
  await signInTo(page, ACCOUNTS.vendor, '/search?q=SO%2F');
  await expect(page.getByRole('heading', { level: 1, name: 'Pencarian' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pembeli' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Bukti pembayaran' })).toHaveCount(0);
});

test('`/` and Ctrl-K put the cursor in the header search @enhanced', async ({ page }) => {
  await signInTo(page, ACCOUNTS.brand);
  const number = await firstOrderNumber(page);
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await expect(headerSearch(page)).not.toBeFocused();

  await page.keyboard.press('/');
  await expect(headerSearch(page)).toBeFocused();
  // The slash put the cursor there and was not typed.
  await expect(headerSearch(page)).toHaveValue('');

  await headerSearch(page).blur();
  await expect(headerSearch(page)).not.toBeFocused();
  await page.keyboard.press('Control+k');
  await expect(headerSearch(page)).toBeFocused();

  await page.keyboard.type(number);
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('region', { name: 'Pesanan' }).getByRole('link', { name: number }),
  ).toBeVisible();
});
