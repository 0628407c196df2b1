import { verify } from '@node-rs/argon2';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../api/db/client';
import { ORDER_STATUS_CODES } from '../../api/db/schema';
import { promotionStatus } from '../../api/domains/promotion/status';
import { queryRows } from '../../api/seed/bulk-insert';
import { seedDemo, type SeedSummary } from '../../api/seed/demo';
import { seedIfEmpty } from '../../api/seed/seed-if-empty';
import { openTestDatabase } from '../support/database';

const NOW = new Date('2026-11-21T03:00:00Z');

let handle: DatabaseHandle;
let summary: SeedSummary;

async function one<T>(db: Database, query: SQL): Promise<T> {
  const [row] = await queryRows<T>(db, query);
  return row;
}

async function fingerprint(db: Database) {
  return one<{ orders: string; invoices: string; grand_total: string; notifications: string }>(
    db,
    sql`select
      (select string_agg(number, ',' order by id) from (select id, number from orders order by id limit 5) o) as orders,
      (select string_agg(external_number, ',' order by id) from (select id, external_number from invoices order by id limit 5) i) as invoices,
      (select sum(grand_total)::text from orders) as grand_total,
      (select string_agg(id::text, ',' order by created_at, id) from (select id, created_at from notifications order by created_at, id limit 5) n) as notifications`,
  );
}

function withoutTiming({ durationMs: _durationMs, ...counts }: SeedSummary) {
  return counts;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  summary = await seedDemo({ db: handle.db, now: NOW });
});

afterAll(async () => {
  await handle?.close();
});

