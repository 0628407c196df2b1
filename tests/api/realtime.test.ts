import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Pusher from 'pusher';
import PusherJs from 'pusher-js';
import type { Channel, ChannelAuthorizationHandler, Members } from 'pusher-js';
import { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { createPusherServer } from '../../api/realtime/pusher-server.js';
import type { PusherServer, PusherServerOptions } from '../../api/realtime/pusher-server.js';

const APP = { appId: '4242', key: 'test-key', secret: 'test-secret' };
// How long a wait for an event or a connection may last before it fails: long enough for a busy machine, as
// every wait here is for something that must come.
const WAIT_MS = 15_000;

type Harness = {
  port: number;
  pusherServer: PusherServer;
  sdk: Pusher;
  connect(authorize?: ChannelAuthorizationHandler): Promise<PusherJs>;
  close(): Promise<void>;
};

async function startHarness(overrides: Partial<PusherServerOptions> = {}): Promise<Harness> {
  const pusherServer = createPusherServer({ ...APP, ...overrides });
  const httpServer: Server = createServer((req, res) => {
    void pusherServer.handleHttp(req, res).then((handled) => {
      if (handled) return;
      res.writeHead(404).end();
    });
  });
  pusherServer.attach(httpServer);
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  const sdk = new Pusher({ ...APP, host: '127.0.0.1', port: String(port), useTLS: false });
  const clients: PusherJs[] = [];

  async function connect(authorize?: ChannelAuthorizationHandler): Promise<PusherJs> {
    const client = new PusherJs(APP.key, {
      wsHost: '127.0.0.1',
      wsPort: port,
      forceTLS: false,
      enabledTransports: ['ws'],
      cluster: 'mt1',
      disableStats: true,
      ...(authorize ? { channelAuthorization: { customHandler: authorize } } : {}),
    });
    clients.push(client);
    await within(
      new Promise<void>((resolve) => client.connection.bind('connected', () => resolve())),
      'connection',
    );
    return client;
  }

  async function close(): Promise<void> {
    for (const client of clients) client.disconnect();
    await pusherServer.close();
    httpServer.closeAllConnections();
    await new Promise<void>((resolve, reject) =>
      httpServer.close((error) => (error ? reject(error) : resolve())),
    );
  }

  return { port, pusherServer, sdk, connect, close };
}

function within<T>(promise: Promise<T>, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out waiting for ${label}`)), WAIT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function nextEvent<T = unknown>(channel: Channel, eventName: string): Promise<T> {
  return within(
    new Promise<T>((resolve) => channel.bind(eventName, (data: T) => resolve(data))),
    `${eventName} on ${channel.name}`,
  );
}

function signWith(sdk: Pusher): ChannelAuthorizationHandler {
  return ({ socketId, channelName }, callback) => callback(null, sdk.authorizeChannel(socketId, channelName));
}

describe('embedded Pusher protocol server', () => {
  it('gives a connecting pusher-js client a socket id', async () => {
    const harness = await startHarness();
    try {
      const client = await harness.connect();
      expect(client.connection.socket_id).toMatch(/^\d+\.\d+$/);
      expect(harness.pusherServer.connectionCount()).toBe(1);
    } finally {
      await harness.close();
    }
  });

  it('accepts a private channel subscription signed by the pusher SDK', async () => {
    const harness = await startHarness();
    try {
      const client = await harness.connect(signWith(harness.sdk));
      const channel = client.subscribe('private-orders');
      await nextEvent(channel, 'pusher:subscription_succeeded');
      expect(channel.subscribed).toBe(true);
    } finally {
      await harness.close();
    }
  });

  it('refuses a private channel subscription with a wrong signature', async () => {
    const harness = await startHarness();
    try {
      const client = await harness.connect((_params, callback) =>
        callback(null, { auth: `${APP.key}:${'0'.repeat(64)}` }),
      );
      const channel = client.subscribe('private-orders');
      const error = await nextEvent<{ status: number }>(channel, 'pusher:subscription_error');
      expect(error.status).toBe(401);
      expect(channel.subscribed).toBe(false);
    } finally {
      await harness.close();
    }
  });

  it('delivers an event triggered with the pusher SDK only to subscribers of its channel', async () => {
    const harness = await startHarness();
    try {
      const ordersClient = await harness.connect();
      const invoicesClient = await harness.connect();
      const orders = ordersClient.subscribe('orders');
      const invoices = invoicesClient.subscribe('invoices');
      await Promise.all([
        nextEvent(orders, 'pusher:subscription_succeeded'),
        nextEvent(invoices, 'pusher:subscription_succeeded'),
      ]);
      const seenByInvoicesClient: string[] = [];
      invoicesClient.bind_global((eventName: string) => seenByInvoicesClient.push(eventName));

      const delivered = nextEvent(orders, 'order-created');
      const response = await harness.sdk.trigger('orders', 'order-created', { id: 42, total: '19.90' });
      expect(response.status).toBe(200);
      expect(await delivered).toEqual({ id: 42, total: '19.90' });

      // Delivery is in order per socket, so once this marker arrives any stray event would have too.
      const marker = nextEvent(invoices, 'marker');
      await harness.sdk.trigger('invoices', 'marker', {});
      await marker;
      expect(seenByInvoicesClient).toEqual(['marker']);
    } finally {
      await harness.close();
    }
  });

  it('does not deliver an SDK event back to the socket id it excludes', async () => {
    const harness = await startHarness();
    try {
      const client = await harness.connect();
      const orders = client.subscribe('orders');
      await nextEvent(orders, 'pusher:subscription_succeeded');
      const seen: string[] = [];
      orders.bind_global((eventName: string) => seen.push(eventName));

      const marker = nextEvent(orders, 'marker');
      await harness.sdk.triggerBatch([
        { channel: 'orders', name: 'order-created', data: {}, socket_id: client.connection.socket_id },
        { channel: 'orders', name: 'marker', data: {} },
      ]);
      await marker;
      expect(seen).toEqual(['marker']);
    } finally {
      await harness.close();
    }
  });

  it('shares presence members and relays client events to everyone but the sender', async () => {
    const harness = await startHarness();
    try {
      const authorizeAs =
        (userId: string): ChannelAuthorizationHandler =>
        ({ socketId, channelName }, callback) =>
          callback(
            null,
            harness.sdk.authorizeChannel(socketId, channelName, { user_id: userId, user_info: { userId } }),
          );
      const alice = await harness.connect(authorizeAs('alice'));
      const bob = await harness.connect(authorizeAs('bob'));
      const aliceChannel = alice.subscribe('presence-desk');
      await nextEvent(aliceChannel, 'pusher:subscription_succeeded');
      const memberAdded = nextEvent<{ id: string }>(aliceChannel, 'pusher:member_added');
      const bobChannel = bob.subscribe('presence-desk');
      const bobMembers = await nextEvent<Members>(bobChannel, 'pusher:subscription_succeeded');
      expect(bobMembers.count).toBe(2);
      expect(bobMembers.get('alice')).toEqual({ id: 'alice', info: { userId: 'alice' } });
      expect((await memberAdded).id).toBe('bob');

      const aliceReceived = nextEvent(aliceChannel, 'client-typing');
      const echoedToBob: unknown[] = [];
      bobChannel.bind('client-typing', (data: unknown) => echoedToBob.push(data));
      bobChannel.trigger('client-typing', { typing: true });
      expect(await aliceReceived).toEqual({ typing: true });
      // Bob's own event was fanned out before Alice could answer, so an echo would precede this reply.
      const bobReceived = nextEvent(bobChannel, 'client-reply');
      aliceChannel.trigger('client-reply', { ok: true });
      expect(await bobReceived).toEqual({ ok: true });
      expect(echoedToBob).toEqual([]);

      const memberRemoved = nextEvent<{ id: string }>(aliceChannel, 'pusher:member_removed');
      bob.unsubscribe('presence-desk');
      expect((await memberRemoved).id).toBe('bob');
    } finally {
      await harness.close();
    }
  });

  it('answers 401 to an events API request with a bad signature', async () => {
    const harness = await startHarness();
    try {
      const path = `/apps/${APP.appId}/events`;
      const body = JSON.stringify({ name: 'order-created', channels: ['orders'], data: '{}' });
      const signed = harness.sdk.createSignedQueryString({ method: 'POST', path, body });
      const forged = signed.replace(/auth_signature=[0-9a-f]+/, `auth_signature=${'f'.repeat(64)}`);
      const url = `http://127.0.0.1:${harness.port}${path}`;
      const post = (query: string, payload: string): Promise<Response> =>
        fetch(`${url}?${query}`, {
          method: 'POST',
          body: payload,
          headers: { 'content-type': 'application/json' },
        });

      expect((await post(forged, body)).status).toBe(401);
      expect((await post(signed, body)).status).toBe(200);
      const malformed = '{"name":';
      expect(
        (
          await post(
            harness.sdk.createSignedQueryString({ method: 'POST', path, body: malformed }),
            malformed,
          )
        ).status,
      ).toBe(400);
      const huge = 'x'.repeat(101 * 1024);
      expect(
        (await post(harness.sdk.createSignedQueryString({ method: 'POST', path, body: huge }), huge)).status,
      ).toBe(413);
      expect((await fetch(`http://127.0.0.1:${harness.port}/elsewhere`)).status).toBe(404);
    } finally {
      await harness.close();
    }
  });

  it('refuses a WebSocket upgrade from an origin that is not allowed', async () => {
    const harness = await startHarness({ allowedOrigins: ['https://backoffice.example'] });
    try {
      const url = `ws://127.0.0.1:${harness.port}/app/${APP.key}?protocol=7`;
      const openWith = (origin: string): Promise<string> =>
        within(
          new Promise<string>((resolve) => {
            const socket = new WebSocket(url, { origin });
            socket.once('message', (raw) => {
              socket.close();
              resolve(JSON.parse(raw.toString()).event);
            });
            socket.once('error', (error) => resolve(error.message));
          }),
          `upgrade from ${origin}`,
        );

      expect(await openWith('https://attacker.example')).toBe('Unexpected server response: 403');
      expect(await openWith('https://backoffice.example')).toBe('pusher:connection_established');
    } finally {
      await harness.close();
    }
  });

  it("lets in pages of the server's own address when told to (development without APP_URL), and no others", async () => {
    // As `PORT=3001 npm start` without APP_URL: the configured origin names another port.
    const harness = await startHarness({ allowedOrigins: ['http://localhost:3000'], allowRequestHost: true });
    try {
      const url = `ws://127.0.0.1:${harness.port}/app/${APP.key}?protocol=7`;
      const openWith = (origin: string): Promise<string> =>
        within(
          new Promise<string>((resolve) => {
            const socket = new WebSocket(url, { origin });
            socket.once('message', (raw) => {
              socket.close();
              resolve(JSON.parse(raw.toString()).event);
            });
            socket.once('error', (error) => resolve(error.message));
          }),
          `upgrade from ${origin}`,
        );

      expect(await openWith(`http://127.0.0.1:${harness.port}`)).toBe('pusher:connection_established');
      expect(await openWith('http://localhost:3000')).toBe('pusher:connection_established');
      expect(await openWith('http://127.0.0.1:1')).toBe('Unexpected server response: 403');
      expect(await openWith('https://attacker.example')).toBe('Unexpected server response: 403');
    } finally {
      await harness.close();
    }
  });

  it('closes a connection that uses an unknown app key with error 4001', async () => {
    const harness = await startHarness();
    try {
      const socket = new WebSocket(`ws://127.0.0.1:${harness.port}/app/unknown-key?protocol=7`);
      const [firstMessage, closeCode] = await within(
        new Promise<[string, number]>((resolve) => {
          let message = '';
          socket.once('message', (raw) => (message = raw.toString()));
          socket.once('close', (code) => resolve([message, code]));
        }),
        'unknown key rejection',
      );
      expect(JSON.parse(firstMessage)).toMatchObject({ event: 'pusher:error', data: { code: 4001 } });
      expect(closeCode).toBe(4001);
      expect(harness.pusherServer.connectionCount()).toBe(0);
    } finally {
      await harness.close();
    }
  });
});
