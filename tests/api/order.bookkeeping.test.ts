import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  customers,
  type InvoiceStatusCode,
  invoices,
  notifications,
  orderActivities,
  orderProducts,
  orders,
  replacedOrderProducts,
  sendPaymentOrders,
  sendPayments,
  stockMovements,
  vendorStocks,
} from '../../api/db/schema';
import { createRollupTracker, rebuildRollups, type RollupTracker } from '../../api/domains/rollup/service';
import { sweepDeliveredOrders } from '../../api/jobs/auto-complete';
import { sweepExpiredOffers } from '../../api/jobs/offer-expiry';
import { queryRows } from '../../api/seed/bulk-insert';
import { rebuildRollups as seedRebuildRollups } from '../../api/seed/rollups';
import type { Database, Transaction } from '../../api/db/client';
import { startTestApi, type TestApi } from '../support/api';
import { expectRollupsInStep as expectRollupsInRebuild, rollupSnapshot } from '../support/rollups';
import {
  createCatalogue,
  insertCustomer,
  insertSale,
  invoicePayload,
  placeOrder,
  type Catalogue,
} from '../support/world';

/** Change vendor and returns: the books they keep (totals, stock, timeline, audit, notifications, rollups). */

let api: TestApi;
let catalogue: Catalogue;
let brandA: string;
let keyAccount: string;

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  [brandA, keyAccount] = await Promise.all([
    api.login(api.world.users.brandA.email),
    api.login(api.world.users.keyAccount.email),
  ]);
});

afterAll(async () => {
  await api?.close();
});

function expectRollupsInStep() {
  return expectRollupsInRebuild(api.db);
}

/** A buyer of brand A, inserted and counted into the brand's buyer total as ingestion does. */
async function newBuyer(name: string) {
  const id = await insertCustomer(api.db, { brandId: api.world.brands.A, name });
  await written(async (_tx, tracker) => tracker.customerAdded(api.world.brands.A));
  return id;
}

/** The status rollup of one order slice: `status:paid` → order count. */
async function statusCounts(slice: { date: string; vendorId: number }) {
  const rows = await queryRows<{ status_code: string; paid: boolean; order_count: number }>(
    api.db,
    sql`select status_code, paid, order_count from daily_order_status_rollups
      where date = ${slice.date}::date and brand_id = ${api.world.brands.A} and vendor_id = ${slice.vendorId}
        and channel_id = ${api.world.channels.tokopedia}`,
  );
  return Object.fromEntries(
    rows.map((row) => [`${row.status_code}${row.paid ? ':paid' : ''}`, row.order_count]),
  );
}

/** A write of the test's own, told to the tracker as the services tell it, flushed in the same transaction. */
async function written(write: (tx: Transaction, tracker: RollupTracker) => Promise<void>) {
  await api.db.transaction(async (tx) => {
    const tracker = createRollupTracker();
    await write(tx, tracker);
    await tracker.flush(tx);
  });
}

/** Updates the order (and, when given, its invoice's status) and tells the tracker what it was and is. */
async function changeOrder(
  tx: Transaction,
  tracker: RollupTracker,
  orderId: number,
  changes: Partial<typeof orders.$inferInsert>,
  invoiceStatus?: InvoiceStatusCode,
) {
  const [before] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  const [after] = await tx.update(orders).set(changes).where(eq(orders.id, orderId)).returning();
  tracker.orderChanged(before, after);
  if (invoiceStatus) {
    const [was] = await tx.select().from(invoices).where(eq(invoices.id, after.invoiceId)).for('update');
    const [is] = await tx
      .update(invoices)
      .set({ statusCode: invoiceStatus })
      .where(eq(invoices.id, was.id))
      .returning();
    tracker.invoiceChanged(was, is);
  }
  return after;
}

function path(tail: string) {
  return `/api/brand/${api.world.brands.A}/${tail}`;
}

async function stock(vendorId: number, productId: number) {
  const [row] = await api.db
    .select()
    .from(vendorStocks)
    .where(and(eq(vendorStocks.vendorId, vendorId), eq(vendorStocks.productId, productId)));
  return row;
}

async function movementsOf(orderId: number) {
  return api.db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.orderId, orderId))
    .orderBy(asc(stockMovements.id));
}

