import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/**
 * Recomputes every daily rollup from the raw tables. The seed fills them this way so they agree with the
 * orders exactly; the services keep them current row by row in the transactions that change orders and invoices.
 * Written out on its own, apart from api/domains/rollup, so the tests can hold the upkeep against it. A sales
 * group of nothing but later lines of canceled orders (all figures zero) gets no row; ready_seconds adds whole
 * seconds per order.
 */
export async function rebuildRollups(db: Executor): Promise<void> {
  await db.execute(sql`delete from daily_sales_rollups`);
  await db.execute(sql`delete from daily_order_status_rollups`);
  await db.execute(sql`delete from order_status_totals`);
  await db.execute(sql`delete from daily_product_rollups`);
  await db.execute(sql`delete from daily_invoice_rollups`);
  await db.execute(sql`delete from daily_customer_rollups`);

  await db.execute(sql`
    insert into daily_sales_rollups (date, brand_id, vendor_id, channel_id, category_id, order_count, gmv, units_sold,
      return_units, return_amount, canceled_count, ready_count, ready_seconds)
    select * from (
      select (o.created_at at time zone 'Asia/Jakarta')::date, o.brand_id, o.vendor_id, o.channel_id,
        coalesce(p.category_id, 0),
        count(*) filter (where l.is_first and o.status_code <> 'canceled') as order_count,
        coalesce(sum(l.total_price - l.total_price_return) filter (where o.status_code <> 'canceled'), 0) as gmv,
        coalesce(sum(l.quantity - l.quantity_return) filter (where o.status_code <> 'canceled'), 0) as units_sold,
        coalesce(sum(l.quantity_return) filter (where o.status_code <> 'canceled'), 0) as return_units,
        coalesce(sum(l.total_price_return) filter (where o.status_code <> 'canceled'), 0) as return_amount,
        count(*) filter (where l.is_first and o.status_code = 'canceled') as canceled_count,
        count(*) filter (where l.is_first and o.status_code <> 'canceled' and o.ready_to_deliver_at is not null)
          as ready_count,
        coalesce(sum(round(extract(epoch from o.ready_to_deliver_at - o.created_at)))
          filter (where l.is_first and o.status_code <> 'canceled' and o.ready_to_deliver_at is not null), 0)
          as ready_seconds
      from orders o
      join (
        select op.*, op.id = min(op.id) over (partition by op.order_id) as is_first from order_products op
      ) l on l.order_id = o.id
      left join products p on p.id = l.product_id
      where o.status_code <> 'diverted' and o.deleted_at is null
      group by 1, 2, 3, 4, 5
    ) r
    where order_count <> 0 or gmv <> 0 or units_sold <> 0 or return_units <> 0 or return_amount <> 0
      or canceled_count <> 0 or ready_count <> 0 or ready_seconds <> 0`);

  await db.execute(sql`
    insert into daily_order_status_rollups (date, brand_id, vendor_id, channel_id, status_code, paid, order_count, gmv)
    select (o.created_at at time zone 'Asia/Jakarta')::date, o.brand_id, o.vendor_id, o.channel_id, o.status_code,
      exists (select 1 from send_payment_orders spo where spo.order_id = o.id), count(*),
      sum(o.grand_total - o.grand_total_return)
    from orders o
    where o.deleted_at is null
    group by 1, 2, 3, 4, 5, 6`);

  await db.execute(sql`
    insert into order_status_totals (brand_id, vendor_id, channel_id, status_code, paid, order_count, gmv)
    select brand_id, vendor_id, channel_id, status_code, paid, sum(order_count), sum(gmv)
    from daily_order_status_rollups
    group by 1, 2, 3, 4, 5`);

  await db.execute(sql`
    insert into daily_product_rollups (date, brand_id, vendor_id, channel_id, product_id, gmv, units_sold, order_count)
    select (o.created_at at time zone 'Asia/Jakarta')::date, o.brand_id, o.vendor_id, o.channel_id, l.product_id,
      sum(l.total_price - l.total_price_return), sum(l.quantity - l.quantity_return), count(distinct o.id)
    from orders o
    join order_products l on l.order_id = o.id
    where o.status_code not in ('canceled', 'diverted') and o.deleted_at is null and l.product_id is not null
    group by 1, 2, 3, 4, 5`);

  await db.execute(sql`
    insert into daily_invoice_rollups (date, brand_id, channel_id, status_code, invoice_count, grand_total)
    select (created_at at time zone 'Asia/Jakarta')::date, brand_id, channel_id, status_code, count(*), sum(grand_total)
    from invoices
    group by 1, 2, 3, 4`);

  await db.execute(sql`
    insert into daily_customer_rollups (date, brand_id, channel_id, customer_id, invoice_count, grand_total, items)
    select (created_at at time zone 'Asia/Jakarta')::date, brand_id, channel_id, customer_id, count(*), sum(grand_total),
      sum(total_product)
    from invoices
    where customer_id is not null and status_code <> 'canceled'
    group by 1, 2, 3, 4`);
}
