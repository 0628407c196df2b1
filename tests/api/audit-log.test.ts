import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';
import { createCatalogue } from '../support/world';

/** The audit log API: filters, scope (a brand's users see their brand's records), the export. */

let api: TestApi;
const tokens: Record<string, string> = {};
let categoryA: number;
let categoryB: number;

beforeAll(async () => {
  api = await startTestApi();
  for (const key of ['admin', 'keyAccount', 'brandA', 'brandB', 'vendor1'] as const) {
    tokens[key] = await api.login(api.world.users[key].email);
  }
  const a = await api.request(`/api/brand/${api.world.brands.A}/category`, {
    token: tokens.admin,
    json: { name: 'Audio' },
  });
  categoryA = a.body.data.id;
  await api.request(`/api/brand/${api.world.brands.A}/category/${categoryA}`, {
    method: 'PUT',
    token: tokens.admin,
    json: { name: 'Audio Baru' },
  });
  const b = await api.request(`/api/brand/${api.world.brands.B}/category`, {
    token: tokens.admin,
    json: { name: 'Sepatu' },
  });
  categoryB = b.body.data.id;
  // The brand users may read the accounts of their brand, and so the audit log.
  const role = await api.request('/api/brand/' + api.world.brands.A + '/role', {
    token: tokens.admin,
    json: { name: 'Pengawas' },
  });
  const permissions = await api.request('/api/permission', { token: tokens.admin });
  const userIndex = permissions.body.data.find((row: { name: string }) => row.name === 'vendor.user.index');
  await api.request(`/api/brand/${api.world.brands.A}/gate-setting`, {
    token: tokens.admin,
    json: { role_id: role.body.data.id, permission_ids: [userIndex.id] },
  });
  await api.request(`/api/user/${api.world.users.brandA.id}`, {
    method: 'PUT',
    token: tokens.admin,
    json: {
      name: 'Brand A User',
      email: api.world.users.brandA.email,
      mobile_phone: '081200000002',
      role_id: role.body.data.id,
    },
  });
});

afterAll(async () => {
  await api?.close();
});

type Row = {
  id: number;
  names: Record<string, string>;
  entity: string;
  entity_id: string;
  action: string;
  brand_id: number | null;
  changes: Record<string, { before: unknown; after: unknown }>;
};

