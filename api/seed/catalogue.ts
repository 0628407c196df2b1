import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import {
  channelRequestLogs,
  marketplaceListings,
  products,
  skuChannels,
  stockMovements,
  updateStockHistories,
  updateStockHistoryItems,
  vendorStocks,
} from '../db/schema';
import { bulkInsert } from './bulk-insert';
import { seededListingProduct } from './listings';
import type { Random } from './random';
import { DAY, HOUR, MINUTE } from './time';
import { HISTORY_DAYS, weeklyUnitsOfBrand } from './volume';
import type { World } from './world';

export const PRODUCTS_PER_BRAND = 250;

export type CatalogueProduct = {
  id: number;
  brandId: number;
  categoryId: number;
  name: string;
  sku: string;
  /** Marketplace selling price. */
  price: number;
  vendorPrice: number;
  /** Grams per unit. */
  weight: number;
  isActive: boolean;
};

export type StockUpdate = {
  historyId: number;
  vendorId: number;
  brandId: number;
  userId: number;
  at: Date;
  itemCount: number;
};

export type Catalogue = {
  products: CatalogueProduct[];
  /** Each brand's products and the cumulative popularity weights used to draw them. */
  byBrand: Map<number, { items: CatalogueProduct[]; cumulative: Float64Array }>;
  /** On-hand quantity per `${vendorId}:${productId}` before any reservation. */
  stock: Map<string, number>;
  stockUpdates: StockUpdate[];
};

export function stockKey(vendorId: number, productId: number): string {
  return `${vendorId}:${productId}`;
}

/** Draws a product of the brand, the popular ones more often. */
export function drawProduct(rng: Random, catalogue: Catalogue, brandId: number): CatalogueProduct {
  const { items, cumulative } = catalogue.byBrand.get(brandId) as {
    items: CatalogueProduct[];
    cumulative: Float64Array;
  };
  const roll = rng.next() * cumulative[cumulative.length - 1];
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (cumulative[mid] > roll) high = mid;
    else low = mid + 1;
  }
  return items[low];
}

function retailPrice(rng: Random, [min, max]: readonly [number, number]) {
  return Math.ceil(rng.int(min, max) / 1000) * 1000 - 100;
}

function buildProducts(rng: Random, world: World): CatalogueProduct[] {
  const built: CatalogueProduct[] = [];
  for (const brand of world.brands) {
    const names = new Set<string>();
    for (let n = 0; n < PRODUCTS_PER_BRAND; n++) {
      const leaf = brand.leaves[n % brand.leaves.length];
      let name = '';
      let type = '';
      do {
        type = rng.pick(leaf.types);
        name = `${type} ${rng.pick(brand.seed.modifiers)} ${rng.pick(brand.seed.sizes)}`;
      } while (names.has(name));
      names.add(name);
      const price = retailPrice(rng, leaf.price);
      const typeCode = type
        .replace(/[^A-Za-z]/g, '')
        .slice(0, 3)
        .toUpperCase();
      built.push({
        id: built.length + 1,
        brandId: brand.id,
        categoryId: leaf.id,
        name,
        sku: `${brand.code}-${typeCode}-${String(n + 1).padStart(4, '0')}`,
        price,
        vendorPrice: Math.round((price * (0.55 + rng.next() * 0.17)) / 500) * 500,
        weight: Math.round(rng.int(leaf.weight[0], leaf.weight[1]) / 10) * 10,
        isActive: !rng.chance(0.04),
      });
    }
  }
  return built;
}

/** The mean of the draws below, which scale a vendor's share of a product's stock around its expected size. */
const MEAN_DRAW = 76;
/** A product's stock, all vendors together, lasts this many weeks of its sales on average. */
const WEEKS_OF_STOCK = 6;

/**
 * A vendor's opening stock of a product: about its share of WEEKS_OF_STOCK weeks of the product's sales, rounded
 * up or down at random (so slow sellers are kept by a few vendors, not a unit at each), so stock lasts weeks, not
 * years. Null when the vendor does not carry the product at all; 0 (about one time in eight) when it carries it
 * but is out. The demo vendor carries every product, so an invoice posted to try the product reaches it.
 */
