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
import type { OperationName } from '../../../contract/access';
import { ROLE } from '../../access/roles';
import type { AuthUser } from '../../access/auth-user';
import { visibleVendors } from '../vendor/service';
import { SEARCH_KINDS, type SearchHit, type SearchKind } from './schema';

/** At most this many hits of each kind: the box points at a record, the lists page through many. */
export const PER_KIND = 5;

/**
 * The limit written into the statement, not a parameter: with an unknown limit the planner costs a generic plan
 * as if it read a tenth of every index range, and PostgreSQL then plans each search afresh (planning cost more
 * than running it); with the literal, the generic plan is costed as what it is, read five rows of an index.
 */
const LIMIT = sql.raw(String(PER_KIND));

/**
 * The upper bound of "starts with `term`" in byte order (the term itself is the lower), for the `~>=~` / `~<~`
 * operators of a `text_pattern_ops` index: unlike `like 'term%'`, a range whose bounds are parameters still reads
 * the index in a prepared statement's generic plan. It is the prefix with its last character's successor.
 */
function prefixUpperBound(term: string) {
  const chars = [...term];
  const last = chars.pop() ?? '';
  const next = (last.codePointAt(0) ?? 0) + 1;
  return next > 0x10ffff ? `${term}\u{10ffff}` : chars.join('') + String.fromCodePoint(next);
}

/** The term's values, as parameters of the statement: it is built once per caller and shape, then run for any term. */
const TERM = {
  term: sql.placeholder('term'),
  upper: sql.placeholder('upper'),
  upperAfter: sql.placeholder('upperAfter'),
  lower: sql.placeholder('lower'),
  lowerAfter: sql.placeholder('lowerAfter'),
  phone: sql.placeholder('phone'),
  email: sql.placeholder('email'),
};

