import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  eventOutbox,
  notifications,
  orderActivities,
  orderProducts,
  orders,
  sendPaymentOrders,
  sendPayments,
} from '../../api/db/schema';
import { createRandom } from '../../api/seed/random';
import { startTestApi, type ApiResponse, type TestApi } from '../support/api';
import { bankNamed, completedOrder, voucherBody } from '../support/payments';
import { expectRollupsInStep } from '../support/rollups';
import { createCatalogue, placeOrder, type Catalogue } from '../support/world';

/** Vendor payment vouchers: paying completed orders, releasing them, their amounts and lists. */

let api: TestApi;
let catalogue: Catalogue;
let admin: string;
let vendor1: string;
let bca: number;

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  api.clock.now = new Date('2026-11-20T03:00:00Z');
  [admin, vendor1] = await Promise.all([
    api.login(api.world.users.admin.email),
    api.login(api.world.users.vendor1.email),
  ]);
  bca = await bankNamed(api, 'BCA');
});

afterAll(async () => {
  await api?.close();
});

function brandOrders(brand: 'A' | 'B') {
  return `/api/brand/${api.world.brands[brand]}/order`;
}

function v1Completed(quantity = 1) {
  return completedOrder(api, {
    brand: 'A',
    vendor: 'V1',
    lines: [
      { product: catalogue.A.phone, quantity },
      { product: catalogue.A.charger, quantity: 2 },
    ],
  });
}

function createVoucher(body: Record<string, unknown>, token = admin) {
  return api.request('/api/send-payment', { token, json: body });
}

function payable(query: Record<string, string | number>, token = admin) {
  return api.request('/api/select/send-payment/order', { token, query });
}

async function payableIds(vendor: 'V1' | 'V3' = 'V1', brand: 'A' | 'B' = 'A', extra = {}) {
  const response = await payable({
    vendor: api.world.vendors[vendor],
    brand: api.world.brands[brand],
    ...extra,
  });
  expect(response.status).toBe(200);
  return (response.body.data as { id: number }[]).map((row) => row.id);
}

async function vendorStatus(orderId: number) {
  const response = await api.request(`/api/vendor/${api.world.vendors.V1}/order/${orderId}`, {
    token: vendor1,
  });
  return response.body.data.status as string;
}

async function brandFlags(orderId: number) {
  const response = await api.request(`${brandOrders('A')}/${orderId}`, { token: admin });
  return response.body.data as { status: string; can_replace_product: boolean };
}

async function voucherCount() {
  const [{ total }] = await api.db.select({ total: count() }).from(sendPayments);
  return total;
}

