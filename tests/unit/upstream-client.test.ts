import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import type { AppLoadContext } from '@remix-run/node';
import { Hono, type Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clientIp } from '../../api/http/client-ip';
import type { ApiDeps, ApiEnv } from '../../api/http/context';
import type * as ClientModule from '~/lib/upstream/client.server';
import type * as SessionModule from '~/lib/session.server';
import type * as UpstreamModule from '~/lib/upstream.server';

/** The browser's address as Express saw it; the API must record this one, not the web server's. */
const BROWSER_IP = '203.0.113.7';

function refuse(c: Context) {
  const status = Number(c.req.param('status'));
  return new Response(
    JSON.stringify({ message: `Refused with ${status}.`, errors: { name: ['Wajib diisi'] } }),
    {
      status,
      headers: { 'Content-Type': 'application/json', 'Retry-After': '30' },
    },
  );
}

let grants = 0;

/** A small API of the contract's shape, behind the API's own client-address middleware. */
const api = new Hono<ApiEnv & { Bindings: Partial<HttpBindings> }>()
  .use(async (c, next) => {
    c.set('deps', { config: { TRUSTED_PROXIES: '127.0.0.1,::1,::ffff:127.0.0.1' } } as unknown as ApiDeps);
    await next();
  })
  .use(clientIp)
  .post('/oauth/token', async (c) => {
    const { grant_type } = await c.req.json<{ grant_type: string }>();
    grants += 1;
    return c.json({
      access_token: `${grant_type}-${grants}`,
      refresh_token: `refresh-${grants}`,
      expires_in: 3600,
    });
  })
  .all('/api/echo', async (c) => {
    const url = new URL(c.req.url);
    return c.json({
      method: c.req.method,
      path: `${url.pathname}${url.search}`,
      authorization: c.req.header('authorization') ?? null,
      contentType: c.req.header('content-type') ?? null,
      body: await c.req.text(),
      clientIp: c.var.clientIp,
      extra: true,
    });
  })
  .get('/api/refuse/:status', refuse)
  .put('/api/refuse/:status', refuse)
  .get('/api/export/order', () => {
    const rows = ['PK', 'row 1', 'row 2'];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const row = rows.shift();
        if (row) controller.enqueue(new TextEncoder().encode(row));
        else controller.close();
      },
    });
    return new Response(body, {
      headers: {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': 'attachment; filename="orders.xlsx"',
      },
    });
  })
  .get('/api/account', (c) => c.json({ message: 'ok' }))
  .post('/api/account/logout', (c) => c.json({ message: 'ok' }));

/** Requests to /api/account whose turn is listed here lose their socket before any answer. */
const dropTurns = new Set<number>();
let accountTurns = 0;
let server: Server;
let dataDir: string;
let client: typeof ClientModule;
let upstream: typeof UpstreamModule;
let sessions: typeof SessionModule;

beforeAll(async () => {
  const listener = getRequestListener(api.fetch, { overrideGlobalObjects: false });
  server = createServer((req, res) => {
    if (req.url?.startsWith('/api/account')) {
      accountTurns += 1;
      if (dropTurns.has(accountTurns)) return void req.socket.destroy();
    }
    void listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dataDir = await mkdtemp(join(tmpdir(), 'bo-upstream-client-'));
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.DATA_DIR = dataDir;
  client = await import('~/lib/upstream/client.server');
  upstream = await import('~/lib/upstream.server');
  sessions = await import('~/lib/session.server');
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await rm(dataDir, { recursive: true, force: true });
});

const contexts: Record<string, () => AppLoadContext> = {
  'in process': () => ({ clientIp: BROWSER_IP, cspNonce: 'nonce', embeddedApi: api.fetch }),
  'over HTTP': () => ({ clientIp: BROWSER_IP, cspNonce: 'nonce' }),
};

const echoSchema = z.object({
  method: z.string(),
  path: z.string(),
  authorization: z.string().nullable(),
  contentType: z.string().nullable(),
  body: z.string(),
  clientIp: z.string(),
});

/** A browser request carrying a signed-in session whose access token expires in `expiresInMs`. */
async function signedIn(path: string, { method = 'GET', expiresInMs = 3_600_000 } = {}) {
  const session = await sessions.sessionStorage.getSession();
  const now = Date.now();
  session.set('tokens', {
    accessToken: 'session-token',
    refreshToken: 'refresh-0',
    expiresAt: now + expiresInMs,
  });
  session.set('createdAt', now);
  session.set('lastSeenAt', now);
  const cookie = (await sessions.sessionStorage.commitSession(session)).split(';')[0];
  return new Request(`http://localhost${path}`, { method, headers: { Cookie: cookie } });
}

async function thrown(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected the call to throw');
    },
    (error: unknown) => error,
  );
}

