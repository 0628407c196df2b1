import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { accountRoutes, publicAccountRoutes } from '../domains/account/routes';
import { brandWidgetRoutes, vendorWidgetRoutes } from '../domains/dashboard/routes';
import { brandCustomerRoutes } from '../domains/customer/routes';
import { brandExportRoutes, vendorExportRoutes } from '../domains/export/routes';
import { brandInvoiceRoutes } from '../domains/invoice/routes';
import { channelAdapter } from '../domains/marketplace/adapters';
import { vendorOfferRoutes } from '../domains/offer/routes';
import { brandOrderRoutes, vendorOrderRoutes } from '../domains/order/routes';
import { selectRoutes } from '../domains/brand/select-routes';
import { broadcastingRoutes } from '../domains/broadcasting/routes';
import { mediaRoutes } from '../domains/media/routes';
import { storageRoutes } from '../domains/media/storage-routes';
import { notificationRoutes } from '../domains/notification/routes';
import { oauthRoutes } from '../domains/oauth/routes';
import { clientIp } from './client-ip';
import type { ApiDeps, ApiEnv } from './context';
import { ENDPOINT_GROUPS } from './domains';
import { handleError } from './errors';
import { openApiDocument } from './openapi';

export function createApiApp(deps: ApiDeps) {
  // A CHANNEL_ADAPTER that names no adapter stops the start, rather than the first listing saved.
  channelAdapter(deps.config.CHANNEL_ADAPTER);
  const app = new Hono<ApiEnv>();
  app.use(async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use(secureHeaders());
  app.use(clientIp);
  app.route('/oauth', oauthRoutes);
  app.route('/api', publicAccountRoutes);
  app.route('/api/account/notification', notificationRoutes);
  app.route('/api/account', accountRoutes);
  app.route('/api/brand', brandOrderRoutes);
  app.route('/api/brand', brandInvoiceRoutes);
  app.route('/api/brand', brandCustomerRoutes);
  app.route('/api/brand', brandExportRoutes);
  app.route('/api/brand', brandWidgetRoutes);
  app.route('/api/vendor', vendorOrderRoutes);
  app.route('/api/vendor', vendorOfferRoutes);
  app.route('/api/vendor', vendorExportRoutes);
  app.route('/api/vendor', vendorWidgetRoutes);
  app.route('/api/select', selectRoutes);
  app.route('/api/media', mediaRoutes);
  app.route('/api/broadcasting', broadcastingRoutes);
  for (const group of ENDPOINT_GROUPS) app.route('/', group.router);
  app.route('/storage', storageRoutes);
  app.get('/api/docs/openapi.json', (c) => c.json(openApiDocument()));
  // The API alone (npm run start:api) is ready when its database answers; a database away is the handler's 503.
  app.get('/healthz', async (c) => {
    await deps.db.execute(sql`select 1`);
    return c.json({ status: 'ok' });
  });
  app.notFound((c) => c.json({ message: 'Not Found' }, 404));
  app.onError(handleError);
  return app;
}

export type ApiApp = ReturnType<typeof createApiApp>;
