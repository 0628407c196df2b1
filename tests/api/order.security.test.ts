import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gateSettingPermissions,
  gateSettings,
  invoiceOffers,
  invoices,
  orderProducts,
  orders,
  permissions,
} from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';
import { createCatalogue, createMediaOf, invoicePayload, placeOrder, type Catalogue } from '../support/world';

/**
 * What the order, invoice, customer, offer and export routes hold for each caller: no list holds a foreign row,
 * a record outside the caller's tenancy answers 404, and a write outside it changes nothing. Whether each kind of
 * account may call a route at all is the generated access matrix's (tests/api/access-matrix.test.ts).
 */

const USERS = ['admin', 'keyAccount', 'brandA', 'brandB', 'vendor1', 'vendor2', 'vendor1Special'] as const;
type UserKey = (typeof USERS)[number];
type BrandKey = 'A' | 'B';
type VendorKey = 'V1' | 'V2' | 'V3';

const BRANDS: BrandKey[] = ['A', 'B'];
const VENDORS: VendorKey[] = ['V1', 'V2', 'V3'];
const SERVES: Record<VendorKey, BrandKey[]> = { V1: ['A'], V2: ['B'], V3: ['A', 'B'] };
const BRAND_SCOPE: Record<UserKey, BrandKey[]> = {
  admin: ['A', 'B'],
  keyAccount: ['A'],
  brandA: ['A'],
  brandB: ['B'],
  vendor1: [],
  vendor2: [],
  vendor1Special: [],
};
const VENDOR_SCOPE: Record<UserKey, VendorKey[]> = {
  admin: ['V1', 'V2', 'V3'],
  keyAccount: ['V1', 'V3'],
  brandA: ['V1', 'V3'],
  brandB: ['V2', 'V3'],
  vendor1: ['V1'],
  vendor2: ['V2'],
  vendor1Special: ['V1'],
};
const VENDOR_USERS: UserKey[] = ['vendor1', 'vendor2', 'vendor1Special'];
const BRAND_SIDE: UserKey[] = ['admin', 'keyAccount', 'brandA', 'brandB'];

function brandsThrough(user: UserKey, vendor: VendorKey): BrandKey[] {
  if (!VENDOR_SCOPE[user].includes(vendor)) return [];
  if (VENDOR_USERS.includes(user)) return SERVES[vendor];
  return SERVES[vendor].filter((brand) => BRAND_SCOPE[user].includes(brand));
}

type Fixture = { orderId: number; invoiceId: number; customerId: number; offerId: number };

let api: TestApi;
let catalogue: Catalogue;
const tokens = {} as Record<UserKey, string>;
/** One order per (brand, vendor) pair the world has, plus a pending offer of the same pair. */
const fixtures = {} as Record<`${BrandKey}${VendorKey}`, Fixture>;

const PAIRS: [BrandKey, VendorKey][] = [
  ['A', 'V1'],
  ['A', 'V3'],
  ['B', 'V2'],
  ['B', 'V3'],
];

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  for (const [brand, vendor] of PAIRS) {
    const product = brand === 'A' ? catalogue.A.phone : catalogue.B.shirt;
    const phone = brand === 'A' ? '0811-1000-0001' : '0811-2000-0002';
    const placed = await placeOrder(api.deps, api.world, {
      brand,
      vendor,
      lines: [{ product, quantity: 1 }],
      status: 'delivered',
      overrides: { customer_phone: phone, customer_name: `Pembeli ${brand}` },
    });
    await placeOrder(api.deps, api.world, { brand, vendor, lines: [{ product, quantity: 1 }] });
    const [offer] = await api.db
      .select()
      .from(invoiceOffers)
      .where(eq(invoiceOffers.invoiceId, placed.invoiceId));
    const [invoice] = await api.db.select().from(invoices).where(eq(invoices.id, placed.invoiceId));
    fixtures[`${brand}${vendor}`] = {
      orderId: placed.orderId,
      invoiceId: placed.invoiceId,
      customerId: invoice.customerId as number,
      offerId: offer.id,
    };
  }
  for (const user of USERS) tokens[user] = await api.login(api.world.users[user].email);
  // Pending offers for Vendor Satu (brand A) and Vendor Dua (brand B): fresh invoices, passed on by Vendor Tiga.
  for (const [brand, vendor] of [
    ['A', 'V1'],
    ['B', 'V2'],
  ] as const) {
    const product = brand === 'A' ? catalogue.A.charger : catalogue.B.trousers;
    const response = await api.request(`/api/brand/${api.world.brands[brand]}/channel/1/invoice`, {
      method: 'POST',
      token: tokens.admin,
      json: invoicePayload([{ product, quantity: 1 }]),
    });
    const [first] = await api.db
      .select()
      .from(invoiceOffers)
      .where(eq(invoiceOffers.invoiceId, response.body.data.id));
    await api.request(`/api/vendor/${api.world.vendors.V3}/invoice-offer-log/${first.id}/status/reject`, {
      method: 'PUT',
      token: tokens.admin,
    });
    const [pending] = await api.db
      .select()
      .from(invoiceOffers)
      .where(and(eq(invoiceOffers.invoiceId, response.body.data.id), eq(invoiceOffers.status, 'pending')));
    fixtures[`${brand}${vendor}`].offerId = pending.id;
  }
});

