import type { Context } from 'hono';
import type { ApiEnv } from '../../http/context';
import { endpoint, endpointGroup } from '../../http/endpoints';
import { brandOfPath, parseId, vendorOfPath } from '../../http/tenancy';
import { write } from '../../http/write';
import { brandScope, vendorOptions as orderVendorOptions } from '../order/service';
import { exportFileName, streamWorkbook } from '../export/workbook';
import { AREA_COLUMNS, areasOf, readAreaFile } from './areas';
import { vendorPerformance } from './performance';
import {
  areaTemplateQuerySchema,
  brandVendorListQuerySchema,
  vendorBodySchema,
  vendorListQuerySchema,
  vendorSelectQuerySchema,
  type VendorBody,
} from './schema';
import { serializeArea } from './serializers';
import {
  createVendor,
  deleteVendor,
  findVendor,
  listVendors,
  showVendor,
  updateVendor,
  vendorOptions,
} from './service';
import { WRITE_MESSAGE } from '../../http/messages';

function idOf(c: Context<ApiEnv>) {
  return parseId(c.req.param('id'));
}

/** The file's areas, read and checked before the unit of work opens its transaction. */
function areasOfBody(body: VendorBody) {
  return body.vendor_area_file ? readAreaFile(body.vendor_area_file) : Promise.resolve(null);
}

/**
 * Vendors: list, show with areas, options, create and update (form data, the update
 * with `_method=PUT` on POST, an area file replacing the vendor's areas), delete, and the area template; the
 * brand's vendor reads and the profile's performance block.
 */
export const vendorEndpoints = endpointGroup([
  endpoint({
    method: 'get',
    path: '/api/vendor',
    summary: 'Vendors the caller sees (brand: those serving it)',
    tag: 'vendor',
    query: vendorListQuerySchema,
    policy: { operation: 'vendor.list', tenancy: 'reach', query: { brand: 'brand' } },
    handle: async (c, { query }) => c.json(await listVendors(c.var.deps.db, c.var.user, query)),
  }),
  endpoint({
    method: 'get',
    path: '/api/select/vendor',
    summary: 'Vendor options (brand: those serving it)',
    tag: 'vendor',
    query: vendorSelectQuerySchema,
    policy: { operation: 'vendor.options', tenancy: 'reach', query: { brand: 'brand' } },
    handle: async (c, { query }) => c.json(await vendorOptions(c.var.deps.db, c.var.user, query)),
  }),
  endpoint({
    method: 'post',
    path: '/api/vendor',
    summary: 'Create a vendor (form data or JSON; vendor_area_file: csv or xlsx)',
    tag: 'vendor',
    body: vendorBodySchema,
    policy: { operation: 'vendor.create', tenancy: 'reach', body: { brand_ids: 'brands' } },
    handle: async (c, { body }) => {
      const areas = await areasOfBody(body);
      const created = await write(c, (work) => createVendor(work, c.var.user, body, areas));
      const data = await showVendor(c.var.deps.db, c.var.user, created.id);
      return c.json({ message: WRITE_MESSAGE.created, data }, 201);
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/vendor/{id}',
    summary: 'A vendor with its areas and brands',
    tag: 'vendor',
    policy: { operation: 'vendor.list', tenancy: 'reach' },
    handle: async (c) => c.json({ data: await showVendor(c.var.deps.db, c.var.user, idOf(c)) }),
  }),
  endpoint({
    method: 'post',
    path: '/api/vendor/{id}',
    summary: 'Update a vendor (form data with _method=PUT; a vendor_area_file replaces its areas)',
    tag: 'vendor',
    body: vendorBodySchema,
    policy: { operation: 'vendor.update', tenancy: 'reach', body: { brand_ids: 'brands' } },
    handle: async (c, { body }) => {
      const id = idOf(c);
      const areas = await areasOfBody(body);
      await write(c, (work) => updateVendor(work, c.var.user, id, body, areas));
      const data = await showVendor(c.var.deps.db, c.var.user, id);
      return c.json({ message: WRITE_MESSAGE.updated, data });
    },
  }),
  endpoint({
    method: 'delete',
    path: '/api/vendor/{id}',
    summary: 'Delete a vendor without open orders (422 otherwise)',
    tag: 'vendor',
    policy: { operation: 'vendor.delete', tenancy: 'reach' },
    handle: async (c) => {
      const id = idOf(c);
      await write(c, (work) => deleteVendor(work, c.var.user, id));
      // Its users were switched off: the cached token lookups must not outlive that.
      await c.var.deps.authCache.invalidate();
      return c.json({ message: WRITE_MESSAGE.deleted, success: true });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/import-template/vendor-area',
    summary: "The vendor-area template (.xlsx), with the vendor's areas when one is named",
    tag: 'vendor',
    query: areaTemplateQuerySchema,
    policy: { operation: 'vendor.list', tenancy: 'reach', query: { vendor: 'vendor' } },
    handle: async (c, { query }) => {
      const { db, clock } = c.var.deps;
      const vendor = query.vendor ? (await findVendor(db, c.var.user, query.vendor)).vendor : null;
      const areas = vendor ? (await areasOf(db, vendor.id)).map(serializeArea) : [];
      type Area = (typeof areas)[number];
      return streamWorkbook<Area>({
        fileName: exportFileName(clock(), 'vendor-area'),
        sheetName: 'Area',
        columns: AREA_COLUMNS.map((column) => ({
          header: column,
          width: 24,
          value: (area: Area) => area[column],
        })),
        batches: (async function* () {
          yield areas;
        })(),
        now: clock(),
      });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/vendor',
    summary: 'Vendors serving a brand (for=order-change-vendor&order={id}: those the order may move to)',
    tag: 'vendor',
    query: brandVendorListQuerySchema,
    policy: { operation: 'vendor.options', tenancy: 'brand' },
    handle: async (c, { query }) => {
      if (query.for === 'order-change-vendor' && query.order !== undefined) {
        const { scope } = await brandScope(c);
        return c.json(await orderVendorOptions(c.var.deps.db, scope, query.order, query));
      }
      const brand = await brandOfPath(c);
      return c.json(await listVendors(c.var.deps.db, c.var.user, { ...query, brand: brand.id }));
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/vendor/{id}',
    summary: 'A vendor of a brand',
    tag: 'vendor',
    policy: { operation: 'vendor.list', tenancy: 'brand' },
    handle: async (c) => {
      const brand = await brandOfPath(c);
      return c.json({ data: await showVendor(c.var.deps.db, c.var.user, idOf(c), brand.id) });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/vendor/{vendor}/performance',
    summary: 'SLA, in-stock rate and on-time rate, last 30 days',
    tag: 'vendor',
    policy: { operation: 'vendor.performance', tenancy: 'vendor' },
    handle: async (c) => {
      const { vendor, brandIds } = await vendorOfPath(c);
      return c.json({
        data: await vendorPerformance(c.var.deps.db, vendor.id, brandIds, c.var.deps.clock()),
      });
    },
  }),
]);
