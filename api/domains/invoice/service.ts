import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  channels,
  dailyInvoiceRollups,
  invoiceOffers,
  invoiceProducts,
  invoices,
  orders,
  vendors,
  type InvoiceStatusCode,
} from '../../db/schema';
import { dateConditions } from '../../db/jakarta';
import { containsPattern } from '../../db/like';
import { notFound, validationFailed } from '../../api-error';
import { offsetOf, pageMeta, sortColumn } from '../../http/pagination';
import { loadOrderDetails, parseInvoiceStatus, type OrderView } from '../order/service';
import type { InvoiceListQuery } from './schema';
import { serializeInvoice } from './serializers';

export { ingestInvoice } from './ingestion';
export { serializeInvoice } from './serializers';

export type InvoiceFilters = {
  search?: string;
  dateFrom?: string;
  dateTo?: string;
  channelIds?: number[];
  statuses?: InvoiceStatusCode[];
  withCanceled: boolean;
  customerName?: string;
  customerIds?: number[];
};

export function readInvoiceFilters(query: InvoiceListQuery): InvoiceFilters {
  let statuses: InvoiceStatusCode[] | undefined;
  if (query.status?.length) {
    statuses = query.status.map((text, index) => {
      const code = parseInvoiceStatus(text);
      if (!code) {
        throw validationFailed({
          [query.status && query.status.length > 1 ? `status.${index}` : 'status']: [
            'The selected status is invalid.',
          ],
        });
      }
      return code;
    });
  }
  return {
    search: query.search || undefined,
    dateFrom: query['date-from'],
    dateTo: query['date-to'],
    channelIds: query.channel?.length ? query.channel : undefined,
    statuses,
    withCanceled: query['with-canceled'],
    customerName: query['customer-name'] || undefined,
    customerIds: query.customer?.length ? query.customer : undefined,
  };
}

/** Canceled invoices show only when the flag or the status filter asks for them. */
function statusConditions(
  column: typeof invoices.statusCode | typeof dailyInvoiceRollups.statusCode,
  filters: InvoiceFilters,
) {
  if (filters.statuses) return [inArray(column, filters.statuses)];
  return filters.withCanceled ? [] : [ne(column, 'canceled')];
}

export function invoiceWhere(brandId: number, filters: InvoiceFilters) {
  const conditions: SQL[] = [eq(invoices.brandId, brandId)];
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    conditions.push(
      or(ilike(invoices.externalNumber, pattern), ilike(invoices.customerName, pattern)) as SQL,
    );
  }
  conditions.push(...dateConditions(invoices.createdAt, filters.dateFrom, filters.dateTo));
  if (filters.channelIds) conditions.push(inArray(invoices.channelId, filters.channelIds));
  conditions.push(...statusConditions(invoices.statusCode, filters));
  if (filters.customerName) {
    conditions.push(sql`lower(${invoices.customerName}) = lower(${filters.customerName})`);
  }
  if (filters.customerIds) conditions.push(inArray(invoices.customerId, filters.customerIds));
  return and(...conditions) as SQL;
}

function rollupsCanAnswer(filters: InvoiceFilters) {
  return !filters.search && !filters.customerName && !filters.customerIds;
}

function rollupWhere(brandId: number, filters: InvoiceFilters) {
  const conditions: SQL[] = [eq(dailyInvoiceRollups.brandId, brandId)];
  if (filters.dateFrom) conditions.push(sql`${dailyInvoiceRollups.date} >= ${filters.dateFrom}`);
  if (filters.dateTo) conditions.push(sql`${dailyInvoiceRollups.date} <= ${filters.dateTo}`);
  if (filters.channelIds) conditions.push(inArray(dailyInvoiceRollups.channelId, filters.channelIds));
  conditions.push(...statusConditions(dailyInvoiceRollups.statusCode, filters));
  return and(...conditions);
}

const INVOICE_SORTS = {
  created_at: invoices.createdAt,
  date: invoices.date,
  updated_at: invoices.updatedAt,
  external_number: invoices.externalNumber,
  customer_name: invoices.customerName,
  grand_total: invoices.grandTotal,
  status: invoices.statusCode,
  payment_date: invoices.paymentDate,
  id: invoices.id,
};

type Page = { page: number; per_page: number; order_by: 'asc' | 'desc'; sorted_by?: string };