describe('creating a voucher', () => {
  it('pays the orders: Terbayar for the vendor, no return for the brand, payable no more', async () => {
    const first = await v1Completed();
    const second = await v1Completed(2);
    expect(await payableIds()).toEqual(expect.arrayContaining([first.orderId, second.orderId]));

    const response = await createVoucher(
      voucherBody(api, { brand: 'A', vendor: 'V1', bankId: bca, orderIds: [first.orderId, second.orderId] }),
    );

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.message).toBe('Data berhasil dibuat');
    const data = response.body.data;
    expect(data).toMatchObject({
      brand_id: api.world.brands.A,
      vendor: { id: api.world.vendors.V1, name: 'Vendor Satu' },
      bank: { id: bca, name: 'BCA' },
      account_number: '1234567890',
      account_holder_name: 'PT Vendor Sejahtera',
      payment_method_description: 'BG-0001',
      date: '2026-11-20',
      due_date: '2026-12-04',
      order_count: 2,
      prepares: [{ id: api.world.users.admin.id, name: 'Admin Satu' }],
    });
    expect([...data.order_ids].sort()).toEqual([first.orderId, second.orderId].sort());
    const expected = 2_250_000 + 2 * 350_000 + 2 * 2_250_000 + 2 * 350_000;
    expect(data.total).toBe(expected);
    expect(data.orders.reduce((sum: number, order: { amount: number }) => sum + order.amount, 0)).toBe(
      expected,
    );

    for (const orderId of [first.orderId, second.orderId]) {
      expect(await vendorStatus(orderId)).toBe('Terbayar');
      expect(await brandFlags(orderId)).toMatchObject({ status: 'Selesai', can_replace_product: false });
    }
    expect(await payableIds()).not.toEqual(expect.arrayContaining([first.orderId]));
    expect(await payableIds()).not.toContain(second.orderId);
    await expectRollupsInStep(api.db);
  });

  it("opens for the vendor the voucher's orders alone, with the voucher's total, and no other vendor's", async () => {
    const [paidBefore, first, second] = [await v1Completed(), await v1Completed(2), await v1Completed()];
    const earlier = await createVoucher(
      voucherBody(api, { brand: 'A', vendor: 'V1', bankId: bca, orderIds: [paidBefore.orderId] }),
    );
    expect(earlier.status).toBe(201);
    const voucher = await createVoucher(
      voucherBody(api, { brand: 'A', vendor: 'V1', bankId: bca, orderIds: [first.orderId, second.orderId] }),
    );
    expect(voucher.status).toBe(201);
    const [note] = await api.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, api.world.users.vendor1.id))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    const route = new URL(note.data.web.route, 'http://web.test');
    expect(route.pathname).toBe('/order');
    const query = Object.fromEntries(route.searchParams);
    const base = `/api/vendor/${api.world.vendors.V1}/order`;
    const list = await api.request(base, { token: vendor1, query: { ...query, per_page: 100 } });
    expect(list.status).toBe(200);
    expect(list.body.data.map((row: { id: number }) => row.id).sort()).toEqual(
      [first.orderId, second.orderId].sort(),
    );
    const total = await api.request(`${base}/card/total`, { token: vendor1, query });
    expect(total.status).toBe(200);
    expect(total.body.data.current_period_value).toBe(voucher.body.data.total);

    // Another vendor naming the voucher sees none of its orders.
    const vendor2 = await api.login(api.world.users.vendor2.email);
    const foreign = await api.request(`/api/vendor/${api.world.vendors.V2}/order`, {
      token: vendor2,
      query: { 'send-payment': voucher.body.data.id },
    });
    expect(foreign.status).toBe(200);
    expect(foreign.body.data).toEqual([]);
  });

  it("tells the vendor's users, leading them to the voucher's orders, and audits the voucher", async () => {
    const placed = await v1Completed();
    const response = await createVoucher(
      voucherBody(api, { brand: 'A', vendor: 'V1', bankId: bca, orderIds: [placed.orderId] }),
    );
    expect(response.status).toBe(201);
    const [note] = await api.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, api.world.users.vendor1.id))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    expect(note.type).toBe('payment');
    expect(note.data.web).toEqual({
      type: 'payment',
      route: `/order?status=Terbayar&send-payment=${response.body.data.id}`,
      brand: { id: api.world.brands.A },
    });
    expect(note.data.notification.description).toContain(response.body.data.number);
    const [audit] = await api.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, 'send-payment.store'),
          eq(auditLogs.entityId, String(response.body.data.id)),
        ),
      );
    expect(audit.actorId).toBe(api.world.users.admin.id);
    const timeline = await api.db
      .select()
      .from(orderActivities)
      .where(eq(orderActivities.orderId, placed.orderId));
    expect(timeline.map((row) => row.message)).toContain(
      `Dibayar dengan voucher ${response.body.data.number}`,
    );
    const events = await api.db
      .select()
      .from(eventOutbox)
      .where(eq(eventOutbox.channel, `private-vendor.${api.world.vendors.V1}.order-status`))
      .orderBy(desc(eventOutbox.id))
      .limit(1);
    expect(events[0].payload).toMatchObject({ order: { id: placed.orderId, status: 'Terbayar' } });
  });

  it('counts each line net of returns: quantity − quantity_return, total_price − total_price_return', async () => {
    const placed = await v1Completed(3);
    const detail = await api.request(`${brandOrders('A')}/${placed.orderId}`, { token: admin });
    const phoneLine = detail.body.data.order_products.find(
      (line: { invoice_product: { product: { id: number } } }) =>
        line.invoice_product.product.id === catalogue.A.phone.id,
    );
    const returned = await api.request(`${brandOrders('A')}/${placed.orderId}/replace-product`, {
      method: 'PUT',
      token: admin,
      json: { order_products: [{ id: phoneLine.id, quantity: 2, note: 'Layar retak' }] },
    });
    expect(returned.status).toBe(200);
    const chosen = await payable({
      vendor: api.world.vendors.V1,
      brand: api.world.brands.A,
      'ids[]': placed.orderId,
      with: 'order_products',
    });
    expect(chosen.body.data).toHaveLength(1);
    expect(chosen.body.data[0]).toMatchObject({ id: placed.orderId, amount: 2_250_000 + 2 * 350_000 });
    expect(
      chosen.body.data[0].order_products.find((line: { id: number }) => line.id === phoneLine.id),
    ).toMatchObject({ quantity_net: 1, amount: 2_250_000 });

    const response = await createVoucher(
      voucherBody(api, { brand: 'A', vendor: 'V1', bankId: bca, orderIds: [placed.orderId] }),
    );

    expect(response.status).toBe(201);
    const [order] = response.body.data.orders;
    const phone = order.order_products.find((line: { id: number }) => line.id === phoneLine.id);
    expect(phone).toMatchObject({
      quantity: 3,
      quantity_return: 2,
      quantity_net: 1,
      total_price: 3 * 2_250_000,
      total_price_return: 2 * 2_250_000,
      amount: 2_250_000,
    });
    expect(order.amount).toBe(2_250_000 + 2 * 350_000);
    expect(response.body.data.total).toBe(2_250_000 + 2 * 350_000);
  });

  it('refuses an order another voucher holds with 422 and writes nothing', async () => {
    const placed = await v1Completed();
    const first = await createVoucher(
      voucherBody(api, { brand: 'A', vendor: 'V1', bankId: bca, orderIds: [placed.orderId] }),
    );
    expect(first.status).toBe(201);
    const before = await voucherCount();

    const second = await createVoucher(
      voucherBody(api, { brand: 'A', vendor: 'V1', bankId: bca, orderIds: [placed.orderId] }),
    );

    expect(second.status).toBe(422);
    expect(second.body.errors['order_ids.0'][0]).toMatch(/sudah dibayar dengan voucher lain/);
    expect(await voucherCount()).toBe(before);
    const holders = await api.db
      .select()
      .from(sendPaymentOrders)
      .where(eq(sendPaymentOrders.orderId, placed.orderId));
    expect(holders.map((row) => row.sendPaymentId)).toEqual([first.body.data.id]);
  });

  it('creates one voucher from a form posted twice under its key, answering the second as the first', async () => {
    const placed = await v1Completed();
    const body = voucherBody(api, { brand: 'A', vendor: 'V1', bankId: bca, orderIds: [placed.orderId] });
    const send = () =>
      api.request('/api/send-payment', {
        token: admin,
        json: body,
        headers: { 'Idempotency-Key': `pv-${placed.orderId}` },
      });
    const first = await send();
    const second = await send();
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.data.id).toBe(first.body.data.id);
    const held = await api.db
      .select()
      .from(sendPaymentOrders)
      .where(eq(sendPaymentOrders.orderId, placed.orderId));
    expect(held).toHaveLength(1);
  });

  it('refuses orders not completed, of another vendor, named twice, or unknown', async () => {
    const ofV3 = await completedOrder(api, {
      brand: 'A',
      vendor: 'V3',
      lines: [{ product: catalogue.A.phone, quantity: 1 }],
    });
    const completed = await v1Completed();
    const delivered = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: catalogue.A.phone, quantity: 1 }],
      status: 'delivered',
    });
    const fresh = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: catalogue.A.phone, quantity: 1 }],
    });
    const before = await voucherCount();
    const body = (orderIds: number[]) =>
      voucherBody(api, { brand: 'A', vendor: 'V1', bankId: bca, orderIds });

    const twice = await createVoucher(body([completed.orderId, completed.orderId]));
    const refused = await createVoucher(
      body([fresh.orderId, ofV3.orderId, completed.orderId, 999_999, delivered.orderId]),
    );

    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ 'order_ids.1': ['The order_ids.1 field has a duplicate value.'] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'order_ids.0': [expect.stringMatching(/berstatus Pesanan Baru, belum Selesai/)],
      'order_ids.1': ['The selected order_ids.1 is invalid.'],
      'order_ids.3': ['The selected order_ids.3 is invalid.'],
      'order_ids.4': [expect.stringMatching(/berstatus Pesanan Sampai, belum Selesai/)],
    });
    expect(await voucherCount()).toBe(before);
    const open = await payableIds();
    expect(open).toContain(completed.orderId);
    expect(open).not.toContain(delivered.orderId);
    expect(open).not.toContain(fresh.orderId);
    expect(await payableIds('V3')).toContain(ofV3.orderId);
  });

  it('answers every missing field at once, in Laravel words', async () => {
    const response = await createVoucher({});
    expect(response.status).toBe(422);
    expect(response.body.errors).toMatchObject({
      number: ['The number field is required.'],
      vendor_id: ['The vendor id field is required.'],
      brand_id: ['The brand id field is required.'],
      date: ['The date field is required.'],
      bank_id: ['The bank id field is required.'],
      account_number: ['The account number field is required.'],
      account_holder_name: ['The account holder name field is required.'],
      order_ids: ['The order ids field is required.'],
    });
    const unknownBank = await createVoucher(
      voucherBody(api, { brand: 'A', vendor: 'V1', bankId: 999_999, orderIds: [1] }),
    );
    expect(unknownBank.body.errors).toEqual({ bank_id: ['The selected bank id is invalid.'] });
    const otherVendor = await createVoucher({
      ...voucherBody(api, { brand: 'A', vendor: 'V1', bankId: bca, orderIds: [1] }),
      vendor_id: api.world.vendors.V2,
    });
    expect(otherVendor.body.errors).toEqual({ vendor_id: ['The selected vendor id is invalid.'] });
    const dueBefore = await createVoucher({
      ...voucherBody(api, { brand: 'A', vendor: 'V1', bankId: bca, orderIds: [1] }),
      due_date: '2026-11-01',
    });
    expect(dueBefore.body.errors).toEqual({
      due_date: ['The due date field must be a date after or equal to date.'],
    });
  });

  it('numbers vouchers per brand: a number taken in brand A is free in brand B, not again in A', async () => {
    const a = await v1Completed();
    const b = await completedOrder(api, {
      brand: 'B',
      vendor: 'V2',
      lines: [{ product: catalogue.B.shirt, quantity: 1 }],
    });
    const again = await v1Completed();
    const number = 'PV/2026/11/0001';
    expect(
      (
        await createVoucher(
          voucherBody(api, { brand: 'A', vendor: 'V1', bankId: bca, orderIds: [a.orderId], number }),
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await createVoucher(
          voucherBody(api, { brand: 'B', vendor: 'V2', bankId: bca, orderIds: [b.orderId], number }),
        )
      ).status,
    ).toBe(201);
    const taken = await createVoucher(
      voucherBody(api, { brand: 'A', vendor: 'V1', bankId: bca, orderIds: [again.orderId], number }),
    );
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ number: ['The number has already been taken.'] });
  });
});

