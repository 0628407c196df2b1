import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { orders } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';
import { createCatalogue, placeOrder } from '../support/world';

const BRAND_FIELDS = [
  'address',
  'city',
  'fax',
  'id',
  'lat',
  'lng',
  'name',
  'postal_code',
  'telephone',
  'updated_at',
];
/** A vendor row also names the brands it serves, as far as the caller works for them. */
const VENDOR_FIELDS = [...BRAND_FIELDS, 'is_priority', 'brand_ids'].sort();
const META_FIELDS = ['current_page', 'from', 'last_page', 'per_page', 'to', 'total'];

let api: TestApi;
let admin: string;
let brandA: string;
let vendor1: string;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.login(api.world.users.admin.email);
  brandA = await api.login(api.world.users.brandA.email);
  vendor1 = await api.login(api.world.users.vendor1.email);
});

afterAll(async () => {
  await api?.close();
});

function names(body: { data: { name: string }[] }) {
  return body.data.map((row) => row.name);
}

describe('GET /api/brand', () => {
  it('lists the brands by name with the Laravel paginator', async () => {
    const response = await api.request('/api/brand', { token: admin });

    expect(response.status).toBe(200);
    expect(names(response.body)).toEqual(['Brand A', 'Brand B']);
    expect(Object.keys(response.body.data[0]).sort()).toEqual(BRAND_FIELDS);
    expect(response.body.meta).toStrictEqual({
      current_page: 1,
      last_page: 1,
      per_page: 10,
      total: 2,
      from: 1,
      to: 2,
    });
  });

  it('searches by name, pages and sorts on a whitelisted column', async () => {
    expect(
      names((await api.request('/api/brand', { token: admin, query: { search: 'and b' } })).body),
    ).toEqual(['Brand B']);

    const sorted = await api.request('/api/brand', {
      token: admin,
      query: { sorted_by: 'id', order_by: 'desc' },
    });
    expect(sorted.body.data.map((row: { id: number }) => row.id)).toEqual([
      api.world.brands.B,
      api.world.brands.A,
    ]);

    const paged = await api.request('/api/brand', { token: admin, query: { per_page: 1, page: 2 } });
    expect(names(paged.body)).toEqual(['Brand B']);
    expect(paged.body.meta).toStrictEqual({
      current_page: 2,
      last_page: 2,
      per_page: 1,
      total: 2,
      from: 2,
      to: 2,
    });
  });

  it('takes the search literally: % and _ match nothing special', async () => {
    for (const search of ['%', '_rand%']) {
      const response = await api.request('/api/brand', { token: admin, query: { search } });
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual([]);
    }
  });
});

describe('GET /api/brand/{brand}', () => {
  it('shows the brand with its channels and shop ids', async () => {
    const response = await api.request(`/api/brand/${api.world.brands.A}`, { token: admin });

    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ id: api.world.brands.A, name: 'Brand A', city: 'Jakarta' });
    expect(response.body.data.channels).toEqual([
      { channel_id: 1, name: 'Tokopedia', tokopedia_shop_id: 'shop-a-tokopedia', channel_meta: {} },
      { channel_id: 2, name: 'Shopee', tokopedia_shop_id: 'shop-a-shopee', channel_meta: {} },
    ]);
  });
});

describe('GET /api/select/brand', () => {
  it('offers an administrator every brand as id and name, paged', async () => {
    const response = await api.request('/api/select/brand', {
      token: admin,
      query: { per_page: 10, page: 1 },
    });

    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      { id: api.world.brands.A, name: 'Brand A' },
      { id: api.world.brands.B, name: 'Brand B' },
    ]);
    expect(Object.keys(response.body.meta).sort()).toEqual(META_FIELDS);
  });

  it('offers a vendor user the brands its vendor serves', async () => {
    const response = await api.request('/api/select/brand', { token: vendor1 });

    expect(response.body.data).toEqual([{ id: api.world.brands.A, name: 'Brand A' }]);
  });

  it('searches the options', async () => {
    const response = await api.request('/api/select/brand', { token: admin, query: { search: 'nd a' } });

    expect(response.body.data).toEqual([{ id: api.world.brands.A, name: 'Brand A' }]);
  });
});

