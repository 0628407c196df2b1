import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jakartaDayEnd, jakartaDayStart } from '../../db/jakarta';
import { containsPattern } from '../../db/like';
import {
  banks,
  brands,
  channels,
  dailyOrderStatusRollups,
  invoiceProducts,
  invoices,
  orderProducts,
  orders,
  orderStatusTotals,
  products,
  sendPaymentOrders,
  sendPayments,
  users,
  vendorBrands,
  vendors,
} from '../../db/schema';
import { notFound, validationFailed } from '../../http/errors';
import { offsetOf, pageMeta, sortColumn } from '../../http/pagination';
import { requireBrand, type VoucherScope } from './access';
import type { HistoryQuery, PayableOrderQuery, VoucherFilters, VoucherListQuery } from './schema';
import {
  serializePrepares,
  serializeVoucherLine,
  serializeVoucherOrder,
  serializeVoucherRow,
  type VoucherListRow,
  type VoucherOrderLine,
} from './serializers';

/** What the vendor is owed for an order: its lines net of returns, which grand_total − grand_total_return sums. */
const orderAmount = sql`${orders.grandTotal} - ${orders.grandTotalReturn}`;

const voucherTotal = sql<string>`(select coalesce(sum(${orderAmount}), 0) from ${sendPaymentOrders}
  join ${orders} on ${orders.id} = ${sendPaymentOrders.orderId}
  where ${sendPaymentOrders.sendPaymentId} = ${sendPayments.id})`;

const voucherOrderCount = sql<string>`(select count(*) from ${sendPaymentOrders}
  where ${sendPaymentOrders.sendPaymentId} = ${sendPayments.id})`;

/** The caller's brands, narrowed by the `brand` filter; a filter naming another tenant's brand adds nothing. */
export function voucherConditions(scope: VoucherScope, filters: VoucherFilters): SQL[] {
  const conditions: SQL[] = [isNull(sendPayments.deletedAt)];
  if (scope.brandIds !== 'all') {
    conditions.push(inArray(sendPayments.brandId, scope.brandIds.length ? [...scope.brandIds] : [0]));
  }
  if (filters.brand?.length) conditions.push(inArray(sendPayments.brandId, filters.brand));
  if (filters.vendor?.length) conditions.push(inArray(sendPayments.vendorId, filters.vendor));
  if (filters['date-from']) conditions.push(gte(sendPayments.date, filters['date-from']));
  if (filters['date-to']) conditions.push(lte(sendPayments.date, filters['date-to']));
  if (filters.channel?.length) {
    const channelIds = filters.channel;
    conditions.push(
      sql`exists (select 1 from ${sendPaymentOrders} join ${orders} on ${orders.id} = ${sendPaymentOrders.orderId}
        where ${sendPaymentOrders.sendPaymentId} = ${sendPayments.id} and ${inArray(orders.channelId, channelIds)})`,
    );
  }
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    conditions.push(or(ilike(sendPayments.number, pattern), ilike(vendors.name, pattern)) as SQL);
  }
  return conditions;
}

const SORTS = {
  created_at: sendPayments.createdAt,
  number: sendPayments.number,
  date: sendPayments.date,
  due_date: sendPayments.dueDate,
  vendor: vendors.name,
  brand: brands.name,
};

function voucherHeads(executor: Executor) {
  return executor
    .select({
      voucher: sendPayments,
      vendor: { id: vendors.id, name: vendors.name },
      brand: { id: brands.id, name: brands.name },
      bank: { id: banks.id, name: banks.name },
      total: voucherTotal,
      orderCount: voucherOrderCount,
    })
    .from(sendPayments)
    .innerJoin(vendors, eq(vendors.id, sendPayments.vendorId))
    .innerJoin(brands, eq(brands.id, sendPayments.brandId))
    .leftJoin(banks, eq(banks.id, sendPayments.bankId));
}

export async function listVouchers(executor: Executor, scope: VoucherScope, query: VoucherListQuery) {
  const where = and(...voucherConditions(scope, query));
  const column = SORTS[sortColumn(SORTS, query.sorted_by, 'created_at')];
  const direction = query.order_by === 'asc' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    voucherHeads(executor)
      .where(where)
      .orderBy(direction(column), direction(sendPayments.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    executor
      .select({ total: count() })
      .from(sendPayments)
      .innerJoin(vendors, eq(vendors.id, sendPayments.vendorId))
      .where(where),
  ]);
  return {
    data: rows.map((row) => serializeVoucherRow(row as VoucherListRow)),
    meta: pageMeta({ page: query.page, perPage: query.per_page, total, count: rows.length }),
  };
}

