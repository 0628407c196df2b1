import { spawnSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, signInAndWait, signOut } from './support';

test.describe.configure({ mode: 'serial' });

/** The demo vendor (vendor@demo.test's), serving the demo brand the administrator works in. */
const VENDOR = 'CV Maju Jaya';

/** Picks the first order the form offers and adds it; returns its number. */
async function addFirstPayableOrder(page: Page) {
  const choice = page.getByLabel('Tambah pesanan');
  const label = (await choice.locator('option').nth(1).textContent()) ?? '';
  const number = label.split(' · ')[0].trim();
  expect(number).not.toBe('');
  await choice.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Tambah', exact: true }).click();
  await expect(page.getByRole('button', { name: `Hapus pesanan ${number} dari voucher` })).toBeVisible();
  return number;
}

async function chooseVendor(page: Page, javaScriptEnabled: boolean) {
  await page.getByLabel('Vendor', { exact: true }).selectOption({ label: VENDOR });
  // With JavaScript the vendor's step runs on the change; without it, it is a button.
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Tampilkan pesanan vendor' }).click();
  await expect(page.getByLabel('Tambah pesanan')).toBeVisible();
}

async function pdfText(page: Page, path: string) {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  return spawnSync('pdftotext', ['-layout', '-', '-'], { input: await response.body() }).stdout.toString();
}

