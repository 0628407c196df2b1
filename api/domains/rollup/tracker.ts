import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invoices } from '../../db/schema';
import { addContributions, contributionsOf, recomputedOf, replaceSlices, statementOf } from './apply';
import {
  noTouchedBuyers,
  planBuyers,
  touchedBrands,
  touchInvoice,
  touchOrder,
  type TouchedBuyers,
} from './buyers';
import { executePrepared } from './prepared';
import {
  changesInvoiceVendors,
  INVOICE_CONTRIBUTIONS,
  ORDER_CONTRIBUTIONS,
  signedStates,
  type InvoiceState,
  type OrderState,
  type ReturnedLine,
} from './contributions';
import {
  invoiceRollupsInSlices,
  invoicesInSlices,
  invoiceSliceOf,
  lockSlices,
  orderRollupsInSlices,
  ordersInSlices,
  orderSliceOf,
  type InvoiceSlice,
  type InvoiceSliceRow,
  type OrderSlice,
  type OrderSliceRow,
} from './slices';
import { SUMMED_ROLLUPS, VENDOR_INVOICES, VOUCHER_TOTALS, type RollupTable } from './statements';

export type RollupTracker = {
  /** A new order, with its lines. */
  orderCreated(row: OrderState): void;
  /** The order row went from `before` to `after` (status, readiness, vendor…); its lines did not change. */
  orderChanged(before: OrderState, after: OrderState): void;
  /** Lines of the order were returned: their quantity_return and total_price_return grew by these. */
  orderReturned(row: OrderState, lines: ReturnedLine[]): void;
  /**
   * Anything about the order may have changed: its (day, brand, vendor, channel) slice is recomputed from the
   * raw rows, which reads the whole slice. For writes that cannot say what changed, and for payment vouchers:
   * a write adding an order to send_payment_orders or dropping it must call this, since `paid` of the status
   * rollup is read from there. Call it with the row as it was and as it is, when they lie in different slices.
   */
  order(row: OrderSliceRow): void;
  /** A buyer was added to the brand (ingestion's upsert inserted a customers row). */
  customerAdded(brandId: number): void;
  /** The payment voucher's orders changed (created, edited, deleted): its order count and total are recomputed. */
  voucher(id: number): void;
  invoiceCreated(row: InvoiceState): void;
  /** The invoice row went from `before` to `after` (status, total, buyer). */
  invoiceChanged(before: InvoiceState, after: InvoiceState): void;
  /** Anything about the invoice may have changed: its (day, brand, channel) slice is recomputed. */
  invoice(row: InvoiceSliceRow): void;
  /**
   * Writes the rollups, last thing in the transaction, in two statements: the advisory locks of what it writes
   * (each order's brand, vendor and channel, each invoice's day, brand and channel, the brand of each buyer whose
   * buyer rollups change), taken in one global order so two transactions touching the same rows serialise there
   * and cannot deadlock; then the contributions of the changes and the recomputed slices. When buyers are touched,
   * their recomputation comes in a statement between the two (see buyers.ts).
   */
  flush(executor: Executor): Promise<void>;
};

type Changes = {
  orders: { before: OrderState | null; after: OrderState }[];
  returns: { order: OrderState; lines: ReturnedLine[] }[];
  invoices: { before: InvoiceState | null; after: InvoiceState }[];
  orderSlices: Map<string, OrderSlice>;
  invoiceSlices: Map<string, InvoiceSlice>;
  /** Invoices whose vendors may have changed: their slices of the vendor invoice rollup are recomputed. */
  vendorInvoiceIds: Set<number>;
  vouchers: Set<number>;
  /** Buyers added, by brand. */
  customers: Map<number, number>;
  buyers: TouchedBuyers;
};

function noChanges(): Changes {
  return {
    orders: [],
    returns: [],
    invoices: [],
    orderSlices: new Map(),
    invoiceSlices: new Map(),
    vendorInvoiceIds: new Set(),
    vouchers: new Set(),
    customers: new Map(),
    buyers: noTouchedBuyers(),
  };
}

function recompute<T extends { key: string }>(slices: Map<string, T>, slice: T) {
  slices.set(slice.key, slice);
}

/**
 * A summed rollup (SUMMED_ROLLUPS) moves by what the rollup it sums moves: that one's contributions, and for
 * recomputed slices its recomputed rows less the rows they replace (both read before the statement writes anything).
 */
