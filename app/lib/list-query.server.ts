import { isDay } from './dashboard/range';

const SINGLE = [
  'page',
  'per_page',
  'search',
  'sorted_by',
  'order_by',
  'date-from',
  'date-to',
  'status',
  'with-canceled',
  'with-canceled-invoice',
  'customer-name',
];
const MULTI = ['vendor', 'channel', 'category'];

/** What the API accepts; the URL is the user's to edit, so anything else is mended or left out here. */
const MAX_TEXT = 200;
const MAX_PAGE = 1_000_000;
const MAX_PER_PAGE = 1000;

function withinRange(value: string, max: number) {
  return /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= max;
}

/** A single value as the API takes it, or undefined to leave it out. */
function mended(name: string, value: string): string | undefined {
  switch (name) {
    case 'page':
      return withinRange(value, MAX_PAGE) ? value : undefined;
    case 'per_page':
      return withinRange(value, MAX_PER_PAGE) ? value : undefined;
    case 'date-from':
    case 'date-to':
      return isDay(value) ? value : undefined;
    case 'order_by':
      return value === 'asc' || value === 'desc' ? value : undefined;
    default:
      return value.replace(/\0/g, '').slice(0, MAX_TEXT) || undefined;
  }
}

/**
 * The list state of the page URL, as the upstream's query (arrays become `name[]`). Values the API would refuse
 * (a day that does not exist, a page number out of range, an over-long search) are mended or dropped, and a
 * range picked backwards is turned around, so an edited URL shows a list rather than an error page. What the
 * page itself sets (`defaults`: the customer of /customer/{name}, a tab's flags) wins over the URL.
 */
export function listQuery(url: URL, defaults: Record<string, string> = {}) {
  const query: Record<string, string | string[]> = {};
  for (const name of SINGLE) {
    const value = mended(name, url.searchParams.get(name) ?? '');
    if (value) query[name] = value;
  }
  const [from, to] = [query['date-from'], query['date-to']];
  if (typeof from === 'string' && typeof to === 'string' && from > to) {
    query['date-from'] = to;
    query['date-to'] = from;
  }
  for (const name of MULTI) {
    const values = url.searchParams.getAll(name).filter((value) => withinRange(value, 2_147_483_647));
    if (values.length) query[name] = values.slice(0, 500);
  }
  return Object.assign(query, defaults);
}
