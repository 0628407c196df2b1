import type { Context } from 'hono';
import type { ApiEnv } from '../../http/context';
import { endpoint, endpointGroup } from '../../http/endpoints';
import { brandOfPath, parseId } from '../../http/tenancy';
import { writeContextOf } from '../../http/write';
import { markNotificationRead } from '../notification/service';
import { brandScope } from '../order/service';
import { cancelInvoice } from './cancellation';
import { cancelInvoiceSchema, ingestInvoiceSchema, invoiceListQuerySchema } from './schema';
import { ingestInvoice, invoiceCardTotal, listInvoices, readInvoiceFilters, showInvoice } from './service';
import { WRITE_MESSAGE } from '../../http/messages';

function channelId(c: Context<ApiEnv>) {
  return parseId(c.req.param('channel'));
}

/** Invoices under /api/brand/{brand}/…: the list, its total and one invoice; what a marketplace reports. */
export const invoiceEndpoints = endpointGroup([
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/invoice',
    summary: 'Invoices of the brand',
    tag: 'invoice',
    query: invoiceListQuerySchema,
    policy: { operation: 'invoice.list', tenancy: 'brand' },
    handle: async (c, { query }) => {
      const brand = await brandOfPath(c);
      return c.json(await listInvoices(c.var.deps.db, brand.id, readInvoiceFilters(query), query));
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/invoice/card/total',
    summary: 'Σ grand_total of the filtered invoices: { data: { current_period_value } }',
    tag: 'invoice',
    query: invoiceListQuerySchema,
    policy: { operation: 'invoice.list', tenancy: 'brand' },
    handle: async (c, { query }) => {
      const brand = await brandOfPath(c);
      return c.json({ data: await invoiceCardTotal(c.var.deps.db, brand.id, readInvoiceFilters(query)) });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/brand/{brand}/invoice/{id}',
    summary: 'An invoice with its orders and offers',
    tag: 'invoice',
    query: invoiceListQuerySchema,
    policy: { operation: 'invoice.list', tenancy: 'brand' },
    handle: async (c, { query }) => {
      const { brand, scope } = await brandScope(c);
      const { db, config } = c.var.deps;
      const data = await showInvoice(db, brand.id, scope, parseId(c.req.param('id')), config.MEDIA_URL);
      await markNotificationRead(c.var.deps, c.var.user, query.notif);
      return c.json({ data });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/brand/{brand}/channel/{channel}/invoice',
    summary:
      'Ingest a marketplace invoice (idempotent on channel and external_number; weight in grams per unit)',
    tag: 'invoice',
    body: ingestInvoiceSchema,
    policy: { operation: 'invoice.ingest', tenancy: 'brand' },
    handle: async (c, { body }) => {
      const { brand, scope } = await brandScope(c);
      const { deps } = c.var;
      const result = await ingestInvoice(deps, writeContextOf(c), {
        brandId: brand.id,
        channelId: channelId(c),
        body,
        ttlMinutes: deps.config.OFFER_TTL_MINUTES,
      });
      const data = await showInvoice(deps.db, brand.id, scope, result.invoiceId, deps.config.MEDIA_URL);
      return result.created
        ? c.json({ message: WRITE_MESSAGE.created, data }, 201)
        : c.json({ message: 'Invoice sudah tercatat', data }, 200);
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/brand/{brand}/channel/{channel}/invoice/cancel',
    summary:
      'The marketplace canceled an invoice: it and its live order (not yet shipped) become Dibatalkan, the stock reservation is released and a pending offer withdrawn; 409 once shipped; idempotent',
    tag: 'invoice',
    body: cancelInvoiceSchema,
    policy: { operation: 'invoice.cancel', tenancy: 'brand' },
    handle: async (c, { body }) => {
      const { brand, scope } = await brandScope(c);
      const { deps } = c.var;
      const result = await cancelInvoice(deps, writeContextOf(c), {
        brandId: brand.id,
        channelId: channelId(c),
        body,
      });
      const data = await showInvoice(deps.db, brand.id, scope, result.invoiceId, deps.config.MEDIA_URL);
      return c.json({ message: result.changed ? 'Invoice dibatalkan' : 'Invoice sudah dibatalkan', data });
    },
  }),
]);
