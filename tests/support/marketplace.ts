import type { ApiResponse, TestApi } from './api';

let sequence = 0;

/** A SKU no other test of this process has used. */
export function uniqueSku(prefix = 'KAOS') {
  return `${prefix}-${process.pid}-${++sequence}`;
}

/** Kaos Pria (Fashion Pria › Atasan Pria › Kaos Pria) in the shipped Tokopedia taxonomy. */
export const KAOS_PRIA = 1761;
/** A last-level category whose only variant type is Warna. */
export const MOUSE = 311;
/** Atasan Pria: a category that is not the last level. */
export const ATASAN_PRIA = 1760;
/** Produk Terbaru. */
export const ETALASE = 1001;
/** Warna (no unit) and Ukuran Pakaian (unit Internasional). */
export const WARNA = { id: 1, unit_id: 0, merah: 1, hitam: 3 };
export const UKURAN = { id: 29, unit_id: 1, m: 103, l: 104 };

export type ListingInput = Record<string, unknown>;

/** A listing the sandbox takes: one SKU, one picture, every required field. */
export function listingBody(overrides: ListingInput = {}): ListingInput {
  return {
    name: 'Kaos Polos Katun Combed',
    description: 'Kaos polos bahan katun combed 30s, adem dan nyaman dipakai harian.',
    condition: 'NEW',
    category_id: KAOS_PRIA,
    etalase: { id: ETALASE },
    sku: uniqueSku(),
    price: 75_000,
    min_order: 1,
    weight: 200,
    weight_unit: 'GR',
    dimension: { length: 30, width: 20, height: 2 },
    preorder: { is_active: false, duration: null, time_unit: 'DAY' },
    pictures: [{ file_path: '/storage/file/2026/11/kaos.jpg' }],
    videos: [],
    wholesale: [],
    ...overrides,
  };
}

/** Two variant types (Warna: Merah, Hitam × Ukuran: M, L), four combinations, the first primary. */
export function variantBody(overrides: ListingInput = {}): ListingInput {
  const skus = [uniqueSku('KV'), uniqueSku('KV'), uniqueSku('KV'), uniqueSku('KV')];
  const combinations = [
    [0, 0],
    [0, 1],
    [1, 0],
    [1, 1],
  ];
  return listingBody({
    sku: null,
    price: null,
    variant: {
      selection: [
        {
          id: WARNA.id,
          unit_id: WARNA.unit_id,
          options: [
            { unit_value_id: WARNA.merah, value: 'Merah', hex_code: '#E53935' },
            { unit_value_id: WARNA.hitam, value: 'Hitam', hex_code: '#212121' },
          ],
        },
        {
          id: UKURAN.id,
          unit_id: UKURAN.unit_id,
          options: [
            { unit_value_id: UKURAN.m, value: 'M' },
            { unit_value_id: UKURAN.l, value: 'L' },
          ],
        },
      ],
      products: combinations.map((combination, index) => ({
        combination,
        is_primary: index === 0,
        price: 80_000 + index * 5_000,
        sku: skus[index],
        stock: 10,
        pictures: [],
      })),
    },
    ...overrides,
  });
}

export function listingsPath(api: TestApi, brand: 'A' | 'B' = 'A') {
  return `/api/brand/${api.world.brands[brand]}/tokopedia/product-commerce`;
}

/** Creates a listing as `token`'s user and answers its id; fails the test when the sandbox refuses it. */
export async function createListing(
  api: TestApi,
  token: string,
  body: ListingInput = listingBody(),
  brand: 'A' | 'B' = 'A',
) {
  const response: ApiResponse = await api.request(listingsPath(api, brand), { token, json: body });
  if (response.status !== 201) throw new Error(`listing not created: ${JSON.stringify(response.body)}`);
  return response.body.data as { id: number; external_id: string; sku: string | null } & Record<
    string,
    unknown
  >;
}
