import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, promotionProducts, promotions, vendorStocks } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';
import { createCatalogue, type Catalogue } from '../support/world';

/** Promotions of a brand (docs/decisions/048): rules, status by the clock, tenancy. */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let api: TestApi;
let catalogue: Catalogue;
let admin: string;
let keyAccount: string;
let brandUser: string;
let sequence = 0;

beforeAll(async () => {
  // Tokens outlive the hours and days the clock is moved through.
  api = await startTestApi({ config: { ACCESS_TOKEN_TTL_SECONDS: String(10 * 365 * 24 * 3600) } });
  catalogue = await createCatalogue(api.db, api.world);
  api.clock.now = new Date('2026-12-01T00:00:00Z');
  [admin, keyAccount, brandUser] = await Promise.all([
    api.login(api.world.users.admin.email),
    api.login(api.world.users.keyAccount.email),
    api.login(api.world.users.brandA.email),
  ]);
});

afterAll(async () => {
  await api?.close();
});

/** `YYYY-MM-DD HH:mm` in Jakarta of an instant. */
function jakarta(at: Date) {
  return new Date(at.getTime() + 7 * HOUR).toISOString().slice(0, 16).replace('T', ' ');
}

/** A window starting `fromNow` ms after the clock's now, `length` ms long; far from every other test's. */
function windowAhead(fromNow: number, length = DAY) {
  const start = new Date(api.clock.now.getTime() + fromNow);
  return { start_at: jakarta(start), end_at: jakarta(new Date(start.getTime() + length)) };
}

/** A promotion of the phone on Tokopedia, each in a window of its own unless the test names one. */
function promotionBody(overrides: Record<string, unknown> = {}) {
  sequence++;
  return {
    name: `Promo ${sequence}`,
    type: 'discount',
    value: 10,
    channel: 'tokopedia',
    ...windowAhead(HOUR + sequence * 2 * DAY),
    products: [{ product_id: catalogue.A.phone.id, promo_stock: 10, purchase_limit: 2 }],
    ...overrides,
  };
}

function path(brand: 'A' | 'B' = 'A', suffix = '') {
  return `/api/brand/${api.world.brands[brand]}/promotion${suffix}`;
}

function create(body: Record<string, unknown>, token = admin, brand: 'A' | 'B' = 'A') {
  return api.request(path(brand), { token, json: body });
}