function summedOf(
  summed: RollupTable,
  of: RollupTable,
  contributed: boolean,
  recomputed: OrderSlice[],
): SQL[] {
  const columns = [...summed.keys, ...summed.measures].join(', ');
  const negated = [...summed.keys, ...summed.measures.map((measure) => `-${measure}`)].join(', ');
  const parts: SQL[] = [];
  if (contributed) parts.push(sql.raw(`select ${columns} from ${contributionsOf(of)}`));
  if (recomputed.length) {
    parts.push(sql.raw(`select ${columns} from ${recomputedOf(of)}`));
    parts.push(sql`select ${sql.raw(negated)} from ${sql.identifier(of.name)} t
      where ${orderRollupsInSlices(recomputed)}`);
  }
  return parts.length ? [addContributions(summed, sql.join(parts, sql` union all `))] : [];
}

/** The CTEs writing the changes, and the lock keys of what they write. */
function planOrders(changes: Changes) {
  // A return and another change of the same order would both read the returned lines: recompute instead.
  const returned = new Set(changes.returns.map(({ order }) => order.id));
  for (const { before, after } of changes.orders) {
    if (!returned.has(after.id)) continue;
    recompute(changes.orderSlices, orderSliceOf(after));
    if (before) recompute(changes.orderSlices, orderSliceOf(before));
  }
  const recomputed = [...changes.orderSlices.values()];
  const outside = (state: OrderState) => !changes.orderSlices.has(orderSliceOf(state).key);
  const returns = changes.returns.filter(({ order }) => outside(order));
  const keys = new Set([
    ...recomputed.map((slice) => slice.lockKey),
    ...returns.map(({ order }) => orderSliceOf(order).lockKey),
  ]);
  const ctes: SQL[] = [];
  const contributed = new Set<RollupTable>();
  for (const rollup of ORDER_CONTRIBUTIONS) {
    const states = signedStates(changes.orders, rollup.shape).filter(({ state }) => outside(state));
    for (const { state } of states) keys.add(orderSliceOf(state).lockKey);
    const parts = [
      ...(states.length ? [rollup.ofOrders(states)] : []),
      ...returns.map(({ order, lines }) => rollup.ofReturns?.(order, lines) ?? null),
    ].filter((part): part is SQL => part !== null);
    if (parts.length) ctes.push(addContributions(rollup.table, sql.join(parts, sql` union all `)));
    if (parts.length) contributed.add(rollup.table);
    if (recomputed.length) {
      const fresh = rollup.table.rows(ordersInSlices(recomputed));
      ctes.push(replaceSlices(rollup.table, fresh, orderRollupsInSlices(recomputed)));
    }
  }
  for (const { table, of } of SUMMED_ROLLUPS) {
    ctes.push(...summedOf(table, of, contributed.has(of), recomputed));
  }
  return { ctes, keys };
}

/**
 * The slices of the invoices whose vendors may have changed. An order's change says which invoice it belongs to
 * but not when that invoice was created, so this reads it (an invoice's day, brand and channel never change).
 */
async function vendorSlicesOf(executor: Executor, invoiceIds: Set<number>) {
  const slices = new Map<string, InvoiceSlice>();
  if (!invoiceIds.size) return slices;
  const rows = await executor
    .select({ createdAt: invoices.createdAt, brandId: invoices.brandId, channelId: invoices.channelId })
    .from(invoices)
    .where(inArray(invoices.id, [...invoiceIds]));
  for (const row of rows) recompute(slices, invoiceSliceOf(row));
  return slices;
}

/**
 * The invoice rollups: contributions of the invoices' changes, and recomputed slices. The vendor invoice rollup
 * also recomputes the slices of invoices whose vendors changed, where an invoice's contribution (read with its
 * vendors as they are at flush) would not be exact.
 */
function planInvoices(changes: Changes, vendorSlices: Map<string, InvoiceSlice>) {
  const keys = new Set([...changes.invoiceSlices.keys(), ...vendorSlices.keys()]);
  const ctes: SQL[] = [];
  for (const rollup of INVOICE_CONTRIBUTIONS) {
    const recomputed =
      rollup.table === VENDOR_INVOICES && vendorSlices.size
        ? new Map([...changes.invoiceSlices, ...vendorSlices])
        : changes.invoiceSlices;
    const states = signedStates(changes.invoices, rollup.shape).filter(
      ({ state }) => !recomputed.has(invoiceSliceOf(state).key),
    );
    for (const { state } of states) keys.add(invoiceSliceOf(state).key);
    if (states.length) ctes.push(addContributions(rollup.table, rollup.ofInvoices(states)));
    if (recomputed.size) {
      const slices = [...recomputed.values()];
      const fresh = rollup.table.rows(invoicesInSlices(slices));
      ctes.push(replaceSlices(rollup.table, fresh, invoiceRollupsInSlices(slices)));
    }
  }
  return { ctes, keys };
}

/**
 * Voucher totals, recomputed for the vouchers whose orders changed. Nothing else moves them: an order's amounts
 * change only by a return, and an order in a voucher takes none (order/returns.ts). No advisory lock: the write
 * holds the voucher's order rows, which serialises the writes of one voucher.
 */
