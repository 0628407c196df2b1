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
  await db.execute(sql`delete from daily_sales_totals`);
  await db.execute(sql`delete from daily_order_status_rollups`);
  await db.execute(sql`delete from order_status_totals`);
  await db.execute(sql`delete from daily_product_rollups`);
  await db.execute(sql`delete from daily_product_totals`);
  await db.execute(sql`delete from daily_invoice_rollups`);
  await db.execute(sql`delete from daily_customer_rollups`);
  await db.execute(sql`delete from daily_payment_rollups`);
  await db.execute(sql`delete from daily_vendor_invoice_rollups`);
  await db.execute(sql`delete from daily_buyer_vendor_rollups`);
  await db.execute(sql`delete from daily_buyer_rollups`);
  await db.execute(sql`delete from daily_buyer_gender_rollups`);
  await db.execute(sql`delete from daily_buyer_city_rollups`);
  await db.execute(sql`delete from buyer_rollup_profiles`);
  await db.execute(sql`delete from send_payment_totals`);
  await db.execute(sql`delete from brand_customer_totals`);
  await db.execute(sql`delete from daily_in_stock_rollups`);

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
    insert into daily_sales_totals (brand_id, date, vendor_id, channel_id, order_count, gmv, units_sold, return_units,
      return_amount, canceled_count, ready_count, ready_seconds)
    select brand_id, date, vendor_id, channel_id, sum(order_count), sum(gmv), sum(units_sold), sum(return_units),
      sum(return_amount), sum(canceled_count), sum(ready_count), sum(ready_seconds)
    from daily_sales_rollups
    group by 1, 2, 3, 4`);

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
    insert into send_payment_totals (send_payment_id, order_count, total)
    select spo.send_payment_id, count(*), sum(o.grand_total - o.grand_total_return)
    from send_payment_orders spo
    join orders o on o.id = spo.order_id
    group by 1`);

  await db.execute(sql`
    insert into brand_customer_totals (brand_id, customer_count)
    select brand_id, count(*) from customers group by 1`);

  await db.execute(sql`
    insert into daily_in_stock_rollups (brand_id, vendor_id, date, category_id, products, in_stock)
    select p.brand_id, s.vendor_id, s.date, coalesce(p.category_id, 0), count(*), count(*) filter (where s.available > 0)
    from stock_daily_snapshots s join products p on p.id = s.product_id
    where p.is_active and p.deleted_at is null
    group by 1, 2, 3, 4`);
  await db.execute(sql`
    insert into daily_in_stock_rollups (brand_id, vendor_id, date, category_id, products, in_stock)
    select brand_id, 0, date, category_id, count(*), count(*) filter (where available > 0)
    from (
      select p.brand_id, s.date, coalesce(p.category_id, 0) as category_id, s.product_id, sum(s.available) as available
      from stock_daily_snapshots s join products p on p.id = s.product_id
      where p.is_active and p.deleted_at is null
      group by 1, 2, 3, 4
    ) x
    group by 1, 3, 4`);

  await db.execute(sql`
    insert into daily_product_rollups (date, brand_id, vendor_id, channel_id, product_id, gmv, units_sold, order_count)
    select (o.created_at at time zone 'Asia/Jakarta')::date, o.brand_id, o.vendor_id, o.channel_id, l.product_id,
      sum(l.total_price - l.total_price_return), sum(l.quantity - l.quantity_return), count(distinct o.id)
    from orders o
    join order_products l on l.order_id = o.id
    where o.status_code not in ('canceled', 'diverted') and o.deleted_at is null and l.product_id is not null
    group by 1, 2, 3, 4, 5`);

  await db.execute(sql`
    insert into daily_product_totals (brand_id, date, product_id, gmv, units_sold, order_count)
    select brand_id, date, product_id, sum(gmv), sum(units_sold), sum(order_count)
    from daily_product_rollups
    group by 1, 2, 3`);

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

  await db.execute(sql`
    insert into daily_payment_rollups (date, brand_id, channel_id, has_payment_method, payment_method, invoice_count)
    select (created_at at time zone 'Asia/Jakarta')::date, brand_id, channel_id, payment_method is not null,
      coalesce(payment_method, ''), count(*)
    from invoices
    where status_code <> 'canceled'
    group by 1, 2, 3, 4, 5`);

  await db.execute(sql`
    insert into daily_vendor_invoice_rollups (vendor_id, brand_id, date, channel_id, status_code, has_payment_method,
      payment_method, invoice_count, grand_total)
    select v.vendor_id, i.brand_id, (i.created_at at time zone 'Asia/Jakarta')::date, i.channel_id, i.status_code,
      i.payment_method is not null, coalesce(i.payment_method, ''), count(*), sum(i.grand_total)
    from invoices i
    join (select distinct invoice_id, vendor_id from orders where status_code <> 'diverted' and deleted_at is null) v
      on v.invoice_id = i.id
    group by 1, 2, 3, 4, 5, 6, 7`);

  await db.execute(sql`
    insert into daily_buyer_vendor_rollups (brand_id, customer_id, date, vendor_id, channel_id, invoice_count,
      grand_total, items)
    select i.brand_id, i.customer_id, (i.created_at at time zone 'Asia/Jakarta')::date, v.vendor_id, i.channel_id,
      count(*), sum(i.grand_total), sum(i.total_product)
    from invoices i
    join (select distinct invoice_id, vendor_id from orders where status_code <> 'diverted' and deleted_at is null) v
      on v.invoice_id = i.id
    where i.customer_id is not null and i.status_code <> 'canceled'
    group by 1, 2, 3, 4, 5`);

  await db.execute(sql`
    insert into buyer_rollup_profiles (customer_id, brand_id, gender, city)
    select c.id, c.brand_id, case when c.gender in ('male', 'female') then c.gender else 'others' end, c.city
    from customers c
    where c.id in (select customer_id from invoices where status_code <> 'canceled')`);

  await db.execute(sql`
    insert into daily_buyer_rollups (brand_id, vendor_id, channel_id, date, gap, age, regular, buyers)
    with ${BUYER_DAYS},
    history as (
      select d.brand_id, d.customer_id, d.day, min(d.day) over (partition by d.brand_id, d.customer_id) as first_day,
        lag(d.day) over (partition by d.brand_id, d.customer_id order by d.day) as previous_day
      from (select distinct brand_id, customer_id, day from purchases) d
    )
    select g.brand_id, g.vendor_id, g.channel_id, g.day, least(coalesce(g.gap, 0), 32), least(g.day - h.first_day, 32),
      coalesce(g.day - h.previous_day > 30, false), count(*)
    from gaps g
    join history h on h.brand_id = g.brand_id and h.customer_id = g.customer_id and h.day = g.day
    group by 1, 2, 3, 4, 5, 6, 7
    order by 1, 2, 3, 4`);

  await db.execute(sql`
    insert into daily_buyer_gender_rollups (brand_id, vendor_id, channel_id, date, gap, gender, buyers)
    with ${BUYER_DAYS}
    select g.brand_id, g.vendor_id, g.channel_id, g.day, least(coalesce(g.gap, 0), 32),
      case when c.gender in ('male', 'female') then c.gender else 'others' end, count(*)
    from gaps g
    join customers c on c.id = g.customer_id
    group by 1, 2, 3, 4, 5, 6
    order by 1, 2, 3, 4`);

  await db.execute(sql`
    insert into daily_buyer_city_rollups (brand_id, vendor_id, channel_id, date, gap, has_city, city, buyers,
      invoice_count, items, grand_total)
    with ${BUYER_DAYS},
    invoiced as (
      select x.brand_id, x.customer_id, x.day, x.vendor_id, x.channel_id, count(*) as invoice_count,
        sum(x.total_product) as items, sum(x.grand_total) as grand_total
      from (
        select distinct p.invoice_id, p.brand_id, p.customer_id, p.day, s.vendor_id, s.channel_id, p.total_product,
          p.grand_total
        from purchases p
        cross join lateral (values (0, 0), (0, p.channel_id), (p.vendor_id, 0), (p.vendor_id, p.channel_id))
          as s(vendor_id, channel_id)
        where s.vendor_id is not null
      ) x
      group by 1, 2, 3, 4, 5
    )
    select g.brand_id, g.vendor_id, g.channel_id, g.day, least(coalesce(g.gap, 0), 32), c.city is not null,
      coalesce(c.city, ''), count(*), sum(n.invoice_count), sum(n.items), sum(n.grand_total)
    from gaps g
    join invoiced n on n.brand_id = g.brand_id and n.customer_id = g.customer_id and n.day = g.day
      and n.vendor_id = g.vendor_id and n.channel_id = g.channel_id
    join customers c on c.id = g.customer_id
    group by 1, 2, 3, 4, 5, 6, 7
    order by 1, 2, 3, 4`);
}

/**
 * Each purchase day of a buyer in each of four scopes (any vendor or its vendor, any channel or its channel), with
 * the days since the buyer's previous purchase day in that scope.
 */
const BUYER_DAYS = sql`
  purchases as (
    select i.id as invoice_id, i.brand_id, i.customer_id, (i.created_at at time zone 'Asia/Jakarta')::date as day,
      i.channel_id, o.vendor_id, i.total_product, i.grand_total
    from invoices i
    left join (select distinct invoice_id, vendor_id from orders where status_code <> 'diverted' and deleted_at is null) o
      on o.invoice_id = i.id
    where i.customer_id is not null and i.status_code <> 'canceled'
  ),
  scoped as (
    select distinct p.brand_id, p.customer_id, p.day, s.vendor_id, s.channel_id
    from purchases p
    cross join lateral (values (0, 0), (0, p.channel_id), (p.vendor_id, 0), (p.vendor_id, p.channel_id))
      as s(vendor_id, channel_id)
    where s.vendor_id is not null
  ),
  gaps as (
    select s.*, s.day - lag(s.day) over (partition by s.brand_id, s.customer_id, s.vendor_id, s.channel_id
      order by s.day) as gap
    from scoped s
  )`;
