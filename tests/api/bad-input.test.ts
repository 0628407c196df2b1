import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api';

let api: TestApi;
let admin: string;
let vendor: string;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.login(api.world.users.admin.email);
  vendor = await api.login(api.world.users.vendor1.email);
});

afterAll(async () => {
  await api?.close();
});

describe('input a user can type never reaches the database as a 500', () => {
  it('refuses days outside 1900–2999 in list and widget filters with 422', async () => {
    const brand = `/api/brand/${api.world.brands.A}`;
    for (const [path, query] of [
      [`${brand}/order`, { 'date-to': '9999-12-31' }],
      [`${brand}/order`, { 'date-from': '0000-01-01' }],
      [`${brand}/invoice`, { 'date-from': '1899-12-31' }],
      [`${brand}/widget/sales/card/gross-margin`, { 'date-from': '9999-12-31', 'date-to': '9999-12-31' }],
      [
        `${brand}/widget/product/chart/gross-margin-period`,
        { 'date-from': '0001-01-01', 'date-to': '0001-01-01' },
      ],
    ] as const) {
      const response = await api.request(path, { token: admin, query });
      expect(response.status, `${path} ${JSON.stringify(query)}`).toBe(422);
      expect(Object.keys(response.body.errors)).toEqual(Object.keys(query));
    }
    const lastDay = await api.request(`${brand}/order`, { token: admin, query: { 'date-to': '2999-12-31' } });
    expect(lastDay.status).toBe(200);
  });

  it('answers 404 for an id past what an id column holds, and 422 for such an id in a body', async () => {
    for (const path of [
      `/api/brand/${api.world.brands.A}/order/3000000000`,
      `/api/brand/3000000000/order`,
      `/api/vendor/3000000000/order`,
    ]) {
      expect((await api.request(path, { token: admin })).status, path).toBe(404);
    }
    const changeBrand = await api.request('/api/account/change-brand', {
      method: 'POST',
      token: admin,
      json: { brand_id: 3_000_000_000 },
    });
    expect(changeBrand.status).toBe(422);
    expect(changeBrand.body.errors).toHaveProperty('brand_id');
  });

  it('refuses a page number no list reaches with 422', async () => {
    const response = await api.request(`/api/vendor/${api.world.vendors.V1}/order`, {
      token: vendor,
      query: { page: '1e20' },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toHaveProperty('page');
  });

  it('refuses text holding a NUL character with 422 on that field', async () => {
    const search = await api.request(`/api/brand/${api.world.brands.A}/order`, {
      token: admin,
      query: { search: 'SO\u0000' },
    });
    expect(search.status).toBe(422);
    expect(search.body.errors).toEqual({ search: ['The search field must not contain a null character.'] });

    const profile = await api.request('/api/account', {
      method: 'POST',
      token: vendor,
      json: { name: 'Vendor\u0000Satu', mobile_phone: '081234567890' },
    });
    expect(profile.status).toBe(422);
    expect(profile.body.errors).toHaveProperty('name');
  });
});
