import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { channelAdapter } from './domains/marketplace/adapters';
import { storageRoutes } from './domains/media/storage-routes';
import { ENDPOINT_GROUPS } from './endpoint-groups';
import { clientIp } from './http/client-ip';
import { logRefusals } from './http/log-refusals';
import type { ApiDeps, ApiEnv } from './http/context';
import { handleError } from './http/errors';
import { openApiDocument } from './openapi';

/** The API: every domain's endpoint rows, the stored uploads, its OpenAPI document and its health. */
export function createApiApp(deps: ApiDeps) {
  // A CHANNEL_ADAPTER that names no adapter stops the start, rather than the first listing saved.
  channelAdapter(deps.config.CHANNEL_ADAPTER);
  const app = new Hono<ApiEnv>();
  app.use(async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  if (deps.config.LOG_REQUESTS === 'refusals') app.use(logRefusals);
  app.use(secureHeaders());
  app.use(clientIp);
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
