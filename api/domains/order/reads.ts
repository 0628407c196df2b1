import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedShape } from '../../db/prepared';
import {
  brands,
  categories,
  channels,
  dailyProductRollups,
  invoiceProducts,
  invoices,
  media,
  orderActivities,
  orderPhotos,
  orderProducts,
  orders,
  products,
  replacedOrderProducts,
  vendorBrands,
  vendors,
} from '../../db/schema';
import { containsPattern } from '../../db/like';
import { notFound } from '../../api-error';
import { offsetOf, pageMeta, sortColumn } from '../../http/pagination';
import {
  orderConditions,
  orderInCategories,
  paidOrder,
  rollupScopeConditions,
  rollupsCanAnswer,
  type OrderFilters,
  type OrderScope,
  type OrderView,
} from './filters';
import {
  serializeOrderDetail,
  serializeOrderItem,
  serializeOrderRow,
  type OrderDetailParts,
} from './serializers';
import { countFromStatusRollups, gmvFromStatusRollups, isPlainList, scopeParameters } from './status-rollups';
import { serializeMedia } from '../media/serializer';

type Page = { page: number; per_page: number; order_by: 'asc' | 'desc'; sorted_by?: string };

// Names by scalar subquery rather than join: the list's plan then has two joins fewer to search, which costs
// more than the lookups of a page of rows.
const vendorName = sql<string>`(select ${vendors.name} from ${vendors} where ${vendors.id} = ${orders.vendorId})`;
const channelName = sql<string>`(select ${channels.name} from ${channels} where ${channels.id} = ${orders.channelId})`;

const ORDER_SORTS = {
  number: orders.number,
  created_at: orders.createdAt,
  updated_at: orders.updatedAt,
  date: orders.date,
  grand_total: orders.grandTotal,
  status: orders.statusCode,
  invoice_external_number: invoices.externalNumber,
  vendor_name: vendorName,
  channel_name: channelName,
  id: orders.id,
};

function direction(order: 'asc' | 'desc') {
  return order === 'desc' ? desc : asc;
}

/** The number of orders a list shows: from the status rollups when they can tell, a count narrowed by the filters otherwise. */
async function countOrders(executor: Executor, scope: OrderScope, filters: OrderFilters, where: SQL) {
  const fromRollups = await countFromStatusRollups(executor, scope, filters);
  if (fromRollups !== null) return fromRollups;
  const [row] = await executor
    .select({ total: count() })
    .from(orders)
    .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
    .where(where);
  return row.total;
}

export function orderWhere(scope: OrderScope, filters: OrderFilters) {
  const conditions = orderConditions(scope, filters);
  if (filters.categoryIds) conditions.push(orderInCategories(filters.categoryIds));
  return and(...conditions) as SQL;
}

export const orderRowFields = {
  order: orders,
  paid: paidOrder,
  invoiceExternalNumber: invoices.externalNumber,
  invoicePreorderDeadline: invoices.preorderDeadline,
  invoicePreorderProcessDay: invoices.preorderProcessDay,
  invoicePreorderProcessStart: invoices.preorderProcessStart,
  vendorName,
  channelName,
};

/**
 * Page sizes whose first page is a prepared statement, one per size and sort: the page size stays in the SQL
 * text, since PostgreSQL plans a LIMIT or OFFSET parameter as a tenth of the rows, which could turn the walk of an
 * index into a sort of the whole brand.
 */
const PREPARED_PAGE_SIZES = new Set([10, 25, 50, 100]);

function pageStatement(executor: Executor, where: SQL, filters: OrderFilters, page: Page) {
  const sort = ORDER_SORTS[sortColumn(ORDER_SORTS, page.sorted_by, 'number')];
  // A search finds all its matches before it sorts them, so counting them in the same statement costs
  // nothing more, where a count of its own would search again.
  const matches = filters.search ? sql<number | null>`count(*) over ()` : sql<number | null>`null`;
  return executor
    .select({ ...orderRowFields, matches: matches.mapWith(Number) })
    .from(orders)
    .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
    .where(where)
    .orderBy(direction(page.order_by)(sort), direction(page.order_by)(orders.id))
    .limit(page.per_page);
}