describe('PUT /api/brand/{brand}/order/{id}/change-vendor', () => {
  it('diverts the order, releases its stock, and gives a copy to the new vendor with a reference back', async () => {
    const { laptop, charger } = catalogue.A;
    const placed = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V3',
      lines: [
        { product: laptop, quantity: 1 },
        { product: charger, quantity: 3 },
      ],
      status: 'ready_to_deliver',
    });
    const oldLaptop = await stock(api.world.vendors.V3, laptop.id);
    const newLaptop = await stock(api.world.vendors.V1, laptop.id);

    const response = await api.request(path(`order/${placed.orderId}/change-vendor`), {
      method: 'PUT',
      token: brandA,
      json: { vendor_id: api.world.vendors.V1 },
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: 'Success change vendor',
      data: { id: expect.any(Number), number: expect.any(String) },
    });
    const replacementId = response.body.data.id;
    const [old] = await api.db.select().from(orders).where(eq(orders.id, placed.orderId));
    const [replacement] = await api.db.select().from(orders).where(eq(orders.id, replacementId));
    expect(old).toMatchObject({ statusCode: 'diverted', divertedAt: api.clock.now });
    expect(replacement).toMatchObject({
      vendorId: api.world.vendors.V1,
      invoiceId: placed.invoiceId,
      statusCode: 'new',
      refOrderId: old.id,
      refOrderNumber: old.number,
      grandTotal: old.grandTotal,
      totalWeight: old.totalWeight,
    });
    const copied = await api.db
      .select()
      .from(orderProducts)
      .where(eq(orderProducts.orderId, replacementId))
      .orderBy(asc(orderProducts.id));
    expect(copied.map((line) => [line.productId, line.quantity, line.price, line.totalPrice])).toEqual([
      [laptop.id, 1, laptop.price, laptop.price],
      [charger.id, 3, charger.price, 3 * charger.price],
    ]);

    expect((await stock(api.world.vendors.V3, laptop.id)).reserved).toBe(oldLaptop.reserved - 1);
    expect((await stock(api.world.vendors.V1, laptop.id)).reserved).toBe(newLaptop.reserved + 1);
    expect((await movementsOf(old.id)).map((row) => [row.kind, row.productId, row.quantity])).toEqual([
      ['reserve', laptop.id, -1],
      ['reserve', charger.id, -3],
      ['release', laptop.id, 1],
      ['release', charger.id, 3],
    ]);
    expect((await movementsOf(replacementId)).map((row) => [row.kind, row.quantity])).toEqual([
      ['reserve', -1],
      ['reserve', -3],
    ]);

    const [invoice] = await api.db.select().from(invoices).where(eq(invoices.id, placed.invoiceId));
    expect(invoice.statusCode).toBe('new');
    const [lastOld] = await api.db
      .select()
      .from(orderActivities)
      .where(eq(orderActivities.orderId, old.id))
      .orderBy(desc(orderActivities.id))
      .limit(1);
    expect(lastOld).toMatchObject({
      statusCode: 'diverted',
      message: `Pesanan dialihkan ke Vendor Satu (${replacement.number})`,
    });
    const newActivities = await api.db
      .select()
      .from(orderActivities)
      .where(eq(orderActivities.orderId, replacementId));
    expect(newActivities.map((row) => row.message)).toEqual([
      `Pesanan dibuat sebagai pengalihan dari ${old.number}`,
    ]);

    const audits = await api.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.actorId, api.world.users.brandA.id));
    expect(audits.map((row) => [row.action, row.entityId])).toEqual(
      expect.arrayContaining([
        ['order.change-vendor', String(old.id)],
        ['order.store', String(replacementId)],
      ]),
    );
    const toNewVendor = await api.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, api.world.users.vendor1.id));
    expect(
      toNewVendor.some(
        (row) => row.type === 'order-status' && row.data.notification.order_id === replacementId,
      ),
    ).toBe(true);
    await expectRollupsInStep();
  });

  it('tells the old vendor users their order was diverted', async () => {
    const placed = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: catalogue.A.phone, quantity: 1 }],
    });
    const response = await api.request(path(`order/${placed.orderId}/change-vendor`), {
      method: 'PUT',
      token: keyAccount,
      json: { vendor_id: api.world.vendors.V3 },
    });
    expect(response.status).toBe(200);
    const told = await api.db.select().from(notifications).where(eq(notifications.type, 'order-diverted'));
    const mine = told.filter((row) => row.data.notification.order_id === placed.orderId);
    expect(mine.map((row) => row.userId).sort()).toEqual(
      [api.world.users.vendor1.id, api.world.users.vendor1Special.id].sort(),
    );
    expect(mine[0].data.notification.title).toBe('Pesanan Dialihkan');
  });

  it('refuses orders past ready to deliver, paid orders, the same vendor and vendors not serving the brand', async () => {
    const shipped = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: catalogue.A.phone, quantity: 1 }],
      status: 'on_delivery',
    });
    const fresh = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: catalogue.A.phone, quantity: 1 }],
    });
    const cases: [number, unknown, string][] = [
      [shipped.orderId, { vendor_id: api.world.vendors.V3 }, 'status'],
      [fresh.orderId, { vendor_id: api.world.vendors.V1 }, 'vendor_id'],
      [fresh.orderId, { vendor_id: api.world.vendors.V2 }, 'vendor_id'],
      [fresh.orderId, { vendor_id: 999_999 }, 'vendor_id'],
      [fresh.orderId, { vendor_id: 'satu' }, 'vendor_id'],
      [fresh.orderId, {}, 'vendor_id'],
    ];
    for (const [orderId, json, field] of cases) {
      const response = await api.request(path(`order/${orderId}/change-vendor`), {
        method: 'PUT',
        token: brandA,
        json,
      });
      expect(response.status, JSON.stringify(json)).toBe(422);
      expect(Object.keys(response.body.errors)).toEqual([field]);
    }
    const [voucher] = await api.db
      .insert(sendPayments)
      .values({
        number: `PV/TEST/${fresh.orderId}`,
        brandId: api.world.brands.A,
        vendorId: api.world.vendors.V1,
        date: '2026-01-01',
      })
      .returning();
    await written(async (tx, tracker) => {
      await tx.insert(sendPaymentOrders).values({ sendPaymentId: voucher.id, orderId: fresh.orderId });
      const [order] = await tx.select().from(orders).where(eq(orders.id, fresh.orderId));
      tracker.order(order);
      tracker.voucher(voucher.id);
    });
    const paid = await api.request(path(`order/${fresh.orderId}/change-vendor`), {
      method: 'PUT',
      token: brandA,
      json: { vendor_id: api.world.vendors.V3 },
    });
    expect(paid.status).toBe(422);
    const [still] = await api.db.select().from(orders).where(eq(orders.id, fresh.orderId));
    expect(still.statusCode).toBe('new');
    await expectRollupsInStep();
  });
});