async function created(body: Record<string, unknown>) {
  const response = await create(body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data;
}

/** Moves the clock to `at`, and back afterwards, so the tests keep one timeline. */
async function atTime<T>(at: Date, run: () => Promise<T>) {
  const before = api.clock.now;
  api.clock.now = at;
  try {
    return await run();
  } finally {
    api.clock.now = before;
  }
}

async function rowOf(id: number) {
  const [row] = await api.db.select().from(promotions).where(eq(promotions.id, id));
  return row;
}

describe('creating and reading a promotion', () => {
  it('stores the Jakarta window in UTC and shows it with its products, price, stock and status Belum Mulai', async () => {
    const response = await create(
      promotionBody({
        name: 'Harbolnas 12.12',
        start_at: '2026-12-12 00:00',
        end_at: '2026-12-12 23:59',
        products: [
          { product_id: catalogue.A.laptop.id, promo_stock: 100, purchase_limit: 0 },
          { product_id: catalogue.A.charger.id, promo_stock: 0, purchase_limit: 3 },
        ],
      }),
    );
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Data berhasil dibuat');
    const data = response.body.data;
    expect(data).toMatchObject({
      name: 'Harbolnas 12.12',
      type: 'discount',
      type_label: 'Diskon',
      value: 10,
      channel: 'tokopedia',
      channel_name: 'Tokopedia',
      start_at: '2026-12-11T17:00:00.000Z',
      end_at: '2026-12-12T16:59:00.000Z',
      ended_at: null,
      ended_early: false,
      status: 'Belum Mulai',
      status_code: 'not_started',
      can_update: true,
      can_delete: true,
      can_end: false,
      product_count: 2,
    });
    expect(data.products).toEqual([
      {
        product_id: catalogue.A.laptop.id,
        name: catalogue.A.laptop.name,
        sku: catalogue.A.laptop.sku,
        price: catalogue.A.laptop.price,
        available_stock: 100,
        promo_stock: 100,
        purchase_limit: 0,
        units_sold: 0,
        gmv: 0,
        promo_stock_left: 100,
      },
      {
        product_id: catalogue.A.charger.id,
        name: catalogue.A.charger.name,
        sku: catalogue.A.charger.sku,
        price: catalogue.A.charger.price,
        available_stock: 100,
        promo_stock: 0,
        purchase_limit: 3,
        units_sold: 0,
        gmv: 0,
        promo_stock_left: 0,
      },
    ]);
    const shown = await api.request(path('A', `/${data.id}`), { token: admin });
    expect(shown.status).toBe(200);
    expect(shown.body.data).toEqual(data);
    const [audit] = await api.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'promotion'), eq(auditLogs.entityId, String(data.id))));
    expect(audit).toMatchObject({ action: 'promotion.store', brandId: api.world.brands.A });
  });

  it('creates one promotion for a form sent twice with one idempotency key', async () => {
    const body = promotionBody();
    const send = () =>
      api.request(path(), { token: admin, json: body, headers: { 'Idempotency-Key': `promo-${sequence}` } });
    const [first, second] = [await send(), await send()];
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.data.id).toBe(first.body.data.id);
    const named = await api.db.select().from(promotions).where(eq(promotions.name, body.name));
    expect(named).toHaveLength(1);
  });

  it('lets a key account create one for its brand', async () => {
    const response = await create(promotionBody({ channel: 'shopee' }), keyAccount);
    expect(response.status).toBe(201);
  });

  it('lists the brand promotions newest first in the Laravel paginator shape, filtered by name, type and channel', async () => {
    const marker = `Filter ${Date.now()}`;
    await created(promotionBody({ name: `${marker} diskon`, ...windowAhead(400 * DAY) }));
    const amount = await created(
      promotionBody({
        name: `${marker} potongan`,
        type: 'amount',
        value: 50_000,
        channel: 'shopee',
        ...windowAhead(400 * DAY),
      }),
    );
    const list = await api.request(path(), { token: admin, query: { search: marker, per_page: 1 } });
    expect(list.status).toBe(200);
    expect(list.body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 1, total: 2, from: 1, to: 1 });
    expect(list.body.data.map((row: { id: number }) => row.id)).toEqual([amount.id]);
    const byType = await api.request(path(), { token: admin, query: { search: marker, type: 'discount' } });
    expect(byType.body.data.map((row: { name: string }) => row.name)).toEqual([`${marker} diskon`]);
    const byChannel = await api.request(path(), {
      token: admin,
      query: { search: marker, channel: 'shopee' },
    });
    expect(byChannel.body.data.map((row: { name: string }) => row.name)).toEqual([`${marker} potongan`]);
    const none = await api.request(path(), { token: admin, query: { search: `${marker} tidak ada` } });
    expect(none.body).toEqual({
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 10, total: 0, from: null, to: null },
    });
  });

  it('filters by the Jakarta days a window meets', async () => {
    const marker = `Tanggal ${Date.now()}`;
    const inside = await created(
      promotionBody({ name: `${marker} a`, start_at: '2028-03-10 22:00', end_at: '2028-03-11 02:00' }),
    );
    await created(
      promotionBody({ name: `${marker} b`, start_at: '2028-03-12 00:00', end_at: '2028-03-12 10:00' }),
    );
    const list = await api.request(path(), {
      token: admin,
      query: { search: marker, 'date-from': '2028-03-11', 'date-to': '2028-03-11' },
    });
    expect(list.body.data.map((row: { id: number }) => row.id)).toEqual([inside.id]);
  });
});