/**
 * The rows of a page: the first page of a plain list (isPlainList) from a prepared statement of its shape (side,
 * brands, sort, page size), any other page or list with its SQL built for the request.
 */
function readPage(executor: Executor, scope: OrderScope, filters: OrderFilters, page: Page, where: SQL) {
  const parameters =
    page.page === 1 && PREPARED_PAGE_SIZES.has(page.per_page) && isPlainList(filters)
      ? scopeParameters(scope)
      : null;
  if (parameters) {
    const sortKey = sortColumn(ORDER_SORTS, page.sorted_by, 'number');
    const name = `order_page_${parameters.shape}_${sortKey}_${page.order_by}_${page.per_page}`;
    return preparedShape(executor, name, (name) =>
      pageStatement(executor, orderWhere(parameters.scope, filters), filters, page).prepare(name),
    ).execute(parameters.values);
  }
  return pageStatement(executor, where, filters, page).offset(offsetOf(page));
}

export async function listOrders(executor: Executor, scope: OrderScope, filters: OrderFilters, page: Page) {
  const where = orderWhere(scope, filters);
  const rowsRead = readPage(executor, scope, filters, page, where);
  const listed = (rows: Awaited<typeof rowsRead>, total: number) => ({
    data: rows.map((row) => serializeOrderRow(scope, row)),
    meta: pageMeta({ page: page.page, perPage: page.per_page, total, count: rows.length }),
  });
  if (!filters.search) {
    return listed(...(await Promise.all([rowsRead, countOrders(executor, scope, filters, where)])));
  }
  const rows = await rowsRead;
  // An empty later page says nothing of how many matched before it.
  const total = rows.length
    ? Number(rows[0].matches)
    : page.page === 1
      ? 0
      : await countOrders(executor, scope, filters, where);
  return listed(rows, total);
}

/**
 * Total Penjualan: Σ (grand_total − grand_total_return) of the orders the list shows, canceled and diverted
 * ones never counting. Read from the status rollups when they can answer, summed over the orders otherwise.
 */
export async function orderCardTotal(executor: Executor, scope: OrderScope, filters: OrderFilters) {
  const fromRollups = await gmvFromStatusRollups(executor, scope, filters);
  if (fromRollups !== null) return { current_period_value: fromRollups };
  const [row] = await executor
    .select({ total: sql<string>`coalesce(sum(${orders.grandTotal} - ${orders.grandTotalReturn}), 0)` })
    .from(orders)
    .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
    .where(and(orderWhere(scope, filters), sql`${orders.statusCode} not in ('canceled', 'diverted')`));
  return { current_period_value: Number(row.total) };
}

const ITEM_SORTS = {
  order_number: orders.number,
  order_created_at: orders.createdAt,
  product_name: products.name,
  category_name: categories.name,
  quantity: orderProducts.quantity,
  total_price: orderProducts.totalPrice,
  order_status: orders.statusCode,
  id: orderProducts.id,
};

