import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api';
import { createCatalogue, invoicePayload, placeOrder, type Catalogue } from '../support/world';

let api: TestApi;
let admin: string;
let catalogue: Catalogue;

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  admin = await api.login(api.world.users.admin.email);
});

afterAll(async () => {
  await api?.close();
});

const brand = () => `/api/brand/${api.world.brands.A}`;

describe('hostile input the probe found answers 4xx, never 500', () => {
  it('refuses JSON bodies with prototype keys', async () => {
    for (const raw of [
      '{"__proto__":{"name":"x"}}',
      '{"constructor":{"prototype":{}}}',
      '{"name":"a","__proto__":1}',
    ]) {
      const response = await api.request('/api/account', {
        method: 'POST',
        token: admin,
        headers: { 'content-type': 'application/json' },
        raw,
      });
      expect(response.status, raw).toBeGreaterThanOrEqual(400);
      expect(response.status, raw).toBeLessThan(500);
    }
  });

  it('refuses bad widget dates with 422', async () => {
    for (const query of [
      { 'date-from': '2026-02-30', 'date-to': '2026-03-01' },
      { 'date-from': '2026-13-01' },
      { 'date-from': 'kemarin' },
      { 'date-to': '2026-01-01', 'date-from': '2026-02-01' },
    ]) {
      const response = await api.request(`${brand()}/widget/sales/card/gross-margin`, {
        token: admin,
        query,
      });
      expect(response.status, JSON.stringify(query)).toBe(422);
    }
  });

  it('refuses a lone surrogate in an ingested product name with 422', async () => {
    const payload = invoicePayload([{ product: catalogue.A.phone, quantity: 1 }]) as {
      products: { name: string }[];
    };
    payload.products[0].name = 'Ponsel \ud800';
    const response = await api.request(`${brand()}/channel/${api.world.channels.tokopedia}/invoice`, {
      token: admin,
      json: payload,
    });
    expect(response.status).toBe(422);
  });

  it('refuses a return post with missing rows with 422', async () => {
    const placed = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V1',
      lines: [{ product: catalogue.A.phone, quantity: 1 }],
      status: 'delivered',
    });
    for (const json of [{}, { order_products: null }, { order_products: [null] }, { order_products: [{}] }]) {
      const response = await api.request(`${brand()}/order/${placed.orderId}/replace-product`, {
        method: 'PUT',
        token: admin,
        json,
      });
      expect(response.status, JSON.stringify(json)).toBe(422);
    }
  });
});
