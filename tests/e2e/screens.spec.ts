import { expect, test, type Page } from './fixtures';
import { ACCOUNTS, signInTo } from './support';

/**
 * What people notice on the screens: a save that takes one click, each message once, a phone typed as people
 * type it, lists in the order the others have, counts and highlights that match what is shown, and toasts that
 * cover nothing.
 */

async function toastSays(page: Page, text: string | RegExp) {
  await expect(page.getByRole('status').filter({ hasText: text }).first()).toBeVisible();
}

test.describe('one click on Simpan after a validation error saves', () => {
  // The form checks itself in the browser: an error that went away as the pointer pressed Simpan moved the button
  // from under it, and that click was lost.
  test('the role, category and user forms opened from Tambah', { tag: '@enhanced' }, async ({ page }) => {
    await signInTo(page, ACCOUNTS.admin);
    const stamp = Date.now();

    await page.goto('/settings/role');
    await page.getByRole('link', { name: 'Tambah Peran' }).click();
    await page.getByRole('button', { name: 'Simpan' }).click();
    const roleName = page.getByLabel('Nama peran');
    await expect(roleName).toHaveAttribute('aria-invalid', 'true');
    await roleName.fill(`Peran Satu Klik ${stamp}`);
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(page).toHaveURL(/\/settings\/role$/);
    await toastSays(page, 'Data berhasil dibuat');

    await page.goto('/settings/category');
    await page.getByRole('link', { name: 'Tambah Kategori' }).click();
    await page.getByRole('button', { name: 'Simpan' }).click();
    const categoryName = page.getByLabel('Nama kategori');
    await expect(categoryName).toHaveAttribute('aria-invalid', 'true');
    await categoryName.fill(`Kategori Satu Klik ${stamp}`);
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(page).toHaveURL(/\/settings\/category$/);
    await toastSays(page, 'Data berhasil dibuat');

    await page.goto('/settings/user');
    await page.getByRole('link', { name: 'Tambah Pengguna' }).click();
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByLabel('Nama', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Nama', { exact: true }).fill('Satu Klik');
    await page.getByLabel('Email').fill(`satu.klik.${stamp}@example.test`);
    await page.getByLabel('Password').fill('satu-klik-1');
    await page.getByLabel('Peran').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(page).toHaveURL(/\/settings\/user$/);
    await toastSays(page, 'Data berhasil dibuat');
  });

  test('the bank form, which checks each field as it is left', { tag: '@enhanced' }, async ({ page }) => {
    await signInTo(page, ACCOUNTS.admin, '/settings/bank');
    await page.getByRole('link', { name: 'Tambah Bank' }).click();
    await page.getByRole('button', { name: 'Simpan' }).click();
    const name = page.getByLabel('Nama bank');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await name.fill(`Bank Satu Klik ${Date.now()}`);
    // Straight from the field to Simpan: leaving the field must not move the button from under the pointer.
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(page).toHaveURL(/\/settings\/bank$/);
    await toastSays(page, 'Data berhasil dibuat');
  });
});

test.describe('each message once', () => {
  test('a SKU already taken is said under the SKU field only', async ({ page }) => {
    await signInTo(page, ACCOUNTS.keyAccount, '/stock');
    const taken = (await page
      .locator('tbody td')
      .filter({ hasText: /^[A-Z]+-[A-Z]+-\d+$/ })
      .first()
      .textContent())!.trim();
    await page.goto('/stock/create');
    await page.getByLabel('Nama produk').fill('Jam Dinding Kembar');
    await page.getByLabel('SKU', { exact: true }).fill(taken);
    await page.getByLabel('Kategori').selectOption({ index: 1 });
    await page.getByLabel('Harga vendor').fill('100000');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('The sku has already been taken.')).toHaveCount(1);
    await expect(page.getByLabel('SKU', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert').filter({ hasText: 'The sku has already been taken.' })).toHaveCount(
      0,
    );
  });
});

test.describe('phone numbers', () => {
  test('a mobile number typed with spaces and dashes is taken and kept without them', async ({ page }) => {
    await signInTo(page, ACCOUNTS.vendorSpecial, '/account/profile');
    await page.getByLabel('Nomor HP').fill('0812-9876 5431');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expect(page.getByRole('status')).toContainText('Profil berhasil diperbarui');
    await page.goto('/account/profile');
    await expect(page.getByLabel('Nomor HP')).toHaveValue('081298765431');
  });
});

test.describe('lists in the order the others have', () => {
  test('the marketplace listings open newest first, and ascending is one click on ID', async ({ page }) => {
    await signInTo(page, ACCOUNTS.admin, '/product');
    const id = page.getByRole('columnheader', { name: /^ID/ });
    await expect(id).toHaveAttribute('aria-sort', 'descending');
    const ids = (await page.locator('tbody tr td:first-child').allTextContents()).map(Number);
    expect(ids.length).toBeGreaterThan(1);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    await id.getByRole('link').click();
    await expect(page).toHaveURL(/sorted_by=id&order_by=asc/);
    await expect(page.getByRole('columnheader', { name: /^ID/ })).toHaveAttribute('aria-sort', 'ascending');
  });
});

test.describe('what a screen counts and marks matches what it shows', () => {
  test('the category tree counts the rows it shows, parents and children', async ({ page }) => {
    await signInTo(page, ACCOUNTS.admin, '/settings/category');
    const rows = await page.getByRole('table', { name: 'Kategori' }).locator('tbody tr').count();
    expect(rows).toBeGreaterThan(4);
    await expect(page.getByRole('navigation', { name: 'Halaman' })).toContainText(
      `Menampilkan ${rows} kategori`,
    );
  });

  test('one navigation item is marked, the most precise, where a parent is an item too', async ({ page }) => {
    await signInTo(page, ACCOUNTS.brand);
    const nav = page.getByRole('navigation', { name: 'Navigasi utama' }).first();
    for (const [path, item] of [
      ['/stock/manajemen', 'Manajemen'],
      ['/stock/mutation', 'Mutasi'],
      ['/stock', 'Daftar Stok'],
    ]) {
      await page.goto(path);
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
      await expect(nav.locator('[aria-current="page"]')).toHaveText(item);
    }
  });

  test('the audit filter shows "Semua pengguna" whole', { tag: '@enhanced' }, async ({ page }) => {
    await signInTo(page, ACCOUNTS.admin, '/settings/audit');
    const actor = page.getByLabel('Pengguna', { exact: true });
    await expect(actor.locator('option:checked')).toHaveText('Semua pengguna');
    const room = await actor.evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      const text = context.measureText(select.options[select.selectedIndex].text).width;
      const inner = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return inner - text;
    });
    expect(room).toBeGreaterThanOrEqual(0);
  });

  test('/favicon.ico is an icon', async ({ request }) => {
    const icon = await request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/^image\//);
  });
});

