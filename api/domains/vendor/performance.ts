import { and, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders, products, stockDailySnapshots } from '../../db/schema';
import { IN_STOCK_RATE_DAYS as PERIOD_DAYS } from '../stock/figures';

const SLA_TARGET_HOURS = 24;

/**
 * The profile's performance block, over the last 30 days:
 * - SLA: mean hours from order creation to ready-to-deliver;
 * - in-stock rate: share of (active product, day) snapshots with available stock above zero;
 * - on-time rate ("Vendor Performance"): share of orders made ready within the 24-hour SLA.
 * Only the orders and products of `brandIds`: a brand's user sees none of another brand's figures.
 */
export async function vendorPerformance(db: Database, vendorId: number, brandIds: number[], now: Date) {
  const brands = brandIds.length ? brandIds : [0];
  const since = new Date(now.getTime() - PERIOD_DAYS * 86_400_000);
  const hours = sql<number>`extract(epoch from (${orders.readyToDeliverAt} - ${orders.createdAt})) / 3600`;
  const [sla] = await db
    .select({
      mean: sql<string | null>`avg(${hours})`,
      onTime: sql<string>`count(*) filter (where ${hours} <= ${SLA_TARGET_HOURS})`,
      total: sql<string>`count(*)`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.vendorId, vendorId),
        inArray(orders.brandId, brands),
        gte(orders.createdAt, since),
        isNotNull(orders.readyToDeliverAt),
      ),
    );
  const [stock] = await db
    .select({
      inStock: sql<string>`count(*) filter (where ${stockDailySnapshots.available} > 0)`,
      total: sql<string>`count(*)`,
    })
    .from(stockDailySnapshots)
    .innerJoin(products, eq(products.id, stockDailySnapshots.productId))
    .where(
      and(
        eq(stockDailySnapshots.vendorId, vendorId),
        inArray(products.brandId, brands),
        gte(stockDailySnapshots.date, since.toISOString().slice(0, 10)),
        eq(products.isActive, true),
        isNull(products.deletedAt),
      ),
    );
  const ordersReady = Number(sla.total);
  const snapshots = Number(stock.total);
  return {
    sla_hours: sla.mean === null ? null : Math.round(Number(sla.mean) * 10) / 10,
    in_stock_rate: snapshots === 0 ? null : Number(stock.inStock) / snapshots,
    on_time_rate: ordersReady === 0 ? null : Number(sla.onTime) / ordersReady,
    period_days: PERIOD_DAYS,
  };
}