function initialQuantity(rng: Random, product: CatalogueProduct, share: number, carriesAll: boolean) {
  // Out of stock: a vendor that carries the product keeps its row at 0; one that would hold under a unit does not.
  if (!product.isActive || rng.chance(0.12)) return carriesAll || share >= 0.5 ? 0 : null;
  const drawn = rng.weighted([
    [rng.int(1, 30), 5],
    [rng.int(30, 150), 4],
    [rng.int(150, 500), 1],
  ]);
  const quantity = Math.floor((share * drawn) / MEAN_DRAW + (drawn % 10) / 10);
  if (carriesAll) return Math.max(1, quantity);
  return quantity > 0 ? quantity : null;
}

export async function seedCatalogue({
  db,
  rng,
  world,
  orders,
}: {
  db: Executor;
  rng: Random;
  world: World;
  /** The demo's order target: the products' sales, and so their stock, follow from it. */
  orders: number;
}): Promise<Catalogue> {
  const { now } = world;
  const since = new Date(now.getTime() - (HISTORY_DAYS + 25) * DAY);
  const built = buildProducts(rng, world);
  await bulkInsert(
    db,
    products,
    built.map((product) => ({
      id: product.id,
      brandId: product.brandId,
      categoryId: product.categoryId,
      name: product.name,
      sku: product.sku,
      vendorPrice: product.vendorPrice,
      isActive: product.isActive,
      createdAt: since,
      updatedAt: since,
    })),
  );

  const byBrand = new Map<number, { items: CatalogueProduct[]; cumulative: Float64Array }>();
  for (const brand of world.brands) {
    const items = rng.sample(
      built.filter((product) => product.brandId === brand.id && product.isActive),
      PRODUCTS_PER_BRAND,
    );
    const cumulative = new Float64Array(items.length);
    let total = 0;
    items.forEach((_, rank) => {
      total += 1 / Math.pow(rank + 3, 0.9);
      cumulative[rank] = total;
    });
    byBrand.set(brand.id, { items, cumulative });
  }

  // Each vendor's share of WEEKS_OF_STOCK weeks of a product's sales, the product drawn as often as its weight.
  const stockShare = new Map<number, number>();
  world.brands.forEach((brand, brandIndex) => {
    const { items, cumulative } = byBrand.get(brand.id) as {
      items: CatalogueProduct[];
      cumulative: Float64Array;
    };
    const vendorCount = world.vendors.filter((vendor) => vendor.brandIds.includes(brand.id)).length;
    const weekly = weeklyUnitsOfBrand(orders, brandIndex);
    const total = cumulative[cumulative.length - 1];
    items.forEach((product, rank) => {
      const weight = cumulative[rank] - (rank > 0 ? cumulative[rank - 1] : 0);
      stockShare.set(product.id, (weekly * (weight / total) * WEEKS_OF_STOCK) / vendorCount);
    });
  });
  const shareOf = (product: CatalogueProduct) => stockShare.get(product.id) ?? 0;

  const importAt = new Date(now.getTime() - (HISTORY_DAYS + 5) * DAY);
  const stock = new Map<string, number>();
  const movements: (typeof stockMovements.$inferInsert)[] = [];
  for (const vendor of world.vendors) {
    for (const product of built) {
      if (!vendor.brandIds.includes(product.brandId)) continue;
      const quantity = initialQuantity(rng, product, shareOf(product), vendor.id === world.demoVendorId);
      if (quantity === null) continue;
      stock.set(stockKey(vendor.id, product.id), quantity);
      movements.push({
        vendorId: vendor.id,
        productId: product.id,
        kind: 'import',
        quantity,
        balanceAfter: quantity,
        note: 'Impor stok awal',
        userId: world.adminId,
        createdAt: importAt,
      });
    }
  }

  // Vendor updates and adjustments replayed in time order, so each balance follows from the one before.
  type StockEvent = { at: Date; vendorId: number; brandId: number; kind: 'vendor_update' | 'adjustment' };
  const events: StockEvent[] = [];
  for (let n = 0; n < 60; n++) {
    const vendor = rng.chance(0.3) ? world.vendors[0] : rng.pick(world.vendors);
    events.push({
      at: new Date(now.getTime() - rng.int(5 * DAY, 60 * DAY)),
      vendorId: vendor.id,
      brandId: rng.pick(vendor.brandIds),
      kind: n % 3 === 2 ? 'adjustment' : 'vendor_update',
    });
  }
  events.sort((a, b) => a.at.getTime() - b.at.getTime());

  const histories: (typeof updateStockHistories.$inferInsert)[] = [];
  const historyItems: (typeof updateStockHistoryItems.$inferInsert)[] = [];
  const stockUpdates: StockUpdate[] = [];
  for (const event of events) {
    const vendor = world.vendors[event.vendorId - 1];
    const userId = (world.vendorUsers.get(vendor.id) as number[])[0];
    const chosen = rng.sample(
      built.filter((product) => product.brandId === event.brandId && product.isActive),
      event.kind === 'vendor_update' ? rng.int(3, 8) : rng.int(1, 3),
    );
    if (event.kind === 'vendor_update') {
      const historyId = histories.length + 1;
      histories.push({
        id: historyId,
        vendorId: vendor.id,
        brandId: event.brandId,
        userId,
        createdAt: event.at,
      });
      stockUpdates.push({
        historyId,
        vendorId: vendor.id,
        brandId: event.brandId,
        userId,
        at: event.at,
        itemCount: chosen.length,
      });
      for (const product of chosen) {
        const key = stockKey(vendor.id, product.id);
        const before = stock.get(key) ?? 0;
        // A count of what is on the shelf: about the vendor's share of the product's weeks of stock.
        const after = rng.chance(0.15)
          ? 0
          : Math.max(1, Math.round((shareOf(product) * rng.int(5, 200)) / 102));
        stock.set(key, after);
        historyItems.push({ historyId, productId: product.id, quantity: after });
        movements.push({
          vendorId: vendor.id,
          productId: product.id,
          kind: 'vendor_update',
          quantity: after - before,
          balanceAfter: after,
          note: null,
          userId,
          createdAt: event.at,
        });
      }
    } else {
      for (const product of chosen) {
        const key = stockKey(vendor.id, product.id);
        const before = stock.get(key) ?? 0;
        const change = before > 0 && rng.chance(0.6) ? -rng.int(1, Math.min(before, 5)) : rng.int(1, 10);
        stock.set(key, before + change);
        movements.push({
          vendorId: vendor.id,
          productId: product.id,
          kind: 'adjustment',
          quantity: change,
          balanceAfter: before + change,
          note:
            change < 0
              ? rng.pick(['Barang rusak', 'Selisih stok opname', 'Hilang di gudang'])
              : 'Selisih stok opname',
          userId: world.adminId,
          createdAt: new Date(event.at.getTime() + 30 * MINUTE),
        });
      }
    }
  }

  await bulkInsert(
    db,
    vendorStocks,
    [...stock.entries()].map(([key, quantity]) => {
      const [vendorId, productId] = key.split(':').map(Number);
      return { vendorId, productId, quantity, reserved: 0, updatedAt: now };
    }),
  );
  await bulkInsert(db, stockMovements, movements);
  await bulkInsert(db, updateStockHistories, histories);
  await bulkInsert(db, updateStockHistoryItems, historyItems);
  await seedMarketplace(db, rng, world, built, since);

  return { products: built, byBrand, stock, stockUpdates };
}