test.describe('figures that read right', () => {
  test('a seeded offer ends within a day, not a year later', async ({ page }) => {
    await signInTo(page, ACCOUNTS.vendor, '/order');
    const offer = page.getByRole('region', { name: 'Pesanan Masuk' }).getByRole('listitem').first();
    const ends = /berakhir (\d{1,2} \w+ \d{4})/.exec((await offer.textContent()) ?? '')?.[1];
    // Jakarta's date now and a day on: the expiry is one of them.
    const jakarta = (ms: number) => {
      const day = new Date(ms + 7 * 3_600_000);
      const month = day.toLocaleString('id-ID', { month: 'long', timeZone: 'UTC' });
      return `${day.getUTCDate()} ${month} ${day.getUTCFullYear()}`;
    };
    expect([jakarta(Date.now()), jakarta(Date.now() + 86_400_000)]).toContain(ends);
  });
});

test.describe('toasts cover nothing to press next', () => {
  test('after a save the toast is clear of the header and the page’s own buttons', async ({ page }) => {
    await signInTo(page, ACCOUNTS.admin, '/settings/role/create');
    await page.getByLabel('Nama peran').fill(`Peran Toast ${Date.now()}`);
    await page.getByRole('button', { name: 'Simpan' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Data berhasil dibuat' });
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    const pressable = page
      .getByRole('banner')
      .locator('a, button, select, summary')
      .or(page.getByRole('link', { name: 'Tambah Peran' }));
    for (const target of await pressable.all()) {
      if (!(await target.isVisible())) continue;
      const other = (await target.boundingBox())!;
      const overlaps =
        box.x < other.x + other.width &&
        other.x < box.x + box.width &&
        box.y < other.y + other.height &&
        other.y < box.y + box.height;
      expect(overlaps, (await target.textContent()) ?? '').toBe(false);
    }
  });
});

test.describe('the return form', () => {
  test('a line’s quantity opens when the line is ticked (with JavaScript; without, it is always open)', async ({
    page,
  }, testInfo) => {
    await signInTo(page, ACCOUNTS.admin);
    // The item view links only lines with units left to return: other tests may have returned whole orders.
    await page.goto('/order?view=item&status=Selesai');
    await page
      .getByRole('table')
      .getByRole('link', { name: /^Retur / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Retur Product' });
    // A line with units left to return: its box can be ticked.
    const row = dialog
      .locator('tbody tr')
      .filter({ has: page.locator('input[type="checkbox"]:enabled') })
      .first();
    const line = row.getByRole('checkbox');
    const quantity = row.getByLabel('Jumlah retur');
    if (testInfo.project.name === 'no-js') {
      await expect(quantity).toBeEnabled();
      return;
    }
    await expect(quantity).toBeDisabled();
    await line.check();
    await expect(quantity).toBeEnabled();
    await quantity.fill('1');
    await line.uncheck();
    await expect(quantity).toBeDisabled();
  });
});