describe('status by the clock', () => {
  it('is Belum Mulai before the start, Sedang Berjalan inside the window and Selesai from its end, in the show and the tabs', async () => {
    const marker = `Jam ${Date.now()}`;
    const promotion = await created(
      promotionBody({
        name: marker,
        ...windowAhead(500 * DAY, 2 * HOUR),
        products: [{ product_id: catalogue.A.laptop.id, promo_stock: 1, purchase_limit: 0 }],
      }),
    );
    const start = new Date(promotion.start_at);
    const end = new Date(promotion.end_at);
    async function seen() {
      const show = await api.request(path('A', `/${promotion.id}`), { token: admin });
      const tabs: Record<string, number[]> = {};
      for (const status of ['', 'not_started', 'running', 'finished', 'not_finished']) {
        const list = await api.request(path(), { token: admin, query: { search: marker, status } });
        tabs[status || 'all'] = list.body.data.map((row: { id: number }) => row.id);
      }
      // The export reads the status by the same rule, in its Status column (the 10th), its window in Jakarta time.
      const exported = await api.request(`/api/brand/${api.world.brands.A}/export/promotion`, {
        token: admin,
        query: { search: marker },
      });
      expect(exported.headers.get('content-disposition')).toMatch(/promotion\.xlsx/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(exported.bytes as unknown as ArrayBuffer);
      const rows = book.worksheets[0].getSheetValues().slice(2) as unknown[][];
      expect(rows.map((row) => [row[1], row[7]])).toEqual([[id, jakarta(start)]]);
      return {
        status: show.body.data.status,
        code: show.body.data.status_code,
        tabs,
        exported: rows.map((row) => row[10]),
      };
    }
    const id = promotion.id;
    expect(await atTime(new Date(start.getTime() - 1000), seen)).toEqual({
      status: 'Belum Mulai',
      code: 'not_started',
      tabs: { all: [id], not_started: [id], running: [], finished: [], not_finished: [id] },
      exported: ['Belum Mulai'],
    });
    expect(await atTime(start, seen)).toEqual({
      status: 'Sedang Berjalan',
      code: 'running',
      tabs: { all: [id], not_started: [], running: [id], finished: [], not_finished: [id] },
      exported: ['Sedang Berjalan'],
    });
    expect(await atTime(end, seen)).toEqual({
      status: 'Selesai',
      code: 'finished',
      tabs: { all: [id], not_started: [], running: [], finished: [id], not_finished: [] },
      exported: ['Selesai'],
    });
  });
});

describe('changing, ending and deleting', () => {
  it('changes a promotion that has not started, products and all', async () => {
    const promotion = await created(promotionBody());
    const response = await api.request(path('A', `/${promotion.id}`), {
      method: 'PUT',
      token: admin,
      json: promotionBody({
        name: 'Diganti',
        type: 'amount',
        value: 100_000,
        channel: 'shopee',
        products: [{ product_id: catalogue.A.charger.id, promo_stock: 5, purchase_limit: 1 }],
      }),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({
      name: 'Diganti',
      type: 'amount',
      value: 100_000,
      channel: 'shopee',
    });
    const lines = await api.db
      .select()
      .from(promotionProducts)
      .where(eq(promotionProducts.promotionId, promotion.id));
    expect(lines.map((line) => [line.productId, line.channelId, line.promoStock])).toEqual([
      [catalogue.A.charger.id, api.world.channels.shopee, 5],
    ]);
  });

  it('refuses to change or delete a promotion once it has started, and leaves it as it was', async () => {
    const promotion = await created(promotionBody({ ...windowAhead(600 * DAY) }));
    const before = await rowOf(promotion.id);
    await atTime(new Date(promotion.start_at), async () => {
      const update = await api.request(path('A', `/${promotion.id}`), {
        method: 'PUT',
        token: admin,
        json: promotionBody({ name: 'Terlambat', ...windowAhead(HOUR) }),
      });
      expect(update.status).toBe(422);
      expect(update.body.errors).toEqual({ id: ['Promosi yang sudah dimulai tidak dapat diubah.'] });
      const removal = await api.request(path('A', `/${promotion.id}`), { method: 'DELETE', token: admin });
      expect(removal.status).toBe(422);
      expect(removal.body.errors).toEqual({ id: ['Promosi yang sudah dimulai tidak dapat dihapus.'] });
    });
    expect(await rowOf(promotion.id)).toEqual(before);
  });

  it('deletes a promotion that has not started, with its products', async () => {
    const promotion = await created(promotionBody());
    const response = await api.request(path('A', `/${promotion.id}`), { method: 'DELETE', token: admin });
    expect(response.status).toBe(200);
    expect(await rowOf(promotion.id)).toBeUndefined();
    expect(
      await api.db.select().from(promotionProducts).where(eq(promotionProducts.promotionId, promotion.id)),
    ).toEqual([]);
    expect((await api.request(path('A', `/${promotion.id}`), { token: admin })).status).toBe(404);
  });

  it('ends a running promotion early: Selesai from then on, and its products free for another promotion', async () => {
    const laptop = [{ product_id: catalogue.A.laptop.id, promo_stock: 1, purchase_limit: 0 }];
    const promotion = await created(promotionBody({ ...windowAhead(700 * DAY, 10 * DAY), products: laptop }));
    const middle = new Date(new Date(promotion.start_at).getTime() + DAY);
    await atTime(middle, async () => {
      const ended = await api.request(path('A', `/${promotion.id}/end`), { method: 'PUT', token: admin });
      expect(ended.status).toBe(200);
      expect(ended.body.data).toMatchObject({
        status: 'Selesai',
        status_code: 'finished',
        ended_early: true,
        ended_at: middle.toISOString(),
        end_at: promotion.end_at,
        can_end: false,
      });
      const again = await api.request(path('A', `/${promotion.id}/end`), { method: 'PUT', token: admin });
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ id: ['Hanya promosi yang sedang berjalan yang dapat diakhiri.'] });
      const next = await create(promotionBody({ ...windowAhead(HOUR), products: laptop }));
      expect(next.status, JSON.stringify(next.body)).toBe(201);
    });
  });

  it('refuses to end a promotion that has not started', async () => {
    const promotion = await created(promotionBody());
    const response = await api.request(path('A', `/${promotion.id}/end`), { method: 'PUT', token: admin });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ id: ['Hanya promosi yang sedang berjalan yang dapat diakhiri.'] });
    expect((await rowOf(promotion.id)).endedAt).toBeNull();
  });
});