/** The seeded Tokopedia channel (api/seed/world.ts). */
const TOKOPEDIA = 1;

/** The picture every seeded listing shows (a file of the web app), so a listing saved unchanged has one. */
export const SEEDED_PICTURE = '/demo/product.svg';

/**
 * The shops' marketplace SKUs, each linked to its catalogue product: on Tokopedia, the SKU of each seeded
 * listing under the listing's product id (as a pushed listing keeps them, api/domains/marketplace/sku-links.ts),
 * so the stock form's link opens that listing; on Shopee, which has no listing screen here, one SKU per product.
 */
function skuLinksOf(
  world: World,
  built: CatalogueProduct[],
  listings: (typeof marketplaceListings.$inferInsert)[],
  since: Date,
) {
  const bySku = new Map(built.map((product) => [`${product.brandId}:${product.sku}`, product]));
  const links: (typeof skuChannels.$inferInsert)[] = [];
  for (const listing of listings) {
    const product = bySku.get(`${listing.brandId}:${listing.sku}`);
    if (listing.channelId !== TOKOPEDIA || !product) continue;
    links.push({
      brandId: product.brandId,
      channelId: TOKOPEDIA,
      productId: product.id,
      name: product.name,
      sku: product.sku,
      photoUrl: SEEDED_PICTURE,
      externalId: listing.externalId,
      createdAt: since,
      updatedAt: since,
    });
  }
  for (const product of built) {
    for (const channel of world.channels) {
      if (channel.id === TOKOPEDIA) continue;
      links.push({
        brandId: product.brandId,
        channelId: channel.id,
        productId: product.id,
        name: product.name,
        sku: product.sku,
        photoUrl: null,
        externalId: String(20_000_000_000 + product.id * 104_729),
        createdAt: since,
        updatedAt: since,
      });
    }
  }
  return links;
}

