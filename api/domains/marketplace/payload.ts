import type { marketplaceListings } from '../../db/schema';
import type { ChannelChild, ChannelProduct, ListingStatus, VariantProduct } from './channel-adapter';
import { skusOf } from './sandbox-rules';
import type { ChannelProductBody } from './schema';

type ListingRow = typeof marketplaceListings.$inferSelect;

/**
 * What a listing keeps in `raw_data`: the product as last pushed (with its real stock), the ids of its
 * variant combinations on the marketplace, and the client's own form state, handed back as it came.
 */
export type ListingRaw = {
  product: ChannelProduct;
  children: ChannelChild[];
  form: Record<string, unknown>;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The product a client's body describes. A new listing starts EMPTY with stock −1 (docs/decisions/016), its
 * combinations too; on edit, status and stock are those sent, else those the listing had. A listing that has
 * sold keeps its name (`keptName`).
 */
export function productOfBody(
  body: ChannelProductBody,
  options: { creating: boolean; previous?: ChannelProduct; keptName?: string },
): ChannelProduct {
  const { creating, previous } = options;
  const selection = body.variant?.selection ?? [];
  const variantProducts: VariantProduct[] = (body.variant?.products ?? []).map((row) => ({
    combination: row.combination,
    is_primary: row.is_primary,
    price: row.price ?? null,
    sku: row.sku || null,
    stock: creating ? -1 : (row.stock ?? 0),
    status: creating ? 'EMPTY' : (row.status ?? 'LIMITED'),
    pictures: row.pictures,
  }));
  return {
    name: options.keptName ?? body.name ?? '',
    description: body.description,
    condition: body.condition,
    category_id: body.category_id ?? null,
    etalase: { id: body.etalase.id ?? null },
    sku: body.sku || null,
    price: body.price ?? null,
    status: creating ? 'EMPTY' : (body.status ?? previous?.status ?? 'LIMITED'),
    stock: creating ? -1 : (body.stock ?? previous?.stock ?? 0),
    min_order: body.min_order ?? null,
    weight: body.weight ?? null,
    weight_unit: body.weight_unit,
    dimension: {
      length: body.dimension.length ?? null,
      width: body.dimension.width ?? null,
      height: body.dimension.height ?? null,
    },
    preorder: {
      is_active: body.preorder.is_active,
      duration: body.preorder.duration ?? null,
      time_unit: body.preorder.time_unit,
    },
    pictures: body.pictures,
    videos: body.videos.map((video) => ({ source: 'youtube', url: video.url })),
    wholesale: body.wholesale,
    variant: selection.length ? { selection, products: variantProducts } : null,
  };
}

function lifted<T extends { stock: number }>(row: T): T & { is_zero_stock?: boolean } {
  return row.stock < 1 ? { ...row, stock: 1, is_zero_stock: true } : row;
}

/** The product as it goes to the channel: a stock below 1 goes as 1, flagged as zero stock (docs/decisions/016). */
export function outgoing(product: ChannelProduct): ChannelProduct {
  return {
    ...lifted(product),
    variant: product.variant && {
      selection: product.variant.selection,
      products: product.variant.products.map(lifted),
    },
  };
}

function primaryOf(product: ChannelProduct) {
  const rows = product.variant?.products ?? [];
  return rows.find((row) => row.is_primary) ?? rows[0];
}

/** A variant listing's stock is its combinations' together; −1 while none has any count yet. */
function stockOf(product: ChannelProduct) {
  if (!product.variant) return product.stock;
  const counted = product.variant.products.filter((row) => row.stock >= 0);
  return counted.length ? counted.reduce((sum, row) => sum + row.stock, 0) : -1;
}

/** The listing's columns a product sets: for a variant listing, SKU and price are the primary combination's. */
export function listingColumns(product: ChannelProduct) {
  const primary = primaryOf(product);
  const status: ListingStatus = product.status;
  return {
    name: product.name,
    description: product.description,
    sku: (product.variant ? primary?.sku : product.sku) ?? product.sku ?? null,
    skus: skusOf(product),
    price: (product.variant ? primary?.price : product.price) ?? 0,
    stock: stockOf(product),
    status,
    categoryId: product.category_id === null ? null : String(product.category_id),
  };
}

/** A listing stored before its product was kept whole (or seeded): its product from the columns it has. */
function productOfColumns(row: ListingRow, raw: Record<string, unknown>): ChannelProduct {
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  return {
    name: row.name,
    description: row.description ?? '',
    condition: raw.condition === 'USED' ? 'USED' : 'NEW',
    category_id: row.categoryId && /^\d+$/.test(row.categoryId) ? Number(row.categoryId) : null,
    etalase: { id: isRecord(raw.etalase) ? number(raw.etalase.id) : null },
    sku: row.sku,
    price: row.price,
    status: (['LIMITED', 'UNLIMITED', 'EMPTY'] as const).find((status) => status === row.status) ?? 'LIMITED',
    stock: row.stock,
    min_order: number(raw.min_order) ?? 1,
    weight: number(raw.weight),
    weight_unit: raw.weight_unit === 'KG' ? 'KG' : 'GR',
    dimension: { length: null, width: null, height: null },
    preorder: { is_active: false, duration: null, time_unit: 'DAY' },
    pictures: [],
    videos: [],
    wholesale: [],
    variant: null,
  };
}

/** What a stored listing holds, whatever its age. */
export function rawOf(row: ListingRow): ListingRaw {
  const raw = isRecord(row.rawData) ? row.rawData : {};
  const product = isRecord(raw.product) ? (raw.product as ChannelProduct) : productOfColumns(row, raw);
  return {
    product,
    children: Array.isArray(raw.children) ? (raw.children as ChannelChild[]) : [],
    form: isRecord(raw.form) ? raw.form : {},
  };
}
