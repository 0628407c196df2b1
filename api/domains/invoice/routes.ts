import { Hono } from 'hono';
import { authenticated } from '../../http/auth';
import type { ApiEnv, AuthUser } from '../../http/context';
import { forbidden } from '../../http/errors';
import { parseId } from '../../http/tenancy';
import { readBody, readQuery, validate } from '../../http/validation';
import { writeContextOf } from '../../http/write';
import { hasPermission } from '../access/permissions';
import { ROLE } from '../access/roles';
import { markNotificationRead } from '../notification/service';
import { brandScope } from '../order/service';
import { cancelInvoice } from './cancellation';
import { cancelInvoiceSchema, ingestInvoiceSchema, invoiceListQuerySchema } from './schema';
import { ingestInvoice, invoiceCardTotal, listInvoices, readInvoiceFilters, showInvoice } from './service';

/** Who may post what a marketplace says: the channel adapter's account (invoice.store) and administrators. */
function requireMarketplaceWriter(user: AuthUser) {
  if (user.roleId !== ROLE.administrator && !hasPermission(user, 'invoice.store')) throw forbidden();
}

/** Invoice list, card, detail, marketplace ingestion and cancellation under /api/brand/{brand}/… */
export const brandInvoiceRoutes = new Hono<ApiEnv>()
  .use(authenticated)
  .get('/:brand/invoice', async (c) => {
    const { brand } = await brandScope(c);
    const query = validate(invoiceListQuerySchema, readQuery(c));
    return c.json(await listInvoices(c.var.deps.db, brand.id, readInvoiceFilters(query), query));
  })
  .get('/:brand/invoice/card/total', async (c) => {
    const { brand } = await brandScope(c);
    const filters = readInvoiceFilters(validate(invoiceListQuerySchema, readQuery(c)));
    return c.json({ data: await invoiceCardTotal(c.var.deps.db, brand.id, filters) });
  })
  .get('/:brand/invoice/:id', async (c) => {
    const { brand, scope } = await brandScope(c);
    const query = validate(invoiceListQuerySchema, readQuery(c));
    const { db, config } = c.var.deps;
    const data = await showInvoice(db, brand.id, scope, parseId(c.req.param('id')), config.MEDIA_URL);
    await markNotificationRead(c.var.deps, c.var.user, query.notif);
    return c.json({ data });
  })
  .post('/:brand/channel/:channel/invoice', async (c) => {
    const { brand, scope } = await brandScope(c);
    const { deps, user } = c.var;
    requireMarketplaceWriter(user);
    const channelId = parseId(c.req.param('channel'));
    const body = validate(ingestInvoiceSchema, await readBody(c));
    const result = await ingestInvoice(deps, writeContextOf(c), {
      brandId: brand.id,
      channelId,
      body,
      ttlMinutes: deps.config.OFFER_TTL_MINUTES,
    });
    const data = await showInvoice(deps.db, brand.id, scope, result.invoiceId, deps.config.MEDIA_URL);
    return result.created
      ? c.json({ message: 'Data berhasil dibuat', data }, 201)
      : c.json({ message: 'Invoice sudah tercatat', data }, 200);
  })
  .post('/:brand/channel/:channel/invoice/cancel', async (c) => {
    const { brand, scope } = await brandScope(c);
    const { deps, user } = c.var;
    requireMarketplaceWriter(user);
    const channelId = parseId(c.req.param('channel'));
    const body = validate(cancelInvoiceSchema, await readBody(c));
    const result = await cancelInvoice(deps, writeContextOf(c), { brandId: brand.id, channelId, body });
    const data = await showInvoice(deps.db, brand.id, scope, result.invoiceId, deps.config.MEDIA_URL);
    return c.json({ message: result.changed ? 'Invoice dibatalkan' : 'Invoice sudah dibatalkan', data });
  });
