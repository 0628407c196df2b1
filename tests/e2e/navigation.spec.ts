import { expect, test } from './fixtures';
import { ACCOUNTS, signInTo } from './support';

const LAYOUT_DATA = /[?&]_data=routes%2F_app(&|$)/;

test('moving between pages keeps the shell: only the new page loads its data', async ({ page }) => {
  await signInTo(page, ACCOUNTS.admin, '/order');
  const dataRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('_data=')) dataRequests.push(request.url());
  });
  await page
    .getByRole('navigation', { name: 'Navigasi utama' })
    .first()
    .getByRole('link', { name: 'Invoice' })
    .click();
  await expect(page.getByRole('heading', { name: 'Invoice', level: 1 })).toBeVisible();
  expect(dataRequests.some((url) => url.includes('_data=routes%2F_app.invoice._index'))).toBe(true);
  expect(dataRequests.filter((url) => LAYOUT_DATA.test(url))).toEqual([]);

  // A submitted form (here the language) still refreshes the shell.
  dataRequests.length = 0;
  await page.getByRole('button', { name: 'en', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Customers' }).first()).toBeVisible();
  expect(dataRequests.some((url) => LAYOUT_DATA.test(url))).toBe(true);
});
