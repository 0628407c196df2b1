import { request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type HttpTestApi } from '../support/api';

/**
 * Body limits hold while a body streams in, before anything parses it: HTTP-level on purpose, as
 * only a socket shows a body that is still arriving.
 */

let api: HttpTestApi;
let admin: string;

beforeAll(async () => {
  api = await startTestApi({ http: true });
  admin = await api.login(api.world.users.admin.email);
});

afterAll(async () => {
  await api?.close();
});

type Sent = { status: number | null; body: string; sentBeforeAnswer: number; sent: number; cut: boolean };

/**
 * Sends `total` bytes of `piece` (JSON-looking filler) to `path`, declared with a Content-Length or chunked,
 * at full speed or `pauseMs` between pieces; stops sending once answered (or cut). Memory on this side stays
 * flat: the same piece is written again and again.
 */
function stream(
  path: string,
  {
    total,
    chunked = false,
    pauseMs = 0,
    piece = Buffer.alloc(64 * 1024, 0x20),
    headers = {},
    method = 'POST',
  }: {
    method?: string;
    total: number;
    chunked?: boolean;
    pauseMs?: number;
    piece?: Buffer;
    headers?: Record<string, string>;
  },
): Promise<Sent> {
  return new Promise((resolve) => {
    const url = new URL(path, api.baseUrl);
    const result: Sent = { status: null, body: '', sentBeforeAnswer: 0, sent: 0, cut: false };
    const req = httpRequest(url, {
      method,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(chunked ? {} : { 'content-length': String(total) }),
        ...headers,
      },
      agent: false,
    });
    let answered = false;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      resolve(result);
    };
    req.on('response', (response) => {
      answered = true;
      result.status = response.statusCode ?? null;
      result.sentBeforeAnswer = result.sent;
      response.setEncoding('utf8');
      response.on('data', (text: string) => (result.body += text));
      response.on('end', () => {
        req.destroy();
        finish();
      });
    });
    req.on('error', () => {
      result.cut = true;
      if (!answered) finish();
    });
    req.on('close', () => {
      if (!answered) finish();
    });
    req.write('{"a":"');
    result.sent += 6;
    const next = () => {
      if (answered || req.destroyed) return;
      if (result.sent >= total) return void req.end();
      const chunk = piece.subarray(0, Math.min(piece.length, total - result.sent));
      result.sent += chunk.length;
      const more = req.write(chunk);
      if (pauseMs) setTimeout(next, pauseMs);
      else if (more) setImmediate(next);
      else req.once('drain', next);
    };
    next();
  });
}

function rss() {
  return process.memoryUsage().rss;
}

describe('a body over its limit', () => {
  it('is refused with a 413 before it is read: 48 MB sent to the sign-in leaves the server as large as it was', async () => {
    global.gc?.();
    const before = rss();
    const sent = await stream('/oauth/token', { total: 48 * 1024 * 1024 });
    const grown = rss() - before;
    expect(sent.status).toBe(413);
    expect(JSON.parse(sent.body)).toEqual({
      message: 'The request body must not be greater than 16 kilobytes.',
    });
    expect(grown).toBeLessThan(32 * 1024 * 1024);
  });

  it('declared far past what lingering could take (1 GiB), is cut at once however its sender goes on', async () => {
    // A sender that ignores the answer, as a browser does until it has sent its upload: the server reads
    // what reached it before the headers were parsed and no more, answers 413 and cuts the connection.
    const connected = new Promise<Socket>((resolve) => api.server.once('connection', resolve));
    const url = new URL('/oauth/token', api.baseUrl);
    const req = httpRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(1024 ** 3) },
      agent: false,
    });
    let status: number | undefined;
    req.on('response', (response) => {
      status = response.statusCode;
      response.resume();
    });
    const closed = new Promise<void>((resolve) => {
      req.on('error', () => resolve());
      req.on('close', () => resolve());
    });
    const piece = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (!req.destroyed && req.write(piece));
      if (!req.destroyed) req.once('drain', pump);
    };
    pump();
    const socket = await connected;
    await closed;
    // Cut right after the answer is written: the sender reads the 413, or meets the reset first.
    expect([413, undefined]).toContain(status);
    expect(socket.destroyed).toBe(true);
    expect(socket.bytesRead).toBeLessThan(16 * 1024 * 1024);
  }, 30_000);

  it('is refused as it passes the limit when no length is declared, and the server keeps none of it', async () => {
    global.gc?.();
    const before = rss();
    const sent = await stream('/api/forgot-password', { total: 256 * 1024 * 1024, chunked: true });
    const grown = rss() - before;
    expect(sent.status).toBe(413);
    expect(JSON.parse(sent.body).message).toMatch(/must not be greater than 16 kilobytes/);
    expect(grown).toBeLessThan(48 * 1024 * 1024);
    expect(sent.sent).toBeLessThan(128 * 1024 * 1024);
  });

  it('answers a slow sender as soon as it passes the limit, not when it ends', async () => {
    const sent = await stream('/api/reset-password', {
      total: 64 * 1024 * 1024,
      chunked: true,
      pauseMs: 2,
      piece: Buffer.alloc(1024, 0x20),
    });
    expect(sent.status).toBe(413);
    // Answered within a few pieces of the 16 KiB limit, not at the end of the 64 MiB it meant to send.
    expect(sent.sentBeforeAnswer).toBeGreaterThan(16 * 1024);
    expect(sent.sentBeforeAnswer).toBeLessThan(64 * 1024);
  });

  it('a JSON body of a signed-in route past the standard limit is refused, an upload route takes it', async () => {
    const big = 2 * 1024 * 1024;
    const json = await stream('/api/shipping-method/1', {
      total: big,
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(json.status).toBe(413);
    expect(JSON.parse(json.body).message).toMatch(/must not be greater than 1024 kilobytes/);
    const upload = await stream(`/api/vendor/${api.world.vendors.V1}/product-stock/import`, {
      total: big,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(upload.status).not.toBe(413);
    expect(upload.status).toBeLessThan(500);
  });

  it('a route open without signing in has the smallest limit: 20 KB is too much there, not elsewhere', async () => {
    const open = await stream('/oauth/token', { total: 20 * 1024 });
    expect(open.status).toBe(413);
    const signedIn = await stream('/api/account', {
      total: 20 * 1024,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(signedIn.status).not.toBe(413);
    expect(signedIn.status).toBeLessThan(500);
  });
});

describe('the limits come from the environment', () => {
  it('BODY_LIMIT_BYTES, BODY_LIMIT_PUBLIC_BYTES and BODY_LIMIT_UPLOAD_BYTES move each limit', async () => {
    const small = await startTestApi({
      http: true,
      config: { BODY_LIMIT_BYTES: '4096', BODY_LIMIT_PUBLIC_BYTES: '512', BODY_LIMIT_UPLOAD_BYTES: '8192' },
    });
    try {
      const post = (path: string, size: number) =>
        fetch(new URL(path, small.baseUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ a: 'x'.repeat(size) }),
        }).then(async (response) => ({ status: response.status, body: await response.text() }));
      expect((await post('/oauth/token', 600)).status).toBe(413);
      expect((await post('/oauth/token', 100)).status).not.toBe(413);
      expect((await post('/api/account', 5000)).status).toBe(413);
      expect((await post('/api/account', 3000)).status).not.toBe(413);
      const vendor = small.world.vendors.V1;
      expect((await post(`/api/vendor/${vendor}/product-stock/import`, 9000)).status).toBe(413);
      expect((await post(`/api/vendor/${vendor}/product-stock/import`, 7000)).status).not.toBe(413);
    } finally {
      await small.close();
    }
  });
});
