import { expect, test, type Page } from './fixtures';
import { ACCOUNTS, chooseBrand, signInTo } from './support';

/**
 * Brands made and deleted by an administrator, with JavaScript and without: the brand form refuses a bad pin
 * address with the spec's message, a new brand becomes the administrator's current one, an empty brand is
 * deleted after its confirmation dialog, and a brand with orders stays, the refusal naming what holds it in the
 * user's language.
 */

const DEMO_BRAND = 'Nusantara Home';

async function toast(page: Page, role: 'status' | 'alert', text: string | RegExp) {
  await expect(page.getByRole(role).filter({ hasText: text }).first()).toBeVisible();
}

async function fillBrandForm(page: Page, name: string, lat: string) {
  await page.getByLabel('Nama', { exact: true }).fill(name);
  await page.getByLabel('Alamat', { exact: true }).fill('Jl. Asia Afrika 8');
  await page.getByLabel('Kota', { exact: true }).fill('Bandung');
  await page.getByLabel('Kode pos').fill('40111');
  await page.getByLabel('Telepon').fill('022-4200100');
  await page.getByLabel('Fax').fill('022-4200101');
  await page.getByLabel('Latitude').fill(lat);
  await page.getByLabel('Longitude').fill('107.607');
}

test('an administrator adds a brand, is refused a bad pin address, then deletes the empty brand', async ({
  page,
}, testInfo) => {
  const name = `Brand E2E ${testInfo.project.name}-${Date.now()}`;
  await signInTo(page, ACCOUNTS.admin, '/settings/brand');
  await page.getByRole('link', { name: 'Tambah Brand' }).click();
  await expect(page).toHaveURL(/\/settings\/brand\/create$/);
  await expect(page.getByRole('heading', { name: 'Tambah Brand', level: 1 })).toBeVisible();

  await fillBrandForm(page, name, 'utara');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Pin Alamat salah, silahkan coba kembali')).toBeVisible();
  await expect(page.getByLabel('Nama', { exact: true })).toHaveValue(name);

  await page.getByLabel('Latitude').fill('-6.921');
  // With JavaScript the field is checked again as it is left and its message goes, moving Simpan up: leave it first.
  await page.getByLabel('Latitude').blur();
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page).toHaveURL(/\/settings\/brand$/);
  await toast(page, 'status', 'Data berhasil dibuat');
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByLabel('Kota', { exact: true })).toHaveValue('Bandung');

  await page.getByRole('link', { name: `Hapus ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Hapus ${name}?` });
  await expect(dialog).toContainText('Anda tidak dapat melihat item ini jika melanjutkan');
  await dialog.getByRole('link', { name: 'Batal' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  await page.getByRole('link', { name: `Hapus ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ya, hapus' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await toast(page, 'status', `Brand ${name} telah dihapus.`);
  const selector = page.getByRole('banner').getByRole('combobox', { name: 'Brand' });
  await expect(selector.getByRole('option', { name })).toHaveCount(0);

  await chooseBrand(page, DEMO_BRAND);
});

test('a brand that still has orders is not deleted, and the refusal says why in Indonesian and in English', async ({
  page,
}) => {
  await signInTo(page, ACCOUNTS.admin, '/account/profile');
  await chooseBrand(page, DEMO_BRAND);
  await page.goto('/settings/brand');
  await page.getByRole('link', { name: `Hapus ${DEMO_BRAND}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ya, hapus' }).click();
  await expect(page).toHaveURL(/\/settings\/brand$/);
  await toast(
    page,
    'alert',
    `Brand ${DEMO_BRAND} tidak dapat dihapus karena masih memiliki pesanan, invoice, pengguna, produk`,
  );
  await expect(page.getByRole('heading', { name: DEMO_BRAND, level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'en', exact: true }).click();
  await page.getByRole('link', { name: `Delete ${DEMO_BRAND}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete' }).click();
  await toast(
    page,
    'alert',
    `Brand ${DEMO_BRAND} cannot be deleted: it still has orders, invoices, users, products`,
  );
  await page.getByRole('button', { name: 'id', exact: true }).click();
  await expect(page.getByRole('heading', { name: DEMO_BRAND, level: 1 })).toBeVisible();
});

test('only an administrator is offered adding or deleting a brand', async ({ page }) => {
  await signInTo(page, ACCOUNTS.keyAccount, '/settings/brand');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tambah Brand' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Hapus / })).toHaveCount(0);
  const response = await page.goto('/settings/brand/create');
  expect(response?.status()).toBe(403);
});
