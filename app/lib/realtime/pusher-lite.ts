/**
 * The browser's Pusher client (protocol 7, private channels): what the pages use of pusher-js — subscribe, bind,
 * unbind, `subscribed` and `pusher:subscription_succeeded` — in about 1.5 KB instead of pusher-js's 19 KB (gzip),
 * which alone was a fifth of a list page's JavaScript budget (docs/decisions/021). It speaks to the embedded
 * server, Pusher Channels or soketi alike: connect to /app/{key}, answer pings, ping after the server's activity
 * timeout, authorise each private channel through the app's endpoint, reconnect with backoff and subscribe again.
 * The server side keeps the official `pusher` SDK; tests/api/pusher-lite.test.ts runs this client against the
 * embedded server.
 */

type Listener = (data: unknown) => void;
type Socket = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
};

export type PusherLiteOptions = {
  key: string;
  host: string;
  port: number;
  secure: boolean;
  /** Signs a private channel for this connection: `{ auth }` from the app's broadcasting endpoint. */
  authorize: (socketId: string, channel: string) => Promise<{ auth: string; channel_data?: string }>;
  /** The WebSocket constructor (the browser's; tests hand in another). */
  WebSocketImpl?: new (url: string) => Socket;
};

const PROTOCOL = 7;
const PONG_TIMEOUT_MS = 30_000;
const MAX_BACKOFF_MS = 30_000;

export class Subscription {
  subscribed = false;
  private listeners = new Map<string, Set<Listener>>();
  constructor(readonly name: string) {}

  bind(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }

  unbind(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, data: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(data);
  }
}

function parsed(data: unknown) {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

export class PusherLite {
  private socket: Socket | null = null;
  private socketId: string | null = null;
  private channels = new Map<string, Subscription>();
  private activityMs = 120_000;
  private activityTimer: ReturnType<typeof setTimeout> | undefined;
  private retry = 0;
  private stopped = false;

  constructor(private readonly options: PusherLiteOptions) {
    this.connect();
  }

  subscribe(name: string) {
    let subscription = this.channels.get(name);
    if (!subscription) {
      subscription = new Subscription(name);
      this.channels.set(name, subscription);
      if (this.socketId) void this.join(subscription);
    }
    return subscription;
  }

  unsubscribe(name: string) {
    if (!this.channels.delete(name)) return;
    this.send('pusher:unsubscribe', { channel: name });
  }

  disconnect() {
    this.stopped = true;
    clearTimeout(this.activityTimer);
    this.socket?.close();
  }

  private connect() {
    const {
      key,
      host,
      port,
      secure,
      WebSocketImpl = WebSocket as unknown as PusherLiteOptions['WebSocketImpl'],
    } = this.options;
    const url = `${secure ? 'wss' : 'ws'}://${host}:${port}/app/${encodeURIComponent(key)}?protocol=${PROTOCOL}&client=js&version=8.4.0&flash=false`;
    const socket = new (WebSocketImpl as NonNullable<PusherLiteOptions['WebSocketImpl']>)(url);
    this.socket = socket;
    socket.onmessage = (event) => this.receive(String(event.data));
    socket.onclose = () => this.closed(socket);
    socket.onerror = () => socket.close();
  }

  private closed(socket: Socket) {
    if (socket !== this.socket) return;
    clearTimeout(this.activityTimer);
    this.socket = null;
    this.socketId = null;
    for (const subscription of this.channels.values()) subscription.subscribed = false;
    if (this.stopped) return;
    const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** this.retry++);
    setTimeout(() => this.connect(), delay);
  }

  private send(event: string, data: unknown) {
    if (this.socket?.readyState === 1) this.socket.send(JSON.stringify({ event, data }));
  }

  /** After the server's activity timeout with nothing heard, ping; no answer in 30 s means the line is dead. */
  private awaitActivity() {
    clearTimeout(this.activityTimer);
    this.activityTimer = setTimeout(() => {
      this.send('pusher:ping', {});
      this.activityTimer = setTimeout(() => this.socket?.close(), PONG_TIMEOUT_MS);
    }, this.activityMs);
  }

  private receive(raw: string) {
    this.awaitActivity();
    const message = parsed(raw) as { event?: string; channel?: string; data?: unknown } | string;
    if (!message || typeof message !== 'object' || !message.event) return;
    const data = parsed(message.data);
    switch (message.event) {
      case 'pusher:connection_established': {
        const established = data as { socket_id: string; activity_timeout?: number };
        this.socketId = established.socket_id;
        this.retry = 0;
        if (established.activity_timeout) this.activityMs = established.activity_timeout * 1000;
        this.awaitActivity();
        for (const subscription of this.channels.values()) void this.join(subscription);
        return;
      }
      case 'pusher:ping':
        this.send('pusher:pong', {});
        return;
      case 'pusher_internal:subscription_succeeded': {
        const subscription = message.channel ? this.channels.get(message.channel) : undefined;
        if (!subscription) return;
        subscription.subscribed = true;
        subscription.emit('pusher:subscription_succeeded', data);
        return;
      }
      default:
        if (message.channel) this.channels.get(message.channel)?.emit(message.event, data);
    }
  }

  private async join(subscription: Subscription) {
    const socketId = this.socketId;
    if (!socketId) return;
    try {
      const signed = await this.options.authorize(socketId, subscription.name);
      if (socketId !== this.socketId || this.channels.get(subscription.name) !== subscription) return;
      this.send('pusher:subscribe', { channel: subscription.name, ...signed });
    } catch {
      subscription.emit('pusher:subscription_error', null);
    }
  }
}