describe('PUT /api/brand/{brand}/order/{id}/replace-product (Retur)', () => {
  it('records the return on the line, the order total and the stock, and keeps the rollups in step', async () => {
    const { laptop, charger } = catalogue.A;
    const placed = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [
        { product: laptop, quantity: 1 },
        { product: charger, quantity: 3 },
      ],
      status: 'delivered',
    });
    const lines = await api.db
      .select()
      .from(orderProducts)
      .where(eq(orderProducts.orderId, placed.orderId))
      .orderBy(asc(orderProducts.id));
    const chargerLine = lines[1];
    const before = await stock(api.world.vendors.V1, charger.id);

    const response = await api.request(path(`order/${placed.orderId}/replace-product`), {
      method: 'PUT',
      token: brandA,
      json: { order_products: [{ id: chargerLine.id, quantity: 2, note: 'Kemasan penyok' }] },
    });

    expect(response.status).toBe(200);
    const order = response.body.data;
    expect(order).toMatchObject({
      grand_total: laptop.price + 3 * charger.price,
      grand_total_return: 2 * charger.price,
      total: laptop.price + charger.price,
      can_replace_product: true,
    });
    expect(order.order_products[1]).toMatchObject({
      quantity: 3,
      quantity_return: 2,
      total_price_return: 2 * charger.price,
      replaced_order_products: [
        { id: expect.any(Number), quantity: 2, note: 'Kemasan penyok', created_at: expect.any(String) },
      ],
    });
    expect(order.order_activities.at(-1).message).toBe(`Retur 2 x ${charger.name}: Kemasan penyok`);
    const after = await stock(api.world.vendors.V1, charger.id);
    expect(after.quantity).toBe(before.quantity + 2);
    const [movement] = (await movementsOf(placed.orderId)).filter((row) => row.kind === 'return');
    expect(movement).toMatchObject({
      productId: charger.id,
      quantity: 2,
      balanceAfter: after.quantity - after.reserved,
    });
    const [audit] = await api.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.action, 'order.replace-product'), eq(auditLogs.entityId, String(placed.orderId))),
      );
    expect(audit.changes.grandTotalReturn).toEqual({ before: 0, after: 2 * charger.price });
    await expectRollupsInStep();

    const more = await api.request(path(`order/${placed.orderId}/replace-product`), {
      method: 'PUT',
      token: brandA,
      json: { order_products: [{ id: chargerLine.id, quantity: 2, note: 'Lagi' }] },
    });
    expect(more.status).toBe(422);
    expect(more.body.errors).toEqual({
      'order_products.0.quantity': ['The quantity field must not be greater than 1.'],
    });
    const rest = await api.request(path(`order/${placed.orderId}/replace-product`), {
      method: 'PUT',
      token: brandA,
      json: { order_products: [{ id: chargerLine.id, quantity: 1 }] },
    });
    expect(rest.body.data.order_products[1].quantity_return).toBe(3);
    const rows = await api.db
      .select()
      .from(replacedOrderProducts)
      .where(eq(replacedOrderProducts.orderProductId, chargerLine.id));
    expect(rows.map((row) => [row.quantity, row.note])).toEqual([
      [2, 'Kemasan penyok'],
      [1, null],
    ]);
  });

  it('answers 422 with Laravel keys for lines that are not the order, repeated or not whole', async () => {
    const placed = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: catalogue.A.phone, quantity: 2 }],
      status: 'delivered',
    });
    const [line] = await api.db.select().from(orderProducts).where(eq(orderProducts.orderId, placed.orderId));
    const cases: [unknown, string[]][] = [
      [{ order_products: [{ id: 999_999, quantity: 1 }] }, ['order_products.0.id']],
      [
        {
          order_products: [
            { id: line.id, quantity: 1 },
            { id: line.id, quantity: 1 },
          ],
        },
        ['order_products.1.id'],
      ],
      [{ order_products: [{ id: line.id, quantity: 0 }] }, ['order_products.0.quantity']],
      [{ order_products: [{ id: line.id, quantity: 1.5 }] }, ['order_products.0.quantity']],
      [{ order_products: [{ id: line.id }] }, ['order_products.0.quantity']],
      [{ order_products: [] }, ['order_products']],
      [{ order_products: [{ id: line.id, quantity: 1, price: 1 }] }, ['order_products.0.price']],
    ];
    for (const [json, fields] of cases) {
      const response = await api.request(path(`order/${placed.orderId}/replace-product`), {
        method: 'PUT',
        token: brandA,
        json,
      });
      expect(response.status, JSON.stringify(json)).toBe(422);
      expect(Object.keys(response.body.errors), JSON.stringify(json)).toEqual(fields);
    }
    const missing = await api.request(path(`order/${placed.orderId}/replace-product`), {
      method: 'PUT',
      token: brandA,
      json: { order_products: [{ id: line.id }] },
    });
    expect(missing.body.errors['order_products.0.quantity']).toEqual(['The quantity field is required.']);
  });

  it('refuses a return before delivery', async () => {
    const placed = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: catalogue.A.phone, quantity: 1 }],
      status: 'on_delivery',
    });
    const [line] = await api.db.select().from(orderProducts).where(eq(orderProducts.orderId, placed.orderId));
    const response = await api.request(path(`order/${placed.orderId}/replace-product`), {
      method: 'PUT',
      token: brandA,
      json: { order_products: [{ id: line.id, quantity: 1 }] },
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['status']);
  });
});

