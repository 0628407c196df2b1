import { sql } from 'drizzle-orm';
import { jakartaDate, jakartaTimestamp } from '../../db/jakarta';
import type { NotificationData } from '../../db/schema';
import type { Work } from '../../work/unit-of-work';
import { brandAudience, vendorAudience } from '../notification/audience';
import { isLowStock, RUN_RATE_DAYS, weeksOfSupply } from './figures';

type Checked = {
  product_id: number;
  brand_id: number;
  name: string;
  sku: string;
  low_stock_weeks: number;
  available: number;
  units: unknown;
  alerted: boolean;
  vendor_name: string;
};

function dayBefore(day: string, days: number) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/**
 * Low-stock alerts (beyond the spec): after a write changes a vendor's available stock, each product it
 * lowered whose weeks of supply is now under the brand's threshold raises one alert, to the brand's users and
 * the vendor's, unless one is already standing; a product whose stock recovered clears its alert, so the next
 * crossing alerts again. Runs inside the write's unit of work and reads only the products it changed: products
 * that only rose are read only when an alert stands for them.
 */
export async function checkLowStock(
  work: Work,
  vendorId: number,
  moved: readonly { productId: number; change: number }[],
) {
  const lowered = moved.filter((row) => row.change < 0).map((row) => row.productId);
  const raised = moved.filter((row) => row.change > 0).map((row) => row.productId);
  if (lowered.length === 0 && raised.length === 0) return;
  const today = jakartaDate(work.at);
  const from = dayBefore(today, RUN_RATE_DAYS - 1);
  const rows = (
    (await work.tx.execute(sql`
      with candidates as (
        select (x.id)::int as product_id from jsonb_array_elements_text(${JSON.stringify(lowered)}::jsonb) as x(id)
        union
        select a.product_id from low_stock_alerts a
        where a.vendor_id = ${vendorId}
          and a.product_id in (select (x.id)::int from jsonb_array_elements_text(${JSON.stringify(raised)}::jsonb) as x(id))
      ),
      sold as materialized (
        select r.product_id, sum(r.units_sold) as units from daily_product_rollups r
        where r.date between ${from}::date and ${today}::date and r.vendor_id = ${vendorId}
          and r.product_id in (select product_id from candidates)
        group by r.product_id
      )
      select p.id as product_id, p.brand_id, p.name, p.sku, b.low_stock_weeks, vs.quantity - vs.reserved as available,
        coalesce(sold.units, 0) as units, a.product_id is not null as alerted, v.name as vendor_name
      from candidates c
      join products p on p.id = c.product_id
      join brands b on b.id = p.brand_id
      join vendor_stocks vs on vs.vendor_id = ${vendorId} and vs.product_id = p.id
      join vendors v on v.id = ${vendorId}
      left join sold on sold.product_id = p.id
      left join low_stock_alerts a on a.vendor_id = ${vendorId} and a.product_id = p.id
      order by p.id`)) as unknown as { rows: Checked[] }
  ).rows;

  const crossed: Checked[] = [];
  const recovered: number[] = [];
  for (const row of rows) {
    const low = isLowStock(Number(row.available), Number(row.units), Number(row.low_stock_weeks));
    if (low && !row.alerted) crossed.push(row);
    if (!low && row.alerted) recovered.push(Number(row.product_id));
  }
  if (recovered.length) {
    await work.tx.execute(sql`delete from low_stock_alerts where vendor_id = ${vendorId}
      and product_id in (select (x.id)::int from jsonb_array_elements_text(${JSON.stringify(recovered)}::jsonb) as x(id))`);
  }
  if (crossed.length === 0) return;
  await work.tx.execute(sql`insert into low_stock_alerts (vendor_id, product_id, alerted_at)
    select ${vendorId}, (x.id)::int, ${work.at.toISOString()}::timestamptz
    from jsonb_array_elements_text(${JSON.stringify(crossed.map((row) => row.product_id))}::jsonb) as x(id)
    on conflict do nothing`);
  const vendorUsers = await vendorAudience(work.tx, vendorId);
  const audiences = new Map<number, number[]>();
  for (const row of crossed) {
    const brandId = Number(row.brand_id);
    if (!audiences.has(brandId)) audiences.set(brandId, await brandAudience(work.tx, brandId));
    const weeks = weeksOfSupply(Number(row.available), Number(row.units));
    const data: NotificationData = {
      web: {
        type: 'low-stock',
        // The vendor's own stock of the product, so the page shows the units the alert names.
        route: `/stock/manajemen?${new URLSearchParams({ vendor: String(vendorId), search: row.sku })}`,
        brand: { id: brandId },
      },
      notification: {
        title: 'Stok Menipis',
        description: `${row.name} (${row.sku}) di ${row.vendor_name} tinggal ${row.available} unit, cukup untuk ${weeks} minggu (batas ${row.low_stock_weeks} minggu).`,
        timestamp: jakartaTimestamp(work.at),
        order_id: null,
        invoice_offer_log_id: null,
        update_stock_history_id: null,
      },
    };
    const userIds = [...new Set([...(audiences.get(brandId) ?? []), ...vendorUsers])];
    work.notify({ userIds, type: 'low-stock', data });
  }
  // One row per brand, so a brand's users read only their own products' alerts (docs/decisions/014).
  for (const brandId of [...audiences.keys()].sort((a, b) => a - b)) {
    work.audit({
      action: 'stock.low-stock-alert',
      entity: 'vendor',
      entityId: vendorId,
      brandId,
      after: {
        productIds: crossed
          .filter((row) => Number(row.brand_id) === brandId)
          .map((row) => Number(row.product_id)),
      },
    });
  }
}
