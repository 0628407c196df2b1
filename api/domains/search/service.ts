import { and, asc, eq, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  brands,
  customers,
  invoices,
  marketplaceListings,
  orders,
  products,
  sendPayments,
  vendors,
} from '../../db/schema';
import { mayPerform } from '../../access/policy';
import { ROLE } from '../../access/roles';
import type { AuthUser } from '../../http/context';
import { visibleVendors } from '../vendor/service';
import { SEARCH_KINDS, type SearchHit, type SearchKind } from './schema';

/** At most this many hits of each kind: the box points at a record, the lists page through many. */
export const PER_KIND = 5;

/** A LIKE pattern for "starts with `term`", the user's own wildcards taken literally. */
function prefixPattern(term: string) {
  return `${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `lower(column) like 'term%'`: a range on the column's `lower(…) text_pattern_ops` index. */
function startsWith(column: AnyColumn, term: string): SQL {
  return sql`lower(${column}) like ${prefixPattern(term.toLowerCase())}`;
}

/** Digits with the country code, as customers store them: `0812-3456` → `628123456`. */
function normalisedPhone(term: string) {
  const digits = term.replace(/\D/g, '');
  if (digits.length < 6 || digits.length * 2 < term.replace(/\s/g, '').length) return null;
  if (digits.startsWith('0')) return `62${digits.slice(1)}`;
  if (digits.startsWith('8')) return `62${digits}`;
  return digits;
}

/** `brand_id in (…)` for the caller's brands on the brand side; nothing to add for administrators. */
function inBrands(column: AnyColumn, brandIds: readonly number[] | 'all'): SQL | undefined {
  if (brandIds === 'all') return undefined;
  return inArray(column, brandIds.length ? [...brandIds] : [0]);
}

/**
 * Whose orders the caller reads, as the order lists scope them: a vendor's users their vendor's orders of the
 * brands it serves, brand-side users their brands' orders, administrators every one.
 */
function orderTenancy(user: AuthUser): SQL | undefined {
  if (user.roleId === ROLE.vendor) {
    return and(eq(orders.vendorId, user.vendorId ?? 0), inBrands(orders.brandId, user.reach));
  }
  return inBrands(orders.brandId, user.brandIds);
}

function orderPath(id: number) {
  return `/order/${id}`;
}

async function searchOrders(db: Executor, user: AuthUser, term: string): Promise<SearchHit[]> {
  const upper = term.toUpperCase();
  // The number as a byte range on orders_number_prefix_idx; the marketplace and tracking numbers exactly.
  const after = upper.slice(0, -1) + String.fromCharCode(upper.charCodeAt(upper.length - 1) + 1);
  const byNumber = sql`${orders.number} ~>=~ ${upper} and ${orders.number} ~<~ ${after}`;
  const exactly = [...new Set([term, upper])];
  // Each match its own query on its own index; one OR across the join would walk every order.
  const matching = sql`(select ${orders.id} from ${orders} where ${byNumber}
    union select ${orders.id} from ${orders} where ${inArray(orders.shippingNumber, exactly)}
    union select ${orders.id} from ${orders} join ${invoices} on ${invoices.id} = ${orders.invoiceId}
      where ${inArray(invoices.externalNumber, exactly)})`;
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      externalNumber: invoices.externalNumber,
      customerName: invoices.customerName,
      shippingNumber: orders.shippingNumber,
    })
    .from(orders)
    .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
    .where(and(inArray(orders.id, matching), isNull(orders.deletedAt), orderTenancy(user)))
    .orderBy(asc(orders.number))
    .limit(PER_KIND);
  return rows.map((row) => ({
    kind: 'order',
    id: row.id,
    title: row.number,
    subtitle: [row.externalNumber, row.customerName, row.shippingNumber].filter(Boolean).join(' · '),
    path: orderPath(row.id),
  }));
}

async function searchInvoices(db: Executor, user: AuthUser, term: string): Promise<SearchHit[]> {
  const rows = await db
    .select({
      id: invoices.id,
      externalNumber: invoices.externalNumber,
      customerName: invoices.customerName,
      brand: brands.name,
    })
    .from(invoices)
    .innerJoin(brands, eq(brands.id, invoices.brandId))
    .where(
      and(
        inArray(invoices.externalNumber, [...new Set([term, term.toUpperCase()])]),
        inBrands(invoices.brandId, user.brandIds),
      ),
    )
    .orderBy(asc(invoices.id))
    .limit(PER_KIND);
  return rows.map((row) => ({
    kind: 'invoice',
    id: row.id,
    title: row.externalNumber,
    subtitle: [row.customerName, row.brand].filter(Boolean).join(' · '),
    path: `/invoice/${row.id}`,
  }));
}

function customerPath(row: { name: string; phone: string | null; email: string | null }) {
  const query = new URLSearchParams({ phone: row.phone ?? '', email: row.email ?? '' });
  return `/customer/${encodeURIComponent(row.name)}?${query.toString()}`;
}

async function searchCustomers(db: Executor, user: AuthUser, term: string): Promise<SearchHit[]> {
  const tenancy = inBrands(customers.brandId, user.brandIds);
  const columns = {
    id: customers.id,
    name: customers.name,
    phone: customers.phone,
    email: customers.email,
    city: customers.city,
  };
  // Each match its own query on its own index. The names in the prefix index's own order (`using ~<~`), so that
  // the scan stops at the fifth: ordered by the name as written, a common first name sorted thousands of buyers.
  const queries = [
    db
      .select(columns)
      .from(customers)
      .where(and(startsWith(customers.name, term), tenancy))
      .orderBy(sql`lower(${customers.name}) using ~<~`, asc(customers.id))
      .limit(PER_KIND),
  ];
  const phone = normalisedPhone(term);
  if (phone) {
    queries.push(
      db
        .select(columns)
        .from(customers)
        .where(and(eq(customers.normalizedPhone, phone), tenancy))
        .orderBy(asc(customers.id))
        .limit(PER_KIND),
    );
  }
  if (term.includes('@')) {
    queries.push(
      db
        .select(columns)
        .from(customers)
        .where(and(sql`lower(${customers.email}) = ${term.toLowerCase()}`, tenancy))
        .orderBy(asc(customers.id))
        .limit(PER_KIND),
    );
  }
  const found = new Map((await Promise.all(queries)).flat().map((row) => [row.id, row]));
  const key = (row: { name: string }) => row.name.toLowerCase();
  const rows = [...found.values()]
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id))
    .slice(0, PER_KIND);
  return rows.map((row) => ({
    kind: 'customer',
    id: row.id,
    title: row.name,
    subtitle: [row.phone, row.email, row.city].filter(Boolean).join(' · '),
    path: customerPath(row),
  }));
}

async function searchProducts(db: Executor, user: AuthUser, term: string): Promise<SearchHit[]> {
  // A vendor's users read the catalogue of every brand their vendor serves, through their stock screen.
  const brandIds = user.roleId === ROLE.vendor ? user.reach : user.brandIds;
  const rows = await db
    .select({ id: products.id, name: products.name, sku: products.sku, brand: brands.name })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(
      and(
        or(startsWith(products.name, term), startsWith(products.sku, term)),
        isNull(products.deletedAt),
        inBrands(products.brandId, brandIds),
      ),
    )
    .orderBy(asc(products.name), asc(products.id))
    .limit(PER_KIND);
  const vendorSide = user.roleId === ROLE.vendor;
  return rows.map((row) => ({
    kind: 'product',
    id: row.id,
    title: row.name,
    subtitle: `${row.sku} · ${row.brand}`,
    path: vendorSide ? `/stock/manajemen?${new URLSearchParams({ search: row.sku })}` : `/stock/${row.id}`,
  }));
}

async function searchListings(db: Executor, user: AuthUser, term: string): Promise<SearchHit[]> {
  const rows = await db
    .select({
      id: marketplaceListings.id,
      name: marketplaceListings.name,
      sku: marketplaceListings.sku,
      brand: brands.name,
    })
    .from(marketplaceListings)
    .innerJoin(brands, eq(brands.id, marketplaceListings.brandId))
    .where(
      and(
        or(
          startsWith(marketplaceListings.name, term),
          startsWith(marketplaceListings.sku, term),
          // A variant's SKU, exactly, on the GIN index of the listing's SKUs.
          sql`${marketplaceListings.skus} @> array[${term}]::text[]`,
        ),
        isNull(marketplaceListings.deletedAt),
        inBrands(marketplaceListings.brandId, user.brandIds),
      ),
    )
    .orderBy(asc(marketplaceListings.name), asc(marketplaceListings.id))
    .limit(PER_KIND);
  return rows.map((row) => ({
    kind: 'listing',
    id: row.id,
    title: row.name,
    subtitle: [row.sku, row.brand].filter(Boolean).join(' · '),
    path: `/product/${row.id}`,
  }));
}

async function searchVendors(db: Executor, user: AuthUser, term: string): Promise<SearchHit[]> {
  const rows = await db
    .select({ id: vendors.id, name: vendors.name, city: vendors.city })
    .from(vendors)
    .where(and(startsWith(vendors.name, term), visibleVendors(user)))
    .orderBy(asc(vendors.name), asc(vendors.id))
    .limit(PER_KIND);
  return rows.map((row) => ({
    kind: 'vendor',
    id: row.id,
    title: row.name,
    subtitle: row.city ?? '',
    path: `/settings/vendor/${row.id}`,
  }));
}

async function searchVouchers(db: Executor, user: AuthUser, term: string): Promise<SearchHit[]> {
  const rows = await db
    .select({ id: sendPayments.id, number: sendPayments.number, vendor: vendors.name, brand: brands.name })
    .from(sendPayments)
    .innerJoin(vendors, eq(vendors.id, sendPayments.vendorId))
    .innerJoin(brands, eq(brands.id, sendPayments.brandId))
    .where(
      and(
        startsWith(sendPayments.number, term),
        isNull(sendPayments.deletedAt),
        inBrands(sendPayments.brandId, user.brandIds),
      ),
    )
    .orderBy(asc(sendPayments.number), asc(sendPayments.id))
    .limit(PER_KIND);
  return rows.map((row) => ({
    kind: 'voucher',
    id: row.id,
    title: row.number,
    subtitle: `${row.vendor} · ${row.brand}`,
    path: `/send-payment/${row.id}`,
  }));
}

/** Each kind with the operation of the list it comes from: a caller who may not read that list gets no group. */
const SEARCHES = {
  order: { operation: 'order.list', run: searchOrders },
  invoice: { operation: 'invoice.list', run: searchInvoices },
  customer: { operation: 'customer.list', run: searchCustomers },
  product: { operation: 'stock.list', run: searchProducts },
  listing: { operation: 'listing.list', run: searchListings },
  vendor: { operation: 'vendor.list', run: searchVendors },
  voucher: { operation: 'payment.list', run: searchVouchers },
} as const satisfies Record<SearchKind, { operation: string; run: unknown }>;

/** The kinds `user` may search at all. */
export function searchableKinds(user: AuthUser): SearchKind[] {
  return SEARCH_KINDS.filter((kind) => mayPerform(user, SEARCHES[kind].operation));
}

/** Every kind the caller may read, grouped; a kind it may read with no hit is an empty group. */
export async function search(db: Executor, user: AuthUser, term: string) {
  const kinds = searchableKinds(user);
  const groups = await Promise.all(
    kinds.map(async (kind) => ({ kind, hits: await SEARCHES[kind].run(db, user, term) })),
  );
  return { data: groups, meta: { q: term, per_kind: PER_KIND } };
}