async function rows(token: string, query: Record<string, string | number> = {}) {
  const response = await api.request('/api/audit-log', { token, query: { per_page: 100, ...query } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as Row[];
}

describe('the audit log', () => {
  it('shows a change with the actor, the record and each changed field before and after', async () => {
    const [row] = await rows(tokens.admin, {
      entity: 'category',
      entity_id: categoryA,
      action: 'category.update',
    });

    expect(row).toMatchObject({
      actor: { id: api.world.users.admin.id, name: 'Admin Satu' },
      entity: 'category',
      entity_id: String(categoryA),
      brand_id: api.world.brands.A,
      changes: { name: { before: 'Audio', after: 'Audio Baru' } },
    });
  });

  it('lists newest first, filters by actor and date, and refuses a reversed range', async () => {
    const all = await rows(tokens.admin, { actor: api.world.users.admin.id });
    expect(all.length).toBeGreaterThan(3);
    expect(all.map((row) => row.id)).toEqual([...all.map((row) => row.id)].sort((a, b) => b - a));

    expect(await rows(tokens.admin, { 'date-to': '2000-01-01' })).toEqual([]);
    const reversed = await api.request('/api/audit-log', {
      token: tokens.admin,
      query: { 'date-from': '2030-01-02', 'date-to': '2030-01-01' },
    });
    expect(reversed.status).toBe(422);
  });

  it("shows a brand's users their brand's records and never another brand's", async () => {
    const seen = await rows(tokens.brandA, { entity: 'category' });

    expect(seen.map((row) => row.entity_id)).toContain(String(categoryA));
    expect(seen.map((row) => row.entity_id)).not.toContain(String(categoryB));
    expect(seen.every((row) => row.brand_id === api.world.brands.A)).toBe(true);
  });

  it("shows a brand's users a shared vendor's stock changes of their brand's products only", async () => {
    const catalogue = await createCatalogue(api.db, api.world);
    const adjusted = await api.request(`/api/vendor/${api.world.vendors.V3}/stock-adjustment`, {
      token: tokens.admin,
      json: {
        note: 'Opname',
        items: [
          { product_id: catalogue.A.laptop.id, adjustment: 1 },
          { product_id: catalogue.B.shirt.id, adjustment: 2 },
        ],
      },
    });
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(201);

    const all = await rows(tokens.admin, { action: 'stock.adjustment' });
    expect(all.map((row) => row.brand_id).sort()).toEqual([api.world.brands.A, api.world.brands.B].sort());
    const seen = await rows(tokens.brandA, { action: 'stock.adjustment' });
    expect(seen).toHaveLength(1);
    const products = (seen[0].changes.changes.after as { productId: number }[]).map((row) => row.productId);
    expect(products).toEqual([catalogue.A.laptop.id]);
    // The product and the vendor are named beside their ids, and only those the row refers to.
    expect(seen[0].names).toEqual({
      [`product:${catalogue.A.laptop.id}`]: 'Laptop Ringan 14',
      [`vendor:${api.world.vendors.V3}`]: 'Vendor Tiga',
    });
  });

  it("shows a brand's users only their own brands among those a vendor serves", async () => {
    const { A, B } = api.world.brands;
    await api.db.insert(auditLogs).values({
      actorId: api.world.users.admin.id,
      action: 'vendor.update',
      entity: 'vendor',
      entityId: String(api.world.vendors.V3),
      vendorId: api.world.vendors.V3,
      changes: { brandIds: { before: [A, B], after: [B] } },
    });

    const [row] = await rows(tokens.brandA, { action: 'vendor.update', entity_id: api.world.vendors.V3 });
    expect(row.changes.brandIds).toEqual({ before: [A], after: [] });
    const [full] = await rows(tokens.admin, { action: 'vendor.update', entity_id: api.world.vendors.V3 });
    expect(full.changes.brandIds).toEqual({ before: [A, B], after: [B] });
  });

  it('leaves sign-ins out unless the filter asks for them, or the action filter names one', async () => {
    const plain = await rows(tokens.admin);
    expect(plain.length).toBeGreaterThan(0);
    expect(plain.some((row) => row.action.startsWith('auth.'))).toBe(false);

    const all = await rows(tokens.admin, { sign_ins: 1 });
    const logins = all.filter((row) => row.action === 'auth.login');
    // Every account of beforeAll signed in once, the administrator too.
    expect(logins.map((row) => row.entity_id)).toContain(String(api.world.users.admin.id));
    expect(all.length).toBeGreaterThan(plain.length);

    const named = await rows(tokens.admin, { action: 'auth.login' });
    expect(named.map((row) => row.id)).toEqual(logins.map((row) => row.id));
  });

  it('names the users, roles and brands a row refers to', async () => {
    const [renamed] = await rows(tokens.admin, {
      action: 'user.update',
      entity_id: api.world.users.brandA.id,
    });
    // The account's role among its kind's is `assignedRoleId`.
    const role = renamed.changes.assignedRoleId?.after as number;
    expect(role, JSON.stringify(renamed.changes)).toEqual(expect.any(Number));
    expect(renamed.names).toMatchObject({
      [`user:${api.world.users.brandA.id}`]: 'Brand A User',
      [`role:${role}`]: 'Pengawas',
    });
    const [store] = await rows(tokens.admin, { action: 'role.store', entity_id: role });
    expect(store.names).toMatchObject({
      [`brand:${api.world.brands.A}`]: 'Brand A',
      [`role:${role}`]: 'Pengawas',
    });
  });

  it('keeps it from accounts that may not read the users', async () => {
    const response = await api.request('/api/audit-log', { token: tokens.brandB });
    expect(response.status).toBe(403);
  });

  it('exports the same rows as an .xlsx named with the time', async () => {
    const response = await api.request('/api/export/audit-log', {
      token: tokens.admin,
      query: { entity: 'category', entity_id: categoryA },
    });

    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/ audit-log\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.bytes as unknown as ArrayBuffer);
    const values = workbook.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(values[0].slice(1)).toEqual([
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
    // Newest first, as the log lists them (docs/decisions/051).
    expect(values.slice(1).map((row) => row[4])).toEqual(['Ubah kategori', 'Tambah kategori']);
    expect(values[1][8]).toBe('Nama: Audio → Audio Baru');
    // Jakarta time, as the screen shows it.
    const [stored] = await rows(tokens.admin, {
      entity: 'category',
      entity_id: categoryA,
      action: 'category.update',
    });
    const jakarta = new Date(
      new Date(String((stored as unknown as { created_at: string }).created_at)).getTime() + 7 * 3_600_000,
    );
    expect(values[1][1]).toBe(jakarta.toISOString().slice(0, 19).replace('T', ' '));
  });

  it('exports in English with the products and vendors named when asked in English', async () => {
    const response = await api.request('/api/export/audit-log', {
      token: tokens.admin,
      query: { action: 'stock.adjustment', lang: 'en' },
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.bytes as unknown as ArrayBuffer);
    const values = workbook.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(values[0].slice(1, 5)).toEqual(['Time', 'User', 'Email', 'Action']);
    const texts = values.slice(1).map((row) => ({ action: row[4], record: row[7], changes: row[8] }));
    expect(texts.every((row) => row.action === 'Stock adjustment')).toBe(true);
    expect(texts.map((row) => row.record)).toContain(`Vendor Vendor Tiga (#${api.world.vendors.V3})`);
    expect(texts.map((row) => String(row.changes)).join('\n')).toMatch(
      /Laptop Ringan 14 \(#\d+\): \d+ → \d+/,
    );
  });
});
