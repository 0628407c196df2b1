import { sql } from 'drizzle-orm';
import { stockMovements, vendorStocks, type StockMovementKind } from '../../db/schema';
import { validationFailed, type FieldErrors } from '../../api-error';
import type { Work } from '../../work/unit-of-work';
import { checkLowStock } from './low-stock';

type StockLine = { productId: number | null; quantity: number };

/** How each kind moves a vendor's stock row: on hand, reserved, and the available stock the ledger records. */
const CHANGES = {
  reserve: (quantity: number) => ({ quantity: 0, reserved: quantity, available: -quantity }),
  release: (quantity: number) => ({ quantity: 0, reserved: -quantity, available: quantity }),
  ship: (quantity: number) => ({ quantity: -quantity, reserved: -quantity, available: 0 }),
  return: (quantity: number) => ({ quantity, reserved: 0, available: quantity }),
};

export type OrderStockKind = keyof typeof CHANGES;

/**
 * Applies one stock change per product of an order, products in id order so that two orders touching the
 * same products lock their stock rows in the same order. The upsert is atomic, so concurrent orders never
 * lose each other's reservations. Only changes of the available stock (quantity − reserved) go to the ledger.
 */
export async function moveOrderStock(
  work: Work,
  input: { vendorId: number; orderId: number; lines: StockLine[]; kind: OrderStockKind; note: string },
) {
  const perProduct = new Map<number, number>();
  for (const line of input.lines) {
    if (line.productId === null || line.quantity === 0) continue;
    perProduct.set(line.productId, (perProduct.get(line.productId) ?? 0) + line.quantity);
  }
  const moved: { productId: number; change: number }[] = [];
  for (const [productId, quantity] of [...perProduct.entries()].sort((a, b) => a[0] - b[0])) {
    const change = CHANGES[input.kind](quantity);
    const [stock] = await work.tx
      .insert(vendorStocks)
      .values({
        vendorId: input.vendorId,
        productId,
        quantity: change.quantity,
        reserved: change.reserved,
        updatedAt: work.at,
      })
      .onConflictDoUpdate({
        target: [vendorStocks.vendorId, vendorStocks.productId],
        set: {
          quantity: sql`${vendorStocks.quantity} + ${change.quantity}`,
          reserved: sql`${vendorStocks.reserved} + ${change.reserved}`,
          updatedAt: work.at,
        },
      })
      .returning({ quantity: vendorStocks.quantity, reserved: vendorStocks.reserved });
    if (change.available === 0) continue;
    moved.push({ productId, change: change.available });
    await work.tx.insert(stockMovements).values({
      vendorId: input.vendorId,
      productId,
      kind: input.kind as StockMovementKind,
      quantity: change.available,
      balanceAfter: stock.quantity - stock.reserved,
      note: input.note,
      orderId: input.orderId,
      userId: work.actorId,
      createdAt: work.at,
    });
  }
  await checkLowStock(work, input.vendorId, moved);
}

/** The kinds a person's hand makes: a vendor's update, an import, an adjustment with its note. */
export type ManualStockKind = Extract<StockMovementKind, 'vendor_update' | 'import' | 'adjustment'>;

/**
 * `set` puts the quantity on hand at the given figure (a vendor's update, an import, a brand-side stock
 * form); `add` changes it by a signed amount (an adjustment).
 */
export type ManualStockLine = { productId: number; set?: number; add?: number };

export type StockMovementRow = {
  productId: number;
  before: number;
  after: number;
  available: number;
  change: number;
};

type Locked = { product_id: number; quantity: number; reserved: number };

/**
 * Changes the stock on hand of one vendor's products by hand, in one unit of work: the rows are created where
 * missing, locked in product order (the order moveOrderStock locks in, so the two never deadlock), then each
 * change of the available stock becomes a movement whose balance is the row's own. Reserved units stay
 * reserved, so on hand may not be lowered below them: a line that would is a 422 naming `fieldOf(index)`.
 * A few statements whatever the number of lines, so a 50,000-row import is one lock, one update and one insert.
 */
