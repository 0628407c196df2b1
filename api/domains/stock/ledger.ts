import { sql } from 'drizzle-orm';
import { stockMovements, vendorStocks, type StockMovementKind } from '../../db/schema';
import type { Work } from '../../work/unit-of-work';

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
}
