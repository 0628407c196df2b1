import { endpoint, endpointGroup } from '../../http/endpoints';
import { brandOfPath } from '../../http/tenancy';
import { write } from '../../http/write';
import { requirePermission } from '../access/permissions';
import { brandBodySchema, brandListQuerySchema } from './schema';
import { brandWithChannels, listBrandChannels, listBrands, updateBrand } from './service';

/** Brands: the list, one brand with its channels, its update (General and Integration), its channels. */
export const brandEndpoints = endpointGroup([
  endpoint({
    method: 'get',
    path: '/api/brand',
    summary: 'Brands',
    tag: 'brand',
    query: brandListQuerySchema,
    handle: async (c, { query }) => {
      requirePermission(c.var.user, 'brand.index');
      return c.json(await listBrands(c.var.deps.db, c.var.user, query));
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}',
    summary: 'A brand with its channels',
    tag: 'brand',
    handle: async (c) => c.json({ data: await brandWithChannels(c.var.deps.db, await brandOfPath(c)) }),
  }),
  endpoint({
    method: 'put',
    path: '/api/brand/{brand}',
    summary: 'Update a brand: General (with the pin address) and Integration (channels)',
    tag: 'brand',
    body: brandBodySchema,
    handle: async (c, { body }) => {
      requirePermission(c.var.user, 'brand.update');
      const brand = await brandOfPath(c);
      const after = await write(c, (work) => updateBrand(work, brand.id, body));
      return c.json({ message: 'Data berhasil diubah', data: await brandWithChannels(c.var.deps.db, after) });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/channel',
    summary: 'Channels of a brand',
    tag: 'brand',
    handle: async (c) => {
      const brand = await brandOfPath(c);
      return c.json(await listBrandChannels(c.var.deps.db, brand.id));
    },
  }),
]);
