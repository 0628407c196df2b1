import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, banks } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';
import { bankNamed, completedOrder, voucherBody } from '../support/payments';
import { createCatalogue } from '../support/world';

/** Banks under settings (/settings/bank): name only, administrators only. */

let api: TestApi;
let admin: string;
let paidOrderId: number;

beforeAll(async () => {
  api = await startTestApi();
  const catalogue = await createCatalogue(api.db, api.world);
  const placed = await completedOrder(api, {
    brand: 'A',
    vendor: 'V1',
    lines: [{ product: catalogue.A.phone, quantity: 1 }],
  });
  paidOrderId = placed.orderId;
  admin = await api.login(api.world.users.admin.email);
});

afterAll(async () => {
  await api?.close();
});

describe('the bank list', () => {
  it('is by name, searchable, paged as Laravel does, and the same names come as options', async () => {
    for (const name of ['Mandiri', 'BCA', 'BNI', 'BRI']) await bankNamed(api, name);
    const list = await api.request('/api/bank', { token: admin, query: { per_page: 3 } });
    expect(list.status).toBe(200);
    expect(list.body.data.map((bank: { name: string }) => bank.name)).toEqual(['BCA', 'BNI', 'BRI']);
    expect(list.body.data[0]).toEqual({
      id: expect.any(Number),
      name: 'BCA',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(list.body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 3, total: 4, from: 1, to: 3 });
    const searched = await api.request('/api/bank', { token: admin, query: { search: 'man' } });
    expect(searched.body.data.map((bank: { name: string }) => bank.name)).toEqual(['Mandiri']);
    const byNameDescending = await api.request('/api/bank', {
      token: admin,
      query: { sorted_by: 'name', order_by: 'desc' },
    });
    expect(byNameDescending.body.data[0].name).toBe('Mandiri');
    const options = await api.request('/api/select/bank', { token: admin });
    expect(options.body.data).toEqual(
      ['BCA', 'BNI', 'BRI', 'Mandiri'].map((name) => ({ id: expect.any(Number), name })),
    );
  });
});

describe('saving a bank', () => {
  it('adds, renames and audits; the name is required and not taken twice', async () => {
    const created = await api.request('/api/bank', { token: admin, json: { name: '  Bank Jago ' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ message: 'Data berhasil dibuat', data: { name: 'Bank Jago' } });
    const id = created.body.data.id;

    const missing = await api.request('/api/bank', { token: admin, json: { name: ' ' } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ name: ['The name field is required.'] });
    const taken = await api.request('/api/bank', { token: admin, json: { name: 'bank jago' } });
    expect(taken.body.errors).toEqual({ name: ['The name has already been taken.'] });

    const renamed = await api.request(`/api/bank/${id}`, {
      method: 'PUT',
      token: admin,
      json: { name: 'Jago Syariah' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      message: 'Data berhasil diubah',
      data: { id, name: 'Jago Syariah' },
    });
    expect((await api.request(`/api/bank/${id}`, { token: admin })).body.data.name).toBe('Jago Syariah');
    const audits = await api.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, String(id)));
    expect(audits.map((row) => row.action)).toEqual(expect.arrayContaining(['bank.store', 'bank.update']));
    expect((await api.request('/api/bank/999999', { token: admin })).status).toBe(404);
  });
});

describe('deleting a bank', () => {
  it('removes a bank no voucher names, and keeps one a voucher names with 422', async () => {
    const used = await bankNamed(api, 'Bank Dipakai');
    const unused = await bankNamed(api, 'Bank Kosong');
    const voucher = await api.request('/api/send-payment', {
      token: admin,
      json: voucherBody(api, { brand: 'A', vendor: 'V1', bankId: used, orderIds: [paidOrderId] }),
    });
    expect(voucher.status).toBe(201);

    const refused = await api.request(`/api/bank/${used}`, { method: 'DELETE', token: admin });
    const removed = await api.request(`/api/bank/${unused}`, { method: 'DELETE', token: admin });

    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Bank masih dipakai oleh voucher pembayaran.');
    expect(await api.db.select().from(banks).where(eq(banks.id, used))).toHaveLength(1);
    expect(removed.status).toBe(200);
    expect(await api.db.select().from(banks).where(eq(banks.id, unused))).toEqual([]);
  });
});
