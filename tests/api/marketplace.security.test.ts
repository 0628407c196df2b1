import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelRequestLogs, marketplaceListings } from '../../api/db/schema';
import type { ApiResponse } from '../support/api';
import { startTestApi, type TestApi } from '../support/api';
import { createListing, KAOS_PRIA, listingBody } from '../support/marketplace';

/**
 * The tenancy matrix of the marketplace routes: every route × every role × own and foreign brand. A brand
 * outside the caller's tenancy answers 404, a listing of another brand under one's own path 404, a write the
 * role may not make 403; a refused write changes nothing (checked on the rows and the request log).
 */

const USERS = ['admin', 'keyAccount', 'brandA', 'brandB', 'vendor1', 'vendor2', 'vendor1Special'] as const;
type UserKey = (typeof USERS)[number];
type BrandKey = 'A' | 'B';

const BRAND_SCOPE: Record<UserKey, BrandKey[]> = {
  admin: ['A', 'B'],
  keyAccount: ['A'],
  brandA: ['A'],
  brandB: ['B'],
  vendor1: [],
  vendor2: [],
  vendor1Special: [],
};
const LISTING_KEEPERS: UserKey[] = ['admin', 'keyAccount'];

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

type Target = { id: number; external_id: string; sku: string | null };

function reads(
  brand: BrandKey,
): { path: string; query?: Record<string, string | number>; keepersOnly?: boolean }[] {
  const listing = standing[brand];
  return [
    { path: `${base(brand)}/tokopedia/product-commerce` },
    { path: `${base(brand)}/tokopedia/product-commerce/${listing.id}`, query: { with: 'channelRequestLog' } },
    { path: `${base(brand)}/channel-request-log/1/${listing.id}` },
    { path: `${base(brand)}/tokopedia/category` },
    { path: `${base(brand)}/tokopedia/variant`, query: { cat_id: KAOS_PRIA } },
    { path: `${base(brand)}/tokopedia/showcase` },
    { path: `${base(brand)}/tokopedia/product` },
    { path: `${base(brand)}/tokopedia/v2/product/${listing.external_id}` },
    { path: `${base(brand)}/tokopedia/v2/product/${listing.external_id}/variant` },
    { path: `${base(brand)}/tokopedia/import-template/product-price`, keepersOnly: true },
  ];
}

type Write = {
  name: string;
  /** Puts the target where the write would change it (as the administrator), before "nothing changed" is read. */
  prepare?: (brand: BrandKey, target: Target) => Promise<unknown>;
  call: (token: string, brand: BrandKey, target: Target) => Promise<ApiResponse>;
};

const switchOff = (brand: BrandKey, target: Target) =>
  api.request(`${base(brand)}/tokopedia/product-commerce/${target.id}/set-inactive`, {
    method: 'PUT',
    token: tokens.admin,
  });

const WRITES: Write[] = [
  {
    name: 'create',
    call: (token, brand) =>
      api.request(`${base(brand)}/tokopedia/product-commerce`, { token, json: listingBody() }),
  },
  {
    name: 'update',
    call: (token, brand, target) =>
      api.request(`${base(brand)}/tokopedia/product-commerce/${target.id}`, {
        method: 'PUT',
        token,
        json: listingBody({ sku: target.sku, price: 123_000 }),
      }),
  },
  {
    name: 'delete',
    call: (token, brand, target) =>
      api.request(`${base(brand)}/tokopedia/product-commerce/${target.id}`, { method: 'DELETE', token }),
  },
  {
    name: 'set-inactive',
    call: (token, brand, target) =>
      api.request(`${base(brand)}/tokopedia/product-commerce/${target.id}/set-inactive`, {
        method: 'PUT',
        token,
      }),
  },
  {
    name: 'set-active',
    prepare: switchOff,
    call: (token, brand, target) =>
      api.request(`${base(brand)}/tokopedia/product-commerce/${target.id}/set-active`, {
        method: 'PUT',
        token,
      }),
  },
  {
    name: 'import prices',
    call: (token, brand, target) => {
      const form = new FormData();
      form.append('file', new Blob([`sku,price\n${target.sku},123000\n`]), 'harga.csv');
      return api.request(`${base(brand)}/tokopedia/import/product-price`, { token, form });
    },
  },
  {
    name: 'tokopedia create',
    call: (token, brand) =>
      api.request(`${base(brand)}/tokopedia/product`, { token, json: { products: [listingBody()] } }),
  },
  {
    name: 'tokopedia update',
    call: (token, brand, target) =>
      api.request(`${base(brand)}/tokopedia/product/update`, {
        method: 'PUT',
        token,
        json: { products: [{ id: target.external_id, ...listingBody({ sku: target.sku, price: 123_000 }) }] },
      }),
  },
  {
    name: 'tokopedia delete',
    call: (token, brand, target) =>
      api.request(`${base(brand)}/tokopedia/product/delete`, {
        token,
        json: { _method: 'DELETE', product_id: [target.external_id] },
      }),
  },
  {
    name: 'tokopedia set-active',
    prepare: switchOff,
    call: (token, brand, target) =>
      api.request(`${base(brand)}/tokopedia/product/status/set-active`, {
        token,
        json: { product_id: [target.external_id] },
      }),
  },
  {
    name: 'tokopedia set-inactive',
    call: (token, brand, target) =>
      api.request(`${base(brand)}/tokopedia/product/status/set-inactive`, {
        token,
        json: { product_id: [target.external_id] },
      }),
  },
];

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
  for (const user of USERS) {
    for (const brand of ['A', 'B'] as const) {
      const inScope = BRAND_SCOPE[user].includes(brand);
      it(`${user} reading brand ${brand}'s listings answers ${inScope ? '200 (403 for a brand user and the template)' : '404'}`, async () => {
        for (const { path, query, keepersOnly } of reads(brand)) {
          const response = await api.request(path, { token: tokens[user], query });
          const expected = !inScope ? 404 : keepersOnly && !LISTING_KEEPERS.includes(user) ? 403 : 200;
          expect(response.status, `${user} ${path}`).toBe(expected);
        }
      });
    }
  }

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
  for (const write of WRITES) {
    for (const user of USERS) {
      for (const brand of ['A', 'B'] as const) {
        const inScope = BRAND_SCOPE[user].includes(brand);
        const allowed = inScope && LISTING_KEEPERS.includes(user);
        const expected = allowed ? '2xx' : inScope ? '403' : '404';
        it(`${write.name}: ${user} on brand ${brand} answers ${expected}${allowed ? '' : ' and changes nothing'}`, async () => {
          const target = await createListing(api, tokens.admin, listingBody(), brand);
          await write.prepare?.(brand, target);
          const before = { row: await rowOf(target.id), ...(await totals()) };
          const response = await write.call(tokens[user], brand, target);
          if (allowed) {
            expect(response.status, JSON.stringify(response.body)).toBeGreaterThanOrEqual(200);
            expect(response.status).toBeLessThan(300);
            return;
          }
          expect(response.status, JSON.stringify(response.body)).toBe(inScope ? 403 : 404);
          expect(await rowOf(target.id)).toEqual(before.row);
          expect(await totals()).toEqual({ listings: before.listings, logs: before.logs });
        });
      }
    }
  }

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
