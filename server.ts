import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { extname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import { sql } from 'drizzle-orm';
import { allowedOrigins, allowsRequestHost, readApiConfig } from './api/config';
import { apiBodyLimit, bodyLimitsOf, limitBodies, pathOf, refuseJson } from './api/http/body-limit';
import { createPusherServer } from './api/realtime/pusher-server';
import { redisFanOut } from './api/realtime/redis-fan-out';
import { redisPresence } from './api/realtime/redis-presence';
import { connectRedis } from './api/redis';
import { startApiRuntime, type ApiRuntime } from './api/runtime';
import { prebuiltAssets } from './static-assets';
import { refusePage, webBodyLimit } from './web-body-limit';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const embedApi = !process.env.API_URL;
const embedRealtime = !process.env.PUSHER_HOST;
const startedAt = performance.now();

const app = express();
app.disable('x-powered-by');
app.set('trust proxy', process.env.TRUST_PROXY ?? 'loopback');

const pusherOrigins = process.env.PUSHER_HOST
  ? [`ws://${process.env.PUSHER_HOST}:*`, `wss://${process.env.PUSHER_HOST}:*`]
  : [];
/** The origin of a configured address, for the policy; none for one that is not an absolute URL. */
function originOf(address: string | undefined, fallback: string) {
  try {
    return new URL((address ?? fallback).replace(/\{[a-z]\}/g, '0')).origin;
  } catch {
    return null;
  }
}
// The pin map of the brand and vendor forms loads its tiles and searches places there (app/lib/env.server.ts).
const mapTileOrigin = originOf(process.env.MAP_TILE_URL, 'https://tile.openstreetmap.org/{z}/{x}/{y}.png');
const mapGeocoderOrigin = originOf(
  process.env.MAP_GEOCODER_URL,
  'https://nominatim.openstreetmap.org/search',
);
// Only the script nonce changes from one response to the next: the rest of the policy is joined once, where
// helmet would validate and join every directive for every response.
const cspAfterScripts = [
  "style-src 'self' 'unsafe-inline'",
  ["img-src 'self' data: blob:", mapTileOrigin].filter(Boolean).join(' '),
  "font-src 'self'",
  ["connect-src 'self'", ...pusherOrigins, mapGeocoderOrigin].filter(Boolean).join(' '),
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join(';');

// Hashed build files are immutable scripts and styles: they need none of a page's headers (its CSP, framing and
// referrer policies are about documents), only nosniff and the cache, and they are compressed once, at brotli's
// and gzip's best, instead of quickly on every request (docs/decisions/021).
app.use('/build', prebuiltAssets('public/build'));

app.use((_req, res, next) => {
  const nonce = randomBytes(16).toString('base64');
  res.locals.cspNonce = nonce;
  res.setHeader(
    'Content-Security-Policy',
    `default-src 'self';script-src 'self' 'nonce-${nonce}';${cspAfterScripts}`,
  );
  next();
});

app.use(
  helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // no-referrer makes Chrome send `Origin: null` on form posts, which Remix rightly refuses.
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: process.env.NODE_ENV === 'production',
  }),
);
app.use(compression());

const publicFiles = express.static('public', { maxAge: '1h' });
// Pages have no file extension: they skip the file-system lookup that public files need.
app.use((req, res, next) => (extname(req.path) ? publicFiles(req, res, next) : next()));
app.use('/locales', express.static('locales', { maxAge: '7d' }));

let runtime: ApiRuntime | null = null;
const config = readApiConfig();
const realtimeRedis = embedRealtime && config.REDIS_URL ? connectRedis(config.REDIS_URL) : null;
const realtime = embedRealtime
  ? createPusherServer({
      appId: config.PUSHER_APP_ID,
      key: config.PUSHER_KEY,
      secret: config.PUSHER_SECRET,
      allowedOrigins: allowedOrigins(config),
      allowRequestHost: allowsRequestHost(),
      fanOut: realtimeRedis ? redisFanOut(realtimeRedis) : undefined,
      presence: realtimeRedis ? redisPresence(realtimeRedis) : undefined,
    })
  : null;

