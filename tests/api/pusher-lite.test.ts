import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Pusher from 'pusher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { PusherLite, type PusherLiteOptions } from '../../app/lib/realtime/pusher-lite';
import { createPusherServer, type PusherServer } from '../../api/realtime/pusher-server';

/** The browser's own Pusher client against the embedded Pusher-protocol server, as pages use it. */

const APP = { appId: '4242', key: 'lite-key', secret: 'lite-secret' };
const WAIT_MS = 3000;

let pusherServer: PusherServer;
let httpServer: Server;
let sdk: Pusher;
let port: number;
const clients: PusherLite[] = [];

beforeAll(async () => {
  pusherServer = createPusherServer({ ...APP, activityTimeoutSeconds: 1 });
  httpServer = createServer((req, res) => {
    void pusherServer.handleHttp(req, res).then((handled) => handled || res.writeHead(404).end());
  });
  pusherServer.attach(httpServer);
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  port = (httpServer.address() as AddressInfo).port;
  sdk = new Pusher({ ...APP, host: '127.0.0.1', port: String(port), useTLS: false });
});

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await pusherServer.close();
  httpServer.closeAllConnections();
  await new Promise<void>((resolve) => httpServer.close(() => resolve()));
});

function connect(authorize?: PusherLiteOptions['authorize']) {
  const client = new PusherLite({
    key: APP.key,
    host: '127.0.0.1',
    port,
    secure: false,
    authorize: authorize ?? (async (socketId, channel) => sdk.authorizeChannel(socketId, channel)),
    WebSocketImpl: WebSocket as unknown as PusherLiteOptions['WebSocketImpl'],
  });
  clients.push(client);
  return client;
}

function within<T>(promise: Promise<T>, label: string) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${label}`)), WAIT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

describe('the browser Pusher client', () => {
  it('subscribes to a private channel through the authoriser and receives its events, data parsed', async () => {
    const client = connect();
    const channel = client.subscribe('private-brand.1.order-status');
    await within(
      new Promise((resolve) => channel.bind('pusher:subscription_succeeded', resolve)),
      'subscription',
    );
    expect(channel.subscribed).toBe(true);
    const received = within(
      new Promise((resolve) => channel.bind('OrderStatusChanged', resolve)),
      'OrderStatusChanged',
    );
    await sdk.trigger('private-brand.1.order-status', 'OrderStatusChanged', { order_id: 7 });
    expect(await received).toEqual({ order_id: 7 });
  });

  it('hears nothing on a channel its authoriser refuses, and unbinding stops the events', async () => {
    const refused = connect(async () => ({ auth: `${APP.key}:not-a-signature` }));
    const channel = refused.subscribe('private-brand.2.order-status');
    const heard: unknown[] = [];
    channel.bind('OrderStatusChanged', (data) => heard.push(data));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await sdk.trigger('private-brand.2.order-status', 'OrderStatusChanged', { order_id: 8 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(channel.subscribed).toBe(false);
    expect(heard).toEqual([]);

    const client = connect();
    const open = client.subscribe('private-brand.3.order-status');
    await within(
      new Promise((resolve) => open.bind('pusher:subscription_succeeded', resolve)),
      'subscription',
    );
    const listener = (data: unknown) => heard.push(data);
    open.bind('OrderStatusChanged', listener);
    open.unbind('OrderStatusChanged', listener);
    await sdk.trigger('private-brand.3.order-status', 'OrderStatusChanged', { order_id: 9 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual([]);
  });

  it('keeps the connection through the server’s activity timeout by answering and sending pings', async () => {
    const client = connect();
    const channel = client.subscribe('private-brand.4.order-status');
    let joins = 0;
    channel.bind('pusher:subscription_succeeded', () => joins++);
    await within(
      new Promise((resolve) => channel.bind('pusher:subscription_succeeded', resolve)),
      'subscription',
    );
    // The server pings after 1 s of silence and closes the line after 2 s without an answer; a dropped line would
    // come back, but only by subscribing again.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(joins).toBe(1);
    const received = within(new Promise((resolve) => channel.bind('Ping', resolve)), 'event after idle');
    await sdk.trigger('private-brand.4.order-status', 'Ping', { ok: true });
    expect(await received).toEqual({ ok: true });
  }, 10_000);
});