describe('the payable-order select', () => {
  it("gives the same orders whether it walks the vendor's orders or reads them through the rollups' days", async () => {
    const paid = await v1Completed();
    const open = [await v1Completed(), await v1Completed(), await v1Completed()];
    const created = await createVoucher(
      voucherBody(api, { brand: 'A', vendor: 'V1', bankId: bca, orderIds: [paid.orderId] }),
    );
    const query = { vendor: api.world.vendors.V1, brand: api.world.brands.A };
    const ids = async (extra: Record<string, string | number>) => {
      const response = await payable({ ...query, ...extra });
      expect(response.status).toBe(200);
      return (response.body.data as { id: number; number: string }[]).map((row) => row.id);
    };

    // As many as there are, the page holds them all: read through their days.
    const all = await ids({});
    expect(all).toEqual(expect.arrayContaining(open.map((order) => order.orderId)));
    expect(all).not.toContain(paid.orderId);
    // A page shorter than the unpaid orders: the walk by number, which must agree on the first ones.
    expect(await ids({ per_page: all.length - 1 })).toEqual(all.slice(0, all.length - 1));
    expect(await ids({ per_page: 1 })).toEqual(all.slice(0, 1));
    // On edit, the voucher's own order comes back in its place by number, on both paths.
    const withOwn = await ids({ 'send-payment': created.body.data.id });
    expect(withOwn).toContain(paid.orderId);
    expect(withOwn).toHaveLength(all.length + 1);
    expect(await ids({ 'send-payment': created.body.data.id, per_page: 2 })).toEqual(withOwn.slice(0, 2));
  });

  it("offers no order of the voucher's vendor once the form asks for another vendor's", async () => {
    const paid = await v1Completed();
    const created = await createVoucher(
      voucherBody(api, { brand: 'A', vendor: 'V1', bankId: bca, orderIds: [paid.orderId] }),
    );
    const other = await completedOrder(api, {
      brand: 'A',
      vendor: 'V3',
      lines: [{ product: catalogue.A.phone, quantity: 1 }],
    });

    const offered = await payableIds('V3', 'A', { 'send-payment': created.body.data.id });

    expect(offered).toContain(other.orderId);
    expect(offered).not.toContain(paid.orderId);
  });
});

