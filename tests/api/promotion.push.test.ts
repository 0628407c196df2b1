import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  channelRequestLogs,
  notifications,
  promotions,
  skuChannels,
  users,
} from '../../api/db/schema';
import { channelAdapter } from '../../api/domains/marketplace/adapters';
import { announcePromotionTransitions } from '../../api/domains/promotion/announcements';
import { PROMOTION_RULE_MESSAGES } from '../../api/domains/marketplace/sandbox-promotion-rules';
import { startTestApi, type TestApi } from '../support/api';
import { createCatalogue, placeOrder, type Catalogue } from '../support/world';

/**
 * A promotion reaches its marketplace through the channel adapter (docs/decisions/048): every create, change,
 * end and delete is pushed and kept in the channel request log; what the marketplace refuses or fails on leaves
 * the promotion as it was, with the marketplace's message.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let api: TestApi;
let catalogue: Catalogue;
let admin: string;
let sequence = 0;

beforeAll(async () => {
  api = await startTestApi({ config: { ACCESS_TOKEN_TTL_SECONDS: String(10 * 365 * 24 * 3600) } });
  catalogue = await createCatalogue(api.db, api.world);
  api.clock.now = new Date('2026-12-01T00:00:00Z');
  admin = await api.login(api.world.users.admin.email);
  // The charger's SKU on Tokopedia asks the sandbox to fail every promotion push holding it.
  await api.db.insert(skuChannels).values({
    brandId: api.world.brands.A,
    channelId: api.world.channels.tokopedia,
    productId: catalogue.A.charger.id,
    name: catalogue.A.charger.name,
    sku: 'SANDBOX-FAIL-PROMO-CHARGER',
  });
});

afterAll(async () => {
  await api?.close();
});

function jakarta(at: Date) {
  return new Date(at.getTime() + 7 * HOUR).toISOString().slice(0, 16).replace('T', ' ');
}

function body(overrides: Record<string, unknown> = {}, length = DAY) {
  sequence++;
  const start = new Date(api.clock.now.getTime() + HOUR + sequence * 3 * DAY);
  return {
    name: `Promo Pasar ${sequence}`,
    type: 'discount',
    value: 10,
    channel: 'tokopedia',
    start_at: jakarta(start),
    end_at: jakarta(new Date(start.getTime() + length)),
    products: [{ product_id: catalogue.A.phone.id, promo_stock: 5, purchase_limit: 1 }],
    ...overrides,
  };
}

const path = (suffix = '') => `/api/brand/${api.world.brands.A}/promotion${suffix}`;

function pushesOf(promotionId: number | null) {
  return api.db
    .select()
    .from(channelRequestLogs)
    .where(
      promotionId === null
        ? eq(channelRequestLogs.brandId, api.world.brands.A)
        : eq(channelRequestLogs.promotionId, promotionId),
    )
    .orderBy(desc(channelRequestLogs.id));
}

async function rowOf(id: number) {
  const [row] = await api.db.select().from(promotions).where(eq(promotions.id, id));
  return row;
}

describe('pushing a promotion to its marketplace', () => {
  it('pushes a new promotion with each product at its price and promotion price, and keeps the id it is given', async () => {
    const response = await api.request(path(), { token: admin, json: body() });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const id = response.body.data.id as number;
    const [push] = await pushesOf(id);
    expect(push).toMatchObject({ action: 'promotion-create', status: 'success', statusCode: 200 });
    const price = catalogue.A.phone.price;
    expect(push.request).toMatchObject({
      discount_type: 'PERCENTAGE',
      discount_value: 10,
      products: [
        {
          sku: catalogue.A.phone.sku,
          original_price: price,
          discounted_price: price - Math.floor(price / 10),
          promo_stock: 5,
          max_order: 1,
        },
      ],
    });
    const row = await rowOf(id);
    expect(row.externalId).toMatch(/^\d{10,11}$/);
    expect(String((push.response as { data: { promotion_id: number } }).data.promotion_id)).toBe(
      row.externalId,
    );
  });

  it('pushes a change, and a delete, under the id the marketplace gave', async () => {
    const created = await api.request(path(), { token: admin, json: body() });
    const id = created.body.data.id as number;
    const externalId = (await rowOf(id)).externalId;
    const changed = await api.request(path(`/${id}`), {
      method: 'PUT',
      token: admin,
      json: body({ name: 'Promo Berubah', value: 20 }),
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const deleted = await api.request(path(`/${id}`), { method: 'DELETE', token: admin });
    expect(deleted.status).toBe(200);
    const pushes = await pushesOf(id);
    expect(pushes.map((push) => push.action)).toEqual([
      'promotion-delete',
      'promotion-update',
      'promotion-create',
    ]);
    for (const push of pushes.slice(0, 2)) {
      expect((push.request as { promotion_id: number }).promotion_id).toBe(Number(externalId));
    }
    expect(pushes[1].request).toMatchObject({ name: 'Promo Berubah', discount_value: 20 });
  });

  it('pushes an early end with the window closing now', async () => {
    const created = await api.request(path(), { token: admin, json: body() });
    const id = created.body.data.id as number;
    const start = (await rowOf(id)).startsAt;
    const before = api.clock.now;
    api.clock.now = new Date(start.getTime() + HOUR);
    try {
      const ended = await api.request(path(`/${id}/end`), { method: 'PUT', token: admin });
      expect(ended.status, JSON.stringify(ended.body)).toBe(200);
      const [push] = await pushesOf(id);
      expect(push).toMatchObject({ action: 'promotion-end', status: 'success' });
      expect((push.request as { end_time: string }).end_time).toBe(api.clock.now.toISOString());
    } finally {
      api.clock.now = before;
    }
  });
});

describe('what the marketplace refuses or fails on', () => {
  it('a window past 180 days is refused on its end with the marketplace message, and nothing is kept but the push', async () => {
    const before = (await api.db.select().from(promotions)).length;
    const refused = body({ name: 'Promo Terlalu Panjang' }, 181 * DAY);
    const response = await api.request(path(), { token: admin, json: refused });
    expect(response.status).toBe(422);
    expect(response.body.errors.end_at).toEqual([PROMOTION_RULE_MESSAGES.window]);
    expect((await api.db.select().from(promotions)).length).toBe(before);
    const [push] = await pushesOf(null);
    expect(push).toMatchObject({
      action: 'promotion-create',
      status: 'failed',
      statusCode: 400,
      promotionId: null,
    });
    const [audit] = await api.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'promotion.push-failed'))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit.changes.channel_request_log_id).toEqual({ before: null, after: push.id });
  });

  it('a discount above 95 % or a price left under Rp100 is refused on the value', async () => {
    const steep = await api.request(path(), { token: admin, json: body({ value: 99 }) });
    expect(steep.status).toBe(422);
    expect(steep.body.errors.value).toEqual([PROMOTION_RULE_MESSAGES.percent]);
    const cheap = await api.request(path(), {
      token: admin,
      json: body({ type: 'amount', value: catalogue.A.phone.price - 50 }),
    });
    expect(cheap.status).toBe(422);
    expect(cheap.body.errors.value).toEqual([PROMOTION_RULE_MESSAGES.discountedPrice(catalogue.A.phone.sku)]);
  });

  it('a marketplace that fails answers 502 and leaves a change or a delete undone', async () => {
    const created = await api.request(path(), { token: admin, json: body() });
    const id = created.body.data.id as number;
    const kept = await rowOf(id);
    // Adding the charger, whose channel SKU makes the marketplace fail, fails the change.
    const change = body({
      name: 'Promo Gagal',
      products: [
        { product_id: catalogue.A.phone.id, promo_stock: 5, purchase_limit: 1 },
        { product_id: catalogue.A.charger.id, promo_stock: 1, purchase_limit: 0 },
      ],
    });
    const changed = await api.request(path(`/${id}`), { method: 'PUT', token: admin, json: change });
    expect(changed.status).toBe(502);
    expect(changed.body.message).toMatch(/^Tokopedia tidak dapat memproses permintaan/);
    expect(await rowOf(id)).toEqual(kept);
    const shown = await api.request(path(`/${id}`), { token: admin });
    expect(shown.body.data.products).toHaveLength(1);
    const [push] = await pushesOf(id);
    expect(push).toMatchObject({ action: 'promotion-update', status: 'failed', statusCode: 503 });
  });

  it('a promotion holding the failing SKU is not deleted while the marketplace fails', async () => {
    // Pushed while the charger still had no channel SKU of its own: the link is made afterwards.
    const withCharger = body({
      products: [{ product_id: catalogue.A.laptop.id, promo_stock: 1, purchase_limit: 0 }],
    });
    const created = await api.request(path(), { token: admin, json: withCharger });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    await api.db
      .update(skuChannels)
      .set({ productId: catalogue.A.laptop.id })
      .where(and(eq(skuChannels.sku, 'SANDBOX-FAIL-PROMO-CHARGER')));
    try {
      const deleted = await api.request(path(`/${id}`), { method: 'DELETE', token: admin });
      expect(deleted.status).toBe(502);
      expect(await rowOf(id)).toBeDefined();
    } finally {
      await api.db
        .update(skuChannels)
        .set({ productId: catalogue.A.charger.id })
        .where(eq(skuChannels.sku, 'SANDBOX-FAIL-PROMO-CHARGER'));
    }
  });
});

describe('what a promotion sold', () => {
  it('shows each product’s units and GMV on its channel over the window so far, and the promo stock left', async () => {
    const created = await api.request(path(), {
      token: admin,
      json: body({
        products: [
          { product_id: catalogue.A.phone.id, promo_stock: 5, purchase_limit: 1 },
          { product_id: catalogue.A.laptop.id, promo_stock: 2, purchase_limit: 0 },
        ],
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    const before = api.clock.now;
    const start = (await rowOf(id)).startsAt;
    try {
      // A Tokopedia sale inside the window counts; a Shopee sale of the same product does not.
      api.clock.now = new Date(start.getTime() + HOUR);
      await placeOrder(api.deps, api.world, {
        brand: 'A',
        vendor: 'V1',
        lines: [{ product: catalogue.A.phone, quantity: 3, price: 90_000 }],
      });
      await placeOrder(api.deps, api.world, {
        brand: 'A',
        vendor: 'V1',
        channel: 'shopee',
        lines: [{ product: catalogue.A.phone, quantity: 7, price: 90_000 }],
      });
      const shown = await api.request(path(`/${id}`), { token: admin });
      const lines = shown.body.data.products as Record<string, number>[];
      expect(lines.find((line) => line.product_id === catalogue.A.phone.id)).toMatchObject({
        units_sold: 3,
        gmv: 270_000,
        promo_stock_left: 2,
      });
      expect(lines.find((line) => line.product_id === catalogue.A.laptop.id)).toMatchObject({
        units_sold: 0,
        gmv: 0,
        promo_stock_left: 2,
      });
    } finally {
      api.clock.now = before;
    }
    // Before its start, nothing is counted, whatever the days hold.
    const ahead = await api.request(path(`/${id}`), { token: admin });
    expect(ahead.body.data.products[0]).toMatchObject({ units_sold: 0, gmv: 0 });
  });
});

/** One round of the promotion sweep with the clock at `at`, pushing through the sandbox. */
function sweepAt(at: Date) {
  return announcePromotionTransitions(api.deps, at, { adapter: channelAdapter('sandbox') });
}