async function seedMarketplace(
  db: Executor,
  rng: Random,
  world: World,
  built: CatalogueProduct[],
  since: Date,
) {
  const listings: (typeof marketplaceListings.$inferInsert)[] = [];
  const logs: (typeof channelRequestLogs.$inferInsert)[] = [];
  for (const brand of world.brands) {
    for (const channel of world.channels) {
      const chosen = rng.sample(
        built.filter((product) => product.brandId === brand.id),
        24,
      );
      for (const product of chosen) {
        const id = listings.length + 1;
        const createdAt = new Date(world.now.getTime() - rng.int(10 * DAY, 300 * DAY));
        const stock = rng.chance(0.15) ? 0 : rng.int(1, 400);
        const externalId = String(
          channel.id === 1 ? 3_000_000_000 + id * 7_919 : 30_000_000_000 + id * 104_729,
        );
        const description = `${product.name} dari ${brand.name}. Produk original, siap kirim dari gudang mitra terdekat.`;
        const status = stock > 0 ? 'LIMITED' : 'EMPTY';
        const isInactive = rng.chance(0.1);
        // Drawn as before, so the rest of the seed draws the same numbers; the category comes from the taxonomy.
        rng.int(1000, 4000);
        const listed = seededListingProduct({
          name: product.name,
          description,
          sku: product.sku,
          price: product.price,
          stock,
          status,
          weight: product.weight,
          homeFallback: brand.id === 1,
          picture: SEEDED_PICTURE,
        });
        listings.push({
          id,
          brandId: brand.id,
          channelId: channel.id,
          name: product.name,
          description,
          sku: product.sku,
          price: product.price,
          stock,
          status,
          isInactive,
          externalId,
          categoryId: String(listed.categoryId),
          rawData: listed.rawData,
          salesCount: rng.int(0, 900),
          createdAt,
          updatedAt: new Date(createdAt.getTime() + rng.int(0, 5 * DAY)),
        });
        logs.push({
          brandId: brand.id,
          channelId: channel.id,
          listingId: id,
          action: 'create',
          request: { name: product.name, sku: product.sku, price: product.price, stock },
          response: { product_id: externalId },
          status: 'success',
          statusCode: 200,
          durationMs: 80 + (id % 9) * 23,
          createdAt,
        });
      }
      const failed = listings[listings.length - 1];
      logs.push({
        brandId: brand.id,
        channelId: channel.id,
        listingId: failed.id,
        action: 'update',
        request: { sku: chosen[0].sku },
        response: { errors: ['SKU sudah digunakan produk lain di toko ini'] },
        status: 'failed',
        statusCode: 400,
        durationMs: 310,
        createdAt: new Date(world.now.getTime() - rng.int(HOUR, 5 * DAY)),
      });
    }
  }
  await bulkInsert(db, marketplaceListings, listings);
  await bulkInsert(db, skuChannels, skuLinksOf(world, built, listings, since));
  // The bulk insert carries no arrays: each listing holds its one SKU in the shop.
  await db.execute(sql`update marketplace_listings set skus = array[sku] where sku is not null`);
  await bulkInsert(db, channelRequestLogs, logs);
}
