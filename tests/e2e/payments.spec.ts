import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures';
import { ACCOUNTS, axeOn, hydrated, signInTo, signOut, tokenFor } from './support';

/** The demo vendor (vendor@demo.test's), serving the demo brand the administrator works in. */
const VENDOR = 'CV Maju Jaya';

/** The voucher form's table of the chosen vendor's payable orders. */
function orderTable(page: Page) {
  return page.getByRole('table', { name: 'Pesanan vendor yang dapat dibayar' });
}

/**
 * Ticks the first `count` orders not ticked yet and returns their numbers. Without JavaScript the running total
 * is the server's, so the filter's submit (which keeps what is ticked) brings it up to date.
 */
async function tickOrders(page: Page, count: number, javaScriptEnabled: boolean) {
  const boxes = orderTable(page).locator('tbody input[type=checkbox]:not(:checked)');
  const numbers: string[] = [];
  for (let index = 0; index < count; index++) {
    const box = boxes.first();
    const id = (await box.getAttribute('id')) ?? '';
    numbers.push(((await page.locator(`label[for="${id}"]`).textContent()) ?? '').trim());
    await box.check();
  }
  expect(numbers.every(Boolean)).toBe(true);
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Saring pesanan' }).click();
  for (const number of numbers) await expect(page.getByRole('checkbox', { name: number })).toBeChecked();
  return numbers;
}

/** The running total under the order table: how many orders it counts and the amount. */
async function runningTotal(page: Page) {
  const line = page.locator('p', { has: page.getByText(/^Total \(\d+ pesanan\)$/) });
  const text = (await line.textContent()) ?? '';
  const match = /Total \((\d+) pesanan\)(.*)$/.exec(text);
  return { count: Number(match?.[1]), amount: (match?.[2] ?? '').trim() };
}

async function chooseVendor(page: Page, javaScriptEnabled: boolean, vendor = VENDOR) {
  await hydrated(page);
  await page.getByLabel('Vendor', { exact: true }).selectOption({ label: vendor });
  // With JavaScript the vendor's step runs on the change; without it, it is a button.
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Tampilkan pesanan vendor' }).click();
}

async function pdfText(page: Page, path: string) {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  return spawnSync('pdftotext', ['-layout', '-', '-'], { input: await response.body() }).stdout.toString();
}

