import { desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, invoices, passwordResets } from '../../api/db/schema';
import { hashToken } from '../../api/access/secret-tokens';
import { openApiDocument } from '../../api/openapi';
import { CLIENT, offerToVendor1, startTestApi, type ApiResponse, type TestApi } from '../support/api';
import { TINY_PNG, uploadForm } from '../support/files';
import { expectRollupsInStep } from '../support/rollups';
import { bankNamed, completedOrder, voucherBody } from '../support/payments';
import { promotionBodyOf, promotionOf } from '../support/promotions';
import { settingsWriteCases } from '../support/settings-writes';
import { marketplaceWriteCases } from '../support/marketplace-writes';
import { createCatalogue, invoicePayload, placeOrder, type Catalogue } from '../support/world';

/**
 * Every write of the OpenAPI document, called once the way a client would: it must answer 2xx, leave at least
 * one audit row of its kind, and leave the rollups equal to a rebuild from the raw tables. A write added to the
 * document without a row here fails the first test, so none goes unchecked.
 */

let api: TestApi;
let catalogue: Catalogue;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  for (const key of ['admin', 'brandA', 'vendor1'] as const) {
    tokens[key] = await api.login(api.world.users[key].email);
  }
});

afterAll(async () => {
  await api?.close();
});

type WriteCase = {
  /** The audit actions the call may leave; at least one of them must be written. */
  actions: string[];
  call(): Promise<ApiResponse>;
  /** Further calls of the same route that take another path through it (another decision, say). */
  more?: WriteCase[];
};

/** POSTs that change nothing stored: they answer from what is there. */
const NOT_WRITES = new Set(['post /api/broadcasting/auth']);

const brand = () => `/api/brand/${api.world.brands.A}`;
/** The test world as the promotion helpers take it. */
const world = () => ({ api, brands: api.world.brands });
const vendor1 = () => `/api/vendor/${api.world.vendors.V1}`;

function order(status: 'new' | 'ready_to_deliver' | 'delivered' = 'new') {
  return placeOrder(api.deps, api.world, {
    brand: 'A',
    vendor: 'V1',
    lines: [{ product: catalogue.A.phone, quantity: 1 }],
    status,
  });
}

