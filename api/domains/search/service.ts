import { createHash } from 'node:crypto';
import { and, eq, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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

/**
 * The bounds of "starts with `term`" in byte order, for the `~>=~` / `~<~` operators of a `text_pattern_ops`
 * index: unlike `like 'term%'`, a range whose bounds are parameters still reads the index in a prepared
 * statement's generic plan. The upper bound is the prefix with its last character's successor.
 */
function prefixBounds(term: string) {
  const chars = [...term];
  const last = chars.pop() ?? '';
  const next = (last.codePointAt(0) ?? 0) + 1;
  const upper = next > 0x10ffff ? `${term}\u{10ffff}` : chars.join('') + String.fromCodePoint(next);
  return { lower: term, upper };
}

/** `lower(column)` starts with `term` (already lower case), as a range on its `lower(…) text_pattern_ops` index. */
function startsWith(column: AnyColumn, term: string): SQL {
  const { lower, upper } = prefixBounds(term);
  return sql`(lower(${column}) ~>=~ ${lower} and lower(${column}) ~<~ ${upper})`;
}

/** Digits with the country code, as customers store them: `0812-3456` → `628123456`. */
function normalisedPhone(term: string) {
  const digits = term.replace(/\D/g, '');
  if (digits.length < 6 || digits.length * 2 < term.replace(/\s/g, '').length) return null;
  if (digits.startsWith('0')) return `62${digits.slice(1)}`;
  if (digits.startsWith('8')) return `62${digits}`;
  return digits;
}

/**
 * `brand_id = any(…)` for the caller's brands on the brand side; nothing to add for administrators. One array
 * parameter, so the statement's text does not grow with the number of brands.
 */
function inBrands(column: AnyColumn, brandIds: readonly number[] | 'all'): SQL | undefined {
  if (brandIds === 'all') return undefined;
  return sql`${column} = any(${sql.param([...brandIds])}::int[])`;
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

/** What a kind's query returns: the hit's id, title and subtitle parts, and what its link needs. */
type HitRow = { id: number; title: string; parts: (string | null)[]; extra: (string | null)[] };

/** One kind's part of the statement: its rows as a query, and each row made a hit. */
type KindSearch = { query: SQL | { getSQL(): SQL }; hit(row: HitRow): SearchHit };

/** `array[a, b, …]` of text: the subtitle's parts, in order, each possibly null. */
function texts(...columns: (AnyColumn | SQL)[]) {
  return sql<(string | null)[]>`array[${sql.join(
    columns.map((column) => sql`${column}::text`),
    sql`, `,
  )}]`;
}

function subtitleOf(parts: (string | null)[]) {
  return parts.filter(Boolean).join(' · ');
}

function orderSearch(user: AuthUser, term: string): KindSearch {
  const upper = term.toUpperCase();
  const { upper: after } = prefixBounds(upper);
  const columns = sql`${orders.id} as id, ${orders.number} as title,
    ${texts(invoices.externalNumber, invoices.customerName, orders.shippingNumber)} as parts,
    array[]::text[] as extra`;
  const from = sql`${orders} join ${invoices} on ${invoices.id} = ${orders.invoiceId}`;
  const readable = and(isNull(orders.deletedAt), orderTenancy(user));
  // Both spellings always, so the statement has one text whatever the case of the term.
  const exactly = sql`(${term}, ${upper})`;
  // Each match its own query on its own index, each stopping at the fifth readable order: the number as a byte
  // range on orders_number_prefix_idx read in its own order (a year's prefix matches every order of the year),
  // the tracking and marketplace numbers exactly. One OR across the join would walk every order.
  const branches = [
    sql`(select ${columns} from ${from}
      where ${orders.number} ~>=~ ${upper} and ${orders.number} ~<~ ${after} and ${readable}
      order by ${orders.number} using ~<~ limit ${PER_KIND})`,
    sql`(select ${columns} from ${from} where ${orders.shippingNumber} in ${exactly} and ${readable}
      order by ${orders.number} limit ${PER_KIND})`,
    sql`(select ${columns} from ${from} where ${invoices.externalNumber} in ${exactly} and ${readable}
      order by ${orders.number} limit ${PER_KIND})`,
  ];
  return {
    query: sql`select id, title, parts, extra from (${sql.join(branches, sql` union `)}) found
      order by title, id limit ${PER_KIND}`,
    hit: (row) => ({
      kind: 'order',
      id: row.id,
      title: row.title,
      subtitle: subtitleOf(row.parts),
      path: `/order/${row.id}`,
    }),
  };
}

function invoiceSearch(user: AuthUser, term: string): KindSearch {
  return {
    query: sql`select ${invoices.id} as id, ${invoices.externalNumber} as title,
        ${texts(invoices.customerName, brands.name)} as parts, array[]::text[] as extra
      from ${invoices} join ${brands} on ${brands.id} = ${invoices.brandId}
      where ${and(
        sql`${invoices.externalNumber} in (${term}, ${term.toUpperCase()})`,
        inBrands(invoices.brandId, user.brandIds),
      )}
      order by ${invoices.id} limit ${PER_KIND}`,
    hit: (row) => ({
      kind: 'invoice',
      id: row.id,
      title: row.title,
      subtitle: subtitleOf(row.parts),
      path: `/invoice/${row.id}`,
    }),
  };
}

function customerPath(name: string, phone: string | null, email: string | null) {
  const query = new URLSearchParams({ phone: phone ?? '', email: email ?? '' });
  return `/customer/${encodeURIComponent(name)}?${query.toString()}`;
}

function customerSearch(user: AuthUser, term: string): KindSearch {
  const tenancy = inBrands(customers.brandId, user.brandIds);
  const columns = sql`${customers.id} as id, ${customers.name} as title,
    ${texts(customers.phone, customers.email, customers.city)} as parts,
    ${texts(customers.phone, customers.email)} as extra, lower(${customers.name}) as sort_name`;
  // Each match its own query on its own index. The names in the prefix index's own order (`using ~<~`), so that
  // the scan stops at the fifth: ordered by the name as written, a common first name sorted thousands of buyers.
  const branches = [
    sql`(select ${columns} from ${customers} where ${and(startsWith(customers.name, term.toLowerCase()), tenancy)}
      order by lower(${customers.name}) using ~<~, ${customers.id} limit ${PER_KIND})`,
  ];
  const phone = normalisedPhone(term);
  if (phone) {
    branches.push(sql`(select ${columns} from ${customers}
      where ${and(eq(customers.normalizedPhone, phone), tenancy)} order by ${customers.id} limit ${PER_KIND})`);
  }
  if (term.includes('@')) {
    branches.push(sql`(select ${columns} from ${customers}
      where ${and(sql`lower(${customers.email}) = ${term.toLowerCase()}`, tenancy)}
      order by ${customers.id} limit ${PER_KIND})`);
  }
  return {
    query: sql`select id, title, parts, extra from (${sql.join(branches, sql` union `)}) found
      order by sort_name, id limit ${PER_KIND}`,
    hit: (row) => ({
      kind: 'customer',
      id: row.id,
      title: row.title,
      subtitle: subtitleOf(row.parts),
      path: customerPath(row.title, row.extra[0], row.extra[1]),
    }),
  };
}

function productSearch(user: AuthUser, term: string): KindSearch {
  // A vendor's users read the catalogue of every brand their vendor serves, through their stock screen.
  const vendorSide = user.roleId === ROLE.vendor;
  const lower = term.toLowerCase();
  return {
    query: sql`select ${products.id} as id, ${products.name} as title, ${texts(products.sku, brands.name)} as parts,
        ${texts(products.sku)} as extra
      from ${products} join ${brands} on ${brands.id} = ${products.brandId}
      where ${and(
        or(startsWith(products.name, lower), startsWith(products.sku, lower)),
        isNull(products.deletedAt),
        inBrands(products.brandId, vendorSide ? user.reach : user.brandIds),
      )}
      order by ${products.name}, ${products.id} limit ${PER_KIND}`,
    hit: (row) => ({
      kind: 'product',
      id: row.id,
      title: row.title,
      subtitle: `${row.parts[0]} · ${row.parts[1]}`,
      path: vendorSide
        ? `/stock/manajemen?${new URLSearchParams({ search: row.extra[0] ?? '' })}`
        : `/stock/${row.id}`,
    }),
  };
}

function listingSearch(user: AuthUser, term: string): KindSearch {
  const lower = term.toLowerCase();
  return {
    query: sql`select ${marketplaceListings.id} as id, ${marketplaceListings.name} as title,
        ${texts(marketplaceListings.sku, brands.name)} as parts, array[]::text[] as extra
      from ${marketplaceListings} join ${brands} on ${brands.id} = ${marketplaceListings.brandId}
      where ${and(
        or(
          startsWith(marketplaceListings.name, lower),
          startsWith(marketplaceListings.sku, lower),
          // A variant's SKU, exactly, on the GIN index of the listing's SKUs.
          sql`${marketplaceListings.skus} @> array[${term}]::text[]`,
        ),
        isNull(marketplaceListings.deletedAt),
        inBrands(marketplaceListings.brandId, user.brandIds),
      )}
      order by ${marketplaceListings.name}, ${marketplaceListings.id} limit ${PER_KIND}`,
    hit: (row) => ({
      kind: 'listing',
      id: row.id,
      title: row.title,
      subtitle: subtitleOf(row.parts),
      path: `/product/${row.id}`,
    }),
  };
}

function vendorSearch(user: AuthUser, term: string): KindSearch {
  return {
    query: sql`select ${vendors.id} as id, ${vendors.name} as title, ${texts(vendors.city)} as parts,
        array[]::text[] as extra
      from ${vendors}
      where ${and(startsWith(vendors.name, term.toLowerCase()), visibleVendors(user))}
      order by ${vendors.name}, ${vendors.id} limit ${PER_KIND}`,
    hit: (row) => ({
      kind: 'vendor',
      id: row.id,
      title: row.title,
      subtitle: row.parts[0] ?? '',
      path: `/settings/vendor/${row.id}`,
    }),
  };
}

function voucherSearch(user: AuthUser, term: string): KindSearch {
  return {
    query: sql`select ${sendPayments.id} as id, ${sendPayments.number} as title,
        ${texts(vendors.name, brands.name)} as parts, array[]::text[] as extra
      from ${sendPayments}
        join ${vendors} on ${vendors.id} = ${sendPayments.vendorId}
        join ${brands} on ${brands.id} = ${sendPayments.brandId}
      where ${and(
        startsWith(sendPayments.number, term.toLowerCase()),
        isNull(sendPayments.deletedAt),
        inBrands(sendPayments.brandId, user.brandIds),
      )}
      order by ${sendPayments.number}, ${sendPayments.id} limit ${PER_KIND}`,
    hit: (row) => ({
      kind: 'voucher',
      id: row.id,
      title: row.title,
      subtitle: `${row.parts[0]} · ${row.parts[1]}`,
      path: `/send-payment/${row.id}`,
    }),
  };
}

/** Each kind with the operation of the list it comes from: a caller who may not read that list gets no group. */
const SEARCHES = {
  order: { operation: 'order.list', build: orderSearch },
  invoice: { operation: 'invoice.list', build: invoiceSearch },
  customer: { operation: 'customer.list', build: customerSearch },
  product: { operation: 'stock.list', build: productSearch },
  listing: { operation: 'listing.list', build: listingSearch },
  vendor: { operation: 'vendor.list', build: vendorSearch },
  voucher: { operation: 'payment.list', build: voucherSearch },
} as const satisfies Record<SearchKind, { operation: string; build: unknown }>;

/** The kinds `user` may search at all. */
export function searchableKinds(user: AuthUser): SearchKind[] {
  return SEARCH_KINDS.filter((kind) => mayPerform(user, SEARCHES[kind].operation));
}

const dialect = new PgDialect();

/**
 * One statement for every kind, each kind's hits a JSON array of its own column, instead of a statement per
 * kind: one round trip and one parse, and as a named prepared statement (named by a hash of its text) one plan
 * kept per connection. Its text takes few shapes (the kinds a caller may read, whether it is scoped to brands
 * or a vendor, and whether the term also reads as a phone or an email), and every value — terms, bounds, brand
 * ids — is a parameter whose plan does not depend on it: prefixes are byte ranges on their indexes.
 */
async function runSearch(db: Executor, kinds: SearchKind[], parts: KindSearch[]) {
  const columns = kinds.map(
    (kind, index) =>
      sql`(select coalesce(json_agg(hit), '[]'::json) from (${parts[index].query}) hit) as ${sql.identifier(kind)}`,
  );
  const built = dialect.sqlToQuery(sql`select ${sql.join(columns, sql`, `)}`);
  const name = `search_${createHash('sha1').update(built.sql).digest('base64url').slice(0, 12)}`;
  const result = (await db._.session.prepareQuery(built, undefined, name, false).execute()) as {
    rows: Record<SearchKind, HitRow[] | string>[];
  };
  const row = result.rows[0];
  // PGlite hands json back parsed, node-postgres too; a driver that hands back text is read the same.
  return kinds.map((kind) => {
    const value = row[kind];
    return typeof value === 'string' ? (JSON.parse(value) as HitRow[]) : value;
  });
}

/** Every kind the caller may read, grouped; a kind it may read with no hit is an empty group. */
export async function search(db: Executor, user: AuthUser, term: string) {
  const kinds = searchableKinds(user);
  if (!kinds.length) return { data: [], meta: { q: term, per_kind: PER_KIND } };
  const parts = kinds.map((kind) => SEARCHES[kind].build(user, term));
  const found = await runSearch(db, kinds, parts);
  const data = kinds.map((kind, index) => ({ kind, hits: found[index].map((row) => parts[index].hit(row)) }));
  return { data, meta: { q: term, per_kind: PER_KIND } };
}
