import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  banks,
  gateSettingPermissions,
  gateSettings,
  permissions,
  sendPaymentOrders,
  sendPayments,
} from '../../api/db/schema';
import { startTestApi, type ApiResponse, type TestApi } from '../support/api';
import { bankNamed, completedOrder, voucherBody } from '../support/payments';
import { createCatalogue, type Catalogue } from '../support/world';

/**
 * The tenancy matrix of the voucher and bank routes: every route × every role × own and foreign ids. Vouchers
 * are the platform staff's (administrators everywhere, key accounts in their brands); a voucher of another
 * brand answers 404, a write outside the caller's brands changes nothing, and brand and vendor users get 403.
 */

const USERS = ['admin', 'keyAccount', 'brandA', 'brandB', 'vendor1', 'vendor2', 'vendor1Special'] as const;
type UserKey = (typeof USERS)[number];
const OUTSIDERS: UserKey[] = ['brandA', 'brandB', 'vendor1', 'vendor2', 'vendor1Special'];

let api: TestApi;
let catalogue: Catalogue;
let bankId: number;
const tokens = {} as Record<UserKey, string>;
/** A paid voucher of each brand, and a completed order of each (brand, vendor) pair no voucher holds. */
const fixture = {} as {
  voucherA: { id: number; number: string; orderIds: number[] };
  voucherB: { id: number; number: string; orderIds: number[] };
  openAV1: number;
  openAV3: number;
  openBV3: number;
};

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  bankId = await bankNamed(api, 'BCA');
  const completed = (brand: 'A' | 'B', vendor: 'V1' | 'V2' | 'V3') =>
    completedOrder(api, {
      brand,
      vendor,
      lines: [{ product: brand === 'A' ? catalogue.A.phone : catalogue.B.shirt, quantity: 1 }],
    }).then((placed) => placed.orderId);
  const paidA = await completed('A', 'V1');
  const paidB = await completed('B', 'V2');
  fixture.openAV1 = await completed('A', 'V1');
  fixture.openAV3 = await completed('A', 'V3');
  fixture.openBV3 = await completed('B', 'V3');
  // Signed in only now: placing orders keeps this process busy for seconds, long enough for the server to close
  // idle keep-alive connections just as the next request reuses one.
  for (const user of USERS) tokens[user] = await api.login(api.world.users[user].email);
  for (const [key, brand, vendor, orderId, account] of [
    ['voucherA', 'A', 'V1', paidA, '1110001111'],
    ['voucherB', 'B', 'V2', paidB, '2220002222'],
  ] as const) {
    const response = await api.request('/api/send-payment', {
      token: tokens.admin,
      json: {
        ...voucherBody(api, { brand, vendor, bankId, orderIds: [orderId], number: `SEC/${brand}/1` }),
        account_number: account,
      },
    });
    expect(response.status).toBe(201);
    fixture[key] = { id: response.body.data.id, number: response.body.data.number, orderIds: [orderId] };
  }
});

afterAll(async () => {
  await api?.close();
});

type Call = { label: string; send(token?: string): Promise<ApiResponse> };

/** Every voucher route once, each on brand B's records where it names one. */
function routesOnBrandB(): Call[] {
  const { voucherB, openBV3 } = fixture;
  const body = voucherBody(api, { brand: 'B', vendor: 'V3', bankId, orderIds: [openBV3] });
  const vendor = api.world.vendors.V2;
  const brand = api.world.brands.B;
  return [
    { label: 'list', send: (token) => api.request('/api/send-payment', { token }) },
    { label: 'show', send: (token) => api.request(`/api/send-payment/${voucherB.id}`, { token }) },
    { label: 'create', send: (token) => api.request('/api/send-payment', { token, json: body }) },
    {
      label: 'update',
      send: (token) =>
        api.request(`/api/send-payment/${voucherB.id}`, {
          method: 'PUT',
          token,
          json: { ...voucherBody(api, { brand: 'B', vendor: 'V2', bankId, orderIds: voucherB.orderIds }) },
        }),
    },
    {
      label: 'delete',
      send: (token) => api.request(`/api/send-payment/${voucherB.id}`, { method: 'DELETE', token }),
    },
    {
      label: 'payable orders',
      send: (token) =>
        api.request('/api/select/send-payment/order', {
          token,
          query: { vendor: api.world.vendors.V3, brand },
        }),
    },
    {
      label: 'account numbers',
      send: (token) =>
        api.request('/api/select/send-payment/history-account-number', { token, query: { vendor, brand } }),
    },
    {
      label: 'account names',
      send: (token) =>
        api.request('/api/select/send-payment/history-account-name', { token, query: { vendor, brand } }),
    },
    { label: 'export', send: (token) => api.request('/api/export/send-payment', { token }) },
  ];
}