const CASES: Record<string, WriteCase> = {
  'post /api/brand/{brand}/product': {
    actions: ['product.store'],
    call: () =>
      api.request(`${brand()}/product`, {
        token: tokens.admin,
        json: {
          name: 'Tas Laptop',
          sku: `A-TAS-${Date.now()}`,
          category_id: api.world.categories.A.parent,
          vendor_price: 50_000,
        },
      }),
  },
  'put /api/brand/{brand}/product/{id}': {
    actions: ['product.update'],
    call: () =>
      api.request(`${brand()}/product/${catalogue.A.charger.id}`, {
        method: 'PUT',
        token: tokens.admin,
        json: {
          name: 'Pengisi Daya 65W GaN',
          sku: catalogue.A.charger.sku,
          category_id: catalogue.A.charger.categoryId,
        },
      }),
  },
  'delete /api/brand/{brand}/product/{id}': {
    actions: ['product.destroy'],
    call: async () => {
      const created = await api.request(`${brand()}/product`, {
        token: tokens.admin,
        json: {
          name: 'Sementara',
          sku: `A-TMP-${Date.now()}`,
          category_id: api.world.categories.A.parent,
          vendor_price: 1_000,
        },
      });
      return api.request(`${brand()}/product/${created.body.data.id}`, {
        method: 'DELETE',
        token: tokens.admin,
      });
    },
  },
  'put /api/brand/{brand}/product/{id}/update-stock': {
    actions: ['product.update-stock'],
    call: () =>
      api.request(`${brand()}/product/${catalogue.A.laptop.id}/update-stock`, {
        method: 'PUT',
        token: tokens.admin,
        json: { product_stocks: [{ vendor_id: api.world.vendors.V1, quantity: 61 }] },
      }),
  },
  'post /api/brand/{brand}/import/product-price': {
    actions: ['product.import-price'],
    call: () => {
      const form = new FormData();
      form.append('file', new Blob([`sku,vendor_price\n${catalogue.A.phone.sku},2100000\n`]), 'harga.csv');
      return api.request(`${brand()}/import/product-price`, { token: tokens.admin, form });
    },
  },
  'put /api/brand/{brand}/stock-setting': {
    actions: ['brand.stock-setting'],
    call: () =>
      api.request(`${brand()}/stock-setting`, {
        method: 'PUT',
        token: tokens.admin,
        json: { low_stock_weeks: 3 },
      }),
  },
  'put /api/vendor/{vendor}/product-stock/update': {
    actions: ['stock.vendor-update'],
    call: () =>
      api.request(`${vendor1()}/product-stock/update`, {
        method: 'PUT',
        token: tokens.vendor1,
        json: { product_stocks: [{ product_id: catalogue.A.charger.id, quantity: 44 }] },
      }),
  },
  'post /api/vendor/{vendor}/product-stock/import': {
    actions: ['stock.import'],
    call: () => {
      const form = new FormData();
      form.append('file', new Blob([`sku,quantity\n${catalogue.A.charger.sku},45\n`]), 'stok.csv');
      return api.request(`${vendor1()}/product-stock/import`, { token: tokens.vendor1, form });
    },
  },
  'post /api/vendor/{vendor}/stock-adjustment': {
    actions: ['stock.adjustment'],
    call: () =>
      api.request(`${vendor1()}/stock-adjustment`, {
        token: tokens.vendor1,
        json: { note: 'Stock opname', items: [{ product_id: catalogue.A.charger.id, adjustment: -1 }] },
      }),
  },
  ...settingsWriteCases(
    () => api,
    () => tokens.admin,
  ),
  ...marketplaceWriteCases(
    () => api,
    () => tokens.admin,
  ),
  'post /oauth/token': {
    actions: ['auth.login'],
    call: () =>
      api.request('/oauth/token', {
        json: {
          grant_type: 'password',
          username: api.world.users.brandA.email,
          password: api.world.password,
          client_id: CLIENT.id,
          client_secret: CLIENT.secret,
        },
      }),
  },
  'post /api/account': {
    actions: ['account.update'],
    call: () => api.request('/api/account', { token: tokens.brandA, json: { name: 'Brand A Baru' } }),
  },
  'post /api/account/logout': {
    actions: ['auth.logout'],
    call: async () =>
      api.request('/api/account/logout', {
        method: 'POST',
        token: await api.login(api.world.users.brandA.email),
      }),
  },
  'post /api/account/change-password': {
    actions: ['account.change_password'],
    call: async () =>
      api.request('/api/account/change-password', {
        token: await api.login(api.world.users.vendor2.email),
        json: {
          old_password: api.world.password,
          password: api.world.password,
          password_confirmation: api.world.password,
        },
      }),
  },
  'post /api/account/change-brand': {
    actions: ['account.change_brand'],
    call: () =>
      api.request('/api/account/change-brand', {
        token: tokens.admin,
        json: { brand_id: api.world.brands.A },
      }),
  },
  'post /api/forgot-password': {
    actions: ['auth.password_reset_requested'],
    call: () => api.request('/api/forgot-password', { json: { email: api.world.users.brandB.email } }),
  },
  'post /api/reset-password': {
    actions: ['auth.password_reset'],
    call: async () => {
      const email = api.world.users.brandB.email.toLowerCase();
      await api.db.insert(passwordResets).values({
        email,
        tokenHash: hashToken('token-of-the-walk'),
        expiresAt: new Date(api.clock.now.getTime() + 3_600_000),
      });
      return api.request('/api/reset-password', {
        json: {
          token: 'token-of-the-walk',
          email,
          password: api.world.password,
          password_confirmation: api.world.password,
        },
      });
    },
  },
  'post /api/media': {
    actions: ['media.store'],
    call: () => api.request('/api/media', { token: tokens.vendor1, form: uploadForm(TINY_PNG, 'a.png') }),
  },
  'post /api/brand/{brand}/channel/{channel}/invoice': {
    actions: ['invoice.store'],
    call: () =>
      api.request(`${brand()}/channel/${api.world.channels.tokopedia}/invoice`, {
        token: tokens.admin,
        json: invoicePayload([{ product: catalogue.A.phone, quantity: 1 }]),
      }),
  },
  'post /api/brand/{brand}/channel/{channel}/invoice/cancel': {
    actions: ['invoice.cancel'],
    call: async () => {
      const placed = await order();
      const [invoice] = await api.db.select().from(invoices).where(eq(invoices.id, placed.invoiceId));
      return api.request(`${brand()}/channel/${api.world.channels.tokopedia}/invoice/cancel`, {
        token: tokens.admin,
        json: { external_number: invoice.externalNumber },
      });
    },
  },
  'put /api/brand/{brand}/order/{id}/change-vendor': {
    actions: ['order.change-vendor'],
    call: async () => {
      const placed = await order();
      return api.request(`${brand()}/order/${placed.orderId}/change-vendor`, {
        method: 'PUT',
        token: tokens.admin,
        json: { vendor_id: api.world.vendors.V3 },
      });
    },
  },
  'put /api/brand/{brand}/order/{id}/replace-product': {
    actions: ['order.replace-product'],
    call: async () => {
      const placed = await order('delivered');
      const detail = await api.request(`${brand()}/order/${placed.orderId}`, { token: tokens.admin });
      const line = detail.body.data.order_products[0];
      return api.request(`${brand()}/order/${placed.orderId}/replace-product`, {
        method: 'PUT',
        token: tokens.admin,
        json: { order_products: [{ id: line.id, quantity: 1, note: 'Rusak' }] },
      });
    },
  },
  'put /api/vendor/{vendor}/invoice-offer-log/{id}/status/{decision}': {
    actions: ['invoice-offer.accept'],
    call: async () => {
      const { offer } = await offerToVendor1(api, tokens.admin, [
        { product: catalogue.A.phone, quantity: 1 },
      ]);
      return api.request(`${vendor1()}/invoice-offer-log/${offer.id}/status/accept`, {
        method: 'PUT',
        token: tokens.vendor1,
      });
    },
    more: [
      {
        actions: ['invoice-offer.reject'],
        call: async () => {
          const { offer } = await offerToVendor1(api, tokens.admin, [
            { product: catalogue.A.phone, quantity: 1 },
          ]);
          return api.request(`${vendor1()}/invoice-offer-log/${offer.id}/status/reject`, {
            method: 'PUT',
            token: tokens.vendor1,
          });
        },
      },
    ],
  },
  'put /api/vendor/{vendor}/order/{id}/status/{next}': {
    actions: ['order.status'],
    call: async () => {
      const placed = await order();
      return api.request(`${vendor1()}/order/${placed.orderId}/status/ready-to-delivery`, {
        method: 'PUT',
        token: tokens.vendor1,
      });
    },
  },
  'put /api/vendor/{vendor}/order/status/{next}': {
    actions: ['order.status'],
    call: async () => {
      const placed = await order();
      return api.request(`${vendor1()}/order/status/ready-to-delivery`, {
        method: 'PUT',
        token: tokens.vendor1,
        json: { order_ids: [placed.orderId] },
      });
    },
  },
  'post /api/send-payment': {
    actions: ['send-payment.store'],
    call: () => voucherOver(),
  },
  'put /api/send-payment/{id}': {
    actions: ['send-payment.update'],
    call: async () => {
      const created = await voucherOver();
      const added = await completedOrder(api, {
        brand: 'A',
        vendor: 'V1',
        lines: [{ product: catalogue.A.charger, quantity: 1 }],
      });
      return api.request(`/api/send-payment/${created.body.data.id}`, {
        method: 'PUT',
        token: tokens.admin,
        json: voucherBody(api, {
          brand: 'A',
          vendor: 'V1',
          bankId: await bankNamed(api, 'BCA'),
          orderIds: [added.orderId],
          number: created.body.data.number,
        }),
      });
    },
  },
  'delete /api/send-payment/{id}': {
    actions: ['send-payment.destroy'],
    call: async () => {
      const created = await voucherOver();
      return api.request(`/api/send-payment/${created.body.data.id}`, {
        method: 'DELETE',
        token: tokens.admin,
      });
    },
  },
  'post /api/bank': {
    actions: ['bank.store'],
    call: () => api.request('/api/bank', { token: tokens.admin, json: { name: 'Bank Walk' } }),
  },
  'put /api/bank/{id}': {
    actions: ['bank.update'],
    call: async () =>
      api.request(`/api/bank/${await bankNamed(api, 'Bank Rename')}`, {
        method: 'PUT',
        token: tokens.admin,
        json: { name: 'Bank Renamed' },
      }),
  },
  'post /api/brand/{brand}/promotion': {
    actions: ['promotion.store'],
    call: async () =>
      api.request(`${brand()}/promotion`, { token: tokens.admin, json: await promotionBodyOf(world(), 'A') }),
  },
  'put /api/brand/{brand}/promotion/{id}': {
    actions: ['promotion.update'],
    call: async () =>
      api.request(`${brand()}/promotion/${await promotionOf(world(), 'A')}`, {
        method: 'PUT',
        token: tokens.admin,
        json: await promotionBodyOf(world(), 'A'),
      }),
  },
  'put /api/brand/{brand}/promotion/{id}/end': {
    actions: ['promotion.end'],
    call: async () =>
      api.request(`${brand()}/promotion/${await promotionOf(world(), 'A', { running: true })}/end`, {
        method: 'PUT',
        token: tokens.admin,
      }),
  },
  'delete /api/brand/{brand}/promotion/{id}': {
    actions: ['promotion.destroy'],
    call: async () =>
      api.request(`${brand()}/promotion/${await promotionOf(world(), 'A')}`, {
        method: 'DELETE',
        token: tokens.admin,
      }),
  },
  'delete /api/bank/{id}': {
    actions: ['bank.destroy'],
    call: async () =>
      api.request(`/api/bank/${await bankNamed(api, 'Bank Gone')}`, {
        method: 'DELETE',
        token: tokens.admin,
      }),
  },
};