describe('the rules of a promotion, each refused with its message', () => {
  async function refused(overrides: Record<string, unknown>) {
    const before = (await api.db.select({ id: promotions.id }).from(promotions)).length;
    const response = await create(promotionBody({ ...windowAhead(900 * DAY), ...overrides }));
    expect(response.status).toBe(422);
    expect((await api.db.select({ id: promotions.id }).from(promotions)).length).toBe(before);
    return response.body.errors;
  }

  it('an end before or at the start', async () => {
    expect(await refused({ start_at: '2029-01-02 10:00', end_at: '2029-01-02 10:00' })).toEqual({
      end_at: ['The end at field must be a date after start at.'],
    });
  });

  it('a start that has passed', async () => {
    expect(await refused({ ...windowAhead(-HOUR) })).toEqual({
      start_at: ['The start at field must be a date after now.'],
    });
  });

  it('a date and time that is not one', async () => {
    expect(await refused({ start_at: '2029-02-30 10:00' })).toEqual({
      start_at: ['The start at field must match the format Y-m-d H:i.'],
    });
  });

  it('a value of zero', async () => {
    expect(await refused({ value: 0 })).toEqual({ value: ['The value field must be at least 1.'] });
  });

  it('a discount above 100 percent', async () => {
    expect(await refused({ value: 101 })).toEqual({
      value: ['The value field must not be greater than 100.'],
    });
  });

  it('a Potongan Harga not below the price of each product', async () => {
    expect(
      await refused({
        type: 'amount',
        value: catalogue.A.charger.price,
        products: [
          { product_id: catalogue.A.laptop.id, promo_stock: 1, purchase_limit: 0 },
          { product_id: catalogue.A.charger.id, promo_stock: 1, purchase_limit: 0 },
        ],
      }),
    ).toEqual({
      value: [
        `Potongan harga harus di bawah harga ${catalogue.A.charger.name} (${catalogue.A.charger.price}).`,
      ],
    });
  });

  it('no products', async () => {
    expect(await refused({ products: [] })).toEqual({
      products: ['The products field must have at least 1 items.'],
    });
  });

  it('a promo stock above the stock available, or below zero, and a negative purchase limit', async () => {
    expect(
      await refused({
        products: [
          { product_id: catalogue.A.laptop.id, promo_stock: 101, purchase_limit: 0 },
          { product_id: catalogue.A.phone.id, promo_stock: -1, purchase_limit: -1 },
        ],
      }),
    ).toEqual({
      'products.1.promo_stock': ['The promo stock field must be at least 0.'],
      'products.1.purchase_limit': ['The purchase limit field must be at least 0.'],
    });
    expect(
      await refused({
        products: [{ product_id: catalogue.A.laptop.id, promo_stock: 101, purchase_limit: 0 }],
      }),
    ).toEqual({
      'products.0.promo_stock': [`Stok promo ${catalogue.A.laptop.name} melebihi stok tersedia (100).`],
    });
  });

  it('reads the stock available at the save: reserved units are not available', async () => {
    await api.db
      .update(vendorStocks)
      .set({ reserved: 45 })
      .where(eq(vendorStocks.productId, catalogue.A.charger.id));
    try {
      expect(
        await refused({
          products: [{ product_id: catalogue.A.charger.id, promo_stock: 11, purchase_limit: 0 }],
        }),
      ).toEqual({
        'products.0.promo_stock': [`Stok promo ${catalogue.A.charger.name} melebihi stok tersedia (10).`],
      });
    } finally {
      await api.db
        .update(vendorStocks)
        .set({ reserved: 0 })
        .where(eq(vendorStocks.productId, catalogue.A.charger.id));
    }
  });

  it('a product of another brand, or named twice', async () => {
    expect(
      await refused({
        products: [
          { product_id: catalogue.B.shirt.id, promo_stock: 1, purchase_limit: 0 },
          { product_id: catalogue.A.phone.id, promo_stock: 1, purchase_limit: 0 },
        ],
      }),
    ).toEqual({ 'products.0.product_id': ['The selected products.0.product_id is invalid.'] });
    expect(
      await refused({
        products: [
          { product_id: catalogue.A.phone.id, promo_stock: 1, purchase_limit: 0 },
          { product_id: catalogue.A.phone.id, promo_stock: 1, purchase_limit: 0 },
        ],
      }),
    ).toEqual({ 'products.1.product_id': ['The products.1.product_id field has a duplicate value.'] });
  });

  it('a channel the brand has no shop on', async () => {
    const response = await create(
      promotionBody({
        channel: 'shopee',
        products: [{ product_id: catalogue.B.shirt.id, promo_stock: 1, purchase_limit: 0 }],
      }),
      admin,
      'B',
    );
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ channel: ['Brand ini belum terhubung ke toko Shopee.'] });
  });

  it('a product already in a promotion of the same channel whose window meets this one', async () => {
    const phone = [{ product_id: catalogue.A.phone.id, promo_stock: 1, purchase_limit: 0 }];
    const first = await created(
      promotionBody({
        name: 'Lebih Dulu',
        start_at: '2029-05-01 10:00',
        end_at: '2029-05-01 12:00',
        products: phone,
      }),
    );
    expect(
      await refused({ start_at: '2029-05-01 11:59', end_at: '2029-05-01 14:00', products: phone }),
    ).toEqual({
      'products.0.product_id': [
        `${catalogue.A.phone.name} sudah ikut promosi Lebih Dulu di Tokopedia pada waktu yang sama.`,
      ],
    });
    // Another channel, or a window starting as the first ends, is no overlap.
    expect(
      (
        await create(
          promotionBody({
            channel: 'shopee',
            start_at: '2029-05-01 11:00',
            end_at: '2029-05-01 13:00',
            products: phone,
          }),
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await create(
          promotionBody({ start_at: '2029-05-01 12:00', end_at: '2029-05-01 13:00', products: phone }),
        )
      ).status,
    ).toBe(201);
    // A promotion does not overlap itself when it is saved again.
    const again = await api.request(path('A', `/${first.id}`), {
      method: 'PUT',
      token: admin,
      json: promotionBody({
        name: 'Lebih Dulu',
        start_at: '2029-05-01 10:00',
        end_at: '2029-05-01 11:30',
        products: phone,
      }),
    });
    expect(again.status).toBe(200);
  });

  it('the database itself refuses a product in two promotions of one channel at once', async () => {
    const first = await created(promotionBody({ start_at: '2029-06-01 10:00', end_at: '2029-06-01 12:00' }));
    const second = await created(promotionBody({ start_at: '2029-06-02 10:00', end_at: '2029-06-02 12:00' }));
    const [line] = await api.db
      .select()
      .from(promotionProducts)
      .where(eq(promotionProducts.promotionId, first.id));
    await expect(
      api.db
        .update(promotionProducts)
        .set({ startsAt: line.startsAt, endsAt: line.endsAt })
        .where(eq(promotionProducts.promotionId, second.id)),
    ).rejects.toMatchObject({ cause: { code: '23P01' } });
  });
});