export async function changeStock(
  work: Work,
  input: {
    vendorId: number;
    kind: ManualStockKind;
    note: string | null;
    lines: ManualStockLine[];
    fieldOf?: (index: number) => string;
  },
): Promise<StockMovementRow[]> {
  const { tx } = work;
  if (input.lines.length === 0) return [];
  const ids = [...new Set(input.lines.map((line) => line.productId))].sort((a, b) => a - b);
  const idsJson = JSON.stringify(ids);
  // A missing row holds nothing, so a line that leaves it at nothing (set to 0, or adding 0) needs none made:
  // the stock template uploaded again unchanged, with products the vendor never stocked, writes no row.
  const moving = [
    ...new Set(input.lines.filter((line) => (line.set ?? line.add ?? 0) !== 0).map((line) => line.productId)),
  ].sort((a, b) => a - b);
  if (moving.length)
    await tx.execute(sql`insert into vendor_stocks (vendor_id, product_id, quantity, reserved, updated_at)
    select ${input.vendorId}::int, (x.id)::int, 0, 0, ${work.at.toISOString()}::timestamptz
    from jsonb_array_elements_text(${JSON.stringify(moving)}::jsonb) as x(id)
    order by 2
    on conflict (vendor_id, product_id) do nothing`);
  const locked = (
    (await tx.execute(sql`select product_id, quantity, reserved from vendor_stocks
      where vendor_id = ${input.vendorId}
        and product_id in (select (x.id)::int from jsonb_array_elements_text(${idsJson}::jsonb) as x(id))
      order by product_id for update`)) as unknown as { rows: Locked[] }
  ).rows;
  const current = new Map(
    locked.map((row) => [
      Number(row.product_id),
      { quantity: Number(row.quantity), reserved: Number(row.reserved) },
    ]),
  );

  const errors: FieldErrors = Object.create(null);
  const next = new Map<number, { before: number; after: number; reserved: number }>();
  input.lines.forEach((line, index) => {
    const row = current.get(line.productId) ?? { quantity: 0, reserved: 0 };
    const before = next.get(line.productId)?.after ?? row.quantity;
    const after = line.set !== undefined ? line.set : before + (line.add ?? 0);
    const field = input.fieldOf?.(index) ?? `lines.${index}.quantity`;
    // An accepted order may oversell, so a row can hold fewer units than it has reserved: a restock that still
    // leaves it short is taken; only a change that lowers the stock below the reserved units is refused.
    if (after < 0 || (after < row.reserved && after < before)) {
      errors[field] = [
        after < 0
          ? 'Stok tidak boleh kurang dari 0.'
          : `Stok tidak boleh kurang dari ${row.reserved} unit yang sedang dipesan.`,
      ];
    } else if (after > 2_000_000_000) {
      errors[field] = ['Stok terlalu besar.'];
    }
    next.set(line.productId, {
      before: next.get(line.productId)?.before ?? row.quantity,
      after,
      reserved: row.reserved,
    });
  });
  if (Object.keys(errors).length) throw validationFailed(errors);

  const changed = [...next.entries()]
    .filter(([, row]) => row.after !== row.before)
    .map(([productId, row]) => ({
      productId,
      before: row.before,
      after: row.after,
      available: row.after - row.reserved,
      change: row.after - row.before,
    }));
  if (changed.length === 0) return [];
  const rows = JSON.stringify(changed.map((row) => ({ p: row.productId, q: row.after })));
  await tx.execute(sql`update vendor_stocks vs set quantity = x.q, updated_at = ${work.at.toISOString()}::timestamptz
    from jsonb_to_recordset(${rows}::jsonb) as x(p int, q int)
    where vs.vendor_id = ${input.vendorId} and vs.product_id = x.p`);
  const movements = JSON.stringify(
    changed.map((row) => ({ p: row.productId, q: row.change, b: row.available })),
  );
  await tx.execute(sql`insert into stock_movements
      (vendor_id, product_id, kind, quantity, balance_after, note, user_id, created_at)
    select ${input.vendorId}, x.p, ${input.kind}, x.q, x.b, ${input.note}, ${work.actorId}::int,
      ${work.at.toISOString()}::timestamptz
    from jsonb_to_recordset(${movements}::jsonb) as x(p int, q int, b int)
    order by x.p`);
  await checkLowStock(
    work,
    input.vendorId,
    changed.map((row) => ({ productId: row.productId, change: row.change })),
  );
  return changed;
}
