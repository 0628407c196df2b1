import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  categories,
  media,
  productPhotos,
  products,
  skuChannels,
  vendorBrands,
  vendors,
  vendorStocks,
} from '../../db/schema';
import { notFound, validationFailed, type FieldErrors } from '../../api-error';
import { UNIQUE_FIELDS } from '../../db/unique';
import type { Work } from '../../work/unit-of-work';
import { serializeMedia } from '../media/serializer';
import { changeStock } from './ledger';
import type { NewProductBody, ProductBody, UpdateStockBody } from './schema';
import type { StockScope } from './scope';
import { serializeSkuChannel } from './sku-channels';
import { stockFigures } from './stock-list';
import { refreshInStockProduct } from '../rollup/service';

export const DUPLICATE_CHANNEL_SKU = 'SKU Produk tersebut sudah digunakan, gunakan SKU Produk yang lain.';

/** A product of the scope's brands, not deleted; anything else is a 404. */
export async function findProduct(db: Executor, scope: StockScope, productId: number) {
  const [row] = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.id, productId),
        inArray(products.brandId, scope.brandIds.length ? scope.brandIds : [0]),
        isNull(products.deletedAt),
      ),
    );
  if (!row) throw notFound();
  return row;
}

/** The stock product, with its photos, channel SKUs, vendor stock and figures. */
export async function showProduct(
  db: Executor,
  scope: StockScope,
  productId: number,
  mediaUrl: string,
  now: Date,
) {
  const product = await findProduct(db, scope, productId);
  const [category] = product.categoryId
    ? await db.select({ name: categories.name }).from(categories).where(eq(categories.id, product.categoryId))
    : [];
  const photos = await db
    .select({ media })
    .from(productPhotos)
    .innerJoin(media, eq(media.id, productPhotos.mediaId))
    .where(eq(productPhotos.productId, product.id))
    .orderBy(asc(productPhotos.position), asc(media.id));
  const channelSkus = await db
    .select()
    .from(skuChannels)
    .where(eq(skuChannels.productId, product.id))
    .orderBy(asc(skuChannels.id));
  const stockRows = await db
    .select({
      vendorId: vendors.id,
      vendorName: vendors.name,
      quantity: sql<number>`coalesce(${vendorStocks.quantity}, 0)`,
      reserved: sql<number>`coalesce(${vendorStocks.reserved}, 0)`,
    })
    .from(vendorBrands)
    .innerJoin(vendors, and(eq(vendors.id, vendorBrands.vendorId), isNull(vendors.deletedAt)))
    .leftJoin(
      vendorStocks,
      and(eq(vendorStocks.vendorId, vendors.id), eq(vendorStocks.productId, product.id)),
    )
    .where(
      and(
        eq(vendorBrands.brandId, product.brandId),
        scope.vendorId === null ? undefined : eq(vendors.id, scope.vendorId),
      ),
    )
    .orderBy(asc(vendors.name), asc(vendors.id));
  const [figures] = await stockFigures(db, scope, [product.id], now);
  return {
    id: product.id,
    brand_id: product.brandId,
    name: product.name,
    sku: product.sku,
    category_id: product.categoryId,
    category_name: category?.name ?? null,
    vendor_price: product.vendorPrice,
    is_active: product.isActive,
    photos: photos.map((row) => serializeMedia(row.media, mediaUrl)),
    photo_ids: photos.map((row) => row.media.id),
    sku_channels: channelSkus.map(serializeSkuChannel),
    sku_channel_ids: channelSkus.map((row) => row.id),
    vendor_stock: stockRows.map((row) => ({
      vendor_id: row.vendorId,
      vendor_name: row.vendorName,
      quantity: Number(row.quantity),
      reserved: Number(row.reserved),
      available: Number(row.quantity) - Number(row.reserved),
    })),
    ...figures,
    created_at: product.createdAt.toISOString(),
    updated_at: product.updatedAt.toISOString(),
  };
}

/**
 * The rules of the stock form beyond its shape: the SKU unique in the brand (a deleted product keeps its
 * SKU), the category the brand's own, the photos existing uploads, and each channel SKU the brand's and
 * not linked to another product.
 */