afterAll(async () => {
  await api?.close();
});

function brandOrders(brand: BrandKey) {
  return PAIRS.filter(([owner]) => owner === brand).map(([owner, vendor]) => fixtures[`${owner}${vendor}`]);
}

async function get(user: UserKey, path: string, query: Record<string, string | number> = {}) {
  return api.request(path, {
    token: tokens[user],
    query: { per_page: 1000, 'with-canceled': 1, 'with-canceled-invoice': 1, ...query },
  });
}

function expectNotFound(response: { status: number; body: unknown }, label: string) {
  expect(response.status, label).toBe(404);
  expect(response.body, label).toEqual({ message: expect.any(String) });
}

/** Who may not post what a marketplace says (ingestion, cancellation), and the status each gets. */
const NOT_MARKETPLACE_WRITERS: [UserKey, BrandKey, number][] = [
  ['brandA', 'A', 403],
  ['brandB', 'A', 403],
  ['keyAccount', 'B', 404],
  ['vendor1', 'A', 403],
  ['vendor1Special', 'A', 403],
];

describe('brand-scoped lists hold only the brand rows', () => {
  for (const user of BRAND_SIDE) {
    for (const brand of BRANDS) {
      const allowed = BRAND_SCOPE[user].includes(brand);
      it(`${user} on brand ${brand}: order, invoice, customer lists and cards ${allowed ? 'answer with own rows only' : 'answer 404'}`, async () => {
        const base = `/api/brand/${api.world.brands[brand]}`;
        const paths = ['order', 'order/card/total', 'invoice', 'invoice/card/total', 'customer'];
        const responses = await Promise.all(paths.map((tail) => get(user, `${base}/${tail}`)));
        if (!allowed) {
          responses.forEach((response, index) => expectNotFound(response, paths[index]));
          return;
        }
        responses.forEach((response, index) => expect(response.status, paths[index]).toBe(200));
        const [orderList, , invoiceList, , customerList] = responses.map((response) => response.body);
        const own = brandOrders(brand);
        const ownOrderIds = await api.db.select({ id: orders.id, brandId: orders.brandId }).from(orders);
        const brandOrderIds = ownOrderIds
          .filter((row) => row.brandId === api.world.brands[brand])
          .map((row) => row.id)
          .sort();
        expect(orderList.data.map((row: { id: number }) => row.id).sort()).toEqual(brandOrderIds);
        expect(
          orderList.data.every((row: { brand_id: number }) => row.brand_id === api.world.brands[brand]),
        ).toBe(true);
        expect(
          invoiceList.data.every((row: { brand_id: number }) => row.brand_id === api.world.brands[brand]),
        ).toBe(true);
        expect(invoiceList.data.map((row: { id: number }) => row.id)).toEqual(
          expect.arrayContaining(own.map((row) => row.invoiceId)),
        );
        const customerIds = customerList.data.map((row: { id: number }) => row.id);
        expect(customerIds).toEqual(expect.arrayContaining(own.map((row) => row.customerId)));
        const foreign = brandOrders(brand === 'A' ? 'B' : 'A');
        expect(customerIds.some((id: number) => foreign.some((row) => row.customerId === id))).toBe(false);
      });
    }
  }
});