describe('saving a voucher again', () => {
  it('releases the orders dropped, pays those added, and names both preparers', async () => {
    const kept = await v1Completed();
    const dropped = await v1Completed();
    const added = await v1Completed();
    const created = await createVoucher(
      voucherBody(api, { brand: 'A', vendor: 'V1', bankId: bca, orderIds: [kept.orderId, dropped.orderId] }),
    );
    const id = created.body.data.id;
    expect(await payableIds('V1', 'A', { 'send-payment': id })).toEqual(
      expect.arrayContaining([kept.orderId, dropped.orderId, added.orderId]),
    );
    const keyAccount = await api.login(api.world.users.keyAccount.email);
    const mandiri = await bankNamed(api, 'Mandiri');

    const response = await api.request(`/api/send-payment/${id}`, {
      method: 'PUT',
      token: keyAccount,
      query: { brand: api.world.brands.A },
      json: {
        ...voucherBody(api, {
          brand: 'A',
          vendor: 'V1',
          bankId: mandiri,
          orderIds: [kept.orderId, added.orderId],
          number: created.body.data.number,
        }),
        account_holder_name: 'Vendor Satu',
      },
    });

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({
      bank: { name: 'Mandiri' },
      account_holder_name: 'Vendor Satu',
      prepares: [
        { id: api.world.users.admin.id, name: 'Admin Satu' },
        { id: api.world.users.keyAccount.id, name: 'Key Account Satu' },
      ],
    });
    expect([...response.body.data.order_ids].sort()).toEqual([kept.orderId, added.orderId].sort());
    expect(await vendorStatus(dropped.orderId)).toBe('Selesai');
    expect(await brandFlags(dropped.orderId)).toMatchObject({ can_replace_product: true });
    expect(await vendorStatus(added.orderId)).toBe('Terbayar');
    expect(await payableIds()).toContain(dropped.orderId);
    await expectRollupsInStep(api.db);
  });

  it('keeps the brand: a voucher cannot move to another brand', async () => {
    const placed = await v1Completed();
    const created = await createVoucher(
      voucherBody(api, { brand: 'A', vendor: 'V1', bankId: bca, orderIds: [placed.orderId] }),
    );
    const response = await api.request(`/api/send-payment/${created.body.data.id}`, {
      method: 'PUT',
      token: admin,
      json: voucherBody(api, { brand: 'B', vendor: 'V3', bankId: bca, orderIds: [placed.orderId] }),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ brand_id: ['The brand of a voucher cannot be changed.'] });
  });
});

