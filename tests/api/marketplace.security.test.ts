import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelRequestLogs, marketplaceListings } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';
import { createListing, listingBody } from '../support/marketplace';

/**
 * A listing named under another brand's path: a 404 (or a 422 for a listing named in a body), even for an
 * administrator, and nothing changed on the rows or the request log. Who may call each route at all, on own and
 * foreign brands, is the generated access matrix's (tests/api/access-matrix.test.ts).
 */

const USERS = ['admin'] as const;
type UserKey = (typeof USERS)[number];
type BrandKey = 'A' | 'B';

let api: TestApi;
const tokens = {} as Record<UserKey, string>;
const standing = {} as Record<BrandKey, { id: number; external_id: string; sku: string | null }>;

beforeAll(async () => {
  api = await startTestApi();
  for (const user of USERS) tokens[user] = await api.login(api.world.users[user].email);
  for (const brand of ['A', 'B'] as const)
    standing[brand] = await createListing(api, tokens.admin, listingBody(), brand);
});

afterAll(async () => {
  await api?.close();
});

const base = (brand: BrandKey) => `/api/brand/${api.world.brands[brand]}`;

async function rowOf(id: number) {
  const [row] = await api.db.select().from(marketplaceListings).where(eq(marketplaceListings.id, id));
  return row;
}

async function totals() {
  const [listings] = await api.db.select({ total: count() }).from(marketplaceListings);
  const [logs] = await api.db.select({ total: count() }).from(channelRequestLogs);
  return { listings: listings.total, logs: logs.total };
}

describe('marketplace reads', () => {
  it("a listing of brand B under brand A's path is a 404, even for an administrator", async () => {
    const B = standing.B;
    for (const path of [
      `${base('A')}/tokopedia/product-commerce/${B.id}`,
      `${base('A')}/channel-request-log/1/${B.id}`,
      `${base('A')}/tokopedia/v2/product/${B.external_id}`,
      `${base('A')}/tokopedia/v2/product/${B.external_id}/variant`,
    ]) {
      expect((await api.request(path, { token: tokens.admin })).status, path).toBe(404);
    }
  });
});

describe('marketplace writes', () => {
  it("writes to brand B's listing under brand A's path change nothing", async () => {
    const target = await createListing(api, tokens.admin, listingBody(), 'B');
    const before = { row: await rowOf(target.id), ...(await totals()) };
    const refused = [
      await api.request(`${base('A')}/tokopedia/product-commerce/${target.id}`, {
        method: 'PUT',
        token: tokens.admin,
        json: listingBody({ sku: target.sku }),
      }),
      await api.request(`${base('A')}/tokopedia/product-commerce/${target.id}`, {
        method: 'DELETE',
        token: tokens.admin,
      }),
      await api.request(`${base('A')}/tokopedia/product-commerce/${target.id}/set-inactive`, {
        method: 'PUT',
        token: tokens.admin,
      }),
      await api.request(`${base('A')}/tokopedia/product/status/set-inactive`, {
        token: tokens.admin,
        json: { product_id: [target.external_id] },
      }),
      await api.request(`${base('A')}/tokopedia/product/delete`, {
        token: tokens.admin,
        json: { _method: 'DELETE', product_id: [target.external_id] },
      }),
    ];
    expect(refused.map((response) => response.status)).toEqual([404, 404, 404, 422, 422]);
    const form = new FormData();
    form.append('file', new Blob([`sku,price\n${target.sku},123000\n`]), 'harga.csv');
    const imported = await api.request(`${base('A')}/tokopedia/import/product-price`, {
      token: tokens.admin,
      form,
    });
    expect(imported.status).toBe(422);
    expect(await rowOf(target.id)).toEqual(before.row);
    expect(await totals()).toEqual({ listings: before.listings, logs: before.logs });
  });
});
