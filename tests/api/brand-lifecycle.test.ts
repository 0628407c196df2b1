import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, brands, marketplaceListings, promotions, userBrands, users } from '../../api/db/schema';
import { hashPassword } from '../../api/access/passwords';
import { startTestApi, type TestApi } from '../support/api';
import { insertProduct, insertSale } from '../support/world';

/** Brands made and deleted by administrators (POST /api/brand, DELETE /api/brand/{id}). */

let api: TestApi;
let admin: string;
let sequence = 0;

const PIN = 'Pin Alamat salah, silahkan coba kembali';

function brandForm(overrides: Record<string, unknown> = {}) {
  return {
    name: `Brand Baru ${++sequence}`,
    address: 'Jl. Asia Afrika 8',
    city: 'Bandung',
    postal_code: '40111',
    telephone: '022-4200100',
    fax: '022-4200101',
    lat: -6.921,
    lng: 107.607,
    ...overrides,
  };
}

async function emptyBrand() {
  const [brand] = await api.db
    .insert(brands)
    .values({ name: `Brand Kosong ${++sequence}`, city: 'Bandung' })
    .returning();
  return brand.id;
}

async function brandRow(id: number) {
  const [row] = await api.db.select().from(brands).where(eq(brands.id, id));
  return row;
}

async function lastAudit(action: string, entityId: number) {
  const [row] = await api.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.entityId, String(entityId))))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  return row;
}

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.login(api.world.users.admin.email);
});

afterAll(async () => {
  await api?.close();
});

describe('adding a brand', () => {
  it('saves the brand form with its channels, answers 201 with the brand, lists it and audits it', async () => {
    const form = brandForm({
      channels: [
        {
          channel_id: api.world.channels.tokopedia,
          tokopedia_shop_id: 'shop-baru',
          channel_meta: { is_tkpd_official: true },
        },
      ],
    });
    const created = await api.request('/api/brand', { token: admin, json: form });

    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Data berhasil dibuat');
    expect(created.body.data).toMatchObject({
      name: form.name,
      city: 'Bandung',
      postal_code: '40111',
      telephone: '0224200100',
      fax: '0224200101',
      lat: -6.921,
      lng: 107.607,
      channels: [
        {
          channel_id: api.world.channels.tokopedia,
          tokopedia_shop_id: 'shop-baru',
          channel_meta: { is_tkpd_official: true },
        },
      ],
    });
    const id = created.body.data.id as number;
    const list = await api.request('/api/brand', { token: admin, query: { search: form.name } });
    expect(list.body.data.map((row: { id: number }) => row.id)).toEqual([id]);
    const audit = await lastAudit('brand.store', id);
    expect(audit).toBeDefined();
    expect(audit.actorId).toBe(api.world.users.admin.id);
  });

  it('answers every required field of the brand form by name', async () => {
    const response = await api.request('/api/brand', { token: admin, json: {} });

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual([
      'city',
      'fax',
      'lat',
      'lng',
      'name',
      'postal_code',
      'telephone',
    ]);
    expect(response.body.errors.lat).toEqual([PIN]);
    expect(response.body.errors.lng).toEqual([PIN]);
  });

  it.each([
    ['a latitude that is not a number', { lat: 'utara' }, 'lat'],
    ['a latitude off the globe', { lat: 91 }, 'lat'],
    ['a longitude off the globe', { lng: -180.5 }, 'lng'],
    ['an empty longitude', { lng: '' }, 'lng'],
  ])('refuses %s with the pin-address message', async (_case, overrides, field) => {
    const before = await api.db.select({ id: brands.id }).from(brands);
    const response = await api.request('/api/brand', { token: admin, json: brandForm(overrides) });

    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ [field]: [PIN] });
    expect(response.body.message).toBe(PIN);
    expect(await api.db.select({ id: brands.id }).from(brands)).toHaveLength(before.length);
  });

  it('refuses a postal code of letters with the spec message, and a landline that is not Indonesian', async () => {
    const response = await api.request('/api/brand', {
      token: admin,
      json: brandForm({ postal_code: '4O111', fax: '12345' }),
    });

    expect(response.status).toBe(422);
    expect(response.body.errors.postal_code).toEqual(['Postal Code must match number only']);
    expect(response.body.errors.fax).toEqual(['The fax field must be a valid Indonesian phone number.']);
  });

  it('the same pin-address message answers a bad pin when a brand is changed', async () => {
    const id = await emptyBrand();
    const response = await api.request(`/api/brand/${id}`, {
      method: 'PUT',
      token: admin,
      json: brandForm({ lat: 'x' }),
    });

    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ lat: [PIN] });
  });

  it('is for administrators only: a key account, a brand and a vendor are refused and nothing is added', async () => {
    const before = await api.db.select({ id: brands.id }).from(brands);
    for (const key of ['keyAccount', 'brandA', 'vendor1'] as const) {
      const token = await api.login(api.world.users[key].email);
      const response = await api.request('/api/brand', { token, json: brandForm() });
      expect(response.status, key).toBe(403);
    }
    expect(await api.db.select({ id: brands.id }).from(brands)).toHaveLength(before.length);
  });
});