async function checkProduct(tx: Executor, brandId: number, body: ProductBody, productId: number | null) {
  const errors: FieldErrors = Object.create(null);
  const [taken] = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.brandId, brandId),
        eq(products.sku, body.sku),
        productId === null ? undefined : ne(products.id, productId),
      ),
    );
  if (taken) errors.sku = [UNIQUE_FIELDS.products_brand_sku_unique.message];
  const [category] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(eq(categories.id, body.category_id), eq(categories.brandId, brandId), isNull(categories.deletedAt)),
    );
  if (!category) errors.category_id = ['The selected category id is invalid.'];
  const photoIds = [...new Set(body.photo_ids ?? [])];
  if (photoIds.length) {
    const found = await tx.select({ id: media.id }).from(media).where(inArray(media.id, photoIds));
    const known = new Set(found.map((row) => row.id));
    (body.photo_ids ?? []).forEach((id, index) => {
      if (!known.has(id)) errors[`photo_ids.${index}`] = [`The selected photo_ids.${index} is invalid.`];
    });
  }
  const channelIds = body.sku_channel_ids ?? [];
  if (channelIds.length) {
    const found = await tx
      .select({ id: skuChannels.id, brandId: skuChannels.brandId, productId: skuChannels.productId })
      .from(skuChannels)
      .where(inArray(skuChannels.id, [...new Set(channelIds)]));
    const byId = new Map(found.map((row) => [row.id, row]));
    const seen = new Set<number>();
    channelIds.forEach((id, index) => {
      const row = byId.get(id);
      const field = `sku_channel_ids.${index}`;
      if (!row || row.brandId !== brandId) errors[field] = [`The selected ${field} is invalid.`];
      else if (seen.has(id) || (row.productId !== null && row.productId !== productId)) {
        errors[field] = [DUPLICATE_CHANNEL_SKU];
      }
      seen.add(id);
    });
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
}

async function attach(tx: Executor, productId: number, body: ProductBody) {
  if (body.photo_ids !== undefined) {
    await tx.delete(productPhotos).where(eq(productPhotos.productId, productId));
    const photoIds = [...new Set(body.photo_ids)];
    if (photoIds.length) {
      await tx
        .insert(productPhotos)
        .values(photoIds.map((mediaId, position) => ({ productId, mediaId, position })));
    }
  }
  if (body.sku_channel_ids !== undefined) {
    const keep = [...new Set(body.sku_channel_ids)];
    await tx
      .update(skuChannels)
      .set({ productId: null })
      .where(
        and(
          eq(skuChannels.productId, productId),
          keep.length ? sql`${skuChannels.id} not in ${keep}` : undefined,
        ),
      );
    if (keep.length) {
      await tx.update(skuChannels).set({ productId }).where(inArray(skuChannels.id, keep));
    }
  }
}