describe('brand-scoped records: own 200, foreign 404', () => {
  for (const user of BRAND_SIDE) {
    for (const brand of BRANDS) {
      for (const owner of BRANDS) {
        const expected = BRAND_SCOPE[user].includes(brand) && owner === brand ? 200 : 404;
        it(`${user} opening brand ${owner} records under brand ${brand} answers ${expected}`, async () => {
          const base = `/api/brand/${api.world.brands[brand]}`;
          const record = brandOrders(owner)[0];
          const paths = [
            `${base}/order/${record.orderId}`,
            `${base}/order/${record.orderId}/vendor-options`,
            `${base}/invoice/${record.invoiceId}`,
            `${base}/customer/${record.customerId}`,
          ];
          for (const path of paths) {
            const response = await get(user, path);
            if (expected === 404) expectNotFound(response, path);
            else expect(response.status, path).toBe(200);
          }
          const detail = await get(user, `${base}/customer/detail`, {
            phone: owner === 'A' ? '0811-1000-0001' : '0811-2000-0002',
          });
          expect(detail.status).toBe(expected);
        });
      }
    }
  }
});

describe('vendor-scoped lists and records', () => {
  for (const user of USERS) {
    for (const vendor of VENDORS) {
      const visible = brandsThrough(user, vendor);
      const reachable = VENDOR_SCOPE[user].includes(vendor);
      // Offers are the vendor's to answer, and the administrators' (decision 022).
      const readsOffers = user === 'admin' || VENDOR_USERS.includes(user);
      it(`${user} on vendor ${vendor} ${reachable ? `sees the orders and offers of brand ${visible.join(' and ')} only` : 'answers 404'}`, async () => {
        const base = `/api/vendor/${api.world.vendors[vendor]}`;
        const tails = ['order', 'order/card/total', ...(readsOffers ? ['invoice-offer-log'] : [])];
        const lists = await Promise.all(tails.map((tail) => get(user, `${base}/${tail}`)));
        if (!reachable) {
          lists.forEach((response) => expectNotFound(response, base));
        } else {
          lists.forEach((response) => expect(response.status).toBe(200));
          const expected = (
            await api.db
              .select({ id: orders.id, brandId: orders.brandId, vendorId: orders.vendorId })
              .from(orders)
          )
            .filter(
              (row) =>
                row.vendorId === api.world.vendors[vendor] &&
                visible.some((brand) => api.world.brands[brand] === row.brandId),
            )
            .map((row) => row.id)
            .sort();
          expect(lists[0].body.data.map((row: { id: number }) => row.id).sort()).toEqual(expected);
          if (readsOffers)
            expect(
              lists[2].body.data.every(
                (row: { vendor_id: number }) => row.vendor_id === api.world.vendors[vendor],
              ),
            ).toBe(true);
        }
        for (const [brand, owner] of PAIRS) {
          const record = fixtures[`${brand}${owner}`];
          const ok = reachable && owner === vendor && visible.includes(brand);
          const response = await get(user, `${base}/order/${record.orderId}`);
          expect(response.status, `order of ${brand}${owner}`).toBe(ok ? 200 : 404);
        }
        for (const key of readsOffers ? (['AV1', 'BV2'] as const) : []) {
          const ok = reachable && `V${key.slice(2)}` === vendor && visible.includes(key[0] as BrandKey);
          const response = await get(user, `${base}/invoice-offer-log/${fixtures[key].offerId}`);
          expect(response.status, `offer of ${key}`).toBe(ok ? 200 : 404);
        }
      });
    }
  }
});

