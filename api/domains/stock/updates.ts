import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jakartaTimestamp } from '../../db/jakarta';
import {
  brands,
  products,
  updateStockHistories,
  updateStockHistoryItems,
  users,
  vendors,
  type NotificationData,
} from '../../db/schema';
import { notFound, validationFailed, type FieldErrors } from '../../api-error';
import type { Work } from '../../work/unit-of-work';
import { brandAudience } from '../notification/audience';
import { changeStock, type ManualStockKind, type StockMovementRow } from './ledger';
import type { AdjustmentBody } from './schema';
import type { StockScope } from './scope';

type ProductOfScope = { id: number; brandId: number; name: string; sku: string };

/** The products named by id, each required to be a live product of the scope's brands; 422 per bad line. */
export async function productsOfScope(
  tx: Executor,
  scope: StockScope,
  productIds: number[],
  fieldOf: (index: number) => string,
) {
  const found = productIds.length
    ? await tx
        .select({ id: products.id, brandId: products.brandId, name: products.name, sku: products.sku })
        .from(products)
        .where(
          and(
            inArray(products.id, [...new Set(productIds)]),
            inArray(products.brandId, scope.brandIds.length ? scope.brandIds : [0]),
            isNull(products.deletedAt),
          ),
        )
    : [];
  const byId = new Map<number, ProductOfScope>(found.map((row) => [row.id, row]));
  const errors: FieldErrors = Object.create(null);
  const seen = new Set<number>();
  productIds.forEach((id, index) => {
    if (!byId.has(id)) errors[fieldOf(index)] = ['The selected product id is invalid.'];
    else if (seen.has(id)) errors[fieldOf(index)] = ['The product id field has a duplicate value.'];
    seen.add(id);
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
  return byId;
}

/**
 * A vendor's stock update (the Update modal, the inline edit, an import): sets the quantity on hand of each
 * product through the ledger, then, per brand whose products changed, records an update-stock history of
 * what was set and tells the brand's users (type stock-update, opening the history). Returns the histories.
 */
export async function recordVendorUpdate(
  work: Work,
  input: {
    vendorId: number;
    kind: Extract<ManualStockKind, 'vendor_update' | 'import'>;
    note: string | null;
    lines: { product: Pick<ProductOfScope, 'id' | 'brandId'>; quantity: number }[];
    fieldOf: (index: number) => string;
  },
) {
  const { tx, at } = work;
  const moved = await changeStock(work, {
    vendorId: input.vendorId,
    kind: input.kind,
    note: input.note,
    lines: input.lines.map((line) => ({ productId: line.product.id, set: line.quantity })),
    fieldOf: input.fieldOf,
  });
  const changed = new Set(moved.map((row) => row.productId));
  const byBrand = new Map<number, { productId: number; quantity: number }[]>();
  for (const line of input.lines) {
    if (!changed.has(line.product.id)) continue;
    const item = { productId: line.product.id, quantity: line.quantity };
    const list = byBrand.get(line.product.brandId);
    if (list) list.push(item);
    else byBrand.set(line.product.brandId, [item]);
  }
  const [vendor] = await tx
    .select({ name: vendors.name })
    .from(vendors)
    .where(eq(vendors.id, input.vendorId));
  const histories: { id: number; brandId: number; items: number }[] = [];
  for (const [brandId, lines] of [...byBrand.entries()].sort((a, b) => a[0] - b[0])) {
    const [history] = await tx
      .insert(updateStockHistories)
      .values({ vendorId: input.vendorId, brandId, userId: work.actorId, createdAt: at })
      .returning({ id: updateStockHistories.id });
    // One statement for the items, in line order (their ids keep it), whatever their number.
    const items = JSON.stringify(lines.map((line) => [line.productId, line.quantity]));
    await tx.execute(sql`insert into update_stock_history_items (history_id, product_id, quantity)
      select ${history.id}::int, (x.item->>0)::int, (x.item->>1)::int
      from jsonb_array_elements(${items}::jsonb) with ordinality as x(item, n)
      order by x.n`);
    histories.push({ id: history.id, brandId, items: lines.length });
    const data: NotificationData = {
      web: {
        type: 'stock-update',
        route: `/stock/update-stock-history/${history.id}`,
        brand: { id: brandId },
      },
      notification: {
        title: 'Update Stok',
        description: `${vendor?.name ?? 'Vendor'} memperbarui stok ${lines.length} produk`,
        timestamp: jakartaTimestamp(at),
        order_id: null,
        invoice_offer_log_id: null,
        update_stock_history_id: history.id,
      },
    };
    work.notify({ userIds: await brandAudience(tx, brandId), type: 'stock-update', data });
  }
  const brandOf = new Map(input.lines.map((line) => [line.product.id, line.product.brandId]));
  const movedByBrand = new Map<number, StockMovementRow[]>();
  for (const row of moved) {
    const brandId = brandOf.get(row.productId)!;
    const list = movedByBrand.get(brandId);
    if (list) list.push(row);
    else movedByBrand.set(brandId, [row]);
  }
  if (histories.length === 0) work.unchanged();
  for (const history of histories) {
    work.audit({
      action: input.kind === 'import' ? 'stock.import' : 'stock.vendor-update',
      entity: 'vendor',
      entityId: input.vendorId,
      brandId: history.brandId,
      after: {
        histories: [history.id],
        changes: changesOf(movedByBrand.get(history.brandId) ?? []),
      },
    });
  }
  return { histories, changed: moved.length };
}

/**
 * The changes of one audit row. A stock write is audited once per brand, each row naming only that brand's
 * products, so a vendor serving two brands never shows one brand's users the other's stock (docs/decisions/014).
 */
function changesOf(moved: { productId: number; before: number; after: number }[]) {
  return moved.map((row) => ({ productId: row.productId, before: row.before, after: row.after }));
}

/**
 * The adjust screen: one note, a signed adjustment per product, written as adjustment movements in one
 * transaction (stock after = start + adjustment; never below the units reserved for open orders).
 */
export async function adjustStock(
  work: Work,
  input: { scope: StockScope; vendorId: number; body: AdjustmentBody },
) {
  const fieldOf = (index: number) => `items.${index}.product_id`;
  const found = await productsOfScope(
    work.tx,
    input.scope,
    input.body.items.map((item) => item.product_id),
    fieldOf,
  );
  const moved = await changeStock(work, {
    vendorId: input.vendorId,
    kind: 'adjustment',
    note: input.body.note,
    lines: input.body.items.map((item) => ({ productId: item.product_id, add: item.adjustment })),
    fieldOf: (index) => `items.${index}.adjustment`,
  });
  const brandIds = [...new Set([...found.values()].map((product) => product.brandId))].sort((a, b) => a - b);
  for (const brandId of brandIds) {
    work.audit({
      action: 'stock.adjustment',
      entity: 'vendor',
      entityId: input.vendorId,
      brandId,
      after: {
        note: input.body.note,
        changes: changesOf(moved.filter((row) => found.get(row.productId)?.brandId === brandId)),
      },
    });
  }
  return moved;
}

/** One update-stock history of the brand with its items (product name and quantity set). */
export async function showUpdateStockHistory(db: Executor, brandId: number, historyId: number) {
  const [row] = await db
    .select({ history: updateStockHistories, vendorName: vendors.name, userName: users.name })
    .from(updateStockHistories)
    .innerJoin(vendors, eq(vendors.id, updateStockHistories.vendorId))
    .leftJoin(users, eq(users.id, updateStockHistories.userId))
    .where(and(eq(updateStockHistories.id, historyId), eq(updateStockHistories.brandId, brandId)));
  if (!row) throw notFound();
  const items = await db
    .select({
      item: updateStockHistoryItems,
      product: { id: products.id, name: products.name, sku: products.sku },
    })
    .from(updateStockHistoryItems)
    .innerJoin(products, eq(products.id, updateStockHistoryItems.productId))
    .where(eq(updateStockHistoryItems.historyId, historyId))
    .orderBy(asc(updateStockHistoryItems.id));
  return {
    id: row.history.id,
    brand_id: row.history.brandId,
    vendor_id: row.history.vendorId,
    vendor: { id: row.history.vendorId, name: row.vendorName },
    user: row.userName ? { name: row.userName } : null,
    created_at: row.history.createdAt.toISOString(),
    update_stock_history_items: items.map(({ item, product }) => ({
      id: item.id,
      product_id: item.productId,
      quantity: item.quantity,
      product,
    })),
  };
}

/** The brand's low-stock threshold, in weeks of supply. */
export async function stockSetting(db: Executor, brandId: number) {
  const [row] = await db.select({ weeks: brands.lowStockWeeks }).from(brands).where(eq(brands.id, brandId));
  return { low_stock_weeks: row?.weeks ?? 2 };
}

export async function updateStockSetting(work: Work, input: { brandId: number; weeks: number }) {
  const [before] = await work.tx
    .select({ weeks: brands.lowStockWeeks })
    .from(brands)
    .where(eq(brands.id, input.brandId));
  await work.tx
    .update(brands)
    .set({ lowStockWeeks: input.weeks, updatedAt: work.at })
    .where(eq(brands.id, input.brandId));
  work.audit({
    action: 'brand.stock-setting',
    entity: 'brand',
    entityId: input.brandId,
    before: { lowStockWeeks: before?.weeks },
    after: { lowStockWeeks: input.weeks },
  });
  return { low_stock_weeks: input.weeks };
}