describe('deleting a voucher', () => {
  it('releases its orders: payable again, Selesai for the vendor, returns possible again', async () => {
    const first = await v1Completed();
    const second = await v1Completed();
    const created = await createVoucher(
      voucherBody(api, { brand: 'A', vendor: 'V1', bankId: bca, orderIds: [first.orderId, second.orderId] }),
    );
    const id = created.body.data.id;

    const response = await api.request(`/api/send-payment/${id}`, {
      method: 'DELETE',
      token: admin,
      query: { brand: api.world.brands.A },
    });

    expect(response.status).toBe(200);
    expect(await api.db.select().from(sendPayments).where(eq(sendPayments.id, id))).toEqual([]);
    expect(
      await api.db
        .select()
        .from(sendPaymentOrders)
        .where(inArray(sendPaymentOrders.orderId, [first.orderId, second.orderId])),
    ).toEqual([]);
    for (const orderId of [first.orderId, second.orderId]) {
      expect(await vendorStatus(orderId)).toBe('Selesai');
      expect(await brandFlags(orderId)).toMatchObject({ can_replace_product: true });
    }
    expect(await payableIds()).toEqual(expect.arrayContaining([first.orderId, second.orderId]));
    expect((await api.request(`/api/send-payment/${id}`, { token: admin })).status).toBe(404);
    await expectRollupsInStep(api.db);
  });

  it('once paid, an order takes no return until its voucher is gone', async () => {
    const placed = await v1Completed();
    await createVoucher(
      voucherBody(api, { brand: 'A', vendor: 'V1', bankId: bca, orderIds: [placed.orderId] }),
    );
    const [line] = await api.db.select().from(orderProducts).where(eq(orderProducts.orderId, placed.orderId));
    const response = await api.request(`${brandOrders('A')}/${placed.orderId}/replace-product`, {
      method: 'PUT',
      token: admin,
      json: { order_products: [{ id: line.id, quantity: 1, note: 'Rusak' }] },
    });
    expect(response.status).toBe(422);
  });
});

