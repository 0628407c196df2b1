import { expect, test, type Page } from './fixtures';
import { ACCOUNTS, signIn, signInTo, signOut } from './support';

/**
 * Settings end to end. Without JavaScript: an administrator creates a vendor with an area file, a role with
 * chosen permissions and a vendor user holding it, who then signs in and sees exactly the navigation those
 * permissions give; a key account is kept out of the user list; the audit log shows those writes with before
 * and after. With JavaScript: the access-rights grid toggles and saves.
 */

async function toastSays(page: Page, text: string | RegExp) {
  await expect(page.getByRole('status').filter({ hasText: text }).first()).toBeVisible();
}

function sideNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Navigasi utama' }).first();
}

test('an administrator sets up a vendor, a role and a vendor user, who sees exactly what the role gives', async ({
  page,
}, testInfo) => {
  const run = `${testInfo.project.name}-${Date.now()}`;
  const vendorName = `Vendor E2E ${run}`;
  const roleName = `Gudang E2E ${run}`;
  const email = `gudang.${run}@demo.test`.toLowerCase();

  await signInTo(page, ACCOUNTS.admin, '/settings');
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Vendor/ })
    .click();
  await page.getByRole('link', { name: 'Tambah Vendor' }).click();

  // A bad area file is refused whole, every bad row named.
  await page.getByLabel('Nama', { exact: true }).fill(vendorName);
  await page.getByLabel('Kota', { exact: true }).fill('Jakarta');
  await page.getByLabel('Kode pos').fill('12190');
  await page.getByLabel('Telepon').fill('021-5550123');
  await page.getByLabel('Latitude').fill('-6.2088');
  await page.getByLabel('Longitude').fill('106.8456');
  await page.getByRole('checkbox', { name: 'Nusantara Home' }).check();
  await page.getByLabel('Berkas area (csv atau xlsx)').setInputFiles({
    name: 'area.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'province,city,sub_district,postal_code\nDKI Jakarta,,Kemang,12730\nJawa Barat,Bandung,,4011\n',
    ),
  });
  await page.getByRole('button', { name: 'Simpan' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'Berkas area ditolak' });
  await expect(refused).toContainText('Baris 2, kolom city: wajib diisi.');
  await expect(refused).toContainText('Baris 3, kolom postal_code: harus 5 angka.');

  await page.getByLabel('Nama', { exact: true }).fill(vendorName);
  await page.getByLabel('Berkas area (csv atau xlsx)').setInputFiles({
    name: 'area.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('province,city,sub_district,postal_code\nDKI Jakarta,Jakarta Selatan,Kemang,12730\n'),
  });
  await page.getByRole('button', { name: 'Simpan' }).click();
  await toastSays(page, 'Data berhasil dibuat');
  await expect(page.getByRole('heading', { name: vendorName, level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Jakarta Selatan' })).toBeVisible();
  const vendorUrl = page.url();

  // A global role, then its permissions: the vendor's user list and the orders.
  await page.goto('/settings/role/create');
  await page.getByLabel('Nama peran').fill(roleName);
  await page.getByRole('button', { name: 'Simpan' }).click();
  await toastSays(page, 'Data berhasil dibuat');
  await page.goto('/settings/permission/create');
  await page.getByLabel('Peran').selectOption({ label: roleName });
  await page.getByRole('checkbox', { name: /\(vendor\.user\.index\)/ }).check();
  await page.getByRole('checkbox', { name: /\(order\.index\)/ }).check();
  await page.getByRole('button', { name: 'Simpan' }).click();
  await toastSays(page, 'Data berhasil dibuat');

  // The vendor's user, with that role.
  await page.goto(`${vendorUrl}?tab=users`);
  await page.getByRole('link', { name: 'Tambah Pengguna' }).click();
  await page.getByLabel('Nama').fill('Gudang E2E');
  await page.getByLabel('Email').fill(email);
  if (testInfo.project.name === 'no-js') {
    // The server's answer to a bad phone and a short password, on the form itself.
    await page.getByLabel('Nomor telepon').fill('0812-34');
    await page.getByLabel('Password').fill('pendek');
    await page.getByLabel('Peran').selectOption({ label: roleName });
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Nomor telepon harus nomor Indonesia yang valid')).toBeVisible();
    await expect(page.getByText('Password minimal 8 karakter')).toBeVisible();
  }
  await page.getByLabel('Nomor telepon').fill('081234567890');
  await page.getByLabel('Password').fill('gudang-e2e-1');
  await page.getByLabel('Peran').selectOption({ label: roleName });
  await page.getByRole('button', { name: 'Simpan' }).click();
  await toastSays(page, 'Data berhasil dibuat');
  await expect(page.getByRole('cell', { name: email })).toBeVisible();

  // The audit log shows each write, a rename with its before and after.
  await page.goto('/settings/role');
  await page.getByRole('link', { name: `Lihat ${roleName}` }).click();
  await page.getByLabel('Nama peran').fill(`${roleName} Baru`);
  await page.getByRole('button', { name: 'Simpan' }).click();
  await toastSays(page, 'Data berhasil diubah');
  await page.goto('/settings/audit');
  const log = page.getByRole('table', { name: 'Log Audit' });
  for (const action of [
    'Tambah vendor',
    'Unggah area layanan',
    'Tambah peran',
    'Tambah hak akses',
    'Tambah pengguna',
  ]) {
    await expect(log.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
  }
  const rename = log.getByRole('row').filter({ hasText: 'Ubah peran' }).first();
  await expect(rename).toContainText(`Nama: ${roleName}`);
  await expect(rename).toContainText(`${roleName} Baru`);
  await page.getByLabel('Jenis data').selectOption({ label: 'Vendor' });
  await page.getByRole('main').getByRole('button', { name: 'Terapkan' }).click();
  await expect(page).toHaveURL(/entity=vendor/);
  await expect(log.getByRole('row').filter({ hasText: 'Tambah vendor' }).first()).toContainText(vendorName);
  await signOut(page);

  // The new user lands on its first page (its role holds no dashboard) and sees the vendor's navigation, with
  // Pengaturan for its vendor.user.index, and no more.
  await signIn(page, email, 'gudang-e2e-1');
  await expect(page).toHaveURL(/\/order$/);
  const links = await sideNavigation(page).getByRole('link').allTextContents();
  expect(links).toContain('Penjualan');
  expect(links).toContain('Pengaturan');
  for (const brandSide of ['Invoice', 'Pembayaran', 'Produk', 'Pelanggan', 'Ringkasan']) {
    expect(links).not.toContain(brandSide);
  }
  await page.goto('/settings');
  const cards = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(cards).toHaveText(['Pengguna', 'Log Audit']);
  await page.goto('/settings/role');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Peran');
});

test("the spec's create addresses of Peran, Hak Akses and Akun open the create forms, titled by their heading", async ({
  page,
}) => {
  await signInTo(page, ACCOUNTS.admin);
  for (const [path, form, heading, field] of [
    ['/settings/peran/create', /\/settings\/role\/create$/, 'Tambah Peran', 'Nama peran'],
    ['/settings/hakakses/create', /\/settings\/permission\/create$/, 'Tambah Hak Akses', 'Peran'],
    ['/settings/akun/create', /\/settings\/user\/create$/, 'Tambah Pengguna', 'Email'],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveURL(form);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(`${heading} | Back Office`);
    await expect(page.getByLabel(field, { exact: true }).first()).toBeVisible();
  }
});

test('a key account is kept out of the user list and form', async ({ page }) => {
  await signInTo(page, ACCOUNTS.keyAccount, '/settings');
  await expect(page.getByRole('heading', { name: 'Brand', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pengguna', level: 2 })).toHaveCount(0);
  await page.goto('/settings/user');
  await expect(page).toHaveURL(/\/settings$/);
  await page.goto('/settings/user/create');
  await expect(page).toHaveURL(/\/settings$/);
});

test("an administrator opens a brand's user from the accounts view and saves it in the brand user's form", async ({
  page,
}) => {
  await signInTo(page, ACCOUNTS.admin, `/settings/akun?search=${encodeURIComponent(ACCOUNTS.brand)}`);
  await page.getByRole('row').filter({ hasText: ACCOUNTS.brand }).getByRole('link').click();
  // A brand's user keeps its own form: a phone number, and no brands to manage as a key account would.
  await expect(page.getByLabel('Nomor telepon')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Brand yang dikelola' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Simpan' }).click();
  await toastSays(page, 'Data berhasil diubah');
});

test('shipping methods switch on and off', async ({ page }) => {
  await signInTo(page, ACCOUNTS.admin, '/setting');
  await expect(page).toHaveURL(/\/settings\/pengiriman$/);
  const tokopedia = page.getByRole('region', { name: 'Tokopedia' });
  const tiki = tokopedia.getByRole('switch', { name: 'TIKI' });
  const before = await tiki.getAttribute('aria-checked');
  await tiki.click();
  await toastSays(page, 'Data berhasil diubah');
  await expect(tokopedia.getByRole('switch', { name: 'TIKI' })).toHaveAttribute(
    'aria-checked',
    before === 'true' ? 'false' : 'true',
  );
  await tokopedia.getByRole('switch', { name: 'TIKI' }).click();
  await expect(tokopedia.getByRole('switch', { name: 'TIKI' })).toHaveAttribute(
    'aria-checked',
    before ?? 'true',
  );
});

test('the access-rights grid toggles and saves', { tag: '@enhanced' }, async ({ page }) => {
  const roleName = `Grid E2E ${Date.now()}`;
  await signInTo(page, ACCOUNTS.admin, '/settings/role/create');
  await page.getByLabel('Nama peran').fill(roleName);
  await page.getByRole('button', { name: 'Simpan' }).click();
  await toastSays(page, 'Data berhasil dibuat');

  await page.goto('/settings/hakakses');
  await page.getByRole('combobox', { name: 'Peran' }).selectOption({ label: roleName });
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  const read = page.getByRole('checkbox', { name: 'Pesanan: Baca' });
  const update = page.getByRole('checkbox', { name: 'Pesanan: Ubah' });
  await expect(read).not.toBeChecked();
  await read.check();
  await update.check();
  await update.uncheck();
  await page.getByRole('button', { name: 'Simpan' }).click();
  await toastSays(page, /Data berhasil/);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Pesanan: Baca' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Pesanan: Ubah' })).not.toBeChecked();
});
