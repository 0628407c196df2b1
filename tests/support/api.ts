import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { readApiConfig, type ApiConfig } from '../../api/config';
import type { Database, DatabaseHandle } from '../../api/db/client';
import { createPusherClient } from '../../api/domains/broadcasting/signer';
import { createApiApp } from '../../api/app';
import { createApiDeps } from '../../api/deps';
import {
  apiBodyLimit,
  bodyLimitsOf,
  limitBodies,
  pathOf,
  refuseJson,
  type BodyLimits,
} from '../../api/http/body-limit';
import type { ApiDeps } from '../../api/http/context';
import { openTestDatabase } from './database';
import { and, eq } from 'drizzle-orm';
import { invoiceOffers } from '../../api/db/schema';
import { createWorld, invoicePayload, type CatalogueProduct, type World } from './world';

export const CLIENT = { id: 'back-office', secret: 'back-office-secret' } as const;

/**
 * How long the test server keeps an idle keep-alive connection: longer than any test or hook runs. The tests
 * call the server from its own process, and PGlite runs each query on that process's one thread, so a long
 * query (a bulk insert, slower still on a busy machine) stalls server and client alike. With Node's default
 * of 5 s, a stall past it left both sides' idle timers overdue: the client's next request went out on the
 * pooled connection first, then the server's overdue timer closed that connection with the request unread,
 * and the kernel answered the request with a reset (`read ECONNRESET`, seen in export.test.ts). Between two
 * processes the client closes first (it honours the server's Keep-Alive hint), so only a shared thread races.
 */
export const IDLE_CONNECTION_MS = 10 * 60_000;

/** Time as the API sees it: starts at the real now and moves only when a test advances it. */
export type TestClock = { now: Date; advance(ms: number): void };

