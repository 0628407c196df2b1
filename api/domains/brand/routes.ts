import { endpoint, endpointGroup } from '../../http/endpoints';
import { brandOfPath, vendorOfPath } from '../../http/tenancy';
import { write } from '../../http/write';
import { brandBodySchema, brandListQuerySchema } from './schema';
import {
  brandWithChannels,
  createBrand,
  deleteBrand,
  listBrandChannels,
  listBrands,
  listChannelsOfBrands,
  updateBrand,
} from './service';
import { WRITE_MESSAGE } from '../../http/messages';

/**
 * Brands: the list, a new brand, one brand with its channels, its update (General and Integration), its deletion,
 * its channels; and the channels of the brands a vendor serves (a vendor's channel filter).
 */
export const brandEndpoints = endpointGroup([
  endpoint({
    method: 'get',
    path: '/api/brand',
    summary: 'Brands',
    tag: 'brand',
    query: brandListQuerySchema,
    policy: { operation: 'brand.list', tenancy: 'reach' },
    handle: async (c, { query }) => c.json(await listBrands(c.var.deps.db, c.var.user, query)),
  }),
  endpoint({
    method: 'post',
    path: '/api/brand',
    summary: 'Add a brand (administrators): the brand form, channels optional',
    tag: 'brand',
    body: brandBodySchema,
    policy: { operation: 'brand.create', tenancy: 'none' },
    handle: async (c, { body }) => {
      const created = await write(c, (work) => createBrand(work, body));
      return c.json(
        { message: WRITE_MESSAGE.created, data: await brandWithChannels(c.var.deps.db, created) },
        201,
      );
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}',
    summary: 'A brand with its channels',
    tag: 'brand',
    policy: { operation: 'brand.list', tenancy: 'brand' },
    handle: async (c) => c.json({ data: await brandWithChannels(c.var.deps.db, await brandOfPath(c)) }),
  }),
  endpoint({
    method: 'put',
    path: '/api/brand/{brand}',
    summary: 'Update a brand: General (with the pin address) and Integration (channels)',
    tag: 'brand',
    body: brandBodySchema,
    policy: { operation: 'brand.update', tenancy: 'brand' },
    handle: async (c, { body }) => {
      const brand = await brandOfPath(c);
      const after = await write(c, (work) => updateBrand(work, brand.id, body));
      return c.json({ message: WRITE_MESSAGE.updated, data: await brandWithChannels(c.var.deps.db, after) });
    },
  }),
  endpoint({
    method: 'delete',
    path: '/api/brand/{brand}',
    summary:
      'Delete a brand (administrators); 422 naming what still holds it (orders, invoices, users, products, listings, promotions, key accounts)',
    tag: 'brand',
    policy: { operation: 'brand.delete', tenancy: 'brand' },
    handle: async (c) => {
      const brand = await brandOfPath(c);
      await write(c, (work) => deleteBrand(work, brand.id));
      return c.json({ message: WRITE_MESSAGE.deleted });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/channel',
    summary: 'Channels of a brand',
    tag: 'brand',
    policy: { operation: 'brand.channels', tenancy: 'brand' },
    handle: async (c) => {
      const brand = await brandOfPath(c);
      return c.json(await listBrandChannels(c.var.deps.db, brand.id));
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/vendor/{vendor}/channel',
    summary: 'Channels of the brands a vendor serves',
    tag: 'brand',
    policy: { operation: 'channel.options', tenancy: 'vendor' },
    handle: async (c) => {
      const { brandIds } = await vendorOfPath(c);
      return c.json(await listChannelsOfBrands(c.var.deps.db, brandIds));
    },
  }),
]);