/** `lower(column)` starts with the lower-case term, as a range on its `lower(…) text_pattern_ops` index. */
function startsWith(column: AnyColumn): SQL {
  return sql`(lower(${column}) ~>=~ ${TERM.lower} and lower(${column}) ~<~ ${TERM.lowerAfter})`;
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

/** A row of `kind` made a hit: its id and title as they are, its path, its subtitle (its parts joined unless said). */
function hitOf(
  kind: SearchKind,
  {
    path,
    subtitle = (row) => subtitleOf(row.parts),
  }: { path: (row: HitRow) => string; subtitle?: (row: HitRow) => string },
) {
  return (row: HitRow): SearchHit => ({
    kind,
    id: row.id,
    title: row.title,
    subtitle: subtitle(row),
    path: path(row),
  });
}

function orderSearch(user: AuthUser): KindSearch {
  const columns = sql`${orders.id} as id, ${orders.number} as title,
    ${texts(invoices.externalNumber, invoices.customerName, orders.shippingNumber)} as parts,
    array[]::text[] as extra`;
  const from = sql`${orders} join ${invoices} on ${invoices.id} = ${orders.invoiceId}`;
  const readable = and(isNull(orders.deletedAt), orderTenancy(user));
  // Both spellings always, so the statement has one text whatever the case of the term.
  const exactly = sql`(${TERM.term}, ${TERM.upper})`;
  // Each match its own query on its own index, each stopping at the fifth readable order: the number as a byte
  // range on orders_number_prefix_idx read in its own order (a year's prefix matches every order of the year),
  // the tracking and marketplace numbers exactly. One OR across the join would walk every order.
  const branches = [
    sql`(select ${columns} from ${from}
      where ${orders.number} ~>=~ ${TERM.upper} and ${orders.number} ~<~ ${TERM.upperAfter} and ${readable}
      order by ${orders.number} using ~<~ limit ${LIMIT})`,
    sql`(select ${columns} from ${from} where ${orders.shippingNumber} in ${exactly} and ${readable}
      order by ${orders.number} limit ${LIMIT})`,
    sql`(select ${columns} from ${from} where ${invoices.externalNumber} in ${exactly} and ${readable}
      order by ${orders.number} limit ${LIMIT})`,
  ];
  return {
    query: sql`select id, title, parts, extra from (${sql.join(branches, sql` union `)}) found
      order by title, id limit ${LIMIT}`,
    hit: hitOf('order', { path: (row) => `/order/${row.id}` }),
  };
}

function invoiceSearch(user: AuthUser): KindSearch {
  return {
    query: sql`select ${invoices.id} as id, ${invoices.externalNumber} as title,
        ${texts(invoices.customerName, brands.name)} as parts, array[]::text[] as extra
      from ${invoices} join ${brands} on ${brands.id} = ${invoices.brandId}
      where ${and(
        sql`${invoices.externalNumber} in (${TERM.term}, ${TERM.upper})`,
        inBrands(invoices.brandId, user.brandIds),
      )}
      order by ${invoices.id} limit ${LIMIT}`,
    hit: hitOf('invoice', { path: (row) => `/invoice/${row.id}` }),
  };
}

function customerPath(name: string, phone: string | null, email: string | null) {
  const query = new URLSearchParams({ phone: phone ?? '', email: email ?? '' });
  return `/customer/${encodeURIComponent(name)}?${query.toString()}`;
}

function customerSearch(user: AuthUser, shape: TermShape): KindSearch {
  const tenancy = inBrands(customers.brandId, user.brandIds);
  const columns = sql`${customers.id} as id, ${customers.name} as title,
    ${texts(customers.phone, customers.email, customers.city)} as parts,
    ${texts(customers.phone, customers.email)} as extra, lower(${customers.name}) as sort_name`;
  // Each match its own query on its own index. The names in the prefix index's own order (`using ~<~`), so that
  // the scan stops at the fifth: ordered by the name as written, a common first name sorted thousands of buyers.
  const branches = [
    sql`(select ${columns} from ${customers} where ${and(startsWith(customers.name), tenancy)}
      order by lower(${customers.name}) using ~<~, ${customers.id} limit ${LIMIT})`,
  ];
  if (shape.phone) {
    branches.push(sql`(select ${columns} from ${customers}
      where ${and(sql`${customers.normalizedPhone} = ${TERM.phone}`, tenancy)} order by ${customers.id} limit ${LIMIT})`);
  }
  if (shape.email) {
    branches.push(sql`(select ${columns} from ${customers}
      where ${and(sql`lower(${customers.email}) = ${TERM.email}`, tenancy)}
      order by ${customers.id} limit ${LIMIT})`);
  }
  return {
    query: sql`select id, title, parts, extra from (${sql.join(branches, sql` union `)}) found
      order by sort_name, id limit ${LIMIT}`,
    hit: hitOf('customer', { path: (row) => customerPath(row.title, row.extra[0], row.extra[1]) }),
  };
}

function productSearch(user: AuthUser): KindSearch {
  // A vendor's users read the catalogue of every brand their vendor serves, through their stock screen.
  const vendorSide = user.roleId === ROLE.vendor;
  return {
    query: sql`select ${products.id} as id, ${products.name} as title, ${texts(products.sku, brands.name)} as parts,
        ${texts(products.sku)} as extra
      from ${products} join ${brands} on ${brands.id} = ${products.brandId}
      where ${and(
        or(startsWith(products.name), startsWith(products.sku)),
        isNull(products.deletedAt),
        inBrands(products.brandId, vendorSide ? user.reach : user.brandIds),
      )}
      order by ${products.name}, ${products.id} limit ${LIMIT}`,
    hit: hitOf('product', {
      path: (row) =>
        vendorSide
          ? `/stock/manajemen?${new URLSearchParams({ search: row.extra[0] ?? '' })}`
          : `/stock/${row.id}`,
      subtitle: (row) => `${row.parts[0]} · ${row.parts[1]}`,
    }),
  };
}

function listingSearch(user: AuthUser): KindSearch {
  return {
    query: sql`select ${marketplaceListings.id} as id, ${marketplaceListings.name} as title,
        ${texts(marketplaceListings.sku, brands.name)} as parts, array[]::text[] as extra
      from ${marketplaceListings} join ${brands} on ${brands.id} = ${marketplaceListings.brandId}
      where ${and(
        or(
          startsWith(marketplaceListings.name),
          startsWith(marketplaceListings.sku),
          // A variant's SKU, exactly, on the GIN index of the listing's SKUs.
          sql`${marketplaceListings.skus} @> array[${TERM.term}]::text[]`,
        ),
        isNull(marketplaceListings.deletedAt),
        inBrands(marketplaceListings.brandId, user.brandIds),
      )}
      order by ${marketplaceListings.name}, ${marketplaceListings.id} limit ${LIMIT}`,
    hit: hitOf('listing', { path: (row) => `/product/${row.id}` }),
  };
}

function vendorSearch(user: AuthUser): KindSearch {
  return {
    query: sql`select ${vendors.id} as id, ${vendors.name} as title, ${texts(vendors.city)} as parts,
        array[]::text[] as extra
      from ${vendors}
      where ${and(startsWith(vendors.name), visibleVendors(user))}
      order by ${vendors.name}, ${vendors.id} limit ${LIMIT}`,
    hit: hitOf('vendor', {
      path: (row) => `/settings/vendor/${row.id}`,
      subtitle: (row) => row.parts[0] ?? '',
    }),
  };
}

function voucherSearch(user: AuthUser): KindSearch {
  return {
    query: sql`select ${sendPayments.id} as id, ${sendPayments.number} as title,
        ${texts(vendors.name, brands.name)} as parts, array[]::text[] as extra
      from ${sendPayments}
        join ${vendors} on ${vendors.id} = ${sendPayments.vendorId}
        join ${brands} on ${brands.id} = ${sendPayments.brandId}
      where ${and(
        startsWith(sendPayments.number),
        isNull(sendPayments.deletedAt),
        inBrands(sendPayments.brandId, user.brandIds),
      )}
      order by ${sendPayments.number}, ${sendPayments.id} limit ${LIMIT}`,
    hit: hitOf('voucher', {
      path: (row) => `/send-payment/${row.id}`,
      subtitle: (row) => `${row.parts[0]} · ${row.parts[1]}`,
    }),
  };
}

/** Each kind with the operation of the list it comes from: a caller who may not read that list gets no group. */
const SEARCHES: Record<
  SearchKind,
  { operation: OperationName; build: (user: AuthUser, shape: TermShape) => KindSearch }
> = {
  order: { operation: 'order.list', build: orderSearch },
  invoice: { operation: 'invoice.list', build: invoiceSearch },
  customer: { operation: 'customer.list', build: customerSearch },
  product: { operation: 'stock.list', build: productSearch },
  listing: { operation: 'listing.list', build: listingSearch },
  vendor: { operation: 'vendor.list', build: vendorSearch },
  voucher: { operation: 'payment.list', build: voucherSearch },
};

/** The kinds `user` may search at all. */
export function searchableKinds(user: AuthUser): SearchKind[] {
  return SEARCH_KINDS.filter((kind) => mayPerform(user, SEARCHES[kind].operation));
}

const dialect = new PgDialect();

/** Whether the term also reads as a phone number and as an email address: each adds a match of its own. */
type TermShape = { phone: boolean; email: boolean };

/** A statement ready to run for any term of its shape: its kinds, how each row becomes a hit, its text and name. */
type BuiltSearch = {
  kinds: SearchKind[];
  parts: KindSearch[];
  query: ReturnType<PgDialect['sqlToQuery']>;
  name: string;
};

/** Built statements by caller and shape; a few hundred accounts search, each in up to four shapes. */
const built = new Map<string, BuiltSearch>();
const BUILT_LIMIT = 2_000;

/**
 * One statement for every kind, each kind's hits a JSON array of its own column, instead of a statement per
 * kind: one round trip and one parse, and as a named prepared statement (named by a hash of its text) one plan
 * kept per connection. It is built once per caller and shape, the term's values left as parameters (building it
 * cost more than running it), and every value is one whose plan does not depend on it: prefixes are byte ranges
 * on their indexes, brand ids one array.
 */
function statementFor(user: AuthUser, shape: TermShape): BuiltSearch {
  const key = JSON.stringify([
    user.roleId,
    user.vendorId,
    user.brandIds,
    user.reach,
    user.permissions,
    shape,
  ]);
  const known = built.get(key);
  if (known) return known;
  const kinds = searchableKinds(user);
  const parts = kinds.map((kind) => SEARCHES[kind].build(user, shape));
  const columns = kinds.map(
    (kind, index) =>
      sql`(select coalesce(json_agg(hit), '[]'::json) from (${parts[index].query}) hit) as ${sql.identifier(kind)}`,
  );
  const query = dialect.sqlToQuery(sql`select ${sql.join(columns, sql`, `)}`);
  const name = `search_${createHash('sha1').update(query.sql).digest('base64url').slice(0, 12)}`;
  const statement = { kinds, parts, query, name };
  if (built.size >= BUILT_LIMIT) built.delete(built.keys().next().value as string);
  built.set(key, statement);
  return statement;
}

/** The term's parameters. */
function termValues(term: string) {
  const upper = term.toUpperCase();
  const lower = term.toLowerCase();
  return {
    term,
    upper,
    upperAfter: prefixUpperBound(upper),
    lower,
    lowerAfter: prefixUpperBound(lower),
    phone: normalisedPhone(term),
    email: lower,
  };
}

/** Every kind the caller may read, grouped; a kind it may read with no hit is an empty group. */
export async function search(db: Executor, user: AuthUser, term: string) {
  const meta = { q: term, per_kind: PER_KIND };
  const values = termValues(term);
  const { kinds, parts, query, name } = statementFor(user, {
    phone: values.phone !== null,
    email: term.includes('@'),
  });
  if (!kinds.length) return { data: [], meta };
  const result = (await db._.session.prepareQuery(query, undefined, name, false).execute(values)) as {
    rows: Record<SearchKind, HitRow[] | string>[];
  };
  const row = result.rows[0];
  const data = kinds.map((kind, index) => {
    // PGlite and node-postgres hand json back parsed; a driver that hands back text is read the same.
    const value = row[kind];
    const rows = typeof value === 'string' ? (JSON.parse(value) as HitRow[]) : value;
    return { kind, hits: rows.map((hitRow) => parts[index].hit(hitRow)) };
  });
  return { data, meta };
}