/** Both vouchers exactly as the fixture made them, and no other voucher of brand B. */
async function expectVouchersUnchanged() {
  for (const voucher of [fixture.voucherA, fixture.voucherB]) {
    const [row] = await api.db.select().from(sendPayments).where(eq(sendPayments.id, voucher.id));
    expect(row?.number, `voucher ${voucher.number}`).toBe(voucher.number);
    const held = await api.db
      .select({ orderId: sendPaymentOrders.orderId })
      .from(sendPaymentOrders)
      .where(eq(sendPaymentOrders.sendPaymentId, voucher.id));
    expect(held.map((item) => item.orderId)).toEqual(voucher.orderIds);
  }
  const ofB = await api.db.select().from(sendPayments).where(eq(sendPayments.brandId, api.world.brands.B));
  expect(ofB.map((row) => row.id)).toEqual([fixture.voucherB.id]);
  const openHolder = await api.db
    .select()
    .from(sendPaymentOrders)
    .where(eq(sendPaymentOrders.orderId, fixture.openBV3));
  expect(openHolder).toEqual([]);
}

describe('who may reach the voucher routes', () => {
  it('nobody without a token: 401 on every route', async () => {
    for (const call of routesOnBrandB()) {
      const response = await call.send(undefined);
      expect(response.status, call.label).toBe(401);
    }
    await expectVouchersUnchanged();
  });

  it.each(OUTSIDERS)('%s (no voucher screen) gets 403 on every route and changes nothing', async (user) => {
    for (const call of routesOnBrandB()) {
      const response = await call.send(tokens[user]);
      expect(response.status, `${user} ${call.label}`).toBe(403);
      expect(response.body).toEqual({ message: 'This action is unauthorized.' });
    }
    await expectVouchersUnchanged();
  });

  it.each(OUTSIDERS)(
    '%s gets 403, not a validation message, for a body that would not validate',
    async (user) => {
      for (const [method, path] of [
        ['POST', '/api/send-payment'],
        ['PUT', '/api/send-payment/1'],
        ['POST', '/api/bank'],
      ] as const) {
        const response = await api.request(path, { method, token: tokens[user], json: { number: 42 } });
        expect(response.status, `${user} ${method} ${path}`).toBe(403);
        expect(response.body).toEqual({ message: 'This action is unauthorized.' });
      }
    },
  );

  it("a key account reaches none of another brand's vouchers: 404, 422, nothing written", async () => {
    const token = tokens.keyAccount;
    const statuses: Record<string, number> = {};
    for (const call of routesOnBrandB()) statuses[call.label] = (await call.send(token)).status;
    expect(statuses).toEqual({
      list: 200,
      show: 404,
      create: 422,
      // Its body names brand B's vendor: refused on that field before the voucher is looked up.
      update: 422,
      delete: 404,
      'payable orders': 404,
      'account numbers': 404,
      'account names': 404,
      export: 200,
    });
    await expectVouchersUnchanged();
  });

  it('an administrator reaches every brand', async () => {
    const show = await api.request(`/api/send-payment/${fixture.voucherB.id}`, { token: tokens.admin });
    expect(show.status).toBe(200);
    expect(show.body.data.number).toBe('SEC/B/1');
    const list = await api.request('/api/send-payment', { token: tokens.admin, query: { search: 'SEC/' } });
    expect(list.body.data.map((row: { number: string }) => row.number).sort()).toEqual([
      'SEC/A/1',
      'SEC/B/1',
    ]);
  });
});