/** The count under the list: from the daily invoice rollup when it can answer, else narrowed by the filters. */
async function countInvoices(executor: Executor, brandId: number, filters: InvoiceFilters) {
  if (rollupsCanAnswer(filters)) {
    const [row] = await executor
      .select({ total: sql<string>`coalesce(sum(${dailyInvoiceRollups.invoiceCount}), 0)` })
      .from(dailyInvoiceRollups)
      .where(rollupWhere(brandId, filters));
    return Number(row.total);
  }
  const [row] = await executor
    .select({ total: count() })
    .from(invoices)
    .where(invoiceWhere(brandId, filters));
  return row.total;
}

export async function listInvoices(executor: Executor, brandId: number, filters: InvoiceFilters, page: Page) {
  const sort = INVOICE_SORTS[sortColumn(INVOICE_SORTS, page.sorted_by, 'created_at')];
  const by = page.order_by === 'desc' ? desc : asc;
  const [rows, total] = await Promise.all([
    executor
      .select({ invoice: invoices, channelName: channels.name })
      .from(invoices)
      .innerJoin(channels, eq(channels.id, invoices.channelId))
      .where(invoiceWhere(brandId, filters))
      .orderBy(by(sort), by(invoices.id))
      .limit(page.per_page)
      .offset(offsetOf(page)),
    countInvoices(executor, brandId, filters),
  ]);
  return {
    data: rows.map((row) => serializeInvoice(row.invoice, row.channelName)),
    meta: pageMeta({ page: page.page, perPage: page.per_page, total, count: rows.length }),
  };
}

/** The total-sales card: Σ grand_total of the invoices the list shows. */
export async function invoiceCardTotal(executor: Executor, brandId: number, filters: InvoiceFilters) {
  if (rollupsCanAnswer(filters)) {
    const [row] = await executor
      .select({ total: sql<string>`coalesce(sum(${dailyInvoiceRollups.grandTotal}), 0)` })
      .from(dailyInvoiceRollups)
      .where(rollupWhere(brandId, filters));
    return { current_period_value: Number(row.total) };
  }
  const [row] = await executor
    .select({ total: sql<string>`coalesce(sum(${invoices.grandTotal}), 0)` })
    .from(invoices)
    .where(invoiceWhere(brandId, filters));
  return { current_period_value: Number(row.total) };
}

/** An invoice with its channel, lines, every order it became (newest last) and the offers it went through. */
export async function showInvoice(
  executor: Executor,
  brandId: number,
  view: OrderView,
  invoiceId: number,
  mediaUrl: string,
) {
  const [row] = await executor
    .select({ invoice: invoices, channelName: channels.name })
    .from(invoices)
    .innerJoin(channels, eq(channels.id, invoices.channelId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.brandId, brandId)));
  if (!row) throw notFound();
  const [lines, orderRows, offers] = await Promise.all([
    executor
      .select()
      .from(invoiceProducts)
      .where(eq(invoiceProducts.invoiceId, invoiceId))
      .orderBy(asc(invoiceProducts.id)),
    executor
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.invoiceId, invoiceId), sql`${orders.deletedAt} is null`))
      .orderBy(asc(orders.createdAt), asc(orders.id)),
    executor
      .select({ offer: invoiceOffers, vendor: { id: vendors.id, name: vendors.name } })
      .from(invoiceOffers)
      .innerJoin(vendors, eq(vendors.id, invoiceOffers.vendorId))
      .where(eq(invoiceOffers.invoiceId, invoiceId))
      .orderBy(asc(invoiceOffers.createdAt), asc(invoiceOffers.id)),
  ]);
  return {
    ...serializeInvoice(row.invoice, row.channelName),
    raw_data: row.invoice.rawData,
    invoice_products: lines.map((line) => ({
      id: line.id,
      product_id: line.productId,
      name: line.name,
      sku: line.sku,
      quantity: line.quantity,
      price: line.price,
      total_price: line.totalPrice,
      weight: line.weight,
    })),
    orders: await loadOrderDetails(
      executor,
      view,
      orderRows.map((order) => order.id),
      mediaUrl,
    ),
    invoice_offer_logs: offers.map(({ offer, vendor }) => ({
      id: offer.id,
      status: offer.status,
      vendor,
      created_at: offer.createdAt.toISOString(),
      expires_at: offer.expiresAt.toISOString(),
      responded_at: offer.respondedAt?.toISOString() ?? null,
    })),
  };
}