/**
 * The voucher of the caller's brands (and of `brand`, when the request names one), or 404: a voucher of
 * another tenant reads exactly like one that does not exist.
 */
export async function findVoucher(executor: Executor, scope: VoucherScope, id: number, brandId?: number) {
  const [voucher] = await executor
    .select()
    .from(sendPayments)
    .where(and(eq(sendPayments.id, id), isNull(sendPayments.deletedAt)));
  if (!voucher) throw notFound();
  requireBrand(scope, voucher.brandId);
  if (brandId !== undefined && voucher.brandId !== brandId) throw notFound();
  return voucher;
}

/** The lines of `orderIds` with their products, in line order. */
async function voucherLines(executor: Executor, orderIds: number[]): Promise<VoucherOrderLine[]> {
  if (!orderIds.length) return [];
  return executor
    .select({
      id: orderProducts.id,
      orderId: orderProducts.orderId,
      quantity: orderProducts.quantity,
      quantityReturn: orderProducts.quantityReturn,
      price: orderProducts.price,
      totalPrice: orderProducts.totalPrice,
      totalPriceReturn: orderProducts.totalPriceReturn,
      name: invoiceProducts.name,
      sku: invoiceProducts.sku,
      product: { id: products.id, name: products.name, sku: products.sku },
    })
    .from(orderProducts)
    .leftJoin(invoiceProducts, eq(invoiceProducts.id, orderProducts.invoiceProductId))
    .leftJoin(products, eq(products.id, orderProducts.productId))
    .where(inArray(orderProducts.orderId, orderIds))
    .orderBy(asc(orderProducts.id));
}

/** A run of a voucher's orders, in voucher order (by number): `offset` orders skipped, at most `limit` given. */
export type OrderSlice = { offset: number; limit: number };

/** The voucher's orders, by number, each with its invoice and its lines net of returns; a slice of them if asked. */
export async function voucherOrders(executor: Executor, voucherId: number, slice?: OrderSlice) {
  const query = executor
    .select({
      id: orders.id,
      number: orders.number,
      date: orders.date,
      createdAt: orders.createdAt,
      completedAt: orders.completedAt,
      statusCode: orders.statusCode,
      grandTotal: orders.grandTotal,
      grandTotalReturn: orders.grandTotalReturn,
      invoiceId: orders.invoiceId,
      invoiceExternalNumber: invoices.externalNumber,
      channelName: channels.name,
    })
    .from(sendPaymentOrders)
    .innerJoin(orders, eq(orders.id, sendPaymentOrders.orderId))
    .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
    .innerJoin(channels, eq(channels.id, orders.channelId))
    .where(eq(sendPaymentOrders.sendPaymentId, voucherId))
    .orderBy(asc(orders.number), asc(orders.id));
  const heads = slice ? await query.limit(slice.limit).offset(slice.offset) : await query;
  const lines = await voucherLines(
    executor,
    heads.map((head) => head.id),
  );
  const linesOf = new Map<number, VoucherOrderLine[]>();
  for (const line of lines) {
    const list = linesOf.get(line.orderId);
    if (list) list.push(line);
    else linesOf.set(line.orderId, [line]);
  }
  return heads.map((head) => serializeVoucherOrder(head, linesOf.get(head.id) ?? []));
}

/** The voucher's order ids in voucher order, and how many lines the first `before` of them have. */
async function voucherOrderIds(executor: Executor, voucherId: number, before: number) {
  // Two builders: a query builder is changed in place by .limit().
  const ordered = () =>
    executor
      .select({ id: orders.id })
      .from(sendPaymentOrders)
      .innerJoin(orders, eq(orders.id, sendPaymentOrders.orderId))
      .where(eq(sendPaymentOrders.sendPaymentId, voucherId))
      .orderBy(asc(orders.number), asc(orders.id));
  const [rows, [lines]] = await Promise.all([
    ordered(),
    before > 0
      ? executor
          .select({ n: count() })
          .from(orderProducts)
          .where(inArray(orderProducts.orderId, ordered().limit(before)))
      : [{ n: 0 }],
  ]);
  return { ids: rows.map((row) => row.id), lineOffset: Number(lines.n) };
}