describe('GET /api/brand/{brand}/channel', () => {
  it('lists the channels the brand sells on', async () => {
    const a = await api.request(`/api/brand/${api.world.brands.A}/channel`, { token: brandA });
    const b = await api.request(`/api/brand/${api.world.brands.B}/channel`, { token: admin });

    expect(a.status).toBe(200);
    expect(a.body.data).toEqual([
      { id: 1, name: 'Tokopedia', code: 'tokopedia' },
      { id: 2, name: 'Shopee', code: 'shopee' },
    ]);
    expect(b.body.data).toEqual([{ id: 1, name: 'Tokopedia', code: 'tokopedia' }]);
  });
});

describe('GET /api/brand/{brand}/vendor', () => {
  it('lists the vendors serving the brand, by name', async () => {
    const response = await api.request(`/api/brand/${api.world.brands.A}/vendor`, { token: brandA });

    expect(response.status).toBe(200);
    expect(names(response.body)).toEqual(['Vendor Satu', 'Vendor Tiga']);
    expect(Object.keys(response.body.data[0]).sort()).toEqual(VENDOR_FIELDS);
    expect(response.body.meta).toStrictEqual({
      current_page: 1,
      last_page: 1,
      per_page: 10,
      total: 2,
      from: 1,
      to: 2,
    });
  });

  it('searches and sorts them', async () => {
    const searched = await api.request(`/api/brand/${api.world.brands.A}/vendor`, {
      token: brandA,
      query: { search: 'tiga' },
    });
    const sorted = await api.request(`/api/brand/${api.world.brands.A}/vendor`, {
      token: brandA,
      query: { sorted_by: 'city', order_by: 'desc' },
    });

    expect(names(searched.body)).toEqual(['Vendor Tiga']);
    expect(names(sorted.body)).toEqual(['Vendor Tiga', 'Vendor Satu']);
  });

  it('shows one vendor of the brand', async () => {
    const response = await api.request(`/api/brand/${api.world.brands.A}/vendor/${api.world.vendors.V3}`, {
      token: admin,
    });

    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id: api.world.vendors.V3,
      name: 'Vendor Tiga',
      is_priority: true,
    });
  });
});

describe('GET /api/brand/{brand}/category', () => {
  const path = () => `/api/brand/${api.world.brands.A}/category`;

  it('lists every category of the brand with its structure name', async () => {
    const response = await api.request(path(), { token: brandA });

    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      expect.objectContaining({
        id: api.world.categories.A.parent,
        name: 'Elektronik',
        parent_id: null,
        structure_name: 'Elektronik',
      }),
      expect.objectContaining({
        name: 'Laptop',
        parent_id: api.world.categories.A.parent,
        structure_name: 'Elektronik > Laptop',
      }),
      expect.objectContaining({
        name: 'Ponsel',
        parent_id: api.world.categories.A.parent,
        structure_name: 'Elektronik > Ponsel',
      }),
    ]);
    expect(response.body.meta.total).toBe(3);
  });

  it('lists only the parents with their children when asked with=children and only=parent', async () => {
    const response = await api.request(path(), {
      token: brandA,
      query: { with: 'children', only: 'parent', per_page: 1000 },
    });

    expect(response.body.data).toHaveLength(1);
    expect(response.body.data[0]).toMatchObject({ id: api.world.categories.A.parent, name: 'Elektronik' });
    expect(
      response.body.data[0].children.map((child: { id: number; children: unknown[] }) => [
        child.id,
        child.children,
      ]),
    ).toEqual([
      [api.world.categories.A.children[0], []],
      [api.world.categories.A.children[1], []],
    ]);
  });

  it('leaves the children out unless asked', async () => {
    const response = await api.request(path(), { token: brandA, query: { only: 'parent' } });

    expect(response.body.data[0]).not.toHaveProperty('children');
  });

  it('searches by name', async () => {
    const response = await api.request(path(), { token: brandA, query: { search: 'lap' } });

    expect(names(response.body)).toEqual(['Laptop']);
  });

  it('refuses an unknown only value with 422', async () => {
    const response = await api.request(path(), { token: brandA, query: { only: 'children' } });

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['only']);
  });
});

describe('GET /api/brand/{brand}/category/{id}', () => {
  it('shows a parent category with its children', async () => {
    const { parent, children } = api.world.categories.A;

    const response = await api.request(`/api/brand/${api.world.brands.A}/category/${parent}`, {
      token: brandA,
    });

    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ id: parent, name: 'Elektronik', parent: null });
    expect(response.body.data.children.map((child: { id: number }) => child.id)).toEqual(children);
  });

  it('shows a child category with its parent', async () => {
    const { parent, children } = api.world.categories.A;

    const response = await api.request(`/api/brand/${api.world.brands.A}/category/${children[1]}`, {
      token: brandA,
    });

    expect(response.body.data).toMatchObject({
      id: children[1],
      name: 'Ponsel',
      parent: { id: parent, name: 'Elektronik' },
      children: [],
    });
  });
});

