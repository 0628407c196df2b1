import { sql, type SQL } from 'drizzle-orm';
import { BUYER_ROLLUP_DAYS } from '../../db/schema';
import { daysBetween, type DayRange, type Period } from './period';
import type { Scope } from './scope';
import { allOf, inList } from './sql';
import { searchAny } from './table';

/**
 * Buyers from daily_buyer_rollups (a row per buyer and purchase day in a scope, with the gap to their previous
 * purchase day in it, their age at the brand and whether they came back after more than 30 days). It answers
 * ranges of up to BUYER_ROLLUP_DAYS days for any vendor or one, any channel or one, without categories.
 */
export function fitsBuyerRollups(scope: Scope, period: Period): boolean {
  const fitsDays = (range: DayRange) => daysBetween(range.from, range.to) < BUYER_ROLLUP_DAYS;
  return fitsBuyerScope(scope) && fitsDays(period.current) && fitsDays(period.last);
}

/** Sums over the days (invoices, items, grand totals) need no gap, so any range fits. */
export function fitsBuyerScope(scope: Scope): boolean {
  return (
    scope.categoryIds === null &&
    (scope.vendorIds === null || scope.vendorIds.length === 1) &&
    (scope.channelIds === null || scope.channelIds.length === 1)
  );
}

/** The first day of the range row `r` lies in: the last range ends the day before the current one begins. */
function rangeStart({ current, last }: Period): SQL {
  return sql`(case when r.date >= ${current.from}::date then ${current.from}::date else ${last.from}::date end)`;
}

/** 0 for a row `r` of the current range, 1 for one of the last. */
function periodOf({ current }: Period): SQL {
  return sql`(case when r.date >= ${current.from}::date then 0 else 1 end)`;
}

/**
 * The rows `r` of a buyer rollup counting each buyer of a range once: on the day of their first purchase in it, the
 * day whose previous purchase in the scope is none (gap 0) or before the range. Both ranges are read in one scan
 * of the index: two scans would let the planner hand them to parallel workers, whose start costs more than the
 * scans.
 */
function firstDaysWhere(scope: Scope, period: Period): SQL {
  return sql`${scopeWhere(scope, { from: period.last.from, to: period.current.to })}
    and ${firstDay(period)}`;
}

/** The rows `r` of the scope's vendor (0 = any) and channel (0 = any) in the days. */
function scopeWhere(scope: Scope, days: DayRange): SQL {
  return sql`${inList('r.brand_id', scope.brandIds)} and r.vendor_id = ${scope.vendorIds?.[0] ?? 0}::int
    and r.channel_id = ${scope.channelIds?.[0] ?? 0}::int and r.date between ${days.from}::date and ${days.to}::date`;
}

/** Whether row `r` is its buyers' first purchase day in its range. */
function firstDay(period: Period): SQL {
  return sql`(r.gap = 0 or r.gap > r.date - ${rangeStart(period)})`;
}

/** The buyer's city of row `r` of daily_buyer_city_rollups, null when unknown. */
const CITY_EXPRESSION = '(case when r.has_city then r.city end)';
const CITY = sql.raw(CITY_EXPRESSION);

/**
 * Buyers per (period, day, kind) of both periods, as buyersByDay of customer.ts reads them. A buyer is new when
 * their first purchase at the brand lies in the range.
 */
export function buyersByDayFromRollups(scope: Scope, period: Period): SQL {
  return sql`select ${periodOf(period)} as period, r.date::text as day,
      case when r.age <= r.date - ${rangeStart(period)} then 'new' when r.regular then 'regular' else 'loyal' end
        as kind,
      sum(r.buyers) as buyers
    from daily_buyer_rollups r
    where ${firstDaysWhere(scope, period)}
    group by 1, 2, 3`;
}

/** Buyers of each period by gender ('male', 'female', 'others'), as genderChart of customer.ts reads them. */
export function buyersByGenderFromRollups(scope: Scope, period: Period): SQL {
  return sql`select r.gender, sum(r.buyers) filter (where ${periodOf(period)} = 0) as current,
      sum(r.buyers) filter (where ${periodOf(period)} = 1) as last
    from daily_buyer_gender_rollups r
    where ${firstDaysWhere(scope, period)}
    group by r.gender`;
}

/** Invoices of each period per buyer city, as cityChart of customer.ts reads them. */
export function invoicesByCityFromRollups(scope: Scope, period: Period): SQL {
  return sql`select ${CITY} as key, sum(r.invoice_count) filter (where ${periodOf(period)} = 0) as current,
      sum(r.invoice_count) filter (where ${periodOf(period)} = 1) as last
    from daily_buyer_city_rollups r
    where ${scopeWhere(scope, { from: period.last.from, to: period.current.to })}
    group by 1`;
}

/**
 * Buyers, invoices, items and grand total per buyer city over the current range, of the cities matching `search`,
 * as cityTable of customer.ts groups them.
 */
export function cityTotalsFromRollups(scope: Scope, period: Period, search: string | undefined): SQL {
  const { current } = period;
  return sql`select ${CITY} as city,
      sum(r.buyers) filter (where ${firstDay({ current, last: current })})::bigint as total_customer,
      sum(r.invoice_count)::bigint as total_order, sum(r.items)::bigint as total_item,
      sum(r.grand_total)::bigint as grand_total
    from daily_buyer_city_rollups r
    where ${allOf([scopeWhere(scope, current), searchAny([CITY_EXPRESSION], search)])}
    group by 1`;
}