describe('the daily rollups', () => {
  it('stay equal to a recomputation through ingestion, offers, moves, diversion, returns and both sweeps', async () => {
    const { laptop, phone } = catalogue.A;
    api.clock.now = new Date('2026-05-05T16:30:00Z'); // 23:30 in Jakarta: the Jakarta day, not the UTC one
    const a = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: laptop, quantity: 1 }],
      status: 'delivered',
    });
    api.clock.now = new Date('2026-05-05T17:30:00Z'); // 00:30 the next Jakarta day
    const b = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V3',
      lines: [{ product: phone, quantity: 2 }],
      status: 'ready_to_deliver',
    });
    await api.request(path(`order/${b.orderId}/change-vendor`), {
      method: 'PUT',
      token: brandA,
      json: { vendor_id: api.world.vendors.V1 },
    });
    const [line] = await api.db.select().from(orderProducts).where(eq(orderProducts.orderId, a.orderId));
    await api.request(path(`order/${a.orderId}/replace-product`), {
      method: 'PUT',
      token: brandA,
      json: { order_products: [{ id: line.id, quantity: 1, note: 'Rusak' }] },
    });
    await sweepDeliveredOrders(api.deps, () => new Date('2026-05-10T00:00:00Z'));
    await api.request(`/api/brand/${api.world.brands.B}/channel/1/invoice`, {
      method: 'POST',
      token: await api.login(api.world.users.admin.email),
      json: invoicePayload([{ product: catalogue.B.shirt, quantity: 1 }]),
    });
    await sweepExpiredOffers(api.deps, () => new Date('2026-05-06T00:00:00Z'));

    const days = await queryRows<{ date: string }>(
      api.db,
      sql`select distinct date::text from daily_sales_rollups order by 1`,
    );
    expect(days.map((row) => row.date)).toEqual(expect.arrayContaining(['2026-05-06']));
    await expectRollupsInStep();
  });

  it("stay equal to a recomputation through marketplace cancellations: an order, a diverted order's invoice, an invoice still offered", async () => {
    const { laptop, phone } = catalogue.A;
    let admin = '';
    const cancel = async (invoiceId: number) => {
      const [invoice] = await api.db.select().from(invoices).where(eq(invoices.id, invoiceId));
      const response = await api.request(`/api/brand/${api.world.brands.A}/channel/1/invoice/cancel`, {
        method: 'POST',
        token: admin,
        json: { external_number: invoice.externalNumber },
      });
      expect(response.status).toBe(200);
    };
    api.clock.now = new Date('2026-05-20T03:00:00Z');
    const plain = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: laptop, quantity: 1 }],
      status: 'ready_to_deliver',
    });
    const diverted = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V3',
      lines: [{ product: phone, quantity: 1 }],
    });
    // Tokens last an hour on the test's clock.
    admin = await api.login(api.world.users.admin.email);
    const brandUser = await api.login(api.world.users.brandA.email);
    const changed = await api.request(path(`order/${diverted.orderId}/change-vendor`), {
      method: 'PUT',
      token: brandUser,
      json: { vendor_id: api.world.vendors.V1 },
    });
    expect(changed.status).toBe(200);
    const offered = await api.request(`/api/brand/${api.world.brands.A}/channel/1/invoice`, {
      method: 'POST',
      token: admin,
      json: invoicePayload([{ product: phone, quantity: 2 }]),
    });
    api.clock.now = new Date('2026-05-20T03:30:00Z');
    await cancel(plain.invoiceId);
    await cancel(diverted.invoiceId);
    await cancel(offered.body.data.id);

    const kept = await api.db
      .select({ statusCode: orders.statusCode })
      .from(orders)
      .where(eq(orders.invoiceId, diverted.invoiceId))
      .orderBy(asc(orders.id));
    expect(kept.map((row) => row.statusCode)).toEqual(['diverted', 'canceled']);
    await expectRollupsInStep();
  });

  it('count every order by creation day and current status, paid or not, through moves, diversion, returns and payment', async () => {
    const { laptop, phone } = catalogue.A;
    api.clock.now = new Date('2026-06-01T03:00:00Z');
    const slice = { date: '2026-06-01', vendorId: api.world.vendors.V1 };
    const fresh = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: phone, quantity: 1 }],
    });
    const shipped = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: laptop, quantity: 2 }],
      status: 'delivered',
    });
    expect(await statusCounts(slice)).toEqual({ new: 1, delivered: 1 });

    const diverted = await api.request(path(`order/${fresh.orderId}/change-vendor`), {
      method: 'PUT',
      token: brandA,
      json: { vendor_id: api.world.vendors.V3 },
    });
    expect(diverted.status).toBe(200);
    expect(await statusCounts(slice)).toEqual({ diverted: 1, delivered: 1 });
    expect(await statusCounts({ ...slice, vendorId: api.world.vendors.V3 })).toEqual({ new: 1 });

    const [line] = await api.db
      .select()
      .from(orderProducts)
      .where(eq(orderProducts.orderId, shipped.orderId));
    const returned = await api.request(path(`order/${shipped.orderId}/replace-product`), {
      method: 'PUT',
      token: brandA,
      json: { order_products: [{ id: line.id, quantity: 1 }] },
    });
    expect(returned.status).toBe(200);
    expect(await statusCounts(slice)).toEqual({ diverted: 1, delivered: 1 });
    const [delivered] = await queryRows<{ gmv: string }>(
      api.db,
      sql`select gmv::text from daily_order_status_rollups where date = ${slice.date}::date
        and vendor_id = ${slice.vendorId} and status_code = 'delivered'`,
    );
    expect(Number(delivered.gmv)).toBe(laptop.price);

    await sweepDeliveredOrders(api.deps, () => new Date('2026-06-20T00:00:00Z'));
    expect(await statusCounts(slice)).toEqual({ diverted: 1, completed: 1 });

    const [voucher] = await api.db
      .insert(sendPayments)
      .values({
        number: `PV/TEST/${shipped.orderId}`,
        brandId: api.world.brands.A,
        vendorId: api.world.vendors.V1,
        date: '2026-06-21',
      })
      .returning();
    await written(async (tx, tracker) => {
      await tx.insert(sendPaymentOrders).values({ sendPaymentId: voucher.id, orderId: shipped.orderId });
      const [order] = await tx.select().from(orders).where(eq(orders.id, shipped.orderId));
      tracker.order(order);
      tracker.voucher(voucher.id);
    });
    expect(await statusCounts(slice)).toEqual({ diverted: 1, 'completed:paid': 1 });
    await expectRollupsInStep();
  });

  it('stay equal to a recomputation when told what changed: creation, moves, readiness, returns, cancellation, diversion', async () => {
    const { laptop, phone, charger } = catalogue.A;
    const createdAt = new Date('2026-07-01T02:00:00Z');
    const slice = { date: '2026-07-01', vendorId: api.world.vendors.V1 };
    const customerId = await newBuyer('Dewi Lestari');
    const sale = (lines: { productId: number; quantity: number; price: number }[]) => ({
      brandId: api.world.brands.A,
      channelId: api.world.channels.tokopedia,
      createdAt,
      status: 'new' as const,
      customerId,
      lines,
      orders: [{ vendorId: api.world.vendors.V1, status: 'new' as const }],
    });
    const created: number[] = [];
    await written(async (tx, tracker) => {
      for (const lines of [
        [
          { productId: laptop.id, quantity: 1, price: laptop.price },
          { productId: charger.id, quantity: 2, price: charger.price },
        ],
        [
          { productId: phone.id, quantity: 1, price: phone.price },
          { productId: charger.id, quantity: 1, price: charger.price },
        ],
        [{ productId: phone.id, quantity: 3, price: phone.price }],
      ]) {
        const { invoiceId, orderIds } = await insertSale(tx as unknown as Database, sale(lines));
        const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderIds[0]));
        tracker.invoiceCreated(invoice);
        tracker.orderCreated(order);
        created.push(order.id);
      }
    });
    const [kept, canceled, diverted] = created;
    await expectRollupsInStep();

    // Ready after 1 h 30 min and half a second: ready_seconds adds the order's rounded seconds.
    await written(async (tx, tracker) => {
      await changeOrder(
        tx,
        tracker,
        kept,
        { statusCode: 'ready_to_deliver', readyToDeliverAt: new Date(createdAt.getTime() + 5_400_500) },
        'ready_to_deliver',
      );
    });
    await expectRollupsInStep();
    await written(async (tx, tracker) => {
      await changeOrder(tx, tracker, kept, { statusCode: 'on_delivery' }, 'on_delivery');
    });
    await written(async (tx, tracker) => {
      await changeOrder(tx, tracker, kept, { statusCode: 'delivered' }, 'delivered');
    });
    await expectRollupsInStep();

    const [, chargerLine] = await api.db
      .select()
      .from(orderProducts)
      .where(eq(orderProducts.orderId, kept))
      .orderBy(asc(orderProducts.id));
    await written(async (tx, tracker) => {
      await tx
        .update(orderProducts)
        .set({ quantityReturn: 1, totalPriceReturn: charger.price })
        .where(eq(orderProducts.id, chargerLine.id));
      const [after] = await tx
        .update(orders)
        .set({ grandTotalReturn: charger.price })
        .where(eq(orders.id, kept))
        .returning();
      tracker.orderReturned(after, [{ orderProductId: chargerLine.id, quantity: 1, amount: charger.price }]);
    });
    await expectRollupsInStep();

    // Canceled: out of sales and products but counted; its charger line leaves an empty category row behind.
    await written(async (tx, tracker) => {
      await changeOrder(tx, tracker, canceled, { statusCode: 'canceled', canceledAt: createdAt }, 'canceled');
    });
    await expectRollupsInStep();

    await written(async (tx, tracker) => {
      const old = await changeOrder(tx, tracker, diverted, { statusCode: 'diverted', divertedAt: createdAt });
      const [replacement] = await tx
        .insert(orders)
        .values({
          number: `${old.number}-R`,
          brandId: old.brandId,
          vendorId: api.world.vendors.V3,
          invoiceId: old.invoiceId,
          channelId: old.channelId,
          grandTotal: old.grandTotal,
          refOrderId: old.id,
          refOrderNumber: old.number,
          createdAt,
          updatedAt: createdAt,
        })
        .returning();
      const lines = await tx.select().from(orderProducts).where(eq(orderProducts.orderId, old.id));
      await tx.insert(orderProducts).values(
        lines.map(({ productId, quantity, price, totalPrice }) => ({
          orderId: replacement.id,
          productId,
          quantity,
          price,
          totalPrice,
        })),
      );
      tracker.orderCreated(replacement);
    });
    await expectRollupsInStep();

    // A return and a move of the same order in one transaction.
    const [laptopLine] = await api.db
      .select()
      .from(orderProducts)
      .where(and(eq(orderProducts.orderId, kept), eq(orderProducts.productId, laptop.id)));
    await written(async (tx, tracker) => {
      await tx
        .update(orderProducts)
        .set({ quantityReturn: 1, totalPriceReturn: laptop.price })
        .where(eq(orderProducts.id, laptopLine.id));
      const after = await changeOrder(
        tx,
        tracker,
        kept,
        { statusCode: 'completed', grandTotalReturn: charger.price + laptop.price },
        'completed',
      );
      tracker.orderReturned(after, [{ orderProductId: laptopLine.id, quantity: 1, amount: laptop.price }]);
    });
    await expectRollupsInStep();

    expect(await statusCounts(slice)).toEqual({ completed: 1, canceled: 1, diverted: 1 });
    expect(await statusCounts({ ...slice, vendorId: api.world.vendors.V3 })).toEqual({ new: 1 });
  });

  it("keep each buyer's days in step: purchases two months apart, a canceled first purchase, a new buyer on an invoice, a diversion", async () => {
    const { phone } = catalogue.A;
    const { tokopedia, shopee } = api.world.channels;
    const buyer = await newBuyer('Rina Wati');
    const other = await newBuyer('Budi Santoso');
    const bought: { invoiceId: number; orderId: number }[] = [];
    // Days 0, 10, 45 and 50 of August (Jakarta noon), alternating channels and vendors.
    await written(async (tx, tracker) => {
      for (const [index, day] of [1, 11, 46, 51].entries()) {
        const { invoiceId, orderIds } = await insertSale(tx as unknown as Database, {
          brandId: api.world.brands.A,
          channelId: index % 2 ? shopee : tokopedia,
          createdAt: new Date(Date.UTC(2026, 7, day, 5)),
          status: 'new',
          customerId: buyer,
          lines: [{ productId: phone.id, quantity: 1, price: phone.price }],
          orders: [{ vendorId: index % 2 ? api.world.vendors.V3 : api.world.vendors.V1, status: 'new' }],
        });
        const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderIds[0]));
        tracker.invoiceCreated(invoice);
        tracker.orderCreated(order);
        bought.push({ invoiceId, orderId: order.id });
      }
    });
    await expectRollupsInStep();
    /** The buyer's row on a day for any vendor and channel: gap, age, regular. */
    const anyScope = async (date: string) =>
      queryRows<{ gap: number; age: number; regular: boolean }>(
        api.db,
        sql`select gap, age, regular from daily_buyer_rollups
          where brand_id = ${api.world.brands.A} and vendor_id = 0 and channel_id = 0 and date = ${date}::date`,
      );
    // 35 days after the previous purchase: back after more than 30 days, gap and age capped at 32.
    expect(await anyScope('2026-09-15')).toEqual([{ gap: 32, age: 32, regular: true }]);
    expect(await anyScope('2026-08-11')).toEqual([{ gap: 10, age: 10, regular: false }]);

    // The first purchase canceled: the buyer starts on the second.
    await written(async (tx, tracker) => {
      await changeOrder(
        tx,
        tracker,
        bought[0].orderId,
        { statusCode: 'canceled', canceledAt: new Date() },
        'canceled',
      );
    });
    await expectRollupsInStep();
    expect(await anyScope('2026-08-11')).toEqual([{ gap: 0, age: 0, regular: false }]);

    // The last invoice handed to another buyer, and the second purchase's order diverted to V1.
    await written(async (tx, tracker) => {
      const [was] = await tx
        .select()
        .from(invoices)
        .where(eq(invoices.id, bought[3].invoiceId))
        .for('update');
      const [is] = await tx
        .update(invoices)
        .set({ customerId: other })
        .where(eq(invoices.id, was.id))
        .returning();
      tracker.invoiceChanged(was, is);
      const old = await changeOrder(tx, tracker, bought[1].orderId, {
        statusCode: 'diverted',
        divertedAt: new Date(),
      });
      const [replacement] = await tx
        .insert(orders)
        .values({
          number: `${old.number}-R`,
          brandId: old.brandId,
          vendorId: api.world.vendors.V1,
          invoiceId: old.invoiceId,
          channelId: old.channelId,
          grandTotal: old.grandTotal,
          refOrderId: old.id,
          refOrderNumber: old.number,
          createdAt: old.createdAt,
          updatedAt: old.createdAt,
        })
        .returning();
      tracker.orderCreated(replacement);
    });
    await expectRollupsInStep();
    const vendorDays = await queryRows<{ customer_id: number; vendor_id: number }>(
      api.db,
      sql`select customer_id, vendor_id from daily_buyer_vendor_rollups
        where customer_id in (${buyer}, ${other}) order by date`,
    );
    expect(vendorDays).toEqual([
      { customer_id: buyer, vendor_id: api.world.vendors.V1 },
      { customer_id: buyer, vendor_id: api.world.vendors.V1 },
      { customer_id: other, vendor_id: api.world.vendors.V3 },
    ]);

    // Ingestion updates the buyer's gender and city with their new invoice (not routed yet): all their days move.
    await written(async (tx, tracker) => {
      await tx.update(customers).set({ gender: 'male', city: 'Surabaya' }).where(eq(customers.id, buyer));
      const { invoiceId } = await insertSale(tx as unknown as Database, {
        brandId: api.world.brands.A,
        channelId: tokopedia,
        createdAt: new Date(Date.UTC(2026, 8, 25, 5)),
        status: 'new',
        customerId: buyer,
        lines: [{ productId: phone.id, quantity: 1, price: phone.price }],
      });
      const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
      tracker.invoiceCreated(invoice);
    });
    await expectRollupsInStep();
    const genders = await queryRows<{ gender: string; days: number }>(
      api.db,
      sql`select gender, count(*)::int as days from daily_buyer_gender_rollups
        where brand_id = ${api.world.brands.A} and vendor_id = 0 and channel_id = 0
          and date between '2026-08-01' and '2026-09-30'
        group by gender order by gender`,
    );
    expect(genders).toEqual([
      { gender: 'male', days: 3 },
      { gender: 'others', days: 1 },
    ]);
    const surabaya = await queryRows<{ buyers: number; invoices: number }>(
      api.db,
      sql`select sum(buyers)::int as buyers, sum(invoice_count)::int as invoices from daily_buyer_city_rollups
        where brand_id = ${api.world.brands.A} and vendor_id = 0 and channel_id = 0 and city = 'Surabaya'`,
    );
    expect(surabaya).toEqual([{ buyers: 3, invoices: 3 }]);
  });

  it('are rebuilt by the rollup domain exactly as the seed rebuilds them', async () => {
    await api.db.transaction((tx) => rebuildRollups(tx));
    const ours = await rollupSnapshot(api.db);
    await api.db.transaction((tx) => seedRebuildRollups(tx));
    expect(ours).toEqual(await rollupSnapshot(api.db));
    expect(ours.daily_sales_rollups.length).toBeGreaterThan(0);
    expect(ours.daily_buyer_rollups.length).toBeGreaterThan(0);
    expect(ours.daily_buyer_vendor_rollups.length).toBeGreaterThan(0);
    expect(ours.daily_buyer_gender_rollups.length).toBeGreaterThan(0);
    expect(ours.daily_buyer_city_rollups.length).toBeGreaterThan(0);
    expect(ours.daily_customer_rollups.length).toBeGreaterThan(0);
  });
});