app.get('/healthz', async (_req, res) => {
  try {
    if (embedApi) {
      if (!runtime) throw new Error('starting');
      await runtime.database.db.execute(sql`select 1`);
    } else {
      // Split: the web app is ready when its upstream is (which answers ready when its database is).
      const upstream = await fetch(new URL('/healthz', process.env.API_URL), {
        signal: AbortSignal.timeout(2000),
      });
      if (!upstream.ok) throw new Error('upstream not ready');
    }
    res.json({ status: 'ok', realtime: realtime ? realtime.connectionCount() : 'external' });
  } catch {
    res.status(503).set('Retry-After', '1').json({ status: 'starting' });
  }
});

app.use((req, res, next) => {
  if (runtime || !embedApi) return next();
  res.status(503).set('Retry-After', '1').send('Starting, please retry in a moment.');
});

if (realtime) {
  app.use('/apps', (req, res, next) => {
    req.url = req.originalUrl;
    realtime.handleHttp(req, res).then((handled) => handled || next(), next);
  });
}

/**
 * A form posted from another site: Remix refuses such an action by throwing, which would read as a server error
 * (500). It is the sender's fault, so it is answered 403 here, by Remix's own rule (Origin against the forwarded
 * or plain Host).
 */
function isCrossSiteAction(req: express.Request) {
  if (req.method === 'GET' || req.method === 'HEAD') return false;
  const origin = req.get('origin');
  if (!origin || origin === 'null') return false;
  const host = req.get('x-forwarded-host')?.split(',')[0]?.trim() || req.get('host');
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** Pages take form posts only (every action reads a form); anything else is refused before it fails there. */
function isFormPost(req: express.Request) {
  const type = req.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  return FORM_TYPES.includes(type);
}

app.use((req, res, next) => {
  if (isCrossSiteAction(req)) {
    return void res.status(403).type('text/plain').send('This form was posted from another site.');
  }
  if (req.method !== 'GET' && req.method !== 'HEAD' && !isFormPost(req)) {
    return void res.status(415).type('text/plain').send('Send this as a form.');
  }
  next();
});

let apiListener: ReturnType<typeof getRequestListener> | null = null;

const build = (await import(pathToFileURL('./build/index.js').href)) as ServerBuild;
app.all(
  '*',
  createRequestHandler({
    build,
    mode: build.mode,
    getLoadContext: (req, res) => ({
      clientIp: req.ip ?? '',
      cspNonce: res.locals.cspNonce as string,
      // Loaders and actions call the embedded API in process; requests reach Remix only once it runs.
      embeddedApi: runtime?.app.fetch,
    }),
  }),
);

// The embedded API answers before Express: its JSON needs none of the page middleware (CSP nonce, helmet,
// compression, static files), which cost more than the API's own work on a list request.
const API_PREFIXES = ['/api', '/oauth', '/storage'];
function isApiPath(url = '') {
  const path = url.split('?')[0];
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

const limits = bodyLimitsOf(config);
const answeredByApi = (req: IncomingMessage) => embedApi && isApiPath(req.url);

// Every body is bounded before anything reads it, the web app's forms as well as the API's (docs/decisions/047).
const server = createServer(
  limitBodies(
    (req) => (answeredByApi(req) ? apiBodyLimit(pathOf(req), limits) : webBodyLimit(req, limits)),
    (req, res, limit) => (answeredByApi(req) ? refuseJson : refusePage)(req, res, limit),
    (req, res) => {
      if (!answeredByApi(req)) return void app(req, res);
      if (!apiListener) {
        res.writeHead(503, { 'Retry-After': '1', 'Content-Type': 'application/json' });
        return void res.end(JSON.stringify({ message: 'Starting, please retry in a moment.' }));
      }
      void apiListener(req, res);
    },
  ),
);
realtime?.attach(server);
await new Promise<void>((resolve) => server.listen(port, host, resolve));

if (embedApi) {
  runtime = await startApiRuntime({ config, pusherPort: port });
  apiListener = getRequestListener(runtime.app.fetch, { overrideGlobalObjects: false });
}
console.info(
  `back office ready on http://localhost:${port} in ${Math.round(performance.now() - startedAt)} ms`,
);

async function shutdown() {
  server.close();
  await realtime?.close();
  await realtimeRedis?.close();
  await runtime?.close();
  process.exit(0);
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