test('an administrator pays two completed orders, the vendor sees them Terbayar, the voucher prints, and deleting it makes them payable again', async ({
  page,
  javaScriptEnabled,
}) => {
  const number = `PV/E2E/${javaScriptEnabled ? 'JS' : 'HTML'}/${Date.now()}`;
  await signInAndWait(page, ACCOUNTS.admin);
  await page.goto('/send-payment');
  await page.getByRole('link', { name: 'Buat Pembayaran' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Buat Pembayaran' })).toBeVisible();
  await expect(page.getByText('please select vendor first')).toBeVisible();

  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('nomor voucher is required', { exact: true })).toBeVisible();
  await expect(page.getByText('vendor is required', { exact: true })).toBeVisible();
  await expect(page.getByText('bank is required', { exact: true })).toBeVisible();

  await page.getByLabel('Nomor voucher').fill(number);
  await chooseVendor(page, javaScriptEnabled);
  const first = await addFirstPayableOrder(page);
  const second = await addFirstPayableOrder(page);
  await page.getByLabel('Bank', { exact: true }).selectOption({ label: 'BCA' });
  await page.getByLabel('Nomor rekening').fill('1234509876');
  await page.getByLabel('Nama pemilik rekening').fill('CV Maju Jaya');
  await page.getByLabel('Nomor cek/BG').fill('BG-E2E-1');
  await page.getByRole('button', { name: 'Simpan' }).click();

  await expect(page).toHaveURL(/\/send-payment\/\d+$/);
  await expect(page.getByRole('status')).toContainText('Data berhasil dibuat');
  await expect(page.getByRole('heading', { level: 1, name: number })).toBeVisible();
  const voucherPath = new URL(page.url()).pathname;
  await expect(page.getByRole('button', { name: `Hapus pesanan ${first} dari voucher` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Hapus pesanan ${second} dari voucher` })).toBeVisible();

  const text = await pdfText(page, `${voucherPath}/print`);
  expect(text).toContain('Bank Payment Voucher'.toUpperCase());
  expect(text).toContain(number);
  expect(text).toMatch(/Rp\.\d/);
  expect(text).toContain(first);
  expect(text).toContain(second);
  for (const slot of ['Prepare', 'Applied By', 'Checked', 'Apporoved', 'Received'])
    expect(text).toContain(slot);

  await signOut(page);
  await signInAndWait(page, ACCOUNTS.vendor);
  for (const order of [first, second]) {
    await page.goto(`/order?search=${encodeURIComponent(order)}`);
    await expect(page.getByRole('row').filter({ hasText: order }).getByText('Terbayar')).toBeVisible();
  }
  await signOut(page);

  await signInAndWait(page, ACCOUNTS.admin);
  await page.goto(`/send-payment?search=${encodeURIComponent(number)}`);
  await page.getByRole('link', { name: `Hapus voucher ${number}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Hapus voucher?' });
  await expect(dialog).toContainText(number);
  await dialog.getByRole('button', { name: 'Ya, hapus' }).click();
  await expect(page.getByRole('status')).toContainText('Data berhasil dihapus');
  await expect(page.getByRole('link', { name: number })).toHaveCount(0);

  await page.goto('/send-payment/create');
  await chooseVendor(page, javaScriptEnabled);
  const offered = page.getByLabel('Tambah pesanan').locator('option');
  await expect(offered.filter({ hasText: first })).toHaveCount(1);
  await expect(offered.filter({ hasText: second })).toHaveCount(1);
});

test('an order cannot be added twice, and changing the vendor clears the orders and the account', async ({
  page,
  javaScriptEnabled,
}) => {
  await signInAndWait(page, ACCOUNTS.admin);
  await page.goto('/send-payment/create');
  await chooseVendor(page, javaScriptEnabled);
  const added = await addFirstPayableOrder(page);
  // The order left the choices once added: the list offers it no more.
  await expect(page.getByLabel('Tambah pesanan').locator('option').filter({ hasText: added })).toHaveCount(0);
  await page.getByLabel('Nomor rekening').fill('999');

  const vendor = page.getByLabel('Vendor', { exact: true });
  const names = await vendor.locator('option:not([disabled])').allTextContents();
  await vendor.selectOption({ label: names.find((name) => name !== VENDOR) ?? '' });
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Tampilkan pesanan vendor' }).click();
  await expect(page.getByRole('button', { name: `Hapus pesanan ${added} dari voucher` })).toHaveCount(0);
  await expect(page.getByLabel('Nomor rekening')).toHaveValue('');
});

test(
  'with JavaScript, the account number suggests what the vendor was paid to before',
  { tag: '@enhanced' },
  async ({ page }) => {
    await signInAndWait(page, ACCOUNTS.admin);
    await page.goto('/send-payment/create');
    await chooseVendor(page, true);
    const suggestions = page.locator('#account-number-history option');
    await expect(suggestions.first()).toBeAttached();
    const known = (await suggestions.first().getAttribute('value')) ?? '';
    const accountNumber = page.getByLabel('Nomor rekening');
    // Typing asks the vendor's history again: nothing matches a stranger's number, the known one matches its start.
    await accountNumber.fill('no-such-account');
    await expect(suggestions).toHaveCount(0);
    await accountNumber.fill(known.slice(0, 4));
    await expect(page.locator(`#account-number-history option[value="${known}"]`)).toBeAttached();
    await page.getByLabel('Nomor rekening').fill(known);
    await page.getByLabel('Nama pemilik rekening').focus();
    await expect(page.locator('#account-name-history option').first()).toBeAttached();
  },
);

test('banks are kept under settings: an administrator adds, renames and deletes one after confirming', async ({
  page,
}) => {
  const name = `Bank E2E ${Date.now()}`;
  await signInAndWait(page, ACCOUNTS.admin);
  await page.goto('/settings/bank');
  await expect(page.getByRole('cell', { name: 'BCA', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Tambah Bank' }).click();
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Kolom nama tidak boleh kosong')).toBeVisible();
  await page.getByLabel('Nama bank').fill(name);
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page).toHaveURL(/\/settings\/bank$/);
  await expect(page.getByRole('status')).toContainText('Data berhasil dibuat');

  await page.goto(`/settings/bank?search=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name: `Lihat bank ${name}` }).click();
  await page.getByLabel('Nama bank').fill(`${name} Baru`);
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByRole('status')).toContainText('Data berhasil diubah');

  await page.goto(`/settings/bank?search=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name: `Hapus bank ${name} Baru` }).click();
  await page.getByRole('dialog', { name: 'Hapus bank?' }).getByRole('button', { name: 'Ya, hapus' }).click();
  await expect(page.getByRole('status')).toContainText('Data berhasil dihapus');
  await expect(page.getByText('Tidak ada data dalam tabel')).toBeVisible();
});

test('a key account has no bank settings and a brand user no payments', async ({ page }) => {
  await signInAndWait(page, ACCOUNTS.keyAccount);
  expect((await page.goto('/settings/bank'))?.status()).toBe(403);
  expect((await page.goto('/send-payment'))?.status()).toBe(200);
  await signOut(page);
  await signInAndWait(page, ACCOUNTS.brand);
  expect((await page.goto('/send-payment'))?.status()).toBe(403);
});

test(
  'the payment and bank pages have no serious or critical accessibility violations',
  { tag: '@enhanced' },
  async ({ page }) => {
    await signInAndWait(page, ACCOUNTS.admin);
    await page.goto('/send-payment');
    const voucherPath = await page.getByRole('table').getByRole('link').first().getAttribute('href');
    const checks: { path: string; prepare?: () => Promise<void> }[] = [
      { path: '/send-payment' },
      { path: `/send-payment?delete=${voucherPath?.split('/').pop()}` },
      {
        path: '/send-payment/create',
        prepare: async () => {
          await chooseVendor(page, true);
          await addFirstPayableOrder(page);
        },
      },
      { path: voucherPath ?? '/send-payment' },
      { path: '/settings/bank' },
      { path: '/settings/bank/create' },
    ];
    for (const { path, prepare } of checks) {
      await page.goto(path);
      await prepare?.();
      const result = await new AxeBuilder({ page }).analyze();
      const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map((v) => `${path}: ${v.id} ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    }
  },
);
