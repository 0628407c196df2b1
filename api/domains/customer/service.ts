import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { dateConditions } from '../../db/jakarta';
import { brandCustomerTotals, customers, invoices } from '../../db/schema';
import { containsPattern } from '../../db/like';
import { notFound, validationFailed } from '../../api-error';
import { offsetOf, pageMeta, pageQuerySchema, sortColumn } from '../../http/pagination';
import { listInvoices } from '../invoice/service';
import { dateRangeInOrder, dateRangeIssue, dayParam, idListParam } from '../../http/params';

export const customerListQuerySchema = pageQuerySchema
  .extend({
    sorted_by: z.string().max(50).optional(),
    'date-from': dayParam('date-from'),
    'date-to': dayParam('date-to'),
    channel: idListParam,
  })
  .refine(dateRangeInOrder, dateRangeIssue);

export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const customerDetailQuerySchema = pageQuerySchema.extend({
  name: z.string().trim().max(200).optional(),
  phone: z.string().trim().max(50).optional(),
  email: z.string().trim().max(200).optional(),
});

export type CustomerDetailQuery = z.infer<typeof customerDetailQuerySchema>;

/** What the date range and channels, when given, ask of an invoice; none when neither is given. */
function invoiceFilters(query: Pick<CustomerListQuery, 'date-from' | 'date-to' | 'channel'>) {
  const conditions = dateConditions(invoices.createdAt, query['date-from'], query['date-to']);
  if (query.channel?.length) conditions.push(inArray(invoices.channelId, query.channel));
  return conditions;
}

/** The invoices a customer row counts: those of the date range and channels when given. */
function invoiceConditions(query: Pick<CustomerListQuery, 'date-from' | 'date-to' | 'channel'>) {
  return and(sql`${invoices.customerId} = ${customers.id}`, ...invoiceFilters(query)) as SQL;
}

/**
 * What the search and the filters ask of a buyer: the one rule of whether the list is narrowed, for its rows and
 * for its total alike. None when the list shows every buyer of the brand.
 */
function narrowingConditions(query: CustomerListQuery) {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(
        ilike(customers.name, pattern),
        ilike(customers.email, pattern),
        ilike(customers.phone, pattern),
      ) as SQL,
    );
  }
  if (invoiceFilters(query).length) {
    conditions.push(sql`exists (select 1 from ${invoices} where ${invoiceConditions(query)})`);
  }
  return conditions;
}

export function customerWhere(brandId: number, query: CustomerListQuery) {
  return and(eq(customers.brandId, brandId), ...narrowingConditions(query)) as SQL;
}

export function customerRowFields(query: CustomerListQuery) {
  return {
    customer: customers,
    totalInvoice: sql<number>`(select count(*)::int from ${invoices} where ${invoiceConditions(query)})`,
  };
}

export function serializeCustomer(row: { customer: typeof customers.$inferSelect; totalInvoice: number }) {
  return {
    id: row.customer.id,
    customer_name: row.customer.name,
    customer_email: row.customer.email,
    customer_phone: row.customer.phone,
    gender: row.customer.gender,
    city: row.customer.city,
    total_invoice: Number(row.totalInvoice),
  };
}

/**
 * The invoice count is not a sort: it is counted per row, so ordering by it counts the invoices of every buyer the
 * list matches before the first page is known, a read that grows with the brand's history (docs/decisions/058).
 */
const CUSTOMER_SORTS = {
  customer_name: customers.name,
  customer_email: customers.email,
  customer_phone: customers.phone,
  created_at: customers.createdAt,
  id: customers.id,
};

/**
 * How many buyers the list holds: the brand's buyer count from its rollup when nothing narrows the list (counting
 * the rows read every buyer the brand ever had), else a count of the rows that match.
 */
function customerTotal(executor: Executor, brandId: number, query: CustomerListQuery, where: SQL) {
  const narrowed = narrowingConditions(query).length > 0;
  if (narrowed) return executor.select({ total: count() }).from(customers).where(where);
  return executor
    .select({ total: sql<number>`coalesce(max(${brandCustomerTotals.customerCount}), 0)::int` })
    .from(brandCustomerTotals)
    .where(eq(brandCustomerTotals.brandId, brandId));
}

/**
 * Buyers of the brand with their number of invoices. The total is a count over the brand's customers,
 * narrowed by the filters (see docs/decisions/005-list-totals.md).
 */
export async function listCustomers(executor: Executor, brandId: number, query: CustomerListQuery) {
  const where = customerWhere(brandId, query);
  const sort = CUSTOMER_SORTS[sortColumn(CUSTOMER_SORTS, query.sorted_by, 'customer_name')];
  const by = query.order_by === 'desc' ? desc : asc;
  const [rows, [{ total }]] = await Promise.all([
    executor
      .select(customerRowFields(query))
      .from(customers)
      .where(where)
      .orderBy(by(sort), by(customers.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    customerTotal(executor, brandId, query, where),
  ]);
  return {
    data: rows.map(serializeCustomer),
    meta: pageMeta({ page: query.page, perPage: query.per_page, total, count: rows.length }),
  };
}

function normalisedPhone(phone: string) {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('0')) return `62${digits.slice(1)}`;
  if (digits.startsWith('8')) return `62${digits}`;
  return digits;
}

/**
 * The customer page: its information and its invoices, paged. Found by id, else by name with phone or email, as
 * the list row names a customer: two buyers who share a name are two customers. Phone or email alone still finds
 * its buyer (one of the same name first); a name alone, the first customer of that name.
 */
export async function showCustomer(
  executor: Executor,
  brandId: number,
  lookup: { id?: number } & CustomerDetailQuery,
) {
  const sameName = lookup.name ? sql`lower(${customers.name}) = lower(${lookup.name})` : undefined;
  let match: SQL;
  if (lookup.id) match = eq(customers.id, lookup.id);
  else if (lookup.phone && normalisedPhone(lookup.phone)) {
    match = eq(customers.normalizedPhone, normalisedPhone(lookup.phone));
  } else if (lookup.email) match = sql`lower(${customers.email}) = lower(${lookup.email})`;
  else if (sameName) match = sameName;
  else throw validationFailed({ name: ['The name field is required when phone and email are not present.'] });
  const [customer] = await executor
    .select()
    .from(customers)
    .where(and(eq(customers.brandId, brandId), match))
    .orderBy(...(sameName && !lookup.id ? [desc(sameName)] : []), asc(customers.id))
    .limit(1);
  if (!customer) throw notFound();
  const [summary] = await executor
    .select({
      totalInvoice: count(),
      totalSpent: sql<string>`coalesce(sum(${invoices.grandTotal}) filter (where ${invoices.statusCode} <> 'canceled'), 0)`,
      first: sql<string | null>`min(${invoices.createdAt})`,
      last: sql<string | null>`max(${invoices.createdAt})`,
    })
    .from(invoices)
    .where(eq(invoices.customerId, customer.id));
  const invoicesPage = await listInvoices(
    executor,
    brandId,
    { customerIds: [customer.id], withCanceled: true },
    { page: lookup.page, per_page: lookup.per_page, order_by: 'desc', sorted_by: 'created_at' },
  );
  return {
    data: {
      ...serializeCustomer({ customer, totalInvoice: summary.totalInvoice }),
      total_spent: Number(summary.totalSpent),
      first_invoice_at: summary.first ? new Date(summary.first).toISOString() : null,
      last_invoice_at: summary.last ? new Date(summary.last).toISOString() : null,
    },
    invoices: invoicesPage,
  };
}