test('an administrator pays two completed orders, the vendor’s notification opens just them with the voucher’s total, the voucher prints, and deleting it makes them payable again', async ({
  page,
  javaScriptEnabled,
}) => {
  const number = `PV/E2E/${javaScriptEnabled ? 'JS' : 'HTML'}/${Date.now()}`;
  await signInTo(page, ACCOUNTS.admin, '/send-payment');
  await page.getByRole('link', { name: 'Buat Pembayaran' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Buat Pembayaran' })).toBeVisible();
  await expect(page.getByText('please select vendor first')).toBeVisible();

  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('nomor voucher is required', { exact: true })).toBeVisible();
  await expect(page.getByText('vendor is required', { exact: true })).toBeVisible();
  await expect(page.getByText('bank is required', { exact: true })).toBeVisible();

  await page.getByLabel('Nomor voucher').fill(number);
  await chooseVendor(page, javaScriptEnabled);
  await expect(orderTable(page)).toBeVisible();
  const [first, second] = await tickOrders(page, 2, javaScriptEnabled);
  await page.getByLabel('Bank', { exact: true }).selectOption({ label: 'BCA' });
  await page.getByLabel('Nomor rekening').fill('1234509876');
  await page.getByLabel('Nama pemilik rekening').fill('CV Maju Jaya');
  await page.getByLabel('Nomor cek/BG').fill('BG-E2E-1');
  const { count, amount: total } = await runningTotal(page);
  expect(count).toBe(2);
  expect(total).toMatch(/^Rp \d/);
  await page.getByRole('button', { name: 'Simpan' }).click();

  await expect(page).toHaveURL(/\/send-payment\/\d+$/);
  await expect(page.getByRole('status')).toContainText('Data berhasil dibuat');
  await expect(page.getByRole('heading', { level: 1, name: number })).toBeVisible();
  const voucherPath = new URL(page.url()).pathname;
  await expect(page.getByRole('checkbox', { name: first })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: second })).toBeChecked();

  const text = await pdfText(page, `${voucherPath}/print`);
  expect(text).toContain('Bank Payment Voucher'.toUpperCase());
  expect(text).toContain(number);
  expect(text).toMatch(/Rp\.\d/);
  expect(text).toContain(first);
  expect(text).toContain(second);
  for (const slot of ['Prepare', 'Applied By', 'Checked', 'Apporoved', 'Received'])
    expect(text).toContain(slot);

  await signOut(page);
  await signInTo(page, ACCOUNTS.vendor);
  for (const order of [first, second]) {
    await page.goto(`/order?search=${encodeURIComponent(order)}`);
    await expect(page.getByRole('row').filter({ hasText: order }).getByText('Terbayar')).toBeVisible();
  }
  // The payment notification opens this voucher's orders, only those, with the voucher's total.
  await page.goto('/notifications');
  await page.getByRole('button', { name: `Pembayaran ${number} untuk 2 pesanan` }).click();
  await expect(page).toHaveURL(/\/order\?status=Terbayar&send-payment=\d+$/);
  const rows = page.getByRole('main').getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: first })).toHaveCount(1);
  await expect(rows.filter({ hasText: second })).toHaveCount(1);
  const card = page.locator('.card', { hasText: 'Total Pembayaran' });
  await expect(card).toContainText(total.replace('Rp ', 'IDR '));
  await signOut(page);

  await signInTo(page, ACCOUNTS.admin, `/send-payment?search=${encodeURIComponent(number)}`);
  await page.getByRole('link', { name: `Hapus voucher ${number}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Hapus voucher?' });
  await expect(dialog).toContainText(number);
  await dialog.getByRole('button', { name: 'Ya, hapus' }).click();
  await expect(page.getByRole('status')).toContainText('Data berhasil dihapus');
  await expect(page.getByRole('link', { name: number })).toHaveCount(0);

  await page.goto('/send-payment/create');
  await chooseVendor(page, javaScriptEnabled);
  await expect(page.getByRole('checkbox', { name: first })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: second })).not.toBeChecked();
});

test('a voucher larger than one print part prints as a job: progress, then the joined file with every line and the total', async ({
  page,
  javaScriptEnabled,
}) => {
  // Seven orders ticked, then three parts rendered: longer than the default minute.
  test.setTimeout(240_000);
  // The e2e server prints three orders per part (playwright.config.ts), so seven orders make three parts.
  const number = `PV/E2E/JOB/${javaScriptEnabled ? 'JS' : 'HTML'}/${Date.now()}`;
  await signInTo(page, ACCOUNTS.admin, '/send-payment/create');
  await page.getByLabel('Nomor voucher').fill(number);
  await chooseVendor(page, javaScriptEnabled);
  const orders = await tickOrders(page, 7, javaScriptEnabled);
  await page.getByLabel('Bank', { exact: true }).selectOption({ label: 'BCA' });
  await page.getByLabel('Nomor rekening').fill('1234509876');
  await page.getByLabel('Nama pemilik rekening').fill('CV Maju Jaya');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page).toHaveURL(/\/send-payment\/\d+$/);
  const voucherPath = new URL(page.url()).pathname;
  const total = (await page.locator('[aria-live="polite"].tabular-nums').textContent())?.replace('Rp ', '');
  expect(total).toMatch(/^\d/);

  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('link', { name: 'Cetak Pembayaran' }).click();
  await expect(page).toHaveURL(new RegExp(`${voucherPath}/print/[A-Za-z0-9_-]+$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Cetak Pembayaran' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(/bagian \d dari 3 selesai|Berkas siap/);
  // With JavaScript the page asks again in place; without, it reloads itself: either way the file comes.
  const file = await download;
  await expect(page.getByRole('status')).toContainText('Berkas siap');
  await expect(page.getByRole('link', { name: 'Unduh PDF' })).toBeVisible();

  const bytes = readFileSync((await file.path()) ?? '');
  const text = spawnSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).stdout.toString();
  expect(text).toContain(number);
  for (const order of orders) expect(text).toContain(order);
  // The total once, at the end of the last part, and the sum of every printed line.
  expect(text.match(/Total\s+Rp\.([\d.]+)/)?.[1]).toBe(total);
  const amounts = [...text.matchAll(/Rp\.([\d.]+)/g)].map((match) => Number(match[1].replace(/\./g, '')));
  const sum = amounts.slice(0, -1).reduce((acc, amount) => acc + amount, 0);
  expect(sum).toBe(Number((total ?? '').replace(/\./g, '')));
  const pages = Number(/Halaman 1 dari (\d+)/.exec(text)?.[1]);
  expect(pages).toBeGreaterThanOrEqual(3);
  expect(text).toContain(`Halaman ${pages} dari ${pages}`);
  for (const slot of ['Prepare', 'Applied By', 'Checked', 'Apporoved', 'Received'])
    expect(text).toContain(slot);

  // Another user never reaches the job.
  const jobPath = new URL(page.url()).pathname;
  await signOut(page);
  await signInTo(page, ACCOUNTS.keyAccount);
  expect((await page.request.get(`${jobPath}/pdf`)).status()).toBe(404);

  // Its seven orders are payable again for the tests that run after this one on the same data.
  const token = await tokenFor(page.request, ACCOUNTS.admin);
  const removed = await page.request.delete(`/api${voucherPath}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  expect(removed.status()).toBeLessThan(300);
});

test('changing the vendor asks before it drops the ticked orders; confirmed, it clears them and the account', async ({
  page,
  javaScriptEnabled,
}) => {
  await signInTo(page, ACCOUNTS.admin, '/send-payment/create');
  await chooseVendor(page, javaScriptEnabled);
  const [ticked] = await tickOrders(page, 1, javaScriptEnabled);
  await page.getByLabel('Nomor rekening').fill('999');

  const vendor = page.getByLabel('Vendor', { exact: true });
  const names = await vendor.locator('option:not([disabled])').allTextContents();
  const other = names.find((name) => name !== VENDOR) ?? '';
  await chooseVendor(page, javaScriptEnabled, other);
  const ask = page.getByRole('alert').filter({ hasText: `Mengganti vendor ke ${other}` });
  await expect(ask).toContainText('1 pesanan');
  await ask.getByRole('button', { name: 'Batal, tetap vendor ini' }).click();
  await expect(ask).toHaveCount(0);
  await expect(vendor.locator('option:checked')).toHaveText(VENDOR);
  await expect(page.getByRole('checkbox', { name: ticked })).toBeChecked();
  await expect(page.getByLabel('Nomor rekening')).toHaveValue('999');

  await chooseVendor(page, javaScriptEnabled, other);
  await ask.getByRole('button', { name: 'Ya, ganti vendor' }).click();
  await expect(vendor.locator('option:checked')).toHaveText(other);
  await expect(page.getByRole('checkbox', { name: ticked })).toHaveCount(0);
  await expect(page.getByLabel('Nomor rekening')).toHaveValue('');
});

test('the vendor’s orders are picked in bulk: all shown at once, kept through the date filter, cleared at once', async ({
  page,
  javaScriptEnabled,
}) => {
  await signInTo(page, ACCOUNTS.admin, '/send-payment/create');
  await chooseVendor(page, javaScriptEnabled);
  const boxes = orderTable(page).locator('tbody input[type=checkbox]');
  await expect(boxes.first()).toBeVisible();
  const shown = await boxes.count();
  expect(shown).toBeGreaterThan(1);
  // With JavaScript the header's checkbox ticks every row and the total follows; without, a submit does it.
  if (javaScriptEnabled)
    await orderTable(page).getByRole('checkbox', { name: 'Pilih semua yang tampil' }).check();
  else await page.getByRole('button', { name: 'Pilih semua yang tampil' }).click();
  await expect(orderTable(page).locator('tbody input[type=checkbox]:not(:checked)')).toHaveCount(0);
  expect((await runningTotal(page)).count).toBe(shown);

  // A day no order was completed on hides the unticked orders, never the ticked ones.
  await page.getByLabel('Selesai dari tanggal').fill('2001-01-01');
  await page.getByLabel('Sampai tanggal').fill('2001-01-01');
  await page.getByRole('button', { name: 'Saring pesanan' }).click();
  await expect(boxes).toHaveCount(shown);
  await expect(orderTable(page).locator('tbody input[type=checkbox]:not(:checked)')).toHaveCount(0);
  expect((await runningTotal(page)).count).toBe(shown);

  await page.getByRole('button', { name: 'Kosongkan pilihan' }).click();
  await expect(page.getByText('Tidak ada pesanan Selesai yang belum dibayar')).toBeVisible();
  expect((await runningTotal(page)).count).toBe(0);
});

test(
  'with JavaScript, the account number suggests what the vendor was paid to before',
  { tag: '@enhanced' },
  async ({ page }) => {
    await signInTo(page, ACCOUNTS.admin, '/send-payment/create');
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
  await signInTo(page, ACCOUNTS.admin, '/settings/bank');
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
  await signInTo(page, ACCOUNTS.keyAccount);
  expect((await page.goto('/settings/bank'))?.status()).toBe(403);
  expect((await page.goto('/send-payment'))?.status()).toBe(200);
  await signOut(page);
  await signInTo(page, ACCOUNTS.brand);
  expect((await page.goto('/send-payment'))?.status()).toBe(403);
});

test(
  'the payment and bank pages have no serious or critical accessibility violations',
  { tag: '@enhanced' },
  async ({ page }) => {
    await signInTo(page, ACCOUNTS.admin, '/send-payment');
    const voucherPath = await page.getByRole('table').getByRole('link').first().getAttribute('href');
    const checks: { path: string; prepare?: () => Promise<void> }[] = [
      { path: '/send-payment' },
      { path: `/send-payment?delete=${voucherPath?.split('/').pop()}` },
      {
        path: '/send-payment/create',
        prepare: async () => {
          await chooseVendor(page, true);
          await tickOrders(page, 1, true);
        },
      },
      { path: voucherPath ?? '/send-payment' },
      { path: '/settings/bank' },
      { path: '/settings/bank/create' },
    ];
    for (const { path, prepare } of checks) {
      await page.goto(path);
      await prepare?.();
      const result = await axeOn(page).analyze();
      const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map((v) => `${path}: ${v.id} ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    }
  },
);
