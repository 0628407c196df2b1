import { expect, test } from './fixtures';
import { ACCOUNTS, axeOn, offerOf, openOffer, ownOrderPath, signInTo } from './support';

// axe runs inside the page, so this file belongs to the JavaScript-enabled project only.
test('the sign-in page and the shell have no serious or critical accessibility violations', async ({
  page,
}) => {
  await page.goto('/auth/login');
  const login = await axeOn(page).analyze();
  expect(login.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await signInTo(page, ACCOUNTS.admin, '/account/profile');
  const shell = await axeOn(page).analyze();
  expect(shell.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});

test('the order, invoice, customer and dashboard pages have no serious or critical accessibility violations', async ({
  page,
  request,
}) => {
  const orderPath = await ownOrderPath(request);
  await signInTo(page, ACCOUNTS.admin, '/order');
  const pages = [
    '/order',
    orderPath,
    '/invoice',
    '/customer',
    '/dashboard/ringkasan',
    '/dashboard/penjualan',
  ];
  for (const path of pages) {
    await page.goto(path);
    const result = await axeOn(page).analyze();
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${path}: ${v.id} ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
});

test('a modal takes the focus when it opens and Escape closes it', async ({ page, request }) => {
  const { externalNumber } = await offerOf(request);
  await signInTo(page, ACCOUNTS.vendor);
  const dialog = await openOffer(page, externalNumber);
  await expect(dialog.getByRole('heading', { name: 'Pesanan Masuk' })).toBeFocused();

  await page.keyboard.press('Escape');

  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the notification panel takes the focus, gives it back on Escape and closes when a notification is opened', async ({
  page,
}) => {
  await signInTo(page, ACCOUNTS.vendor, '/order');
  const bell = page.getByRole('link', { name: /^Notifikasi/ });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifikasi' });
  await expect(panel.getByRole('heading', { name: 'Notifikasi' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(bell).toBeFocused();

  await bell.click();
  const from = page.url();
  await panel.getByRole('listitem').first().getByRole('button').click();
  await expect(page).not.toHaveURL(from);
  await expect(panel).toHaveCount(0);
});