describe('the demo seed', () => {
  // A whole second seed: about 6 s on a quiet machine, over 30 s with both cores taken by other work.
  it('gives the same data when run twice with the same clock', { timeout: 120_000 }, async () => {
    const other = await openTestDatabase();
    try {
      const again = await seedDemo({ db: other.db, now: NOW });
      expect(withoutTiming(again)).toEqual(withoutTiming(summary));
      expect(await fingerprint(other.db)).toEqual(await fingerprint(handle.db));
    } finally {
      await other.close();
    }
  });

  it('seeds about four thousand orders by default', () => {
    expect(summary.orders).toBeGreaterThan(3800);
    expect(summary.orders).toBeLessThan(4200);
    expect(summary.products).toBe(500);
    expect(summary.vendors).toBe(20);
  });

  it('leaves a database that already has roles alone', async () => {
    expect(await seedIfEmpty({ db: handle.db, now: NOW })).toBe(false);
  });

  it('has orders in every status', async () => {
    const rows = await queryRows<{ status_code: string }>(
      handle.db,
      sql`select distinct status_code from orders`,
    );
    expect(rows.map((row) => row.status_code).sort()).toEqual([...ORDER_STATUS_CODES].sort());
  });

  it('pairs every diverted order with a replacement that refers to it', async () => {
    const row = await one<{ diverted: number; replaced: number }>(
      handle.db,
      sql`select count(*)::int as diverted, count(r.id)::int as replaced
        from orders o left join orders r on r.ref_order_id = o.id and r.ref_order_number = o.number
        where o.status_code = 'diverted'`,
    );
    expect(row.diverted).toBeGreaterThan(0);
    expect(row.replaced).toBe(row.diverted);
  });

  it('keeps each invoice in the status of its live order', async () => {
    const row = await one<{ mismatched: number }>(
      handle.db,
      sql`select count(*)::int as mismatched
        from invoices i
        left join orders o on o.invoice_id = i.id and o.status_code not in ('canceled', 'diverted')
        where (o.id is null and i.status_code not in ('new', 'canceled')) or (o.id is not null and o.status_code <> i.status_code)`,
    );
    expect(row.mismatched).toBe(0);
  });

  it('gives vendor@demo.test at least ten pending offers on invoices without a live order', async () => {
    const row = await one<{ pending: number }>(
      handle.db,
      sql`select count(*)::int as pending
        from invoice_offers f
        join users u on u.vendor_id = f.vendor_id and u.email = 'vendor@demo.test'
        where f.status = 'pending' and f.expires_at > ${NOW.toISOString()}::timestamptz
          and not exists (
            select 1 from orders o where o.invoice_id = f.invoice_id and o.status_code not in ('canceled', 'diverted')
          )`,
    );
    expect(row.pending).toBeGreaterThanOrEqual(10);
    expect(summary.pendingDemoOffers).toBeGreaterThanOrEqual(10);
    // They end within the day they were seeded, not a year later, and none has ended already: a sweep would
    // expire it at once and offer its invoice on.
    const window = await one<{ earliest: number; latest: number }>(
      handle.db,
      sql`select extract(epoch from min(f.expires_at) - ${NOW.toISOString()}::timestamptz)::float / 3600 as earliest,
          extract(epoch from max(f.expires_at) - ${NOW.toISOString()}::timestamptz)::float / 3600 as latest
        from invoice_offers f where f.status = 'pending'`,
    );
    expect(window.earliest).toBeGreaterThan(1);
    expect(window.latest).toBeLessThanOrEqual(24);
  });

  it('puts no order in two payment vouchers, and only completed orders in any', async () => {
    const row = await one<{ lines: number; orders: number; not_completed: number }>(
      handle.db,
      sql`select count(*)::int as lines, count(distinct spo.order_id)::int as orders,
          count(*) filter (where o.status_code <> 'completed')::int as not_completed
        from send_payment_orders spo join orders o on o.id = spo.order_id`,
    );
    expect(row.lines).toBeGreaterThan(0);
    expect(row.orders).toBe(row.lines);
    expect(row.not_completed).toBe(0);
  });

  it('has sales rollups that add up to the raw orders', async () => {
    const row = await one<Record<string, string>>(
      handle.db,
      sql`select
        (select sum(gmv)::text from daily_sales_rollups) as rollup_gmv,
        (select sum(grand_total - grand_total_return)::text from orders where status_code not in ('canceled', 'diverted')) as order_gmv,
        (select sum(units_sold)::text from daily_sales_rollups) as rollup_units,
        (select sum(op.quantity - op.quantity_return)::text from order_products op
          join orders o on o.id = op.order_id where o.status_code not in ('canceled', 'diverted')) as order_units,
        (select sum(order_count)::text from daily_sales_rollups) as rollup_orders,
        (select count(*)::text from orders where status_code not in ('canceled', 'diverted')) as live_orders,
        (select sum(canceled_count)::text from daily_sales_rollups) as rollup_canceled,
        (select count(*)::text from orders where status_code = 'canceled') as canceled_orders,
        (select sum(gmv)::text from daily_product_rollups) as product_gmv,
        (select sum(invoice_count)::text from daily_invoice_rollups) as rollup_invoices,
        (select count(*)::text from invoices) as invoices`,
    );
    expect(Number(row.rollup_gmv)).toBeGreaterThan(0);
    expect(row.rollup_gmv).toBe(row.order_gmv);
    expect(row.product_gmv).toBe(row.order_gmv);
    expect(row.rollup_units).toBe(row.order_units);
    expect(row.rollup_orders).toBe(row.live_orders);
    expect(row.rollup_canceled).toBe(row.canceled_orders);
    expect(row.rollup_invoices).toBe(row.invoices);
  });

  it('has status rollups that count and total every order by creation day, current status and payment', async () => {
    const off = await queryRows<Record<string, unknown>>(
      handle.db,
      sql`with raw as (
          select (o.created_at at time zone 'Asia/Jakarta')::date as date, o.brand_id, o.vendor_id, o.channel_id,
            o.status_code, spo.order_id is not null as paid, count(*)::int as order_count,
            sum(o.grand_total - o.grand_total_return)::bigint as gmv
          from orders o left join send_payment_orders spo on spo.order_id = o.id
          where o.deleted_at is null group by 1, 2, 3, 4, 5, 6),
        totals as (
          select brand_id, vendor_id, channel_id, status_code, paid, sum(order_count)::int as order_count,
            sum(gmv)::bigint as gmv
          from raw group by 1, 2, 3, 4, 5)
        select 'daily' as rollup, raw.order_count, r.order_count as kept from raw
          full join daily_order_status_rollups r using (date, brand_id, vendor_id, channel_id, status_code, paid)
        where (raw.order_count, raw.gmv) is distinct from (r.order_count, r.gmv)
        union all
        select 'totals', totals.order_count, t.order_count from totals
          full join order_status_totals t using (brand_id, vendor_id, channel_id, status_code, paid)
        where (totals.order_count, totals.gmv) is distinct from (t.order_count, t.gmv)`,
    );
    expect(off).toEqual([]);
    const row = await one<{ statuses: number; paid_completed: number; paid_other: number }>(
      handle.db,
      sql`select count(distinct status_code)::int as statuses,
          coalesce(sum(order_count) filter (where paid and status_code = 'completed'), 0)::int as paid_completed,
          coalesce(sum(order_count) filter (where paid and status_code <> 'completed'), 0)::int as paid_other
        from daily_order_status_rollups`,
    );
    expect(row.statuses).toBe(ORDER_STATUS_CODES.length);
    expect(row.paid_completed).toBeGreaterThan(0);
    expect(row.paid_other).toBe(0);
  });

  it('has returns that net out of the order totals', async () => {
    const row = await one<{ returned: number; off: number }>(
      handle.db,
      sql`select count(*) filter (where grand_total_return > 0)::int as returned,
          count(*) filter (where grand_total <> t.total or grand_total_return <> t.returned)::int as off
        from orders o
        join (select order_id, sum(total_price) as total, sum(total_price_return) as returned
          from order_products group by order_id) t on t.order_id = o.id`,
    );
    expect(row.returned).toBeGreaterThan(0);
    expect(row.off).toBe(0);
  });

  it('points every Tokopedia SKU at a seeded listing of its brand, and gives every listing a picture', async () => {
    const row = await one<{ links: number; resolved: number; shopee: number; pictureless: number }>(
      handle.db,
      sql`select
        (select count(*)::int from sku_channels where channel_id = 1) as links,
        (select count(*)::int from sku_channels s
          where s.channel_id = 1 and s.product_id is not null and exists (
            select 1 from marketplace_listings l
            where l.brand_id = s.brand_id and l.channel_id = 1 and l.external_id = s.external_id
              and l.sku = s.sku and l.deleted_at is null)) as resolved,
        (select count(*)::int from sku_channels where channel_id = 2) as shopee,
        (select count(*)::int from marketplace_listings
          where coalesce(jsonb_array_length(raw_data -> 'product' -> 'pictures'), 0) = 0) as pictureless`,
    );
    expect(row.links).toBeGreaterThan(0);
    expect(row.resolved).toBe(row.links);
    expect(row.shopee).toBe(500);
    expect(row.pictureless).toBe(0);
  });

  it('gives every brand a finished, a running and an upcoming promotion, each pushed once, past transitions told', async () => {
    const rows = await queryRows<{
      brand_id: number;
      starts_at: Date;
      ends_at: Date;
      ended_at: Date | null;
      start_announced_at: Date | null;
      end_announced_at: Date | null;
      external_id: string | null;
      pushes: number;
      lines: number;
    }>(
      handle.db,
      sql`select p.brand_id, p.starts_at, p.ends_at, p.ended_at, p.start_announced_at, p.end_announced_at,
          p.external_id,
          (select count(*)::int from channel_request_logs l
            where l.promotion_id = p.id and l.action = 'promotion-create' and l.status = 'success') as pushes,
          (select count(*)::int from promotion_products pp where pp.promotion_id = p.id) as lines
        from promotions p order by p.id`,
    );
    const brands = await one<{ count: number }>(handle.db, sql`select count(*)::int as count from brands`);
    const statuses = new Map<number, string[]>();
    for (const row of rows) {
      const window = { startsAt: new Date(row.starts_at), endsAt: new Date(row.ends_at), endedAt: null };
      const status = promotionStatus(window, NOW);
      statuses.set(row.brand_id, [...(statuses.get(row.brand_id) ?? []), status]);
      expect(row).toMatchObject({ pushes: 1, ended_at: null });
      expect(row.lines).toBeGreaterThan(0);
      expect(row.external_id).not.toBeNull();
      expect(row.start_announced_at !== null).toBe(status !== 'not_started');
      expect(row.end_announced_at !== null).toBe(status === 'finished');
    }
    expect(statuses.size).toBe(brands.count);
    for (const found of statuses.values())
      expect([...found].sort()).toEqual(['finished', 'not_started', 'running']);
  });

  it('ends every stock ledger at the available stock, never below zero', async () => {
    const row = await one<{ off: number; negative: number }>(
      handle.db,
      sql`select
          count(*) filter (where s.quantity - s.reserved <> coalesce(m.total, 0))::int as off,
          count(*) filter (where s.quantity - s.reserved < 0)::int as negative
        from vendor_stocks s
        left join (select vendor_id, product_id, sum(quantity) as total from stock_movements group by 1, 2) m
          on m.vendor_id = s.vendor_id and m.product_id = s.product_id`,
    );
    expect(row).toEqual({ off: 0, negative: 0 });
  });

  it('creates every demo account with its role and the demo password', async () => {
    const accounts = await queryRows<{
      email: string;
      role_id: number;
      brand_id: number | null;
      vendor_id: number | null;
      current_brand_id: number | null;
      is_special_account: boolean;
      password_hash: string;
      brands: number;
    }>(
      handle.db,
      sql`select u.email, u.role_id, u.brand_id, u.vendor_id, u.current_brand_id, u.is_special_account, u.password_hash,
          (select count(*)::int from user_brands ub where ub.user_id = u.id) as brands
        from users u where u.email like '%@demo.test' order by u.id limit 5`,
    );
    const byEmail = new Map(accounts.map((account) => [account.email, account]));
    expect(byEmail.get('admin@demo.test')).toMatchObject({ role_id: 1, current_brand_id: 1 });
    expect(byEmail.get('keyaccount@demo.test')).toMatchObject({ role_id: 4, current_brand_id: 1, brands: 2 });
    expect(byEmail.get('brand@demo.test')).toMatchObject({ role_id: 3, brand_id: 1 });
    const vendor = byEmail.get('vendor@demo.test');
    expect(vendor).toMatchObject({ role_id: 2, is_special_account: false });
    expect(byEmail.get('vendor.special@demo.test')).toMatchObject({
      role_id: 2,
      vendor_id: vendor?.vendor_id,
      is_special_account: true,
    });
    expect(await verify(accounts[0].password_hash, 'demo1234')).toBe(true);
    expect(new Set(accounts.map((account) => account.password_hash)).size).toBe(1);

    const served = await one<{ serves: boolean }>(
      handle.db,
      sql`select exists (select 1 from vendor_brands where vendor_id = ${vendor?.vendor_id} and brand_id = 1) as serves`,
    );
    expect(served.serves).toBe(true);
  });

  it('grants the vendor role what a vendor does: its dashboard, orders, offers, stock and settings reads', async () => {
    const rows = await queryRows<{ name: string }>(
      handle.db,
      sql`select p.name from gate_settings g
        join gate_setting_permissions gp on gp.gate_setting_id = g.id
        join permissions p on p.id = gp.permission_id
        where g.role_id = 2 order by p.name`,
    );
    expect(rows.map((row) => row.name)).toEqual([
      'dashboard.index',
      'offer.index',
      'offer.update',
      'order.index',
      'order.update',
      'stock.index',
      'stock.update',
      'vendor.gate-setting.index',
      'vendor.role.index',
      'vendor.user.index',
    ]);
  });
});