describe('writes outside the tenancy change nothing', () => {
  it('a vendor or another brand cannot change the vendor of, or return, a brand A order', async () => {
    const record = fixtures.AV1;
    const [line] = await api.db.select().from(orderProducts).where(eq(orderProducts.orderId, record.orderId));
    for (const user of ['vendor1', 'vendor2', 'vendor1Special', 'brandB'] as UserKey[]) {
      for (const brand of BRANDS) {
        const base = `/api/brand/${api.world.brands[brand]}/order/${record.orderId}`;
        const change = await api.request(`${base}/change-vendor`, {
          method: 'PUT',
          token: tokens[user],
          json: { vendor_id: api.world.vendors.V3 },
        });
        const retur = await api.request(`${base}/replace-product`, {
          method: 'PUT',
          token: tokens[user],
          json: { order_products: [{ id: line.id, quantity: 1 }] },
        });
        // A vendor changes no brand's order (403); another brand's user finds no such order (404).
        const status = VENDOR_USERS.includes(user) ? 403 : 404;
        expect(change.status, `${user} change-vendor under ${brand}`).toBe(status);
        expect(retur.status, `${user} replace-product under ${brand}`).toBe(status);
      }
    }
    const [after] = await api.db.select().from(orders).where(eq(orders.id, record.orderId));
    expect(after).toMatchObject({
      statusCode: 'delivered',
      vendorId: api.world.vendors.V1,
      grandTotalReturn: 0,
    });
  });

  it('only the vendor own users (and administrators) move its orders and answer its offers', async () => {
    const placed = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: catalogue.A.phone, quantity: 1 }],
    });
    const photo = await createMediaOf(api.db, api.world.users.vendor1.id);
    const expectations: [UserKey, VendorKey, number][] = [
      ['vendor2', 'V1', 404],
      ['vendor2', 'V2', 404],
      ['brandB', 'V1', 403],
      ['brandA', 'V1', 403],
      ['keyAccount', 'V1', 403],
      ['vendor1', 'V3', 404],
    ];
    for (const [user, vendor, status] of expectations) {
      const base = `/api/vendor/${api.world.vendors[vendor]}`;
      const single = await api.request(`${base}/order/${placed.orderId}/status/ready-to-delivery`, {
        method: 'PUT',
        token: tokens[user],
        json: { photo_ids: [photo] },
      });
      const bulk = await api.request(`${base}/order/status/ready-to-delivery`, {
        method: 'PUT',
        token: tokens[user],
        json: { order_ids: [placed.orderId] },
      });
      const accept = await api.request(`${base}/invoice-offer-log/${fixtures.AV1.offerId}/status/accept`, {
        method: 'PUT',
        token: tokens[user],
      });
      const reject = await api.request(`${base}/invoice-offer-log/${fixtures.AV1.offerId}/status/reject`, {
        method: 'PUT',
        token: tokens[user],
      });
      expect(single.status, `${user} on ${vendor} single`).toBe(status);
      // The bulk route has no order in its path: a foreign id inside the vendor's own scope is a 422.
      expect(bulk.status, `${user} on ${vendor} bulk`).toBe(
        status === 404 && VENDOR_SCOPE[user].includes(vendor) ? 422 : status,
      );
      expect(accept.status, `${user} on ${vendor} accept`).toBe(status);
      expect(reject.status, `${user} on ${vendor} reject`).toBe(status);
    }
    const [order] = await api.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order.statusCode).toBe('new');
    const [offer] = await api.db
      .select()
      .from(invoiceOffers)
      .where(eq(invoiceOffers.id, fixtures.AV1.offerId));
    expect(offer.status).toBe('pending');

    const special = await api.request(
      `/api/vendor/${api.world.vendors.V1}/order/${placed.orderId}/status/ready-to-delivery`,
      {
        method: 'PUT',
        token: tokens.vendor1Special,
      },
    );
    expect(special.status).toBe(200);
  });

  it('ingestion: staff holding invoice.store may, other kinds get 403, other tenants 404', async () => {
    const expectations: [UserKey, BrandKey, number][] = [
      ...NOT_MARKETPLACE_WRITERS,
      ['admin', 'A', 201],
      ['keyAccount', 'A', 201],
    ];
    for (const [user, brand, status] of expectations) {
      const product = brand === 'A' ? catalogue.A.phone : catalogue.B.shirt;
      const response = await api.request(`/api/brand/${api.world.brands[brand]}/channel/1/invoice`, {
        method: 'POST',
        token: tokens[user],
        json: invoicePayload([{ product, quantity: 1 }]),
      });
      expect(response.status, `${user} on ${brand}`).toBe(status);
    }
  });
});