/** A voucher over a fresh completed order of brand A and Vendor Satu. */
async function voucherOver() {
  const placed = await completedOrder(api, {
    brand: 'A',
    vendor: 'V1',
    lines: [{ product: catalogue.A.phone, quantity: 1 }],
  });
  return api.request('/api/send-payment', {
    token: tokens.admin,
    json: voucherBody(api, {
      brand: 'A',
      vendor: 'V1',
      bankId: await bankNamed(api, 'BCA'),
      orderIds: [placed.orderId],
    }),
  });
}

function writeOperations() {
  const operations: string[] = [];
  for (const [path, methods] of Object.entries(openApiDocument().paths)) {
    for (const method of Object.keys(methods)) {
      const key = `${method} ${path}`;
      if (method !== 'get' && !NOT_WRITES.has(key)) operations.push(key);
    }
  }
  return operations.sort();
}

describe('every write of the OpenAPI document', () => {
  it('has a case here, and every case names a documented write', () => {
    expect(Object.keys(CASES).sort()).toEqual(writeOperations());
  });

  it.each(writeOperations())('%s leaves its audit row and the rollups in step', async (operation) => {
    const { more = [], ...first } = CASES[operation];
    for (const write of [first, ...more]) {
      const [newest] = await api.db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .orderBy(desc(auditLogs.id))
        .limit(1);
      const response = await write.call();

      expect(response.status, JSON.stringify(response.body)).toBeGreaterThanOrEqual(200);
      expect(response.status).toBeLessThan(300);
      const written = await api.db
        .select({ action: auditLogs.action })
        .from(auditLogs)
        .where(gt(auditLogs.id, newest?.id ?? 0));
      expect(
        written.some((row) => write.actions.includes(row.action)),
        JSON.stringify(written),
      ).toBe(true);
      await expectRollupsInStep(api.db);
    }
  });
});