export async function createProduct(work: Work, input: { brandId: number; body: NewProductBody }) {
  const { tx, at } = work;
  const { body } = input;
  await checkProduct(tx, input.brandId, body, null);
  const [created] = await tx
    .insert(products)
    .values({
      brandId: input.brandId,
      categoryId: body.category_id,
      name: body.name,
      sku: body.sku,
      vendorPrice: body.vendor_price,
      isActive: body.is_active ?? true,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  await attach(tx, created.id, body);
  work.audit({
    action: 'product.store',
    entity: 'product',
    entityId: created.id,
    after: { ...body, brandId: input.brandId },
  });
  return created;
}

export async function updateProduct(
  work: Work,
  input: { scope: StockScope; productId: number; body: ProductBody },
) {
  const { tx, at } = work;
  const { body } = input;
  const before = await findProduct(tx, input.scope, input.productId);
  await tx.execute(sql`select id from products where id = ${before.id} for update`);
  await checkProduct(tx, before.brandId, body, before.id);
  const [after] = await tx
    .update(products)
    .set({
      categoryId: body.category_id,
      name: body.name,
      sku: body.sku,
      vendorPrice: body.vendor_price ?? before.vendorPrice,
      isActive: body.is_active ?? before.isActive,
      updatedAt: at,
    })
    .where(eq(products.id, before.id))
    .returning();
  await refreshInStockProduct(tx, before, after);
  await attach(tx, after.id, body);
  work.audit({
    action: 'product.update',
    entity: 'product',
    entityId: after.id,
    before: {
      name: before.name,
      sku: before.sku,
      categoryId: before.categoryId,
      vendorPrice: before.vendorPrice,
      isActive: before.isActive,
    },
    after: {
      name: after.name,
      sku: after.sku,
      categoryId: after.categoryId,
      vendorPrice: after.vendorPrice,
      isActive: after.isActive,
      photoIds: body.photo_ids,
      skuChannelIds: body.sku_channel_ids,
    },
  });
  return after;
}

/**
 * Deletes a product from the catalogue (kept for the orders and the ledger that name it, its SKU still
 * taken). Units reserved for open orders keep it: those orders still have to ship it.
 */
export async function deleteProduct(work: Work, input: { scope: StockScope; productId: number }) {
  const { tx, at } = work;
  const product = await findProduct(tx, input.scope, input.productId);
  const [held] = await tx
    .select({ reserved: sql<number>`coalesce(sum(${vendorStocks.reserved}), 0)` })
    .from(vendorStocks)
    .where(eq(vendorStocks.productId, product.id));
  if (Number(held.reserved) > 0) {
    throw validationFailed({ product: ['Produk masih dipesan dan belum dapat dihapus.'] });
  }
  await tx.update(products).set({ deletedAt: at, updatedAt: at }).where(eq(products.id, product.id));
  await refreshInStockProduct(tx, product, { ...product, deletedAt: at });
  await tx.update(skuChannels).set({ productId: null }).where(eq(skuChannels.productId, product.id));
  work.audit({
    action: 'product.destroy',
    entity: 'product',
    entityId: product.id,
    before: { name: product.name, sku: product.sku },
  });
}

/**
 * The brand's stock form (the vendor-stock modal): sets the quantity on hand of each vendor listed, each a
 * vendor serving the product's brand. Movements are adjustments noted as made on the brand side.
 */
export async function updateProductStock(
  work: Work,
  input: { scope: StockScope; productId: number; body: UpdateStockBody },
) {
  const { tx } = work;
  const product = await findProduct(tx, input.scope, input.productId);
  const vendorIds = [...new Set(input.body.product_stocks.map((line) => line.vendor_id))];
  const served = await tx
    .select({ vendorId: vendorBrands.vendorId })
    .from(vendorBrands)
    .innerJoin(vendors, and(eq(vendors.id, vendorBrands.vendorId), isNull(vendors.deletedAt)))
    .where(and(eq(vendorBrands.brandId, product.brandId), inArray(vendorBrands.vendorId, vendorIds)));
  const known = new Set(served.map((row) => row.vendorId));
  const errors: FieldErrors = Object.create(null);
  const seen = new Set<number>();
  input.body.product_stocks.forEach((line, index) => {
    if (!known.has(line.vendor_id)) {
      errors[`product_stocks.${index}.vendor_id`] = [
        `The selected product_stocks.${index}.vendor_id is invalid.`,
      ];
    } else if (seen.has(line.vendor_id)) {
      errors[`product_stocks.${index}.vendor_id`] = [
        `The product_stocks.${index}.vendor_id field has a duplicate value.`,
      ];
    }
    seen.add(line.vendor_id);
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
  const lines = [...input.body.product_stocks.entries()].sort((a, b) => a[1].vendor_id - b[1].vendor_id);
  const changes = [];
  for (const [index, line] of lines) {
    const moved = await changeStock(work, {
      vendorId: line.vendor_id,
      kind: 'adjustment',
      note: 'Stok diubah dari formulir produk',
      lines: [{ productId: product.id, set: line.quantity }],
      fieldOf: () => `product_stocks.${index}.quantity`,
    });
    changes.push(...moved.map((row) => ({ vendorId: line.vendor_id, before: row.before, after: row.after })));
  }
  work.audit({
    action: 'product.update-stock',
    entity: 'product',
    entityId: product.id,
    after: { changes },
  });
  return product;
}