describe("a key account's vouchers", () => {
  it('lists, filters and exports only its own brands, whatever brand filter it sends', async () => {
    const token = tokens.keyAccount;
    const all = await api.request('/api/send-payment', { token, query: { per_page: 1000 } });
    expect(all.body.data.map((row: { brand_id: number }) => row.brand_id)).toEqual(
      all.body.data.map(() => api.world.brands.A),
    );
    expect(all.body.data.map((row: { id: number }) => row.id)).toContain(fixture.voucherA.id);
    const asked = await api.request('/api/send-payment', { token, query: { 'brand[]': api.world.brands.B } });
    expect(asked.body.data).toEqual([]);
    expect(asked.body.meta.total).toBe(0);

    const exported = await api.request('/api/export/send-payment', { token });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.bytes as unknown as ArrayBuffer);
    const numbers: unknown[] = [];
    workbook.worksheets[0].eachRow((row, index) => {
      if (index > 1) numbers.push(row.getCell(1).value);
    });
    expect(numbers).toContain('SEC/A/1');
    expect(numbers).not.toContain('SEC/B/1');
  });

  it("shows and saves its own brand's voucher, but not when the request names another brand", async () => {
    const token = tokens.keyAccount;
    const own = await api.request(`/api/send-payment/${fixture.voucherA.id}`, {
      token,
      query: { brand: api.world.brands.A },
    });
    expect(own.status).toBe(200);
    const namedOther = await api.request(`/api/send-payment/${fixture.voucherA.id}`, {
      token: tokens.admin,
      query: { brand: api.world.brands.B },
    });
    expect(namedOther.status).toBe(404);
    const deleteNamedOther = await api.request(`/api/send-payment/${fixture.voucherA.id}`, {
      method: 'DELETE',
      token: tokens.admin,
      query: { brand: api.world.brands.B },
    });
    expect(deleteNamedOther.status).toBe(404);
    await expectVouchersUnchanged();
  });

  it("cannot pay another brand's order through a voucher of its own brand, nor edit into one", async () => {
    const token = tokens.keyAccount;
    // Vendor Tiga serves both brands: its brand B order must not slip into a brand A voucher.
    const create = await api.request('/api/send-payment', {
      token,
      json: voucherBody(api, {
        brand: 'A',
        vendor: 'V3',
        bankId,
        orderIds: [fixture.openAV3, fixture.openBV3],
      }),
    });
    expect(create.status).toBe(422);
    expect(create.body.errors).toEqual({ 'order_ids.1': ['The selected order_ids.1 is invalid.'] });
    const update = await api.request(`/api/send-payment/${fixture.voucherA.id}`, {
      method: 'PUT',
      token,
      json: voucherBody(api, {
        brand: 'A',
        vendor: 'V1',
        bankId,
        orderIds: [...fixture.voucherA.orderIds, fixture.voucherB.orderIds[0]],
        number: fixture.voucherA.number,
      }),
    });
    expect(update.status).toBe(422);
    const payable = await api.request('/api/select/send-payment/order', {
      token,
      query: { vendor: api.world.vendors.V3, brand: api.world.brands.A },
    });
    expect(payable.body.data.map((row: { id: number }) => row.id)).toEqual([fixture.openAV3]);
    const foreignVoucher = await api.request('/api/select/send-payment/order', {
      token,
      query: { vendor: api.world.vendors.V1, brand: api.world.brands.A, 'send-payment': fixture.voucherB.id },
    });
    expect(foreignVoucher.status).toBe(404);
    const history = await api.request('/api/select/send-payment/history-account-number', {
      token,
      query: { vendor: api.world.vendors.V2 },
    });
    // A vendor outside the caller's brands, named in the query, is as if it did not exist.
    expect(history.status).toBe(404);
    await expectVouchersUnchanged();
  });

  it('needs send-payment.store to create: 403 without it, and no voucher', async () => {
    const [store] = await api.db.select().from(permissions).where(eq(permissions.name, 'send-payment.store'));
    const [gate] = await api.db
      .select()
      .from(gateSettings)
      .where(eq(gateSettings.roleId, api.world.users.keyAccount.roleId));
    const grant = and(
      eq(gateSettingPermissions.gateSettingId, gate.id),
      eq(gateSettingPermissions.permissionId, store.id),
    );
    const [row] = await api.db.select().from(gateSettingPermissions).where(grant);
    await api.db.delete(gateSettingPermissions).where(grant);
    api.deps.authCache.invalidate();
    try {
      const create = await api.request('/api/send-payment', {
        token: tokens.keyAccount,
        json: voucherBody(api, { brand: 'A', vendor: 'V1', bankId, orderIds: [fixture.openAV1] }),
      });
      expect(create.status).toBe(403);
      const list = await api.request('/api/send-payment', { token: tokens.keyAccount });
      expect(list.status).toBe(200);
    } finally {
      await api.db.insert(gateSettingPermissions).values(row);
      api.deps.authCache.invalidate();
    }
    expect(
      await api.db.select().from(sendPaymentOrders).where(eq(sendPaymentOrders.orderId, fixture.openAV1)),
    ).toEqual([]);
  });
});

describe('who may reach the bank routes', () => {
  it('only administrators manage banks; key accounts and administrators read the options', async () => {
    const target = await bankNamed(api, 'Bank Matrix');
    for (const user of USERS) {
      const token = tokens[user];
      const statuses = [
        (await api.request('/api/bank', { token })).status,
        (await api.request(`/api/bank/${target}`, { token })).status,
        (await api.request('/api/bank', { token, json: { name: `Bank ${user}` } })).status,
        (
          await api.request(`/api/bank/${target}`, {
            method: 'PUT',
            token,
            json: { name: `Renamed ${user}` },
          })
        ).status,
        (await api.request('/api/select/bank', { token })).status,
      ];
      const expected =
        user === 'admin'
          ? [200, 200, 201, 200, 200]
          : [403, 403, 403, 403, user === 'keyAccount' ? 200 : 403];
      expect(statuses, user).toEqual(expected);
      if (user === 'admin') {
        await api.request(`/api/bank/${target}`, { method: 'PUT', token, json: { name: 'Bank Matrix' } });
      }
    }
    const [row] = await api.db.select().from(banks).where(eq(banks.id, target));
    expect(row.name).toBe('Bank Matrix');
    const made = await api.db.select({ name: banks.name }).from(banks);
    expect(
      made.map((bank) => bank.name).filter((name) => name.startsWith('Bank ') && name !== 'Bank Matrix'),
    ).toEqual(['Bank admin']);
    for (const user of OUTSIDERS) {
      const gone = await api.request(`/api/bank/${target}`, { method: 'DELETE', token: tokens[user] });
      expect(gone.status, user).toBe(403);
    }
    expect(await api.db.select().from(banks).where(eq(banks.id, target))).toHaveLength(1);
    expect((await api.request('/api/bank', {})).status).toBe(401);
  });
});