describe('who may reach a promotion', () => {
  it('answers 404 for another brand, whether through its path or its id, and changes nothing', async () => {
    const promotion = await created(promotionBody());
    const before = await rowOf(promotion.id);
    const underB = path('B', `/${promotion.id}`);
    expect((await api.request(underB, { token: admin })).status).toBe(404);
    expect((await api.request(underB, { method: 'PUT', token: admin, json: promotionBody() })).status).toBe(
      404,
    );
    expect((await api.request(`${underB}/end`, { method: 'PUT', token: admin })).status).toBe(404);
    expect((await api.request(underB, { method: 'DELETE', token: admin })).status).toBe(404);
    expect((await api.request(path('B'), { token: keyAccount })).status).toBe(404);
    const list = await api.request(path('B'), { token: admin });
    expect(list.body.data.map((row: { id: number }) => row.id)).not.toContain(promotion.id);
    expect(await rowOf(promotion.id)).toEqual(before);
  });

  it('refuses an account whose role holds no promotion permission', async () => {
    expect((await api.request(path(), { token: brandUser })).status).toBe(403);
    expect((await create(promotionBody(), brandUser)).status).toBe(403);
  });
});

describe('the products a promotion may take', () => {
  it("lists the brand's active products by name or SKU with price and available stock", async () => {
    const response = await api.request(`/api/brand/${api.world.brands.A}/promotion-product`, {
      token: admin,
      query: { search: 'A-PON' },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      {
        id: catalogue.A.phone.id,
        name: catalogue.A.phone.name,
        sku: catalogue.A.phone.sku,
        price: catalogue.A.phone.price,
        available_stock: 100,
      },
    ]);
    const named = await api.request(`/api/brand/${api.world.brands.A}/promotion-product`, {
      token: admin,
      query: { ids: `${catalogue.A.laptop.id},${catalogue.B.shirt.id}` },
    });
    expect(named.body.data.map((row: { id: number }) => row.id)).toEqual([catalogue.A.laptop.id]);
  });
});