describe('the voucher totals', () => {
  it('stay equal to a recomputation from the orders through vouchers created, saved again with other orders and deleted', async () => {
    const seed = Number(process.env.PROPERTY_SEED ?? Date.now() % 100_000);
    const random = createRandom(seed);
    const at = `seed ${seed}`;
    const vouchers = new Map<number, { number: string; orderIds: number[] }>();
    const fresh = async () => {
      const placed = await v1Completed(random.int(1, 4));
      return placed.orderId;
    };
    const freshOrders = async (count: number) => {
      const ids: number[] = [];
      for (let i = 0; i < count; i++) ids.push(await fresh());
      return ids;
    };
    const expectListed = async (id: number) => {
      const [amounts] = await api.db
        .select({
          total: sql<string>`coalesce(sum(${orders.grandTotal} - ${orders.grandTotalReturn}), 0)`,
          count: count(),
        })
        .from(sendPaymentOrders)
        .innerJoin(orders, eq(orders.id, sendPaymentOrders.orderId))
        .where(eq(sendPaymentOrders.sendPaymentId, id));
      const shown = await api.request(`/api/send-payment/${id}`, { token: admin });
      expect(shown.body.data, at).toMatchObject({ total: Number(amounts.total), order_count: amounts.count });
    };

    for (let step = 0; step < 8; step++) {
      const held = [...vouchers.keys()];
      const action =
        held.length === 0 ? 'create' : random.pick(['create', 'save', 'save', 'delete'] as const);
      if (action === 'create') {
        const created = await createVoucher(
          voucherBody(api, {
            brand: 'A',
            vendor: 'V1',
            bankId: bca,
            orderIds: await freshOrders(random.int(1, 3)),
          }),
        );
        expect(created.status, `${at}: ${JSON.stringify(created.body)}`).toBe(201);
        vouchers.set(created.body.data.id, {
          number: created.body.data.number,
          orderIds: created.body.data.order_ids,
        });
        await expectListed(created.body.data.id);
      } else if (action === 'save') {
        const id = random.pick(held);
        const voucher = vouchers.get(id) as { number: string; orderIds: number[] };
        const kept = voucher.orderIds.filter(() => random.chance(0.6));
        const orderIds = [...kept, ...(await freshOrders(kept.length ? random.int(0, 2) : random.int(1, 2)))];
        const saved = await api.request(`/api/send-payment/${id}`, {
          method: 'PUT',
          token: admin,
          query: { brand: api.world.brands.A },
          json: voucherBody(api, { brand: 'A', vendor: 'V1', bankId: bca, orderIds, number: voucher.number }),
        });
        expect(saved.status, `${at}: ${JSON.stringify(saved.body)}`).toBe(200);
        vouchers.set(id, { ...voucher, orderIds });
        await expectListed(id);
      } else {
        const id = random.pick(held);
        const deleted = await api.request(`/api/send-payment/${id}`, {
          method: 'DELETE',
          token: admin,
          query: { brand: api.world.brands.A },
        });
        expect(deleted.status, at).toBe(200);
        vouchers.delete(id);
      }
      await expectRollupsInStep(api.db);
    }
  });
});