describe('GET /api/vendor/{vendor}/category', () => {
  it('lists the categories of the brands the vendor serves', async () => {
    const response = await api.request(`/api/vendor/${api.world.vendors.V1}/category`, {
      token: vendor1,
      query: { with: 'children', only: 'parent' },
    });

    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      expect.objectContaining({
        id: api.world.categories.A.parent,
        children: [expect.any(Object), expect.any(Object)],
      }),
    ]);
  });

  it('shows one of those categories', async () => {
    const id = api.world.categories.A.children[0];

    const response = await api.request(`/api/vendor/${api.world.vendors.V1}/category/${id}`, {
      token: vendor1,
    });

    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id,
      name: 'Laptop',
      parent: { id: api.world.categories.A.parent },
    });
  });
});

describe('GET /api/vendor/{vendor}/performance', () => {
  it('counts the orders of every brand a vendor serves, over the last 30 days', async () => {
    const catalogue = await createCatalogue(api.db, api.world);
    const fast = await placeOrder(api.deps, api.world, {
      brand: 'A',
      vendor: 'V3',
      lines: [{ product: catalogue.A.laptop, quantity: 1 }],
      status: 'ready_to_deliver',
    });
    const slow = await placeOrder(api.deps, api.world, {
      brand: 'B',
      vendor: 'V3',
      lines: [{ product: catalogue.B.shirt, quantity: 1 }],
      status: 'ready_to_deliver',
    });
    await api.db
      .update(orders)
      .set({ readyToDeliverAt: sql`${orders.createdAt} + interval '48 hours'` })
      .where(eq(orders.id, slow.orderId));
    const performance = async (token: string) => {
      const response = await api.request(`/api/vendor/${api.world.vendors.V3}/performance`, { token });
      expect(response.status).toBe(200);
      return response.body.data;
    };

    expect(fast.orderId).not.toBe(slow.orderId);
    expect(await performance(admin)).toMatchObject({ sla_hours: 24, on_time_rate: 0.5 });
  });
});

describe('list parameters', () => {
  const lists = () => [
    '/api/brand',
    '/api/select/brand',
    `/api/brand/${api.world.brands.A}/vendor`,
    `/api/brand/${api.world.brands.A}/category`,
    `/api/vendor/${api.world.vendors.V1}/category`,
  ];

  it('refuses per_page above 1000 with 422 on per_page', async () => {
    for (const path of lists()) {
      const response = await api.request(path, { token: admin, query: { per_page: 1001 } });
      expect(response.status, path).toBe(422);
      expect(Object.keys(response.body.errors), path).toEqual(['per_page']);
    }
  });

  it('accepts per_page 1000', async () => {
    for (const path of lists()) {
      expect((await api.request(path, { token: admin, query: { per_page: 1000 } })).status, path).toBe(200);
    }
  });

  it('refuses a page below 1 and an order_by other than asc or desc with 422', async () => {
    const page = await api.request('/api/brand', { token: admin, query: { page: 0 } });
    const order = await api.request('/api/brand', { token: admin, query: { order_by: 'sideways' } });

    expect(page.status).toBe(422);
    expect(Object.keys(page.body.errors)).toEqual(['page']);
    expect(order.status).toBe(422);
    expect(Object.keys(order.body.errors)).toEqual(['order_by']);
  });

  it('falls back to the default order for a sort column that is not whitelisted', async () => {
    const paths = [
      '/api/brand',
      `/api/brand/${api.world.brands.A}/vendor`,
      `/api/brand/${api.world.brands.A}/category`,
    ];
    for (const path of paths) {
      const plain = await api.request(path, { token: admin });
      for (const sortedBy of [
        'password_hash',
        'name; drop table users',
        'deleted_at',
        '__proto__',
        'constructor',
      ]) {
        const response = await api.request(path, { token: admin, query: { sorted_by: sortedBy } });
        expect(response.status, `${path} ${sortedBy}`).toBe(200);
        expect(response.body.data, `${path} ${sortedBy}`).toEqual(plain.body.data);
      }
    }
  });
});
