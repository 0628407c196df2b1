import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, type NotificationData } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';

let api: TestApi;
let token: string;
/** The ids of brandA's twelve notifications, newest first. */
let newestFirst: string[];

function stockUpdate(index: number): NotificationData {
  return {
    web: {
      type: 'stock-update',
      route: `/stock/update-stock-history/${index}`,
      brand: { id: api.world.brands.A },
    },
    notification: {
      title: `Stok diperbarui ${index}`,
      description: `Vendor memperbarui stok ${index}`,
      timestamp: '2024-05-01 08:00:00',
      order_id: null,
      invoice_offer_log_id: null,
      update_stock_history_id: index,
    },
  };
}

beforeAll(async () => {
  api = await startTestApi();
  const base = Date.parse('2024-05-01T08:00:00Z');
  const rows = await api.db
    .insert(notifications)
    .values(
      Array.from({ length: 12 }, (_, index) => ({
        userId: api.world.users.brandA.id,
        type: 'stock-update',
        data: stockUpdate(index),
        createdAt: new Date(base + index * 60_000),
      })),
    )
    .returning({ id: notifications.id, createdAt: notifications.createdAt });
  newestFirst = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((row) => row.id);
  await api.db.insert(notifications).values({
    userId: api.world.users.brandB.id,
    type: 'stock-update',
    data: stockUpdate(99),
    createdAt: new Date(base + 3_600_000),
  });
  token = await api.login(api.world.users.brandA.email);
});

afterAll(async () => {
  await api?.close();
});

describe('GET /api/account/notification', () => {
  it('pages the notifications of the user newest first, ten at a time by default, with the Laravel meta', async () => {
    const response = await api.request('/api/account/notification', { token, query: { page: 1 } });

    expect(response.status).toBe(200);
    expect(response.body.data.map((item: { id: string }) => item.id)).toEqual(newestFirst.slice(0, 10));
    expect(response.body.meta).toStrictEqual({
      current_page: 1,
      last_page: 2,
      per_page: 10,
      total: 12,
      from: 1,
      to: 10,
    });
  });

  it('answers the last page with what is left', async () => {
    const response = await api.request('/api/account/notification', {
      token,
      query: { page: 2, per_page: 10 },
    });

    expect(response.body.data.map((item: { id: string }) => item.id)).toEqual(newestFirst.slice(10));
    expect(response.body.meta).toStrictEqual({
      current_page: 2,
      last_page: 2,
      per_page: 10,
      total: 12,
      from: 11,
      to: 12,
    });
  });

  it('answers a page past the end with no items and null from and to', async () => {
    const response = await api.request('/api/account/notification', { token, query: { page: 5 } });

    expect(response.body.data).toEqual([]);
    expect(response.body.meta).toStrictEqual({
      current_page: 5,
      last_page: 2,
      per_page: 10,
      total: 12,
      from: null,
      to: null,
    });
  });

  it('shows each notification with its id, read_at and the web and notification data', async () => {
    const response = await api.request('/api/account/notification', { token, query: { per_page: 1 } });

    const [item] = response.body.data;
    expect(item).toMatchObject({ id: newestFirst[0], read_at: null, data: stockUpdate(11) });
  });

  it("never lists another user's notifications", async () => {
    const other = await api.login(api.world.users.brandB.email);

    const response = await api.request('/api/account/notification', { token: other });

    expect(response.body.meta.total).toBe(1);
    expect(response.body.data[0].data.notification.title).toBe('Stok diperbarui 99');
  });

  it('answers an empty list with last_page 1', async () => {
    const admin = await api.login(api.world.users.admin.email);

    const response = await api.request('/api/account/notification', { token: admin });

    expect(response.body).toStrictEqual({
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 10, total: 0, from: null, to: null },
    });
  });

  it('refuses a page size below one with 422 on per_page', async () => {
    const response = await api.request('/api/account/notification', { token, query: { per_page: 0 } });

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['per_page']);
  });

  it('answers 401 without a token', async () => {
    expect((await api.request('/api/account/notification')).status).toBe(401);
  });
});

describe('GET /api/account/notification/read-one/{id}', () => {
  it('marks the notification read, once, and lowers the unread count', async () => {
    const id = newestFirst[3];
    const unreadBefore = (await api.request('/api/account', { token })).body.data.total_unread_notification;

    const response = await api.request(`/api/account/notification/read-one/${id}`, { token });

    expect(response.status).toBe(200);
    expect(response.body.data.id).toBe(id);
    expect(Date.parse(response.body.data.read_at)).toBe(api.clock.now.getTime());
    const [row] = await api.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row.readAt?.getTime()).toBe(api.clock.now.getTime());
    expect((await api.request('/api/account', { token })).body.data.total_unread_notification).toBe(
      unreadBefore - 1,
    );

    api.clock.advance(60_000);
    const again = await api.request(`/api/account/notification/read-one/${id}`, { token });
    expect(again.body.data.read_at).toBe(response.body.data.read_at);
  });

  it("answers 404 for another user's notification and leaves it unread", async () => {
    const [foreign] = await api.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, api.world.users.brandB.id));

    const response = await api.request(`/api/account/notification/read-one/${foreign.id}`, { token });

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: expect.any(String) });
    const [row] = await api.db.select().from(notifications).where(eq(notifications.id, foreign.id));
    expect(row.readAt).toBeNull();
  });

  it.each([
    'not-a-uuid',
    '12345',
    '00000000-0000-0000-0000-00000000000g',
    "x' or '1'='1",
    '-'.repeat(36),
    '0123456789abcdef0123456789abcdef0123',
  ])('answers 404 for the malformed id %s', async (id) => {
    const response = await api.request(`/api/account/notification/read-one/${encodeURIComponent(id)}`, {
      token,
    });

    expect(response.status).toBe(404);
  });

  it('answers 404 for a well-formed id that does not exist', async () => {
    const response = await api.request(
      '/api/account/notification/read-one/6f1c2b9e-8d1a-4f3e-9c55-0a1b2c3d4e5f',
      { token },
    );

    expect(response.status).toBe(404);
  });
});