function planVouchers(changes: Changes) {
  if (!changes.vouchers.size) return [];
  const ids = sql.join(
    [...changes.vouchers].map((id) => sql`${id}::int`),
    sql`, `,
  );
  return [
    replaceSlices(
      VOUCHER_TOTALS,
      VOUCHER_TOTALS.rows(sql`spo.send_payment_id in (${ids})`),
      sql`t.send_payment_id in (${ids})`,
    ),
  ];
}

/**
 * Buyers added, counted into their brand's total by an upsert: a brand's first buyer and another transaction's
 * meet on the primary key, so no advisory lock is needed; the row then serialises the brand's new buyers.
 */
function planCustomers(changes: Changes) {
  if (!changes.customers.size) return [];
  const added = [...changes.customers].map(([brandId, count]) => sql`(${brandId}::int, ${count}::int)`);
  return [
    sql`buyer_totals_added as (insert into brand_customer_totals (brand_id, customer_count)
      values ${sql.join(added, sql`, `)}
      on conflict (brand_id) do update
      set customer_count = brand_customer_totals.customer_count + excluded.customer_count)`,
  ];
}

/** The writes of one or two orders (a move, a diversion, a return…): their statements come in a few shapes. */
function planBuyerRollups(changes: Changes) {
  const orderSlices = [...changes.orderSlices.values()];
  const invoiceSlices = [...changes.invoiceSlices.values()];
  const ctes = planBuyers(changes.buyers, orderSlices, invoiceSlices);
  const orders = changes.orders.map(({ after }) => after);
  const keys = ctes.length
    ? touchedBrands(changes.buyers, orders, orderSlices, invoiceSlices)
    : new Set<number>();
  return { ctes, keys };
}

/** An order's creation or diversion recomputes one slice of the vendor invoice rollup: a shape of its own. */
function fewShapes(changes: Changes, vendorSlices: Map<string, InvoiceSlice>) {
  const recomputes = changes.orderSlices.size + changes.invoiceSlices.size + changes.vouchers.size;
  return (
    recomputes === 0 &&
    vendorSlices.size <= 1 &&
    changes.orders.length + changes.returns.length + changes.invoices.length <= 3
  );
}

async function executeOnce(executor: Executor, query: SQL) {
  await executor.execute(query);
}

export function createRollupTracker(): RollupTracker {
  let changes = noChanges();
  return {
    orderCreated(row) {
      changes.orders.push({ before: null, after: row });
      touchOrder(changes.buyers, null, row);
      if (changesInvoiceVendors(null, row)) changes.vendorInvoiceIds.add(row.invoiceId);
    },
    orderChanged(before, after) {
      changes.orders.push({ before, after });
      touchOrder(changes.buyers, before, after);
      if (changesInvoiceVendors(before, after)) {
        changes.vendorInvoiceIds.add(before.invoiceId).add(after.invoiceId);
      }
    },
    orderReturned(row, lines) {
      if (lines.length) changes.returns.push({ order: row, lines });
    },
    order(row) {
      recompute(changes.orderSlices, orderSliceOf(row));
    },
    invoiceCreated(row) {
      changes.invoices.push({ before: null, after: row });
      touchInvoice(changes.buyers, null, row);
    },
    invoiceChanged(before, after) {
      changes.invoices.push({ before, after });
      touchInvoice(changes.buyers, before, after);
    },
    invoice(row) {
      recompute(changes.invoiceSlices, invoiceSliceOf(row));
    },
    voucher(id) {
      changes.vouchers.add(id);
    },
    customerAdded(brandId) {
      changes.customers.set(brandId, (changes.customers.get(brandId) ?? 0) + 1);
    },
    async flush(executor) {
      const pending = changes;
      changes = noChanges();
      const vendorSlices = await vendorSlicesOf(executor, pending.vendorInvoiceIds);
      const orders = planOrders(pending);
      const invoices = planInvoices(pending, vendorSlices);
      const buyers = planBuyerRollups(pending);
      // One statement: its buyer part reads the rollups as they were before this write, as the whole
      // statement sees one snapshot, while the rest of it updates them.
      const ctes = [
        ...buyers.ctes,
        ...orders.ctes,
        ...invoices.ctes,
        ...planVouchers(pending),
        ...planCustomers(pending),
      ];
      if (!ctes.length) return;
      const execute = fewShapes(pending, vendorSlices) ? executePrepared : executeOnce;
      // Voucher and buyer totals take no advisory lock (planVouchers, planCustomers): a flush of those alone has none.
      if (orders.keys.size + invoices.keys.size + buyers.keys.size) {
        await execute(executor, lockSlices(orders.keys, invoices.keys, buyers.keys));
      }
      await execute(executor, statementOf(ctes));
    },
  };
}
