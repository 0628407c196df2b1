import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jakartaDayEnd, jakartaDayStart } from './jakarta';

/**
 * The rollup queries, once. With a slice they recompute one day of one (brand, vendor, channel) or one
 * (brand, channel); without, everything. Sharing the text is what keeps the row-by-row upkeep and the full
 * rebuild equal, which the tests check against the seed's own rebuild.
 */

export type OrderSlice = { date: string; brandId: number; vendorId: number; channelId: number };
export type InvoiceSlice = { date: string; brandId: number; channelId: number };

function dayRange(column: SQL, date: string) {
  return sql`${column} >= ${jakartaDayStart(date).toISOString()}::timestamptz and ${column} < ${jakartaDayEnd(date).toISOString()}::timestamptz`;
}

function orderFilter(slice: OrderSlice | null) {
  if (!slice) return sql``;
  return sql`and o.brand_id = ${slice.brandId} and o.vendor_id = ${slice.vendorId} and o.channel_id = ${slice.channelId} and ${dayRange(sql`o.created_at`, slice.date)}`;
}

function invoiceFilter(slice: InvoiceSlice | null) {
  if (!slice) return sql``;
  return sql`and brand_id = ${slice.brandId} and channel_id = ${slice.channelId} and ${dayRange(sql`created_at`, slice.date)}`;
}

export async function writeSalesRollups(db: Executor, slice: OrderSlice | null) {
  if (slice) {
    await db.execute(sql`delete from daily_sales_rollups where date = ${slice.date}::date and brand_id = ${slice.brandId}
      and vendor_id = ${slice.vendorId} and channel_id = ${slice.channelId}`);
  } else {
    await db.execute(sql`delete from daily_sales_rollups`);
  }
  const lines = slice
    ? sql`where op.order_id in (select o.id from orders o where true ${orderFilter(slice)})`
    : sql``;
  await db.execute(sql`
    insert into daily_sales_rollups (date, brand_id, vendor_id, channel_id, category_id, order_count, gmv, units_sold,
      return_units, return_amount, canceled_count, ready_count, ready_seconds)
    select (o.created_at at time zone 'Asia/Jakarta')::date, o.brand_id, o.vendor_id, o.channel_id, coalesce(p.category_id, 0),
      count(*) filter (where l.is_first and o.status_code <> 'canceled'),
      coalesce(sum(l.total_price - l.total_price_return) filter (where o.status_code <> 'canceled'), 0),
      coalesce(sum(l.quantity - l.quantity_return) filter (where o.status_code <> 'canceled'), 0),
      coalesce(sum(l.quantity_return) filter (where o.status_code <> 'canceled'), 0),
      coalesce(sum(l.total_price_return) filter (where o.status_code <> 'canceled'), 0),
      count(*) filter (where l.is_first and o.status_code = 'canceled'),
      count(*) filter (where l.is_first and o.status_code <> 'canceled' and o.ready_to_deliver_at is not null),
      coalesce(round(sum(extract(epoch from o.ready_to_deliver_at - o.created_at))
        filter (where l.is_first and o.status_code <> 'canceled' and o.ready_to_deliver_at is not null)), 0)
    from orders o
    join (
      select op.*, op.id = min(op.id) over (partition by op.order_id) as is_first from order_products op ${lines}
    ) l on l.order_id = o.id
    left join products p on p.id = l.product_id
    where o.status_code <> 'diverted' and o.deleted_at is null ${orderFilter(slice)}
    group by 1, 2, 3, 4, 5`);
}

export async function writeProductRollups(db: Executor, slice: OrderSlice | null) {
  if (slice) {
    await db.execute(sql`delete from daily_product_rollups where date = ${slice.date}::date and brand_id = ${slice.brandId}
      and vendor_id = ${slice.vendorId} and channel_id = ${slice.channelId}`);
  } else {
    await db.execute(sql`delete from daily_product_rollups`);
  }
  await db.execute(sql`
    insert into daily_product_rollups (date, brand_id, vendor_id, channel_id, product_id, gmv, units_sold, order_count)
    select (o.created_at at time zone 'Asia/Jakarta')::date, o.brand_id, o.vendor_id, o.channel_id, l.product_id,
      sum(l.total_price - l.total_price_return), sum(l.quantity - l.quantity_return), count(distinct o.id)
    from orders o
    join order_products l on l.order_id = o.id
    where o.status_code not in ('canceled', 'diverted') and o.deleted_at is null and l.product_id is not null
      ${orderFilter(slice)}
    group by 1, 2, 3, 4, 5`);
}

export async function writeInvoiceRollups(db: Executor, slice: InvoiceSlice | null) {
  if (slice) {
    await db.execute(sql`delete from daily_invoice_rollups where date = ${slice.date}::date
      and brand_id = ${slice.brandId} and channel_id = ${slice.channelId}`);
  } else {
    await db.execute(sql`delete from daily_invoice_rollups`);
  }
  await db.execute(sql`
    insert into daily_invoice_rollups (date, brand_id, channel_id, status_code, invoice_count, grand_total)
    select (created_at at time zone 'Asia/Jakarta')::date, brand_id, channel_id, status_code, count(*), sum(grand_total)
    from invoices
    where true ${invoiceFilter(slice)}
    group by 1, 2, 3, 4`);
}

export async function writeCustomerRollups(db: Executor, slice: InvoiceSlice | null) {
  if (slice) {
    await db.execute(sql`delete from daily_customer_rollups where date = ${slice.date}::date
      and brand_id = ${slice.brandId} and channel_id = ${slice.channelId}`);
  } else {
    await db.execute(sql`delete from daily_customer_rollups`);
  }
  await db.execute(sql`
    insert into daily_customer_rollups (date, brand_id, channel_id, customer_id, invoice_count, grand_total, items)
    select (created_at at time zone 'Asia/Jakarta')::date, brand_id, channel_id, customer_id, count(*), sum(grand_total),
      sum(total_product)
    from invoices
    where customer_id is not null and status_code <> 'canceled' ${invoiceFilter(slice)}
    group by 1, 2, 3, 4`);
}
