import { redirect, type AppLoadContext } from '@remix-run/node';
import { jakartaToday } from '../dates';
import { requireScope, type Scope } from '../scope.server';
import type { Query } from '../upstream/client.server';
import type { DashboardPage } from './pages';
import { addDays, daysBetween, isDay, presetRange, previousRange, type DayRange } from './range';
import type { Filters } from './types';

/** The widget API refuses ranges of two years or more; a longer URL range is cut to the last 731 days. */
const MAX_SPAN_DAYS = 730;
const TABLE_PAGE_SIZE = 5;
const ID_PATTERN = /^\d{1,10}$/;

/**
 * The tenant of a dashboard page; vendors may open only the sales page (docs/decisions/001), any other sends them
 * there.
 */
export async function requireDashboardScope(request: Request, context: AppLoadContext, page: DashboardPage) {
  const signedIn = await requireScope(request, context, 'dashboard.view');
  if (signedIn.scope.kind === 'vendor' && page !== 'penjualan') throw redirect('/dashboard/penjualan');
  return signedIn;
}

/** What every dashboard page's loader starts from: the signed-in tenant, the URL, its filters and the widgets' query. */
export async function openDashboard(request: Request, context: AppLoadContext, page: DashboardPage) {
  const signedIn = await requireDashboardScope(request, context, page);
  const url = new URL(request.url);
  const filters = readFilters(url, signedIn.scope);
  return { ...signedIn, url, filters, query: widgetQuery(filters) };
}

function idsOf(url: URL, name: string) {
  return [...new Set(url.searchParams.getAll(name).filter((value) => ID_PATTERN.test(value)))];
}

/** A range from two URL dates; a missing or malformed end falls back to the default (the last 7 days). */
export function rangeOf(url: URL, names: [string, string], fallback: DayRange): DayRange {
  const from = url.searchParams.get(names[0]);
  const to = url.searchParams.get(names[1]);
  if (!isDay(from) || !isDay(to)) return fallback;
  const [start, end] = from <= to ? [from, to] : [to, from];
  return daysBetween(start, end) > MAX_SPAN_DAYS
    ? { from: addDays(end, -MAX_SPAN_DAYS), to: end }
    : { from: start, to: end };
}

/** The page's filters as the URL holds them; the vendor filter exists only on the brand side. */
export function readFilters(url: URL, scope: Scope, today = jakartaToday()): Filters {
  return {
    today,
    range: rangeOf(url, ['date-from', 'date-to'], presetRange('last7', today)),
    channel: idsOf(url, 'channel'),
    category: idsOf(url, 'category'),
    vendor: scope.kind === 'brand' ? idsOf(url, 'vendor') : [],
  };
}

/** The query every widget takes (categories: the server adds their descendants). */
export function widgetQuery(filters: Filters): Query {
  return {
    'date-from': filters.range.from,
    'date-to': filters.range.to,
    channel: filters.channel,
    category: filters.category,
    vendor: filters.vendor,
  };
}

/** The one table of a page: 5 rows, searchable, sortable, newest first unless the URL says otherwise. */
export function tableQuery(url: URL): Query {
  const page = Number(url.searchParams.get('page'));
  const orderBy = url.searchParams.get('order_by');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    per_page: TABLE_PAGE_SIZE,
    search: url.searchParams.get('search')?.trim().slice(0, 200),
    sorted_by: url.searchParams.get('sorted_by')?.slice(0, 50),
    order_by: orderBy === 'asc' ? 'asc' : 'desc',
  };
}

/** The selected chart series: one of the page's keys, else the first. */
export function seriesOf<K extends string>(url: URL, keys: readonly K[]): K {
  const value = url.searchParams.get('series');
  return keys.find((key) => key === value) ?? keys[0];
}

/** The branch page's comparison: the URL's compare range, else the range just before (spec: 14 to 7 days back). */
export function compareRangeOf(url: URL, range: DayRange): DayRange {
  return rangeOf(url, ['compare-from', 'compare-to'], previousRange(range));
}