describe('the voucher list', () => {
  it('is newest first, pages as Laravel does, and filters by search, vendor, brand, channel and date', async () => {
    const a = await v1Completed();
    const b = await completedOrder(api, {
      brand: 'B',
      vendor: 'V3',
      lines: [{ product: catalogue.B.shirt, quantity: 1 }],
    });
    api.clock.advance(60_000);
    const older = await createVoucher({
      ...voucherBody(api, {
        brand: 'A',
        vendor: 'V1',
        bankId: bca,
        orderIds: [a.orderId],
        number: 'LIST/A/1',
      }),
      date: '2026-10-01',
      due_date: null,
    });
    api.clock.advance(60_000);
    const newer = await createVoucher(
      voucherBody(api, { brand: 'B', vendor: 'V3', bankId: bca, orderIds: [b.orderId], number: 'LIST/B/1' }),
    );
    const list = async (query: Record<string, string | number | number[]>) => {
      const response = await api.request('/api/send-payment', { token: admin, query });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body;
    };

    const page = await list({ per_page: 1 });
    expect(page.data[0].id).toBe(newer.body.data.id);
    expect(page.meta).toMatchObject({ current_page: 1, per_page: 1, from: 1, to: 1 });
    expect(page.meta.last_page).toBe(page.meta.total);
    expect((await list({ search: 'LIST/' })).data.map((row: { id: number }) => row.id)).toEqual([
      newer.body.data.id,
      older.body.data.id,
    ]);
    expect((await list({ search: 'list/', order_by: 'asc' })).data[0].id).toBe(older.body.data.id);
    expect((await list({ search: 'LIST/', vendor: [api.world.vendors.V1] })).data).toHaveLength(1);
    expect((await list({ search: 'LIST/', brand: [api.world.brands.B] })).data[0].number).toBe('LIST/B/1');
    expect((await list({ search: 'LIST/', channel: [api.world.channels.shopee] })).data).toEqual([]);
    expect(
      (await list({ search: 'LIST/', 'date-from': '2026-09-01', 'date-to': '2026-10-15' })).data.map(
        (row: { number: string }) => row.number,
      ),
    ).toEqual(['LIST/A/1']);
    expect(
      (await list({ search: 'Vendor Tiga' })).data.map((row: { number: string }) => row.number),
    ).toContain('LIST/B/1');
    const empty = await list({ search: 'no such voucher' });
    expect(empty).toEqual({
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 10, total: 0, from: null, to: null },
    });
    const [row] = (await list({ search: 'LIST/B/1' })).data;
    expect(row).toMatchObject({
      number: 'LIST/B/1',
      vendor_name: 'Vendor Tiga',
      brand_name: 'Brand B',
      total: 275_000,
      order_count: 1,
    });
    const backwards = await api.request('/api/send-payment', {
      token: admin,
      query: { 'date-from': '2026-10-15', 'date-to': '2026-10-01' },
    });
    expect(backwards.status).toBe(422);
  });
});

