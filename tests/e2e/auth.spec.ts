import { expect, test } from './fixtures';
import { ACCOUNTS, signIn, signInAndWait, signInTo, signOut } from './support';

const DASHBOARD_FIVE = ['Ringkasan', 'Penjualan', 'Vendor', 'Produk', 'Pembeli'];

const roles = [
  {
    role: 'an administrator',
    email: ACCOUNTS.admin,
    landing: '/dashboard/ringkasan',
    links: [
      ...DASHBOARD_FIVE,
      'Invoice',
      'Penjualan',
      'Pembayaran',
      'Produk',
      'Daftar Stok',
      'Manajemen',
      'Mutasi',
      'Pelanggan',
      'Promosi',
      'Pengaturan',
    ],
    brandSelector: true,
  },
  {
    role: 'a key account',
    email: ACCOUNTS.keyAccount,
    landing: '/dashboard/ringkasan',
    links: [
      ...DASHBOARD_FIVE,
      'Invoice',
      'Penjualan',
      'Pembayaran',
      'Produk',
      'Daftar Stok',
      'Manajemen',
      'Mutasi',
      'Pelanggan',
      'Promosi',
      'Pengaturan',
    ],
    brandSelector: true,
  },
  {
    role: 'a brand user',
    email: ACCOUNTS.brand,
    landing: '/dashboard/ringkasan',
    links: [
      ...DASHBOARD_FIVE,
      'Invoice',
      'Penjualan',
      'Produk',
      'Daftar Stok',
      'Manajemen',
      'Mutasi',
      'Pelanggan',
    ],
    brandSelector: false,
  },
  {
    role: 'a vendor holding the settings permissions',
    email: ACCOUNTS.vendor,
    landing: '/dashboard/penjualan',
    links: ['Penjualan', 'Penjualan', 'Manajemen', 'Mutasi', 'Pengaturan'],
    brandSelector: false,
  },
];

for (const { role, email, landing, links, brandSelector } of roles) {
  test(`${role} signs in, lands on ${landing} and sees exactly the role's navigation`, async ({ page }) => {
    await signIn(page, email);
    await expect(page).toHaveURL(landing);
    const nav = page.getByRole('navigation', { name: 'Navigasi utama' });
    await expect(nav.getByRole('link')).toHaveText(links);
    await expect(page.getByRole('combobox', { name: 'Brand' })).toHaveCount(brandSelector ? 1 : 0);
  });
}

test('a wrong password shows the credentials error and keeps the user on the sign-in page', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin, 'not-the-password');
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Akun email atau password anda salah' }),
  ).toBeVisible();
  await expect(page.getByText('Akun email atau password anda salah')).toHaveCount(1);
});

test('the sign-in form explains a missing and a malformed email', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page.getByText('The email must be a valid email address.')).toBeVisible();
  await expect(page.getByText('The password must be at least 8 characters.')).toBeVisible();
});

test('a signed-out visitor is sent to sign in and then back to the page they asked for', async ({ page }) => {
  await page.goto('/account/profile');
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Faccount%2Fprofile/);
  await page.getByLabel('Email').fill(ACCOUNTS.admin);
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page).toHaveURL('/account/profile');
});

test('a signed-in user is kept out of the sign-in pages', async ({ page }) => {
  await signInTo(page, ACCOUNTS.brand, '/auth/login');
  await expect(page).toHaveURL(/\/dashboard\/ringkasan/);
});

test('after logout the old session cookie no longer opens any page', async ({ page, browser }) => {
  await signInAndWait(page, ACCOUNTS.keyAccount);
  const cookies = await page.context().cookies();
  await signOut(page);

  const replay = await browser.newContext();
  await replay.addCookies(cookies);
  const replayed = await replay.newPage();
  for (const path of ['/dashboard/ringkasan', '/account/profile', '/notifications']) {
    await replayed.goto(path);
    await expect(replayed).toHaveURL(/\/auth\/login/);
  }
  await replay.close();
});

test('an unknown path shows the Not Found Page inside the shell', async ({ page }) => {
  await signInTo(page, ACCOUNTS.admin);
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Not Found Page' })).toBeVisible();
});

test('an order, invoice or customer that is not there answers 404 inside the shell, brand selector and navigation kept', async ({
  page,
}) => {
  await signInTo(page, ACCOUNTS.admin);
  for (const path of ['/order/99999999', '/invoice/99999999', '/customer/Nobody%20Here?phone=0800000000']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Not Found Page' })).toBeVisible();
    await expect(page).toHaveTitle('Not Found Page | Back Office');
    await expect(page.getByRole('navigation', { name: 'Navigasi utama' }).first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Brand' }).first()).toBeVisible();
  }
});

test('the language switch turns the interface to English and back', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'en', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await page.getByRole('button', { name: 'id', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Masuk ke akun anda' })).toBeVisible();
});

test('in English the order statuses read in English, while the filter keeps its value', async ({ page }) => {
  await signInTo(page, ACCOUNTS.admin, '/order');
  await page.getByRole('button', { name: 'en', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Status' }).getByRole('link', { name: 'Completed' }).click();
  await expect(page).toHaveURL(/status=Selesai/);
  await expect(page.getByRole('table').getByText('Completed').first()).toBeVisible();
  await expect(page.getByRole('table').getByText('Selesai')).toHaveCount(0);
});