describe('changing a vendor and recording a return', () => {
  it('take order.update: without it a brand user gets 403, changes nothing, and the order offers neither', async () => {
    const delivered = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: catalogue.A.phone, quantity: 1 }],
      status: 'delivered',
    });
    const fresh = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: catalogue.A.charger, quantity: 1 }],
    });
    const [line] = await api.db
      .select()
      .from(orderProducts)
      .where(eq(orderProducts.orderId, delivered.orderId));
    const base = `/api/brand/${api.world.brands.A}/order`;
    const orderUpdate = await api.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(eq(permissions.name, 'order.update'));
    const [brandGate] = await api.db
      .select({ id: gateSettings.id })
      .from(gateSettings)
      .where(eq(gateSettings.roleId, api.world.users.brandA.roleId));
    const withoutIt = and(
      eq(gateSettingPermissions.gateSettingId, brandGate.id),
      eq(gateSettingPermissions.permissionId, orderUpdate[0].id),
    );
    const [grant] = await api.db.select().from(gateSettingPermissions).where(withoutIt);
    await api.db.delete(gateSettingPermissions).where(withoutIt);
    api.deps.authCache.invalidate();
    try {
      const shown = await api.request(`${base}/${delivered.orderId}`, { token: tokens.brandA });
      expect(shown.body.data).toMatchObject({ can_replace_product: false });
      const change = await api.request(`${base}/${fresh.orderId}/change-vendor`, {
        method: 'PUT',
        token: tokens.brandA,
        json: { vendor_id: api.world.vendors.V3 },
      });
      const retur = await api.request(`${base}/${delivered.orderId}/replace-product`, {
        method: 'PUT',
        token: tokens.brandA,
        json: { order_products: [{ id: line.id, quantity: 1, note: 'Rusak' }] },
      });
      expect([change.status, retur.status]).toEqual([403, 403]);
      expect(change.body).toEqual({ message: 'This action is unauthorized.' });
    } finally {
      await api.db.insert(gateSettingPermissions).values(grant);
      api.deps.authCache.invalidate();
    }
    const ofInvoice = await api.db.select().from(orders).where(eq(orders.invoiceId, fresh.invoiceId));
    expect(ofInvoice.map((order) => order.statusCode)).toEqual(['new']);
    const [kept] = await api.db.select().from(orderProducts).where(eq(orderProducts.id, line.id));
    expect(kept.quantityReturn).toBe(0);
    // With the permission back, the same user sees the actions offered.
    const again = await api.request(`${base}/${delivered.orderId}`, { token: tokens.brandA });
    expect(again.body.data).toMatchObject({ can_replace_product: true });
  });
});

describe('the marketplace cancellation', () => {
  it('staff holding invoice.update may, other kinds get 403, other tenants 404', async () => {
    const numbers = {} as Record<BrandKey, string>;
    for (const brand of ['A', 'B'] as const) {
      const product = brand === 'A' ? catalogue.A.phone : catalogue.B.shirt;
      const ingested = await api.request(`/api/brand/${api.world.brands[brand]}/channel/1/invoice`, {
        method: 'POST',
        token: tokens.admin,
        json: invoicePayload([{ product, quantity: 1 }]),
      });
      numbers[brand] = ingested.body.data.external_number;
    }
    const cancel = (user: UserKey, brand: BrandKey, number: string) =>
      api.request(`/api/brand/${api.world.brands[brand]}/channel/1/invoice/cancel`, {
        method: 'POST',
        token: tokens[user],
        json: { external_number: number },
      });
    for (const [user, brand, status] of NOT_MARKETPLACE_WRITERS) {
      expect((await cancel(user, brand, numbers[brand])).status, `${user} on ${brand}`).toBe(status);
    }
    // Brand A's invoice named under brand B's address is no invoice of B's.
    expect((await cancel('admin', 'B', numbers.A)).status).toBe(404);
    const stillOpen = await api.db
      .select({ statusCode: invoices.statusCode })
      .from(invoices)
      .where(eq(invoices.externalNumber, numbers.A));
    expect(stillOpen).toEqual([{ statusCode: 'new' }]);
    expect((await cancel('admin', 'A', numbers.A)).status).toBe(200);
  });
});

