import { endpoint, endpointGroup } from '../../http/endpoints';
import { searchQuerySchema } from './schema';
import { search } from './service';

/** The back office's one search box: orders, invoices, buyers, products, listings, vendors and vouchers. */
export const searchEndpoints = endpointGroup([
  endpoint({
    method: 'get',
    path: '/api/search',
    summary:
      "Up to 5 of each kind the caller may read, matching q: order, marketplace or tracking number; buyer's name, phone or email; product or listing name or SKU; vendor name; voucher number",
    tag: 'search',
    query: searchQuerySchema,
    policy: { operation: 'search.all', tenancy: 'reach' },
    handle: async (c, { query }) => c.json(await search(c.var.deps.db, c.var.user, query.q)),
  }),
]);
