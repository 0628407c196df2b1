import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import type { World } from './world';

/**
 * The rows that follow from invoices and orders, written set-wise in SQL so they stay consistent with them
 * and cost no round trips at a million orders: offer lines, activity timelines, stock reservations of open
 * orders, daily stock snapshots and vendor payment vouchers.
 */
export async function deriveFromSales(db: Executor, world: World): Promise<void> {
  const now = sql`${world.now.toISOString()}::timestamptz`;

  await db.execute(sql`
    insert into invoice_offer_products (offer_id, invoice_product_id, quantity, price)
    select o.id, ip.id, ip.quantity, ip.price
    from invoice_offers o
    join invoice_products ip on ip.invoice_id = o.invoice_id
    order by o.id, ip.id`);

  await db.execute(sql`
    with actor as (select vendor_id, min(id) as user_id from users where vendor_id is not null group by vendor_id)
    insert into order_activities (order_id, message, status_code, user_id, created_at)
    select o.id,
      case when o.ref_order_number is null then 'Pesanan dibuat'
        else 'Pesanan dibuat sebagai pengalihan dari ' || o.ref_order_number end,
      'new', a.user_id, o.created_at
    from orders o left join actor a on a.vendor_id = o.vendor_id
    union all
    select o.id, 'Pesanan diproses vendor', 'ready_to_deliver', a.user_id, o.ready_to_deliver_at
    from orders o left join actor a on a.vendor_id = o.vendor_id where o.ready_to_deliver_at is not null
    union all
    select o.id, 'Pesanan dikirim dengan nomor resi ' || o.shipping_number, 'on_delivery', a.user_id, o.on_delivery_at
    from orders o left join actor a on a.vendor_id = o.vendor_id where o.on_delivery_at is not null
    union all
    select o.id, 'Pesanan diterima oleh ' || o.receiver_name, 'delivered', a.user_id, o.delivered_at
    from orders o left join actor a on a.vendor_id = o.vendor_id where o.delivered_at is not null
    union all
    select o.id, 'Pesanan selesai', 'completed', null, o.completed_at from orders o where o.completed_at is not null
    union all
    select o.id, 'Pesanan dibatalkan dari marketplace', 'canceled', null, o.canceled_at
    from orders o where o.canceled_at is not null
    union all
    select o.id, 'Pesanan dialihkan ke ' || v.name || ' (' || r.number || ')', 'diverted', ${world.keyAccountId}::int, o.diverted_at
    from orders o
    join orders r on r.ref_order_id = o.id
    join vendors v on v.id = r.vendor_id
    where o.diverted_at is not null
    union all
    select op.order_id, 'Retur ' || rop.quantity || ' x ' || p.name || ': ' || coalesce(rop.note, ''), null,
      rop.created_by, rop.created_at
    from replaced_order_products rop
    join order_products op on op.id = rop.order_product_id
    join products p on p.id = op.product_id`);

  // Open orders hold their units. A vendor given an order of a product it did not carry starts a stock row for it
  // (the count below brings it in); where the ledger falls short, a stock count raised the quantity first, so
  // available stock never goes below zero.
  await db.execute(sql`
    insert into vendor_stocks (vendor_id, product_id, quantity, reserved, updated_at)
    select distinct o.vendor_id, op.product_id, 0, 0, ${now}
    from orders o join order_products op on op.order_id = o.id
    where o.status_code in ('new', 'ready_to_deliver') and op.product_id is not null
    on conflict do nothing`);
  await db.execute(sql`
    with open_lines as (
      select o.vendor_id, op.product_id, sum(op.quantity)::int as quantity, min(o.created_at) as first_at
      from orders o join order_products op on op.order_id = o.id
      where o.status_code in ('new', 'ready_to_deliver') and op.product_id is not null
      group by 1, 2
    )
    insert into stock_movements (vendor_id, product_id, kind, quantity, balance_after, note, user_id, created_at)
    select s.vendor_id, s.product_id, 'adjustment', l.quantity - s.quantity + 5 + s.product_id % 10,
      l.quantity + 5 + s.product_id % 10, 'Stok opname: barang masuk', ${world.adminId}::int, l.first_at - interval '1 hour'
    from open_lines l
    join vendor_stocks s on s.vendor_id = l.vendor_id and s.product_id = l.product_id
    where s.quantity < l.quantity`);
  await db.execute(sql`
    with open_lines as (
      select o.vendor_id, op.product_id, sum(op.quantity)::int as quantity
      from orders o join order_products op on op.order_id = o.id
      where o.status_code in ('new', 'ready_to_deliver') and op.product_id is not null
      group by 1, 2
    )
    update vendor_stocks s
    set reserved = l.quantity,
      quantity = case when s.quantity < l.quantity then l.quantity + 5 + s.product_id % 10 else s.quantity end
    from open_lines l
    where s.vendor_id = l.vendor_id and s.product_id = l.product_id`);
  await db.execute(sql`
    insert into stock_movements (vendor_id, product_id, kind, quantity, balance_after, note, order_id, user_id, created_at)
    select o.vendor_id, op.product_id, 'reserve', -op.quantity,
      s.quantity - sum(op.quantity) over (partition by o.vendor_id, op.product_id order by o.created_at, op.id),
      'Reservasi ' || o.number, o.id, null, o.created_at
    from orders o
    join order_products op on op.order_id = o.id
    join vendor_stocks s on s.vendor_id = o.vendor_id and s.product_id = op.product_id
    where o.status_code in ('new', 'ready_to_deliver')`);

  await db.execute(sql`
    with days as (
      select d::date as day, least((d + interval '1 day') at time zone 'Asia/Jakarta', ${now}) as day_end
      from generate_series(
        (${now} at time zone 'Asia/Jakarta')::date - 29,
        (${now} at time zone 'Asia/Jakarta')::date,
        interval '1 day'
      ) d
    ),
    ledger as (
      select vendor_id, product_id, balance_after, created_at,
        lead(created_at) over (partition by vendor_id, product_id order by created_at, id) as next_at
      from stock_movements
    )
    insert into stock_daily_snapshots (date, vendor_id, product_id, available)
    select days.day, ledger.vendor_id, ledger.product_id, ledger.balance_after
    from ledger
    join days on ledger.created_at < days.day_end and (ledger.next_at is null or ledger.next_at >= days.day_end)`);

  // One voucher per brand, vendor and month of completion, for months that ended before last month; every
  // fourth vendor is left unpaid so the payment form has orders to offer.
  await db.execute(sql`
    with months as (
      select o.brand_id, o.vendor_id, date_trunc('month', o.completed_at at time zone 'Asia/Jakarta') as month
      from orders o
      where o.status_code = 'completed' and o.vendor_id % 4 <> 0
        and o.completed_at < (date_trunc('month', ${now} at time zone 'Asia/Jakarta') - interval '1 month') at time zone 'Asia/Jakarta'
      group by 1, 2, 3
    ),
    numbered as (
      select m.*, row_number() over (partition by m.month order by m.brand_id, m.vendor_id) as seq from months m
    )
    insert into send_payments (number, brand_id, vendor_id, bank_id, date, due_date, account_number, account_holder_name,
      payment_method_description, created_by, updated_by, created_at, updated_at)
    select 'PV/' || to_char(n.month + interval '1 month', 'YYYY/MM') || '/' || lpad(n.seq::text, 4, '0'),
      n.brand_id, n.vendor_id, 1 + n.vendor_id % 4,
      (n.month + interval '1 month 4 days')::date, (n.month + interval '1 month 18 days')::date,
      (1000000000 + n.vendor_id * 104729)::text, v.name,
      'BG-' || to_char(n.month, 'YYMM') || lpad(n.vendor_id::text, 3, '0'),
      ${world.adminId}::int, ${world.keyAccountId}::int,
      (n.month + interval '1 month 4 days 10 hours') at time zone 'Asia/Jakarta',
      (n.month + interval '1 month 5 days 9 hours') at time zone 'Asia/Jakarta'
    from numbered n join vendors v on v.id = n.vendor_id
    order by n.month, n.seq`);
  await db.execute(sql`
    insert into send_payment_orders (send_payment_id, order_id)
    select sp.id, o.id
    from send_payments sp
    join orders o on o.brand_id = sp.brand_id and o.vendor_id = sp.vendor_id and o.status_code = 'completed'
      and date_trunc('month', o.completed_at at time zone 'Asia/Jakarta') = date_trunc('month', sp.date - interval '1 month')`);
}
