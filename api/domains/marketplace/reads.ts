import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { marketplaceListings } from '../../db/schema';
import { notFound } from '../../api-error';
import { offsetOf, pageMeta, sortColumn } from '../../http/pagination';
import { rawOf } from './payload';
import { lastPushOf } from './request-log';
import { serializeListing, serializeListingRow } from './serializers';
import { combinationLabel } from './sku-links';
import { inShop, type Shop } from './shop';
import type { Taxonomy } from './taxonomy';

type ListingRow = typeof marketplaceListings.$inferSelect;

const SORTS = {
  id: marketplaceListings.id,
  name: marketplaceListings.name,
  sku: marketplaceListings.sku,
  price: marketplaceListings.price,
  stock: marketplaceListings.stock,
  created_at: marketplaceListings.createdAt,
  updated_at: marketplaceListings.updatedAt,
};

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(marketplaceListings.name, pattern),
    ilike(marketplaceListings.sku, pattern),
    sql`${search} = any(${marketplaceListings.skus})`,
  );
}

/** The shop's listings, newest first unless asked otherwise (docs/decisions/051), searched by name or any SKU. */
export async function pageOfListings(
  db: Executor,
  shop: Shop,
  query: { page: number; per_page: number; search?: string; sorted_by?: string; order_by: 'asc' | 'desc' },
) {
  // By id unless asked: ids are given as listings are made, so the newest are first (docs/decisions/051).
  const column = SORTS[sortColumn(SORTS, query.sorted_by, 'id')];
  const direction = query.order_by === 'desc' ? desc : asc;
  const where = and(inShop(shop), searchCondition(query.search));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(marketplaceListings)
      .where(where)
      .orderBy(direction(column), direction(marketplaceListings.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(marketplaceListings).where(where),
  ]);
  return { rows, meta: pageMeta({ page: query.page, perPage: query.per_page, total, count: rows.length }) };
}

export async function listListings(db: Executor, shop: Shop, query: Parameters<typeof pageOfListings>[2]) {
  const { rows, meta } = await pageOfListings(db, shop, query);
  return { data: rows.map(serializeListingRow), meta };
}

export async function findListing(db: Executor, shop: Shop, id: number) {
  const [row] = await db
    .select()
    .from(marketplaceListings)
    .where(and(eq(marketplaceListings.id, id), inShop(shop)));
  if (!row) throw notFound();
  return row;
}

/** `with=channelRequestLog` adds the listing's last push. */
export async function showListing(
  db: Executor,
  input: { shop: Shop; id: number; taxonomy: Taxonomy; withLog: boolean },
) {
  const row = await findListing(db, input.shop, input.id);
  const lastPush = input.withLog ? await lastPushOf(db, { listingId: row.id }) : undefined;
  return serializeListing(row, { taxonomy: input.taxonomy, lastPush });
}

/** The listing holding a marketplace product id: as the product itself, or as one of its variant combinations. */
export async function findListingByProductId(db: Executor, shop: Shop, productId: string) {
  const [row] = await db
    .select()
    .from(marketplaceListings)
    .where(
      and(
        inShop(shop),
        or(
          eq(marketplaceListings.externalId, productId),
          sql`${marketplaceListings.rawData} -> 'children' @> ${JSON.stringify([{ product_id: productId }])}::jsonb`,
        ),
      ),
    )
    .limit(1);
  if (!row) throw notFound();
  return row;
}

function stockWording(stock: number) {
  return stock < 1 ? 'Stok kosong' : `Stok ${stock}`;
}

/** A row of Tokopedia's product list. */
export function serializeChannelRow(row: ListingRow) {
  const { product } = rawOf(row);
  return {
    product_id: row.externalId ? Number(row.externalId) : null,
    listing_id: row.id,
    name: row.name,
    sku: row.sku,
    price: row.price,
    stock: row.stock,
    is_zero_stock: row.stock < 1,
    status: row.isInactive ? 'INACTIVE' : row.status,
    is_variant: Boolean(product.variant),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Tokopedia's product info (v2) of a listing; for a combination's id, that combination as its own product. */
export function serializeChannelProduct(row: ListingRow, productId: string, shop: Shop) {
  const raw = rawOf(row);
  const { product } = raw;
  const childIndex = raw.children.findIndex((child) => child.product_id === productId);
  const child = childIndex >= 0 ? product.variant?.products[childIndex] : undefined;
  const price = child ? child.price : row.price;
  const stock = child ? child.stock : row.stock;
  return {
    basic: {
      productID: Number(productId),
      shopID: shop.shopId,
      status: row.isInactive ? -1 : 1,
      name: child ? `${row.name} - ${combinationLabel(product, child.combination)}` : row.name,
      condition: product.condition === 'USED' ? 2 : 1,
      childCategoryID: product.category_id,
      shortDesc: product.description,
    },
    price: { value: price, currency: 1 },
    weight: { value: product.weight, unit: product.weight_unit === 'KG' ? 2 : 1 },
    stock: { value: Math.max(stock, 0), stockWording: stockWording(stock), useStock: true },
    variant: {
      isParent: Boolean(product.variant) && childIndex < 0,
      isVariant: Boolean(product.variant),
      childrenID: raw.children.map((item) => Number(item.product_id)),
    },
    menu: { id: product.etalase.id },
    preorder: product.preorder,
    wholesale: product.wholesale,
    pictures: (child?.pictures.length ? child.pictures : product.pictures).map((picture) => ({
      OriginalURL: picture.file_path,
    })),
    other: { sku: child ? child.sku : row.sku },
    listing_id: row.id,
  };
}

/** Tokopedia's variant info of a product: the types with their values, and each combination as a product. */
export function serializeChannelVariant(row: ListingRow, taxonomy: Taxonomy) {
  const raw = rawOf(row);
  const { product } = raw;
  const types = new Map(
    taxonomy.variantsOf(product.category_id ?? 0).map((type) => [type.variant_id, type.name]),
  );
  const rows = product.variant?.products ?? [];
  const primary = rows.findIndex((combination) => combination.is_primary);
  return {
    parent_id: row.externalId ? Number(row.externalId) : null,
    default_child: primary >= 0 && raw.children[primary] ? Number(raw.children[primary].product_id) : null,
    variant: (product.variant?.selection ?? []).map((selection) => ({
      variant_id: selection.id,
      name: types.get(selection.id) ?? null,
      unit_id: selection.unit_id,
      option: selection.options,
    })),
    children: rows.map((combination, index) => ({
      product_id: raw.children[index] ? Number(raw.children[index].product_id) : null,
      name: `${row.name} - ${combinationLabel(product, combination.combination)}`,
      ...combination,
    })),
  };
}