/** The item view (Barang): order lines, the category filter applying to each line's product. */
export async function listOrderItems(
  executor: Executor,
  scope: OrderScope,
  filters: OrderFilters,
  page: Page,
) {
  const conditions = orderConditions(scope, filters);
  if (filters.categoryIds) {
    conditions.push(
      filters.categoryIds.length ? inArray(products.categoryId, filters.categoryIds) : sql`false`,
    );
  }
  const where = and(...conditions);
  const sort = ITEM_SORTS[sortColumn(ITEM_SORTS, page.sorted_by, 'order_number')];
  const base = () =>
    executor
      .select({
        line: orderProducts,
        order: {
          id: orders.id,
          number: orders.number,
          statusCode: orders.statusCode,
          createdAt: orders.createdAt,
        },
        paid: paidOrder,
        productName: products.name,
        productSku: products.sku,
        categoryName: categories.name,
      })
      .from(orderProducts)
      .innerJoin(orders, eq(orders.id, orderProducts.orderId))
      .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
      .leftJoin(products, eq(products.id, orderProducts.productId))
      .leftJoin(categories, eq(categories.id, products.categoryId));
  async function total() {
    // Each line of a live order is one (order, product) pair of the product rollup: an order never holds a
    // product twice (ingestion refuses repeated SKUs), so Σ order_count is the number of lines.
    if (rollupsCanAnswer(filters)) {
      const conditions = rollupScopeConditions(dailyProductRollups, scope, filters, dailyProductRollups.date);
      if (filters.categoryIds) {
        conditions.push(
          filters.categoryIds.length
            ? sql`${dailyProductRollups.productId} in (select id from products where category_id in (${sql.join(
                filters.categoryIds.map((id) => sql`${id}`),
                sql`, `,
              )}))`
            : sql`false`,
        );
      }
      const [row] = await executor
        .select({ total: sql<string>`coalesce(sum(${dailyProductRollups.orderCount}), 0)` })
        .from(dailyProductRollups)
        .where(and(...conditions));
      return Number(row.total);
    }
    const [row] = await executor
      .select({ total: count() })
      .from(orderProducts)
      .innerJoin(orders, eq(orders.id, orderProducts.orderId))
      .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
      .leftJoin(products, eq(products.id, orderProducts.productId))
      .where(where);
    return row.total;
  }
  const [rows, totalCount] = await Promise.all([
    base()
      .where(where)
      .orderBy(direction(page.order_by)(sort), direction(page.order_by)(orderProducts.id))
      .limit(page.per_page)
      .offset(offsetOf(page)),
    total(),
  ]);
  return {
    data: rows.map((row) => serializeOrderItem(scope, row)),
    meta: pageMeta({ page: page.page, perPage: page.per_page, total: totalCount, count: rows.length }),
  };
}

/** Full orders with their lines, returns, activities and photos, in the order of `orderIds`. */
export async function loadOrderDetails(
  executor: Executor,
  view: OrderView,
  orderIds: number[],
  mediaUrl: string,
): Promise<ReturnType<typeof serializeOrderDetail>[]> {
  if (orderIds.length === 0) return [];
  const heads = await executor
    .select({
      order: orders,
      paid: paidOrder,
      invoice: invoices,
      channelName: channels.name,
      vendor: vendors,
      brand: brands,
    })
    .from(orders)
    .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
    .innerJoin(channels, eq(channels.id, orders.channelId))
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .innerJoin(brands, eq(brands.id, orders.brandId))
    .where(inArray(orders.id, orderIds));
  const [lines, activities, photos] = await Promise.all([
    executor
      .select({ line: orderProducts, invoiceProduct: invoiceProducts, product: products })
      .from(orderProducts)
      .leftJoin(invoiceProducts, eq(invoiceProducts.id, orderProducts.invoiceProductId))
      .leftJoin(products, eq(products.id, orderProducts.productId))
      .where(inArray(orderProducts.orderId, orderIds))
      .orderBy(asc(orderProducts.id)),
    executor
      .select()
      .from(orderActivities)
      .where(inArray(orderActivities.orderId, orderIds))
      .orderBy(asc(orderActivities.createdAt), asc(orderActivities.id)),
    executor
      .select({ photo: orderPhotos, media })
      .from(orderPhotos)
      .innerJoin(media, eq(media.id, orderPhotos.mediaId))
      .where(inArray(orderPhotos.orderId, orderIds))
      .orderBy(asc(orderPhotos.id)),
  ]);
  const lineIds = lines.map((row) => row.line.id);
  const replaced = lineIds.length
    ? await executor
        .select()
        .from(replacedOrderProducts)
        .where(inArray(replacedOrderProducts.orderProductId, lineIds))
        .orderBy(asc(replacedOrderProducts.id))
    : [];
  const byId = new Map(heads.map((head) => [head.order.id, head]));
  return orderIds
    .filter((id) => byId.has(id))
    .map((id) => {
      const head = byId.get(id) as (typeof heads)[number];
      const own = lines.filter((row) => row.line.orderId === id);
      const ownLineIds = new Set(own.map((row) => row.line.id));
      const parts: OrderDetailParts = {
        ...head,
        lines: own,
        replaced: replaced.filter((row) => ownLineIds.has(row.orderProductId)),
        activities: activities.filter((row) => row.orderId === id),
        deliveryPhotos: photos
          .filter((row) => row.photo.orderId === id && row.photo.kind === 'delivery')
          .map((row) => serializeMedia(row.media, mediaUrl)),
        deliveredPhotos: photos
          .filter((row) => row.photo.orderId === id && row.photo.kind === 'delivered')
          .map((row) => serializeMedia(row.media, mediaUrl)),
      };
      return serializeOrderDetail(view, parts);
    });
}

