import type { Scope } from '../scope.server';
import { scopePath } from '../scope.server';
import type { Query, Upstream } from './client.server';

type BrandInput = { brandId: number; query: Query };

/** The spreadsheet downloads, with the filters of their lists; each answers the upstream's file as it streams. */
export const exportApi = {
  orders: (api: Upstream, { scope, query }: { scope: Scope; query: Query }) =>
    api.download(`${scopePath(scope)}/export/order`, { query }),
  invoices: (api: Upstream, { brandId, query }: BrandInput) =>
    api.download(`/api/brand/${brandId}/export/invoice`, { query }),
  customers: (api: Upstream, { brandId, query }: BrandInput) =>
    api.download(`/api/brand/${brandId}/export/customer`, { query }),
};
