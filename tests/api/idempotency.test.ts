import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderProducts, orders, sendPayments, updateStockHistories, users } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';
import { bankNamed, completedOrder, voucherBody } from '../support/payments';
import { createCatalogue, invoicePayload, placeOrder, type Catalogue } from '../support/world';

let api: TestApi;
let catalogue: Catalogue;
let admin: string;
let keyAccount: string;
let vendor1: string;

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  admin = await api.login(api.world.users.admin.email);
  keyAccount = await api.login(api.world.users.keyAccount.email);
  vendor1 = await api.login(api.world.users.vendor1.email);
});

afterAll(async () => {
  await api?.close();
});

const brand = () => `/api/brand/${api.world.brands.A}`;

function placed(status: 'new' | 'delivered' = 'new') {
  return placeOrder(api.deps, api.world, {
    brand: 'A',
    vendor: 'V1',
    lines: [{ product: catalogue.A.phone, quantity: 2 }],
    status,
  });
}

describe('a write sent with an Idempotency-Key', () => {
  it('changes the vendor once when posted twice at the same time, and both answers are the first', async () => {
    const order = await placed();
    const send = () =>
      api.request(`${brand()}/order/${order.orderId}/change-vendor`, {
        method: 'PUT',
        token: admin,
        json: { vendor_id: api.world.vendors.V3 },
        headers: { 'idempotency-key': `change-${order.orderId}` },
      });

    const [first, second] = await Promise.all([send(), send()]);

    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect([first, second].filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(1);
    const replacements = await api.db.select().from(orders).where(eq(orders.refOrderId, order.orderId));
    expect(replacements).toHaveLength(1);
  });

  it('records a return once when the browser resubmits it after a dropped connection', async () => {
    const order = await placed('delivered');
    const [line] = await api.db.select().from(orderProducts).where(eq(orderProducts.orderId, order.orderId));
    const send = () =>
      api.request(`${brand()}/order/${order.orderId}/replace-product`, {
        method: 'PUT',
        token: admin,
        json: { order_products: [{ id: line.id, quantity: 1, note: 'Rusak' }] },
        headers: { 'idempotency-key': `return-${order.orderId}` },
      });

    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);

    const [after] = await api.db.select().from(orderProducts).where(eq(orderProducts.id, line.id));
    expect(after.quantityReturn).toBe(1);
  });

  it('stores an invoice once, and answers the same', async () => {
    const payload = invoicePayload([{ product: catalogue.A.phone, quantity: 1 }]);
    const send = () =>
      api.request(`${brand()}/channel/${api.world.channels.tokopedia}/invoice`, {
        token: admin,
        json: payload,
        headers: { 'idempotency-key': 'ingest-once' },
      });
    const first = await send();
    const second = await send();
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.data.id).toBe(first.body.data.id);
  });

  it('refuses the same key with another body with 422 after the first succeeded, and changes nothing', async () => {
    const order = await placed();
    const key = `mismatch-${order.orderId}`;
    const first = await api.request(`${brand()}/order/${order.orderId}/change-vendor`, {
      method: 'PUT',
      token: admin,
      json: { vendor_id: api.world.vendors.V3 },
      headers: { 'idempotency-key': key },
    });
    expect(first.status).toBe(200);

    const other = await api.request(`${brand()}/order/${order.orderId}/change-vendor`, {
      method: 'PUT',
      token: admin,
      json: { vendor_id: api.world.vendors.V1 },
      headers: { 'idempotency-key': key },
    });
    expect(other.status).toBe(422);
    expect(other.body.errors).toHaveProperty('idempotency_key');
    const replacements = await api.db.select().from(orders).where(eq(orders.refOrderId, order.orderId));
    expect(replacements).toHaveLength(1);
  });

  it('keeps nothing of a refused request, so the corrected form goes through under the same key', async () => {
    const order = await placed();
    const key = `corrected-${order.orderId}`;
    const refused = await api.request(`${brand()}/order/${order.orderId}/change-vendor`, {
      method: 'PUT',
      token: admin,
      json: { vendor_id: 999_999 },
      headers: { 'idempotency-key': key },
    });
    expect(refused.status).toBe(422);

    const corrected = await api.request(`${brand()}/order/${order.orderId}/change-vendor`, {
      method: 'PUT',
      token: admin,
      json: { vendor_id: api.world.vendors.V3 },
      headers: { 'idempotency-key': key },
    });
    expect(corrected.status).toBe(200);
  });

  it("keeps one user's keys apart from another's", async () => {
    const [mine, theirs] = [await placed(), await placed()];
    const key = 'shared-name';
    const first = await api.request(`${brand()}/order/${mine.orderId}/change-vendor`, {
      method: 'PUT',
      token: admin,
      json: { vendor_id: api.world.vendors.V3 },
      headers: { 'idempotency-key': key },
    });
    expect(first.status).toBe(200);

    const other = await api.request(`${brand()}/order/${theirs.orderId}/change-vendor`, {
      method: 'PUT',
      token: keyAccount,
      json: { vendor_id: api.world.vendors.V3 },
      headers: { 'idempotency-key': key },
    });
    expect(other.status).toBe(200);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    const replacements = await api.db.select().from(orders).where(eq(orders.refOrderId, theirs.orderId));
    expect(replacements).toHaveLength(1);
  });

  it('refuses a key that is empty, too long or not visible text', async () => {
    for (const key of ['', 'x'.repeat(256), 'dua kata']) {
      const response = await api.request(`${brand()}/channel/${api.world.channels.tokopedia}/invoice`, {
        token: admin,
        json: invoicePayload([{ product: catalogue.A.phone, quantity: 1 }]),
        headers: { 'idempotency-key': key },
      });
      expect(response.status, JSON.stringify(key)).toBe(422);
    }
  });

  it('saves one voucher when the payment form is posted twice at once', async () => {
    const placed = await completedOrder(api, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: catalogue.A.phone, quantity: 1 }],
    });
    const body = voucherBody(api, {
      brand: 'A',
      vendor: 'V1',
      bankId: await bankNamed(api, 'BCA'),
      orderIds: [placed.orderId],
    });
    const send = () =>
      api.request('/api/send-payment', {
        token: admin,
        json: body,
        headers: { 'idempotency-key': `voucher-${placed.orderId}` },
      });

    const answers = await Promise.all([send(), send()]);

    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(answers[1].body.data.id).toBe(answers[0].body.data.id);
    const saved = await api.db.select().from(sendPayments).where(eq(sendPayments.number, body.number));
    expect(saved).toHaveLength(1);
  });

  it('imports a stock file once when it is uploaded twice', async () => {
    const before = await api.db.select().from(updateStockHistories);
    const send = () => {
      const form = new FormData();
      form.append('file', new Blob([`sku,quantity\n${catalogue.A.charger.sku},41\n`]), 'stok.csv');
      return api.request(`/api/vendor/${api.world.vendors.V1}/product-stock/import`, {
        token: vendor1,
        form,
        headers: { 'idempotency-key': 'stock-import-once' },
      });
    };

    const first = await send();
    const second = await send();

    expect(first.status).toBeLessThan(300);
    expect(second.status).toBe(first.status);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await api.db.select().from(updateStockHistories)).toHaveLength(before.length + 1);
  });

  it('creates one user when the user form is posted twice', async () => {
    const email = 'sekali.saja@world.test';
    const send = () =>
      api.request('/api/user', {
        token: admin,
        json: {
          name: 'Sekali Saja',
          email,
          mobile_phone: '081234567890',
          password: 'rahasia-123',
          role_id: api.world.roles.vendor,
          role_name: 'Vendor',
          vendor_id: api.world.vendors.V1,
        },
        headers: { 'idempotency-key': 'user-once' },
      });

    const [first, second] = await Promise.all([send(), send()]);

    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(await api.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});