/** The order of the scope, or 404: another tenant's order reads exactly like one that does not exist. */
export async function findScopedOrder(executor: Executor, scope: OrderScope, orderId: number) {
  const conditions = [
    eq(orders.id, orderId),
    inArray(orders.brandId, scope.brandIds.length ? scope.brandIds : [0]),
    isNull(orders.deletedAt),
  ];
  if (scope.vendorId !== undefined) conditions.push(eq(orders.vendorId, scope.vendorId));
  const [row] = await executor
    .select({ id: orders.id })
    .from(orders)
    .where(and(...conditions));
  if (!row) throw notFound();
  return row.id;
}

export async function showOrder(executor: Executor, scope: OrderScope, orderId: number, mediaUrl: string) {
  const id = await findScopedOrder(executor, scope, orderId);
  const [detail] = await loadOrderDetails(executor, scope, [id], mediaUrl);
  return detail;
}

/** Vendors the order may move to: those serving its brand, other than its own. */
export async function vendorOptions(
  executor: Executor,
  scope: OrderScope,
  orderId: number,
  page: Page & { search?: string },
) {
  const id = await findScopedOrder(executor, scope, orderId);
  const [order] = await executor
    .select({ brandId: orders.brandId, vendorId: orders.vendorId })
    .from(orders)
    .where(eq(orders.id, id));
  const conditions: SQL[] = [
    eq(vendorBrands.brandId, order.brandId),
    isNull(vendors.deletedAt),
    sql`${vendors.id} <> ${order.vendorId}`,
  ];
  if (page.search) conditions.push(sql`${vendors.name} ilike ${containsPattern(page.search)}`);
  const where = and(...conditions);
  const sorts = { name: vendors.name, city: vendors.city, id: vendors.id };
  const sort = sorts[sortColumn(sorts, page.sorted_by, 'name')];
  const [rows, [{ total }]] = await Promise.all([
    executor
      .select({ id: vendors.id, name: vendors.name, city: vendors.city, isPriority: vendors.isPriority })
      .from(vendors)
      .innerJoin(vendorBrands, eq(vendorBrands.vendorId, vendors.id))
      .where(where)
      .orderBy(direction(page.order_by)(sort), asc(vendors.id))
      .limit(page.per_page)
      .offset(offsetOf(page)),
    executor
      .select({ total: count() })
      .from(vendors)
      .innerJoin(vendorBrands, eq(vendorBrands.vendorId, vendors.id))
      .where(where),
  ]);
  return {
    data: rows.map((row) => ({ id: row.id, name: row.name, city: row.city, is_priority: row.isPriority })),
    meta: pageMeta({ page: page.page, perPage: page.per_page, total, count: rows.length }),
  };
}
