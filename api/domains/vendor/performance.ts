import type { Database } from '../../db/client';

export async function vendorPerformance(_db: Database, _vendorId: number, _now: Date) {
  return { sla_hours: null, in_stock_rate: null, on_time_rate: null, period_days: 30 };
}
