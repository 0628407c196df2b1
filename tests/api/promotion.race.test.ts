import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionProducts } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';
import { createCatalogue, type Catalogue } from '../support/world';

/**
 * Two saves putting one product in two promotions of one channel at once: both are held after the overlap check
 * until both have passed it, so only the exclusion constraint of migration 0018 stands between them. Runs in the
 * PostgreSQL suite only (vitest.config.ts): PGlite has one connection, so two transactions never overlap there.
 */

let api: TestApi;
let catalogue: Catalogue;
let admin: string;

beforeAll(async () => {
  api = await startTestApi();
  catalogue = await createCatalogue(api.db, api.world);
  api.clock.now = new Date('2026-12-01T00:00:00Z');
  admin = await api.login(api.world.users.admin.email);
});

afterAll(async () => {
  await api?.close();
});

/** Holds every save reaching the overlap check until `parties` of them have. */
function holdUntil(parties: number) {
  let waiting: (() => void)[] = [];
  return async (point: string) => {
    if (point !== 'promotion-overlap') return;
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (waiting.length === parties) {
        for (const release of waiting) release();
        waiting = [];
      }
    });
  };
}

function body(name: string, start: string, end: string) {
  return {
    name,
    type: 'discount',
    value: 10,
    channel: 'tokopedia',
    start_at: start,
    end_at: end,
    products: [{ product_id: catalogue.A.phone.id, promo_stock: 1, purchase_limit: 0 }],
  };
}

describe('one product in two promotions of a channel at once (PostgreSQL)', () => {
  it('two creates racing past the overlap check: one is saved, the other refused on its products', async () => {
    api.deps.checkpoint = holdUntil(2);
    try {
      const answers = await Promise.all([
        api.request(`/api/brand/${api.world.brands.A}/promotion`, {
          token: admin,
          json: body('Pertama', '2026-12-10 10:00', '2026-12-10 14:00'),
        }),
        api.request(`/api/brand/${api.world.brands.A}/promotion`, {
          token: admin,
          json: body('Kedua', '2026-12-10 12:00', '2026-12-10 16:00'),
        }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
      const loser = answers.find((answer) => answer.status === 422);
      expect(loser?.body.errors).toEqual({
        products: ['Salah satu produk sudah ikut promosi lain di channel yang sama pada waktu yang sama.'],
      });
    } finally {
      api.deps.checkpoint = undefined;
    }
    const held = await api.db
      .select()
      .from(promotionProducts)
      .where(eq(promotionProducts.productId, catalogue.A.phone.id));
    expect(held).toHaveLength(1);
  });

  it('a change and a create racing for one product: one is saved, the other refused', async () => {
    const first = await api.request(`/api/brand/${api.world.brands.A}/promotion`, {
      token: admin,
      json: body('Awal', '2026-12-20 10:00', '2026-12-20 11:00'),
    });
    expect(first.status).toBe(201);
    api.deps.checkpoint = holdUntil(2);
    try {
      const answers = await Promise.all([
        api.request(`/api/brand/${api.world.brands.A}/promotion/${first.body.data.id}`, {
          method: 'PUT',
          token: admin,
          json: body('Awal', '2026-12-21 10:00', '2026-12-21 14:00'),
        }),
        api.request(`/api/brand/${api.world.brands.A}/promotion`, {
          token: admin,
          json: body('Baru', '2026-12-21 12:00', '2026-12-21 16:00'),
        }),
      ]);
      // Either may win; the loser's write is undone whole (a losing change keeps its earlier window).
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 422)).toHaveLength(1);
      expect(statuses[0] === 200 || statuses[1] === 201).toBe(true);
    } finally {
      api.deps.checkpoint = undefined;
    }
    const windows = await api.db
      .select({ startsAt: promotionProducts.startsAt, endsAt: promotionProducts.endsAt })
      .from(promotionProducts)
      .where(eq(promotionProducts.productId, catalogue.A.phone.id));
    const overlapping = windows.filter(
      (w) => w.startsAt < new Date('2026-12-21T09:00:00Z') && w.endsAt > new Date('2026-12-21T03:00:00Z'),
    );
    expect(overlapping).toHaveLength(1);
  });
});
