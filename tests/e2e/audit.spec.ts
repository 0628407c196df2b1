import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { formatDateTime } from '../../app/lib/format';
import { expect, test, type APIRequestContext } from './fixtures';
import { ACCOUNTS, signInTo, tokenFor } from './support';

/**
 * The audit log as a person reads it (works without JavaScript): sign-ins left out until the filter asks for them,
 * actions and fields labelled in Indonesian, names beside ids, a stock change per product before → after, Jakarta
 * time; and the .xlsx export saying the same.
 */

type AuditRow = {
  id: number;
  action: string;
  created_at: string;
  changes: Record<string, { after: unknown }>;
};

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

async function stockRowOfVendor(request: APIRequestContext) {
  const token = await tokenFor(request, ACCOUNTS.vendor);
  const account = await request.get('/api/account', { headers: bearer(token) });
  const vendorId = ((await account.json()) as { data: { vendor_id: number } }).data.vendor_id;
  const stock = await request.get(`/api/vendor/${vendorId}/product-stock?per_page=50`, {
    headers: bearer(token),
  });
  const rows = ((await stock.json()) as { data: { id: number; name: string }[] }).data;
  return { vendorId, product: rows[0] };
}

test('the audit log shows a stock adjustment labelled, named and in Jakarta time, and sign-ins only when asked', async ({
  page,
  request,
}, testInfo) => {
  const admin = await tokenFor(request, ACCOUNTS.admin);
  const { vendorId, product } = await stockRowOfVendor(request);
  const note = `Opname ${testInfo.project.name}-${Date.now()}`;
  const adjusted = await request.post(`/api/vendor/${vendorId}/stock-adjustment`, {
    headers: bearer(admin),
    data: { note, items: [{ product_id: product.id, adjustment: 1 }] },
  });
  expect(adjusted.status()).toBe(201);
  const listed = await request.get('/api/audit-log?action=stock.adjustment&per_page=50', {
    headers: bearer(admin),
  });
  const written = ((await listed.json()) as { data: AuditRow[] }).data.find(
    (row) => row.changes.note?.after === note,
  );
  expect(written).toBeDefined();
  const [moved] = written!.changes.changes.after as { productId: number; before: number; after: number }[];
  expect(moved).toMatchObject({ productId: product.id, after: moved.before + 1 });

  await signInTo(page, ACCOUNTS.admin, '/settings/audit');
  const log = page.getByRole('table', { name: 'Log Audit' });
  const entry = log.getByRole('row').filter({ hasText: note });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByRole('cell').nth(0)).toHaveText(formatDateTime(written!.created_at));
  await expect(entry.getByRole('cell').nth(2)).toHaveText('Penyesuaian stok');
  await expect(entry.getByRole('cell').nth(3)).toHaveText(new RegExp(`^Vendor .+ \\(#${vendorId}\\)$`));
  const changes = entry.getByRole('cell').nth(4);
  await expect(changes.getByRole('term')).toHaveText(['Catatan:', `${product.name} (#${product.id}):`]);
  await expect(changes.getByRole('definition').nth(1)).toContainText(String(moved.before));
  await expect(changes.getByRole('definition').nth(1)).toContainText(String(moved.after));
  await expect(changes).not.toContainText('productId');

  // Signing in wrote rows (the page's own sign-in and the tokens above), but the log leaves them out…
  await expect(log.getByRole('cell', { name: 'Masuk', exact: true })).toHaveCount(0);
  // …unless the action filter names one (its options are the labels)…
  await page.getByLabel('Aksi', { exact: true }).selectOption({ label: 'Masuk' });
  await page.getByRole('main').getByRole('button', { name: 'Terapkan' }).click();
  await expect(page).toHaveURL(/action=auth\.login(&|$)/);
  await expect(log.getByRole('cell', { name: 'Masuk', exact: true }).first()).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: note })).toHaveCount(0);
  // …or the sign-in filter asks for them all, a plain GET form.
  await page.getByLabel('Aksi', { exact: true }).selectOption({ label: 'Semua aksi' });
  await page.getByLabel('Tampilkan aktivitas masuk/keluar').check();
  await page.getByRole('main').getByRole('button', { name: 'Terapkan' }).click();
  await expect(page).toHaveURL(/sign_ins=1/);
  await expect(page.getByLabel('Tampilkan aktivitas masuk/keluar')).toBeChecked();
  await expect(log.getByRole('cell', { name: 'Masuk', exact: true }).first()).toBeVisible();

  // The export says the same: labelled, named, Jakarta time (and, with the filter, the sign-ins too).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Ekspor' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/audit-log\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows = (sheet.getSheetValues().filter(Boolean) as unknown[][]).map(
    // Empty cells are holes in a row: each becomes ''.
    (row) =>
      Array.from(row, (value) => (value === null || value === undefined ? '' : String(value))).slice(1),
  );
  expect(rows[0]).toEqual([
    'Waktu',
    'Pengguna',
    'Email',
    'Aksi',
    'Jenis Data',
    'ID Data',
    'Nama Data',
    'Perubahan',
    'IP',
  ]);
  const exported = rows.find((row) => row[7].includes(note));
  expect(exported).toBeDefined();
  const jakarta = new Date(new Date(written!.created_at).getTime() + 7 * 3_600_000).toISOString();
  expect(exported![0]).toBe(`${jakarta.slice(0, 10)} ${jakarta.slice(11, 19)}`);
  expect(exported![3]).toBe('Penyesuaian stok');
  expect(exported![6]).toMatch(new RegExp(`^Vendor .+ \\(#${vendorId}\\)$`));
  expect(exported![7]).toContain(`${product.name} (#${product.id}): ${moved.before} → ${moved.after}`);
  expect(rows.some((row) => row[3] === 'Masuk')).toBe(true);
});