describe.each(Object.entries(contexts))('the upstream client %s', (_transport, contextFor) => {
  it('sends the token, the list filters and the browser’s address, and parses the JSON answer', async () => {
    const request = await signedIn('/order');
    const api = await upstream.upstreamFor(request, contextFor());
    const seen = await api.call('/api/echo', echoSchema, { query: { page: 2, vendor: [3, 4], search: '' } });
    expect(seen).toEqual({
      method: 'GET',
      path: '/api/echo?page=2&vendor%5B%5D=3&vendor%5B%5D=4',
      authorization: 'Bearer session-token',
      contentType: null,
      body: '',
      clientIp: BROWSER_IP,
    });
  });

  it('posts JSON bodies and multipart uploads', async () => {
    const api = upstream.guestUpstream(contextFor());
    const json = await api.call('/api/echo', echoSchema, { body: { name: 'Ani' } });
    expect(json).toMatchObject({ method: 'POST', contentType: 'application/json', body: '{"name":"Ani"}' });
    const form = new FormData();
    form.set('file', new File(['photo-bytes'], 'photo.png', { type: 'image/png' }));
    const upload = await api.call('/api/echo', echoSchema, { body: form, method: 'PUT' });
    expect(upload.method).toBe('PUT');
    expect(upload.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload.body).toContain('filename="photo.png"');
    expect(upload.body).toContain('photo-bytes');
  });

  it('turns a refusal into an UpstreamError with the Laravel message, field errors and Retry-After', async () => {
    const error = await thrown(upstream.guestUpstream(contextFor()).call('/api/refuse/422', echoSchema));
    expect(error).toBeInstanceOf(client.UpstreamError);
    expect(error).toMatchObject({
      status: 422,
      message: 'Refused with 422.',
      fieldErrors: { name: ['Wajib diisi'] },
      retryAfter: 30,
    });
  });

  it('sends a page whose token the upstream refuses to sign in, ending the session', async () => {
    const request = await signedIn('/order?page=2');
    const api = await upstream.upstreamFor(request, contextFor());
    const answer = await thrown(api.call('/api/refuse/401', echoSchema));
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get('Location')).toBe('/auth/login?redirectTo=%2Forder%3Fpage%3D2');
    expect((answer as Response).headers.get('Set-Cookie')).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it('answers a page’s 403 and 404 as such, and its refused query as a bad request', async () => {
    const api = await upstream.upstreamFor(await signedIn('/order'), contextFor());
    for (const [status, answered] of [
      [403, 403],
      [404, 404],
      [422, 400],
    ]) {
      const answer = await thrown(api.call(`/api/refuse/${status}`, echoSchema));
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).status).toBe(answered);
      expect(await (answer as Response).text()).toBe(`Refused with ${status}.`);
    }
  });

  it('leaves an action’s 422 and 409 as UpstreamErrors, the 422 with its field errors for the form', async () => {
    const api = await upstream.upstreamFor(await signedIn('/order/1', { method: 'POST' }), contextFor());
    const invalid = await thrown(
      api.call('/api/refuse/422', echoSchema, { method: 'PUT', body: { name: '' } }),
    );
    expect(invalid).toBeInstanceOf(client.UpstreamError);
    expect(invalid).toMatchObject({ status: 422, fieldErrors: { name: ['Wajib diisi'] } });
    const conflict = await thrown(api.call('/api/refuse/409', echoSchema, { method: 'PUT', body: {} }));
    expect(conflict).toMatchObject({ status: 409, message: 'Refused with 409.' });
  });

  it('streams a download with its file name, and answers a refused one as any page call', async () => {
    const api = await upstream.upstreamFor(await signedIn('/order/export'), contextFor());
    const file = await api.download('/api/export/order', { query: { status: 'Selesai' } });
    expect(file.headers.get('Content-Disposition')).toBe('attachment; filename="orders.xlsx"');
    expect(file.body).toBeInstanceOf(ReadableStream);
    expect(await file.text()).toBe('PKrow 1row 2');
    const refused = await thrown(api.download('/api/refuse/404'));
    expect((refused as Response).status).toBe(404);
  });

  it('refreshes a token close to expiry once for the parallel requests of one session', async () => {
    const request = await signedIn('/order', { expiresInMs: 10_000 });
    const before = grants;
    const apis = await Promise.all([
      upstream.upstreamFor(request.clone(), contextFor()),
      upstream.upstreamFor(request.clone(), contextFor()),
    ]);
    expect(grants - before).toBe(1);
    const seen = await Promise.all(apis.map((api) => api.call('/api/echo', echoSchema)));
    expect(seen.map((echo) => echo.authorization)).toEqual([
      `Bearer refresh_token-${grants}`,
      `Bearer refresh_token-${grants}`,
    ]);
  });
});

describe('the upstream client over HTTP', () => {
  it('sends a GET again when the server closed the kept-alive socket it was sent on, but never a POST', async () => {
    const api = upstream.guestUpstream(contexts['over HTTP']());
    const schema = z.object({ message: z.string() });
    const first = accountTurns;
    dropTurns.add(first + 2).add(first + 4);
    await api.call('/api/account', schema);
    await expect(api.call('/api/account', schema)).resolves.toEqual({ message: 'ok' });
    expect(accountTurns - first).toBe(3);
    await expect(api.call('/api/account/logout', schema, { method: 'POST' })).rejects.toThrow();
    expect(accountTurns - first).toBe(4);
  });
});
