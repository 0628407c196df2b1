import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type * as ClientModule from '~/lib/upstream/client.server';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
let handler: Handler = (_req, _body, res) => res.end('{}');
let server: Server;
let client: typeof ClientModule;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('latin1');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => handler(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = await import('~/lib/upstream/client.server');
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('the upstream client', () => {
  it('sends the token and list filters and parses the JSON answer', async () => {
    let seen: IncomingMessage | undefined;
    handler = (req, _body, res) => {
      seen = req;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ data: [{ id: 7, name: 'CV Maju' }], extra: true }));
    };
    const result = await client.call(
      '/api/brand/1/vendor',
      z.object({ data: z.array(z.object({ id: z.number() })) }),
      {
        token: 'secret-token',
        query: { page: 2, vendor: [3, 4], search: '' },
      },
    );
    expect(result).toEqual({ data: [{ id: 7 }] });
    expect(seen?.method).toBe('GET');
    expect(seen?.url).toBe('/api/brand/1/vendor?page=2&vendor%5B%5D=3&vendor%5B%5D=4');
    expect(seen?.headers.authorization).toBe('Bearer secret-token');
    expect(seen?.headers['accept-encoding']).toBe('identity');
  });

  it('turns a refusal into an UpstreamError with the Laravel message, field errors and Retry-After', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(422, { 'Content-Type': 'application/json', 'Retry-After': '30' });
      res.end(JSON.stringify({ message: 'The name field is required.', errors: { name: ['Wajib diisi'] } }));
    };
    const error = await client
      .call('/api/account', z.object({ message: z.string() }), { body: { name: '' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(client.UpstreamError);
    expect(error).toMatchObject({
      status: 422,
      message: 'The name field is required.',
      fieldErrors: { name: ['Wajib diisi'] },
      retryAfter: 30,
    });
  });

  it('posts JSON bodies and multipart uploads', async () => {
    const bodies: { type?: string; body: string }[] = [];
    handler = (req, body, res) => {
      bodies.push({ type: req.headers['content-type'], body });
      res.end(JSON.stringify({ message: 'ok' }));
    };
    await client.call('/api/account', z.object({ message: z.string() }), { body: { name: 'Ani' } });
    const form = new FormData();
    form.set('file', new File(['photo-bytes'], 'photo.png', { type: 'image/png' }));
    await client.call('/api/media', z.object({ message: z.string() }), { body: form });
    expect(bodies[0]).toEqual({ type: 'application/json', body: '{"name":"Ani"}' });
    expect(bodies[1].type).toMatch(/^multipart\/form-data; boundary=/);
    expect(bodies[1].body).toContain('filename="photo.png"');
    expect(bodies[1].body).toContain('photo-bytes');
  });

  it('sends a GET again when the server closed the kept-alive socket it was sent on, but never a POST', async () => {
    let requests = 0;
    handler = (req, _body, res) => {
      requests += 1;
      if (requests === 2 || requests === 4) return void req.socket.destroy();
      res.end(JSON.stringify({ message: 'ok' }));
    };
    const schema = z.object({ message: z.string() });
    await client.call('/api/account', schema);
    await expect(client.call('/api/account', schema)).resolves.toEqual({ message: 'ok' });
    expect(requests).toBe(3);
    await expect(client.call('/api/account/logout', schema, { method: 'POST' })).rejects.toThrow();
    expect(requests).toBe(4);
  });
});