describe('the sweep around a promotion’s window', () => {
  async function announcementsOf(promotionId: number) {
    const rows = await api.db.select().from(notifications).where(eq(notifications.type, 'promotion-started'));
    const ended = await api.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'promotion-finished'));
    const route = `/promosi/${promotionId}`;
    return {
      started: rows.filter((row) => row.data.web.route === route),
      finished: ended.filter((row) => row.data.web.route === route),
    };
  }

  it('tells the brand’s users once when a promotion starts and once when it finishes, and never another brand', async () => {
    const created = await api.request(path(), { token: admin, json: body() });
    const id = created.body.data.id as number;
    const row = await rowOf(id);
    await sweepAt(new Date(row.startsAt.getTime() - 1));
    expect(await announcementsOf(id)).toEqual({ started: [], finished: [] });
    const running = new Date(row.startsAt.getTime() + HOUR);
    await sweepAt(running);
    await sweepAt(running);
    const afterStart = await announcementsOf(id);
    const brandUser = api.world.users.brandA;
    const otherBrand = api.world.users.brandB;
    const [brandUserRow] = await api.db.select().from(users).where(eq(users.email, brandUser.email));
    const [otherRow] = await api.db.select().from(users).where(eq(users.email, otherBrand.email));
    expect(afterStart.started.filter((note) => note.userId === brandUserRow.id)).toHaveLength(1);
    expect(afterStart.started.some((note) => note.userId === otherRow.id)).toBe(false);
    expect(afterStart.started[0].data.notification.description).toContain(row.name);
    expect(afterStart.finished).toEqual([]);
    const over = new Date(row.endsAt.getTime() + 1);
    await sweepAt(over);
    await sweepAt(over);
    const afterEnd = await announcementsOf(id);
    expect(afterEnd.started).toHaveLength(afterStart.started.length);
    expect(afterEnd.finished.filter((note) => note.userId === brandUserRow.id)).toHaveLength(1);
  });

  it('announces a window that passed between two rounds as finished only', async () => {
    const created = await api.request(path(), { token: admin, json: body() });
    const id = created.body.data.id as number;
    const row = await rowOf(id);
    await sweepAt(new Date(row.endsAt.getTime() + HOUR));
    const announced = await announcementsOf(id);
    expect(announced.started).toEqual([]);
    expect(announced.finished.length).toBeGreaterThan(0);
  });

  it('tells the marketplace once at the start and once at the end of the window, in the request log', async () => {
    const created = await api.request(path(), { token: admin, json: body() });
    const id = created.body.data.id as number;
    const row = await rowOf(id);
    const running = new Date(row.startsAt.getTime() + HOUR);
    await sweepAt(running);
    await sweepAt(running);
    const started = (await pushesOf(id)).filter((push) => push.action === 'promotion-start');
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({ status: 'success', statusCode: 200 });
    expect(started[0].request).toMatchObject({ promotion_id: Number(row.externalId), name: row.name });
    const over = new Date(row.endsAt.getTime() + 1);
    await sweepAt(over);
    await sweepAt(over);
    const pushes = await pushesOf(id);
    expect(pushes.map((push) => push.action)).toEqual([
      'promotion-end',
      'promotion-start',
      'promotion-create',
    ]);
    expect((pushes[0].request as { end_time: string }).end_time).toBe(row.endsAt.toISOString());
  });

  it('does not push the finish of a promotion ended early again: the early end was its push', async () => {
    const created = await api.request(path(), { token: admin, json: body() });
    const id = created.body.data.id as number;
    const row = await rowOf(id);
    const before = api.clock.now;
    api.clock.now = new Date(row.startsAt.getTime() + HOUR);
    try {
      await sweepAt(api.clock.now);
      expect((await api.request(path(`/${id}/end`), { method: 'PUT', token: admin })).status).toBe(200);
    } finally {
      api.clock.now = before;
    }
    await sweepAt(new Date(row.startsAt.getTime() + 2 * HOUR));
    const actions = (await pushesOf(id)).map((push) => push.action);
    expect(actions).toEqual(['promotion-end', 'promotion-start', 'promotion-create']);
    const finished = await api.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'promotion-finished'));
    expect(finished.some((note) => note.data.web.route === `/promosi/${id}`)).toBe(true);
  });

  it('keeps a start the marketplace fails on in the log and the audit, and still tells the brand’s users', async () => {
    const created = await api.request(path(), {
      token: admin,
      json: body({ products: [{ product_id: catalogue.A.laptop.id, promo_stock: 1, purchase_limit: 0 }] }),
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const row = await rowOf(id);
    // The laptop takes the failing SKU after the promotion was pushed: the marketplace fails on its start.
    await api.db
      .update(skuChannels)
      .set({ productId: catalogue.A.laptop.id })
      .where(eq(skuChannels.sku, 'SANDBOX-FAIL-PROMO-CHARGER'));
    try {
      await sweepAt(new Date(row.startsAt.getTime() + HOUR));
    } finally {
      await api.db
        .update(skuChannels)
        .set({ productId: catalogue.A.charger.id })
        .where(eq(skuChannels.sku, 'SANDBOX-FAIL-PROMO-CHARGER'));
    }
    const [push] = await pushesOf(id);
    expect(push).toMatchObject({ action: 'promotion-start', status: 'failed', statusCode: 503 });
    const [audited] = await api.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'promotion.push-failed'), eq(auditLogs.entityId, String(id))));
    expect(audited?.changes.action).toEqual({ before: null, after: 'promotion-start' });
    expect(audited?.changes.channel_request_log_id).toEqual({ before: null, after: push.id });
    const started = await api.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'promotion-started'));
    expect(started.some((note) => note.data.web.route === `/promosi/${id}`)).toBe(true);
  });
});