describe('deleting a brand', () => {
  it('deletes an empty brand: gone from the list and its address, audited, no longer chosen by anyone', async () => {
    const id = await emptyBrand();
    await api.db.update(users).set({ currentBrandId: id }).where(eq(users.id, api.world.users.admin.id));

    const response = await api.request(`/api/brand/${id}`, { method: 'DELETE', token: admin });

    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Data berhasil dihapus');
    expect((await brandRow(id)).deletedAt).not.toBeNull();
    expect((await api.request(`/api/brand/${id}`, { token: admin })).status).toBe(404);
    const list = await api.request('/api/brand', { token: admin, query: { per_page: 1000 } });
    expect(list.body.data.map((row: { id: number }) => row.id)).not.toContain(id);
    const audit = await lastAudit('brand.destroy', id);
    expect(audit).toBeDefined();
    expect(audit.actorId).toBe(api.world.users.admin.id);
    const [me] = await api.db.select().from(users).where(eq(users.id, api.world.users.admin.id));
    expect(me.currentBrandId).toBeNull();
    expect((await api.request(`/api/brand/${id}`, { method: 'DELETE', token: admin })).status).toBe(404);
  });

  type Holder = { key: string; word: string; hold(brandId: number): Promise<unknown> };
  const HOLDERS: Holder[] = [
    {
      key: 'invoices',
      word: 'invoice',
      hold: (brandId) =>
        insertSale(api.db, {
          brandId,
          channelId: api.world.channels.tokopedia,
          createdAt: new Date(),
          status: 'new',
          lines: [{ productId: null, quantity: 1, price: 10_000 }],
          orders: [],
        }),
    },
    {
      key: 'users',
      word: 'pengguna',
      hold: async (brandId) =>
        api.db.insert(users).values({
          name: 'Staf Brand',
          email: `staf-${brandId}@brand.test`,
          passwordHash: await hashPassword('rahasia-123'),
          roleId: api.world.roles.brand,
          brandId,
        }),
    },
    {
      key: 'products',
      word: 'produk',
      hold: (brandId) =>
        insertProduct(api.db, { brandId, categoryId: null, name: 'Kaos', sku: `KAOS-${brandId}` }),
    },
    {
      key: 'listings',
      word: 'produk marketplace',
      hold: (brandId) =>
        api.db
          .insert(marketplaceListings)
          .values({ brandId, channelId: api.world.channels.tokopedia, name: 'Kaos di Tokopedia' }),
    },
    {
      key: 'promotions',
      word: 'promosi',
      hold: (brandId) =>
        api.db.insert(promotions).values({
          brandId,
          channelId: api.world.channels.tokopedia,
          name: 'Promo Gajian',
          type: 'discount',
          value: 10,
          startsAt: new Date('2030-01-01T00:00:00Z'),
          endsAt: new Date('2030-01-02T00:00:00Z'),
        }),
    },
    {
      key: 'key_accounts',
      word: 'key account',
      hold: (brandId) => api.db.insert(userBrands).values({ userId: api.world.users.keyAccount.id, brandId }),
    },
  ];

  it.each(HOLDERS.map((holder) => [holder.key, holder] as const))(
    'keeps a brand that still has %s, and names them in the 422',
    async (key, holder) => {
      const id = await emptyBrand();
      await holder.hold(id);
      const before = await brandRow(id);

      const response = await api.request(`/api/brand/${id}`, { method: 'DELETE', token: admin });

      expect(response.status).toBe(422);
      expect(response.body.message).toBe(`Brand tidak dapat dihapus karena masih memiliki ${holder.word}.`);
      expect(response.body.errors).toEqual({ [key]: [`Brand masih memiliki 1 ${holder.word}.`] });
      expect(await brandRow(id)).toEqual(before);
      expect(await lastAudit('brand.destroy', id)).toBeUndefined();
    },
  );

  it('keeps a brand with orders and names everything that holds it, in one message', async () => {
    const id = await emptyBrand();
    await insertSale(api.db, {
      brandId: id,
      channelId: api.world.channels.tokopedia,
      createdAt: new Date(),
      status: 'new',
      lines: [{ productId: null, quantity: 2, price: 10_000 }],
      orders: [{ vendorId: api.world.vendors.V1, status: 'new' }],
    });
    await api.db.insert(userBrands).values({ userId: api.world.users.keyAccount.id, brandId: id });

    const response = await api.request(`/api/brand/${id}`, { method: 'DELETE', token: admin });

    expect(response.status).toBe(422);
    expect(response.body.message).toBe(
      'Brand tidak dapat dihapus karena masih memiliki pesanan, invoice dan key account.',
    );
    expect(Object.keys(response.body.errors)).toEqual(['orders', 'invoices', 'key_accounts']);
    expect((await brandRow(id)).deletedAt).toBeNull();
  });

  it('is for administrators only: a key account, a brand and a vendor are refused, and the brand stays', async () => {
    const id = await emptyBrand();
    for (const key of ['keyAccount', 'brandA', 'vendor1'] as const) {
      const token = await api.login(api.world.users[key].email);
      const response = await api.request(`/api/brand/${id}`, { method: 'DELETE', token });
      expect(response.status, key).toBe(403);
    }
    expect((await brandRow(id)).deletedAt).toBeNull();
  });
});