describe('the autocomplete of account numbers and holders', () => {
  it("offers what the vendor's earlier vouchers were paid to", async () => {
    const placed = await v1Completed();
    await createVoucher({
      ...voucherBody(api, { brand: 'A', vendor: 'V1', bankId: bca, orderIds: [placed.orderId] }),
      account_number: '8881234567',
      account_holder_name: 'CV Satu Jaya',
    });
    const numbers = await api.request('/api/select/send-payment/history-account-number', {
      token: admin,
      query: { vendor: api.world.vendors.V1, brand: api.world.brands.A, search: '888' },
    });
    expect(numbers.body.data).toEqual([{ account_number: '8881234567' }]);
    const names = await api.request('/api/select/send-payment/history-account-name', {
      token: admin,
      query: { vendor: api.world.vendors.V1, brand: api.world.brands.A, 'account-number': '8881234567' },
    });
    expect(names.body.data).toEqual([{ account_holder_name: 'CV Satu Jaya' }]);
    const otherVendor = await api.request('/api/select/send-payment/history-account-number', {
      token: admin,
      query: { vendor: api.world.vendors.V3, search: '888' },
    });
    expect(otherVendor.body.data).toEqual([]);
  });
});

async function sheetOf(response: ApiResponse) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.bytes as unknown as ArrayBuffer);
  const rows: ExcelJS.CellValue[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return { header: rows[0] as string[], rows: rows.slice(1) };
}

describe('GET /api/export/send-payment', () => {
  it('streams the filtered vouchers, one row per paid order, as YYYY-MM-DD HH:mm:ss pembayaran.xlsx', async () => {
    const first = await v1Completed();
    const second = await v1Completed(2);
    const created = await createVoucher(
      voucherBody(api, {
        brand: 'A',
        vendor: 'V1',
        bankId: bca,
        orderIds: [first.orderId, second.orderId],
        number: '=EXPORT/1',
      }),
    );
    expect(created.status).toBe(201);

    const response = await api.request('/api/export/send-payment', {
      token: admin,
      query: { search: 'EXPORT/1', 'vendor[]': api.world.vendors.V1 },
    });

    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} pembayaran\.xlsx"$/,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const { header, rows } = await sheetOf(response);
    expect(header).toEqual([
      'Nomor Voucher',
      'Tanggal',
      'Jatuh Tempo',
      'Brand',
      'Vendor',
      'Bank',
      'Nomor Rekening',
      'Nama Pemilik Rekening',
      'Nomor Cek/BG',
      'Nomor Penjualan',
      'Nomor Invoice',
      'Channel',
      'Jumlah',
      'Dibuat',
    ]);
    expect(rows).toHaveLength(2);
    const orders = created.body.data.orders as { number: string; amount: number }[];
    expect(rows.map((row) => row[9]).sort()).toEqual(orders.map((order) => order.number).sort());
    for (const row of rows) {
      expect(row[0]).toBe("'=EXPORT/1");
      expect(row[4]).toBe('Vendor Satu');
      expect(typeof row[12]).toBe('number');
    }
    expect(rows.reduce((sum, row) => sum + (row[12] as number), 0)).toBe(created.body.data.total);
  });
});
