import type { OrderStatusCode } from '../../db/schema';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { BRAND_LABELS, orderStatusLabel } from '../order/service';
import type { Period } from './period';
import {
  fitsInvoiceRollups,
  fitsVendorInvoiceRollups,
  invoiceRollupWhere,
  invoiceWhere,
  orderStatusRollupWhere,
  orderWhere,
  vendorInvoiceRollupWhere,
} from './raw';
import type { TableQuery } from './schema';
import type { Scope } from './scope';
import { allOf, inList, num, selectRows } from './sql';
import { jakartaTimestampOf, limitOffset, orderBy, paged, searchAny } from './table';

const INVOICE_SORT = {
  created_at: 'i.created_at',
  external_number: 'i.external_number',
  customer_name: 'i.customer_name',
  grand_total: 'i.grand_total',
  status: 'i.status_code',
  channel_name: 'c.name',
};

type InvoiceRow = {
  id: number;
  external_number: string;
  created_at: string;
  customer_name: string | null;
  grand_total: unknown;
  status_code: OrderStatusCode;
  channel_name: string;
};

/**
 * How many invoices of the range are in the statuses, unsearched: from the invoice rollups when the scope fits
 * one, else counted (see invoicesByDay in sales.ts).
 */
function invoiceCount(scope: Scope, period: Period, statuses: OrderStatusCode[]): SQL {
  const inStatuses = inList('r.status_code', statuses);
  if (fitsInvoiceRollups(scope)) {
    return sql`select coalesce(sum(r.invoice_count), 0) as total from daily_invoice_rollups r
      where ${invoiceRollupWhere(scope, [period.current])} and ${inStatuses}`;
  }
  if (fitsVendorInvoiceRollups(scope)) {
    return sql`select coalesce(sum(r.invoice_count), 0) as total from daily_vendor_invoice_rollups r
      where ${vendorInvoiceRollupWhere(scope, [period.current])} and ${inStatuses}`;
  }
  return sql`select count(*) as total from invoices i where ${invoiceWhere(scope, [period.current], { statuses })}`;
}

/**
 * How many orders of the range are in the statuses, unsearched: from daily_order_status_rollups (which keeps every
 * order not deleted by vendor and status) unless a category filter asks for the orders' lines.
 */
function orderCount(scope: Scope, period: Period, statuses: OrderStatusCode[]): SQL {
  if (scope.categoryIds) {
    return sql`select count(*) as total from orders o where ${orderWhere(scope, [period.current], statuses)}`;
  }
  return sql`select coalesce(sum(r.order_count), 0) as total from daily_order_status_rollups r
    where ${orderStatusRollupWhere(scope, [period.current], statuses)}`;
}

/** The sales dashboard's table: invoices created in the range in the statuses (new orders by default). */
export async function invoiceTable(
  db: Executor,
  scope: Scope,
  period: Period,
  statuses: OrderStatusCode[],
  query: TableQuery,
) {
  const where = allOf([
    invoiceWhere(scope, [period.current], { statuses }),
    searchAny(['i.external_number', 'i.customer_name'], query.search),
  ]);
  const [rows, [{ total }]] = await Promise.all([
    selectRows<InvoiceRow>(
      db,
      sql`select i.id, i.external_number, ${jakartaTimestampOf('i.created_at')} as created_at, i.customer_name,
          i.grand_total, i.status_code, c.name as channel_name
        from invoices i join channels c on c.id = i.channel_id
        where ${where}
        ${orderBy(INVOICE_SORT, query, 'created_at', 'i.id', ['created_at'])} ${limitOffset(query)}`,
    ),
    selectRows<{ total: unknown }>(
      db,
      query.search
        ? sql`select count(*) as total from invoices i where ${where}`
        : invoiceCount(scope, period, statuses),
    ),
  ]);
  return paged(
    query,
    rows.map((row) => ({
      id: Number(row.id),
      external_number: row.external_number,
      created_at: row.created_at,
      customer_name: row.customer_name,
      grand_total: num(row.grand_total),
      status: BRAND_LABELS[row.status_code],
      status_code: row.status_code,
      channel_name: row.channel_name,
    })),
    num(total),
  );
}

const ORDER_SORT = {
  created_at: 'o.created_at',
  number: 'o.number',
  external_number: 'i.external_number',
  customer_name: 'i.customer_name',
  grand_total: '(o.grand_total - o.grand_total_return)',
  status: 'o.status_code',
  channel_name: 'c.name',
};

type OrderRow = {
  id: number;
  number: string;
  created_at: string;
  invoice_id: number;
  external_number: string;
  customer_name: string | null;
  grand_total: unknown;
  status_code: OrderStatusCode;
  paid: boolean;
  channel_name: string;
  brand_id: number;
  brand_name: string;
};

/** The vendor's sales table: its orders created in the range in the statuses (new orders by default). */
export async function orderTable(
  db: Executor,
  scope: Scope,
  period: Period,
  statuses: OrderStatusCode[],
  query: TableQuery,
) {
  const where = allOf([
    orderWhere(scope, [period.current], statuses),
    searchAny(['o.number', 'i.external_number', 'i.customer_name'], query.search),
  ]);
  const [rows, [{ total }]] = await Promise.all([
    selectRows<OrderRow>(
      db,
      sql`select o.id, o.number, ${jakartaTimestampOf('o.created_at')} as created_at, o.invoice_id, i.external_number,
          i.customer_name, o.grand_total - o.grand_total_return as grand_total, o.status_code,
          exists (select 1 from send_payment_orders spo where spo.order_id = o.id) as paid,
          c.name as channel_name, o.brand_id, b.name as brand_name
        from orders o
        join invoices i on i.id = o.invoice_id
        join channels c on c.id = o.channel_id
        join brands b on b.id = o.brand_id
        where ${where}
        ${orderBy(ORDER_SORT, query, 'created_at', 'o.id', ['created_at'])} ${limitOffset(query)}`,
    ),
    selectRows<{ total: unknown }>(
      db,
      query.search
        ? sql`select count(*) as total from orders o join invoices i on i.id = o.invoice_id where ${where}`
        : orderCount(scope, period, statuses),
    ),
  ]);
  return paged(
    query,
    rows.map((row) => ({
      id: Number(row.id),
      number: row.number,
      created_at: row.created_at,
      invoice_id: Number(row.invoice_id),
      external_number: row.external_number,
      customer_name: row.customer_name,
      grand_total: num(row.grand_total),
      status: orderStatusLabel('vendor', row.status_code, Boolean(row.paid)),
      status_code: row.status_code,
      channel_name: row.channel_name,
      brand_id: Number(row.brand_id),
      brand_name: row.brand_name,
    })),
    num(total),
  );
}