function createTestClock(): TestClock {
  return {
    now: new Date(),
    advance(ms) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
}

// Response bodies are asserted with expect(); typing each one would only repeat the serializers under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonBody = any;

export type ApiResponse = { status: number; body: JsonBody; headers: Headers; bytes: Buffer };

export type QueryValue = string | number | boolean | (string | number)[] | undefined;

export type RequestOptions = {
  method?: string;
  token?: string;
  json?: unknown;
  /** FormData goes as multipart; a plain object as application/x-www-form-urlencoded. */
  form?: FormData | Record<string, string>;
  /** A body sent exactly as given, with whatever content-type `headers` names. */
  raw?: string;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
};

/** The relay the services nudge after a commit; tests read the outbox table itself, this only counts nudges. */
export type TestEvents = { nudges: number; nudge(): void };

function createTestEvents(): TestEvents {
  return {
    nudges: 0,
    nudge() {
      this.nudges++;
    },
  };
}

export type TestApi = {
  baseUrl: string;
  /** The HTTP server behind baseUrl, when started with `http`. */
  server: Server | null;
  db: Database;
  database: DatabaseHandle;
  world: World;
  config: ApiConfig;
  deps: ApiDeps;
  clock: TestClock;
  events: TestEvents;
  request(path: string, options?: RequestOptions): Promise<ApiResponse>;
  /** A request exactly as given (any body, any header), answered as a plain Response by the same transport. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** The app's own fetch handler, as server.ts hands it to the web app's load context (`embeddedApi`). */
  embedded(request: Request, bindings: { clientIp: string }): Promise<Response>;
  /** Signs in through the password grant and returns the access token. */
  login(email: string, password?: string, headers?: Record<string, string>): Promise<string>;
  close(): Promise<void>;
};

/** A test API served on a loopback port (`http: true`). */
export type HttpTestApi = TestApi & { server: Server };

export type TestApiOptions = {
  /**
   * Serve the app on a loopback port and send every request over a socket, as api/main.ts serves it: for what
   * only a socket shows (body limits applied while a body streams in, connection reuse, peer addresses). Without
   * it requests go to the app's fetch handler in process, as the web app calls the API.
   */
  http?: boolean;
  smtpUrl?: string;
  /** Environment overrides handed to readApiConfig, e.g. { MEDIA_MAX_BYTES: '512' }. */
  config?: Record<string, string>;
};

/** The origin of in-process requests: never dialled, only there to make absolute URLs. */
const IN_PROCESS_ORIGIN = 'http://api.in-process';

/** Rejects as a socket's fetch does once `signal` aborts; never settles otherwise. */
function abortOf(signal: AbortSignal) {
  return new Promise<never>((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** Served as api/main.ts serves it: the same body limits in front of the same listener, on a loopback port. */
async function serve(fetchHandler: (request: Request) => Response | Promise<Response>, limits: BodyLimits) {
  const server = createServer(
    limitBodies((req) => apiBodyLimit(pathOf(req), limits), refuseJson, getRequestListener(fetchHandler)),
  );
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  // A request's headers may take as long as an idle connection may last (Node wants this the larger).
  server.headersTimeout = IDLE_CONNECTION_MS + 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** The real API app on a fresh database with the fixed world, called in process or (with `http`) over a socket. */
export async function startTestApi(options: TestApiOptions & { http: true }): Promise<HttpTestApi>;
export async function startTestApi(options?: TestApiOptions): Promise<TestApi>;
export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bo-api-test-'));
  const database = await openTestDatabase();
  const world = await createWorld(database.db);
  const config = readApiConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:3000',
    DATA_DIR: dataDir,
    SMTP_URL: options.smtpUrl,
    ...options.config,
  });
  const clock = createTestClock();
  const now = () => clock.now;
  const events = createTestEvents();
  // Channel signing is local; nothing is ever published through this client, so its port is never dialled.
  const pusher = createPusherClient({
    appId: config.PUSHER_APP_ID,
    key: config.PUSHER_KEY,
    secret: config.PUSHER_SECRET,
    host: '127.0.0.1',
    port: 1,
    useTLS: false,
  });
  const deps = createApiDeps({ db: database.db, config, clock: now, pusher, events });

  const app = createApiApp(deps);
  const server = options.http ? await serve(app.fetch, bodyLimitsOf(config)) : null;
  const baseUrl = server ? `http://127.0.0.1:${(server.address() as AddressInfo).port}` : IN_PROCESS_ORIGIN;
  // In process the caller's address is handed over as the web app hands it over, and a request's abort signal
  // ends the wait for its answer (a socket's client gives up the same way).
  const send = server
    ? (request: Request) => fetch(request)
    : (request: Request) =>
        Promise.race([app.fetch(request, { clientIp: '127.0.0.1' }), abortOf(request.signal)]);

  async function request(
    path: string,
    { method, token, json, form, raw, query, headers = {} }: RequestOptions = {},
  ) {
    const url = new URL(path, baseUrl);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined) continue;
      if (Array.isArray(value)) value.forEach((item) => url.searchParams.append(key, String(item)));
      else url.searchParams.set(key, String(value));
    }
    const sent: Record<string, string> = { accept: 'application/json', ...headers };
    if (token) sent.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (json !== undefined) {
      sent['content-type'] = 'application/json';
      body = JSON.stringify(json);
    } else if (form instanceof FormData) {
      body = form;
    } else if (form) {
      body = new URLSearchParams(form);
    } else if (raw !== undefined) {
      body = raw;
    }
    const response = await fetchRaw(url.href, {
      method: method ?? (body ? 'POST' : 'GET'),
      headers: sent,
      body,
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    const isJson = response.headers.get('content-type')?.includes('application/json');
    return {
      status: response.status,
      body: isJson && bytes.length > 0 ? JSON.parse(bytes.toString('utf8')) : bytes.toString('utf8'),
      headers: response.headers,
      bytes,
    };
  }

  function fetchRaw(path: string, init?: RequestInit) {
    return send(new Request(new URL(path, baseUrl), init));
  }

  async function login(email: string, password = world.password, headers?: Record<string, string>) {
    const response = await request('/oauth/token', {
      json: {
        grant_type: 'password',
        username: email,
        password,
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        scope: '*',
      },
      headers,
    });
    if (response.status !== 200) {
      throw new Error(`sign-in of ${email} answered ${response.status}: ${JSON.stringify(response.body)}`);
    }
    return response.body.access_token as string;
  }

  async function close() {
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    }
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }

  return {
    baseUrl,
    server,
    db: database.db,
    database,
    world,
    config,
    deps,
    clock,
    events,
    request,
    fetch: fetchRaw,
    embedded: async (request, bindings) => app.fetch(request, bindings),
    login,
    close,
  };
}

/** POST /oauth/token with the refresh-token grant of the web client. */
export function refreshGrant(api: TestApi, refreshToken: string) {
  return api.request('/oauth/token', {
    json: {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
    },
  });
}

/**
 * Ingests an invoice of brand A on Tokopedia as `adminToken`'s administrator and lets the priority vendor pass,
 * so that its offer waits with Vendor Satu, whose users a test can sign in as.
 */
export async function offerToVendor1(
  api: TestApi,
  adminToken: string,
  lines: { product: CatalogueProduct; quantity: number }[],
) {
  const ingested = await api.request(`/api/brand/${api.world.brands.A}/channel/1/invoice`, {
    method: 'POST',
    token: adminToken,
    json: invoicePayload(lines),
  });
  const invoiceId = ingested.body.data.id as number;
  const pending = async () =>
    (
      await api.db
        .select()
        .from(invoiceOffers)
        .where(and(eq(invoiceOffers.invoiceId, invoiceId), eq(invoiceOffers.status, 'pending')))
    )[0];
  const first = await pending();
  await api.request(`/api/vendor/${first.vendorId}/invoice-offer-log/${first.id}/status/reject`, {
    method: 'PUT',
    token: adminToken,
  });
  const offer = await pending();
  if (offer?.vendorId !== api.world.vendors.V1) throw new Error(`invoice ${invoiceId} was not offered to V1`);
  return { invoiceId, externalNumber: ingested.body.data.external_number as string, offer };
}