/**
 * One voucher with its orders, products and invoices, vendor, bank and preparers. With a slice,
 * `orders` holds only those orders and `line_offset` counts the lines of the orders before them, so a part of
 * the printed voucher numbers its lines on from the part before it; `order_ids` is always every order's.
 */
export async function showVoucher(
  executor: Executor,
  scope: VoucherScope,
  id: number,
  brandId?: number,
  slice?: OrderSlice,
) {
  const voucher = await findVoucher(executor, scope, id, brandId);
  const [[head], orderList, preparers, all] = await Promise.all([
    voucherHeads(executor).where(eq(sendPayments.id, voucher.id)),
    slice?.limit === 0 ? [] : voucherOrders(executor, voucher.id, slice),
    voucherPreparers(executor, voucher),
    slice ? voucherOrderIds(executor, voucher.id, slice.offset) : null,
  ]);
  return {
    ...serializeVoucherRow(head as VoucherListRow),
    order_ids: all ? all.ids : orderList.map((order) => order.id),
    orders: orderList,
    orders_offset: slice?.offset ?? 0,
    line_offset: all?.lineOffset ?? 0,
    prepares: serializePrepares(preparers),
  };
}

/** The users who created and last updated the voucher, the creator first. */
async function voucherPreparers(executor: Executor, voucher: typeof sendPayments.$inferSelect) {
  const ids = [...new Set([voucher.createdBy, voucher.updatedBy].filter((id): id is number => id !== null))];
  if (!ids.length) return [];
  const rows = await executor
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, ids));
  return ids.flatMap((id) => rows.filter((row) => row.id === id));
}

/** 422 unless the vendor serves the brand and is not deleted. */
export async function requireVendorOfBrand(
  executor: Executor,
  vendorId: number,
  brandId: number,
  field: string,
) {
  const [vendor] = await executor
    .select({ id: vendors.id, name: vendors.name })
    .from(vendors)
    .innerJoin(vendorBrands, and(eq(vendorBrands.vendorId, vendors.id), eq(vendorBrands.brandId, brandId)))
    .where(and(eq(vendors.id, vendorId), isNull(vendors.deletedAt)));
  if (!vendor) throw validationFailed({ [field]: [`The selected ${field.replace(/_/g, ' ')} is invalid.`] });
  return vendor;
}

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

function historyConditions(scope: VoucherScope, query: HistoryQuery): SQL[] {
  if (query.brand !== undefined) requireBrand(scope, query.brand);
  const conditions: SQL[] = [eq(sendPayments.vendorId, query.vendor), isNull(sendPayments.deletedAt)];
  if (query.brand !== undefined) conditions.push(eq(sendPayments.brandId, query.brand));
  else if (scope.brandIds !== 'all') {
    conditions.push(inArray(sendPayments.brandId, scope.brandIds.length ? [...scope.brandIds] : [0]));
  }
  return conditions;
}

const HISTORY_LIMIT = 20;

/** Account numbers the vendor's earlier vouchers paid to, most recently used first. */
export async function accountNumberHistory(executor: Executor, scope: VoucherScope, query: HistoryQuery) {
  const conditions = historyConditions(scope, query);
  if (query.search) conditions.push(ilike(sendPayments.accountNumber, containsPattern(query.search)));
  const rows = await executor
    .select({ value: sendPayments.accountNumber })
    .from(sendPayments)
    .where(and(...conditions, sql`${sendPayments.accountNumber} is not null`))
    .groupBy(sendPayments.accountNumber)
    .orderBy(desc(sql`max(${sendPayments.createdAt})`))
    .limit(HISTORY_LIMIT);
  return { data: rows.map((row) => ({ account_number: row.value as string })) };
}

/** Holder names the vendor's earlier vouchers paid to (for the account number, when given), most recent first. */
export async function accountNameHistory(executor: Executor, scope: VoucherScope, query: HistoryQuery) {
  const conditions = historyConditions(scope, query);
  if (query['account-number']) conditions.push(eq(sendPayments.accountNumber, query['account-number']));
  if (query.search) conditions.push(ilike(sendPayments.accountHolderName, containsPattern(query.search)));
  const rows = await executor
    .select({ value: sendPayments.accountHolderName })
    .from(sendPayments)
    .where(and(...conditions, sql`${sendPayments.accountHolderName} is not null`))
    .groupBy(sendPayments.accountHolderName)
    .orderBy(desc(sql`max(${sendPayments.createdAt})`))
    .limit(HISTORY_LIMIT);
  return { data: rows.map((row) => ({ account_holder_name: row.value as string })) };
}