describe('every route needs a token', () => {
  it('answers 401 without one', async () => {
    const a = `/api/brand/${api.world.brands.A}`;
    const v = `/api/vendor/${api.world.vendors.V1}`;
    const record = fixtures.AV1;
    const routes: [string, string][] = [
      ['GET', `${a}/order`],
      ['GET', `${a}/order/card/total`],
      ['GET', `${a}/order-product`],
      ['GET', `${a}/order/${record.orderId}`],
      ['GET', `${a}/order/${record.orderId}/vendor-options`],
      ['PUT', `${a}/order/${record.orderId}/replace-product`],
      ['PUT', `${a}/order/${record.orderId}/change-vendor`],
      ['GET', `${a}/invoice`],
      ['GET', `${a}/invoice/card/total`],
      ['GET', `${a}/invoice/${record.invoiceId}`],
      ['POST', `${a}/channel/1/invoice`],
      ['POST', `${a}/channel/1/invoice/cancel`],
      ['GET', `${a}/customer`],
      ['GET', `${a}/customer/detail`],
      ['GET', `${a}/customer/${record.customerId}`],
      ['GET', `${a}/export/order`],
      ['GET', `${a}/export/invoice`],
      ['GET', `${a}/export/customer`],
      ['GET', `${v}/order`],
      ['GET', `${v}/order/card/total`],
      ['GET', `${v}/order/${record.orderId}`],
      ['PUT', `${v}/order/${record.orderId}/status/ready-to-delivery`],
      ['PUT', `${v}/order/status/ready-to-delivery`],
      ['GET', `${v}/export/order`],
      ['GET', `${v}/invoice-offer-log`],
      ['GET', `${v}/invoice-offer-log/${record.offerId}`],
      ['PUT', `${v}/invoice-offer-log/${record.offerId}/status/accept`],
    ];
    for (const [method, path] of routes) {
      const response = await api.request(path, { method });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('answers 404 for ids that name nothing, even to an administrator', async () => {
    for (const raw of ['0', '-1', 'abc', '1.5', '9007199254740993']) {
      for (const path of [
        `/api/brand/${raw}/order`,
        `/api/brand/${api.world.brands.A}/order/${raw}`,
        `/api/brand/${api.world.brands.A}/invoice/${raw}`,
        `/api/vendor/${raw}/order`,
        `/api/vendor/${api.world.vendors.V1}/invoice-offer-log/${raw}`,
      ]) {
        expectNotFound(await get('admin', path), path);
      }
    }
  });
});

describe('exports follow the same tenancy', () => {
  it('answers 404 to callers outside the brand or vendor, 403 to a kind the export is not for, and a file to those inside', async () => {
    const cases: [UserKey, string, number][] = [
      ['brandB', `/api/brand/${api.world.brands.A}/export/order`, 404],
      ['vendor1', `/api/brand/${api.world.brands.A}/export/invoice`, 403],
      ['keyAccount', `/api/brand/${api.world.brands.B}/export/customer`, 404],
      ['vendor2', `/api/vendor/${api.world.vendors.V1}/export/order`, 404],
      ['brandA', `/api/brand/${api.world.brands.A}/export/customer`, 200],
      ['vendor1', `/api/vendor/${api.world.vendors.V1}/export/order`, 200],
    ];
    for (const [user, path, status] of cases) {
      const response = await api.request(path, { token: tokens[user] });
      expect(response.status, `${user} ${path}`).toBe(status);
    }
  });
});
