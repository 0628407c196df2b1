import { and, asc, desc, eq, gt, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jakartaDayEnd, jakartaDayStart } from '../../db/jakarta';
import { containsPattern } from '../../db/like';
import {
  dailyOrderStatusRollups,
  invoices,
  orders,
  orderStatusTotals,
  sendPaymentOrders,
} from '../../db/schema';
import { requireBrand, type VoucherScope } from './access';
import type { PayableOrderQuery } from './schema';
import { serializeVoucherLine } from './serializers';
import { findVoucher, voucherLines } from './voucher-detail';

/** An order no voucher holds, or none but `voucherId`. */
function unpaidOrOf(voucherId: number | undefined): SQL {
  const others =
    voucherId === undefined ? sql`` : sql`and ${sendPaymentOrders.sendPaymentId} <> ${voucherId}`;
  return sql`not exists (select 1 from ${sendPaymentOrders}
    where ${sendPaymentOrders.orderId} = ${orders.id} ${others})`;
}

const payableFields = {
  id: orders.id,
  number: orders.number,
  date: orders.date,
  completedAt: orders.completedAt,
  grandTotal: orders.grandTotal,
  grandTotalReturn: orders.grandTotalReturn,
  invoiceExternalNumber: invoices.externalNumber,
};

type PayableRow = {
  id: number;
  number: string;
  date: Date;
  completedAt: Date | null;
  grandTotal: number;
  grandTotalReturn: number;
  invoiceExternalNumber: string;
};

/** How many of the vendor's completed orders of the brand no voucher holds, as the status totals count them. */
async function unpaidCount(executor: Executor, brandId: number, vendorId: number) {
  const [row] = await executor
    .select({ count: sql<string>`coalesce(sum(${orderStatusTotals.orderCount}), 0)` })
    .from(orderStatusTotals)
    .where(
      and(
        eq(orderStatusTotals.brandId, brandId),
        eq(orderStatusTotals.vendorId, vendorId),
        eq(orderStatusTotals.statusCode, 'completed'),
        eq(orderStatusTotals.paid, false),
      ),
    );
  return Number(row?.count ?? 0);
}

/** Days (`YYYY-MM-DD`, ascending) as half-open ranges of instants, consecutive days joined into one. */
function dayRanges(days: string[]) {
  const ranges: { from: Date; to: Date }[] = [];
  for (const day of days) {
    const from = jakartaDayStart(day);
    const last = ranges[ranges.length - 1];
    if (last && last.to.getTime() === from.getTime()) last.to = jakartaDayEnd(day);
    else ranges.push({ from, to: jakartaDayEnd(day) });
  }
  return ranges;
}

/**
 * The unpaid orders read through the days the status rollups say they were made on: a vendor paid up to its
 * last few orders has tens of thousands of paid ones, which walking its completed orders would pass one by one.
 * Unsorted and unlimited, so the planner takes the (vendor, brand, created_at) index over those days; they are
 * no more than the page holds.
 */
async function unpaidThroughTheirDays(executor: Executor, query: PayableOrderQuery, conditions: SQL[]) {
  const day = dailyOrderStatusRollups;
  const days = await executor
    .selectDistinct({ date: day.date })
    .from(day)
    .where(
      and(
        eq(day.brandId, query.brand),
        eq(day.vendorId, query.vendor),
        eq(day.statusCode, 'completed'),
        eq(day.paid, false),
        gt(day.orderCount, 0),
      ),
    )
    .orderBy(asc(day.date));
  if (!days.length) return [];
  const ranges = dayRanges(days.map((row) => row.date)).map(({ from, to }) =>
    and(gte(orders.createdAt, from), lt(orders.createdAt, to)),
  );
  return executor
    .select(payableFields)
    .from(orders)
    .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
    .where(and(...conditions, unpaidOrOf(undefined), or(...ranges)));
}

/** The voucher's own orders that meet `conditions` (the vendor, brand and status asked for: it may be changing). */
function ordersOfVoucher(executor: Executor, voucherId: number, conditions: SQL[], limit: number) {
  return executor
    .select(payableFields)
    .from(sendPaymentOrders)
    .innerJoin(orders, eq(orders.id, sendPaymentOrders.orderId))
    .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
    .where(and(eq(sendPaymentOrders.sendPaymentId, voucherId), ...conditions))
    .orderBy(desc(orders.number))
    .limit(limit);
}

/**
 * The vendor's completed orders of the brand that no other voucher holds, newest number first.
 * Many of them: the walk back through the vendor's completed orders by number stops at the page's end, the
 * unpaid ones being mostly the newest. Few (or none): they are read through the days they were made on.
 */
async function payableRows(executor: Executor, query: PayableOrderQuery): Promise<PayableRow[]> {
  const own = query['send-payment'];
  const conditions: SQL[] = [
    eq(orders.vendorId, query.vendor),
    eq(orders.statusCode, 'completed'),
    eq(orders.brandId, query.brand),
    isNull(orders.deletedAt),
  ];
  if (query.search) conditions.push(ilike(orders.number, containsPattern(query.search)));
  if (query.ids?.length) conditions.push(inArray(orders.id, query.ids));
  const walk = () =>
    executor
      .select(payableFields)
      .from(orders)
      .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
      .where(and(...conditions, unpaidOrOf(own)))
      .orderBy(desc(orders.number))
      .limit(query.per_page);
  if (query.search || query.ids?.length) return walk();
  if ((await unpaidCount(executor, query.brand, query.vendor)) > query.per_page) return walk();
  const [unpaid, held] = await Promise.all([
    unpaidThroughTheirDays(executor, query, conditions),
    own === undefined ? Promise.resolve([]) : ordersOfVoucher(executor, own, conditions, query.per_page),
  ]);
  return [...unpaid, ...held]
    .filter((row, index, all) => all.findIndex((other) => other.id === row.id) === index)
    .sort((a, b) => (a.number < b.number ? 1 : a.number > b.number ? -1 : 0))
    .slice(0, query.per_page);
}

export async function payableOrders(executor: Executor, scope: VoucherScope, query: PayableOrderQuery) {
  requireBrand(scope, query.brand);
  if (query['send-payment'] !== undefined) {
    await findVoucher(executor, scope, query['send-payment'], query.brand);
  }
  const rows = await payableRows(executor, query);
  const lines =
    query.with === 'order_products'
      ? await voucherLines(
          executor,
          rows.map((row) => row.id),
        )
      : null;
  return {
    data: rows.map((row) => ({
      id: row.id,
      number: row.number,
      date: row.date.toISOString(),
      completed_at: row.completedAt?.toISOString() ?? null,
      grand_total: row.grandTotal,
      grand_total_return: row.grandTotalReturn,
      amount: row.grandTotal - row.grandTotalReturn,
      invoice_external_number: row.invoiceExternalNumber,
      ...(lines
        ? { order_products: lines.filter((line) => line.orderId === row.id).map(serializeVoucherLine) }
        : {}),
    })),
  };
}
