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

/** The list state of the page URL, as the upstream's query (arrays become `name[]`). */
export function listQuery(url: URL, defaults: Record<string, string> = {}) {
  const query: Record<string, string | string[]> = { ...defaults };
  for (const name of SINGLE) {
    const value = url.searchParams.get(name);
    if (value) query[name] = value;
  }
  for (const name of MULTI) {
    const values = url.searchParams.getAll(name).filter((value) => /^\d+$/.test(value));
    if (values.length) query[name] = values;
  }
  return query;
}
