import { randomInt } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { createChannelRegistry } from './channels.js';
import { broadcast, handleClientMessage, releaseConnection, send, sendError } from './connection.js';
import type { Connection, ConnectionContext } from './connection.js';
import { createHttpApi, type OutgoingEvent } from './http-api.js';
import { originAllowed, originRule } from './origin.js';
import type { SharedPresence } from './redis-presence.js';

const DEFAULT_ACTIVITY_TIMEOUT_SECONDS = 120;
const IDLE_CLOSE_MULTIPLIER = 2;
const MAX_MESSAGE_BYTES = 10 * 1024;
const SUPPORTED_PROTOCOLS = new Set(['5', '6', '7']);
const SHUTDOWN_GRACE_MS = 1000;
const SOCKET_ID_PART_MAX = 2 ** 47;
const UPGRADE_PATH_PATTERN = /^\/app\/([^/?]+)$/;

export type PusherServerOptions = {
  appId: string;
  key: string;
  secret: string;
  allowedOrigins?: string[];
  /** Also let pages of the server's own address (the request's Host) connect: development without APP_URL. */
  allowRequestHost?: boolean;
  activityTimeoutSeconds?: number;
  /** Other instances' sockets: what this one publishes reaches theirs (Redis when REDIS_URL is set). */
  fanOut?: FanOut;
  /** Presence members across instances (Redis when REDIS_URL is set); without it, this instance's own. */
  presence?: SharedPresence;
};

/** How instances behind one address share the events triggered on any of them. */
export type FanOut = {
  announce(event: OutgoingEvent): Promise<void>;
  listen(deliver: (event: OutgoingEvent) => void): Promise<void>;
};

const RECENT_EVENT_IDS = 10_000;

/**
 * The event ids this instance delivered lately. A relay that publishes an event again (it died before marking
 * it published) announces it again too; each instance then delivers it to its sockets once.
 */
function deliveredIds() {
  const seen = new Set<string>();
  return {
    firstTime(eventId: string) {
      if (seen.has(eventId)) return false;
      if (seen.size >= RECENT_EVENT_IDS) seen.delete(seen.values().next().value as string);
      seen.add(eventId);
      return true;
    },
  };
}

/** `event_id` of an event's data, as the outbox relay sets it; events of other publishers have none. */
function eventIdOf(data: string): string | undefined {
  if (!data.includes('"event_id"')) return undefined;
  try {
    const id = (JSON.parse(data) as { event_id?: unknown }).event_id;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
  } catch {
    return undefined;
  }
}

export type PusherServer = {
  attach(server: Server): void;
  handleHttp(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  publish(event: OutgoingEvent): Promise<void>;
  connectionCount(): number;
  close(): Promise<void>;
};

function rejectUpgrade({ socket, status, reason }: { socket: Duplex; status: number; reason: string }): void {
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
  );
}

function waitForClose(ws: WebSocket): Promise<void> {
  if (ws.readyState === ws.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    // A peer that never answers the close frame must not hold shutdown hostage.
    const timer = setTimeout(() => ws.terminate(), SHUTDOWN_GRACE_MS);
    ws.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export function createPusherServer(options: PusherServerOptions): PusherServer {
  const { appId, key, secret } = options;
  const activityTimeoutSeconds = options.activityTimeoutSeconds ?? DEFAULT_ACTIVITY_TIMEOUT_SECONDS;
  const activityTimeoutMs = activityTimeoutSeconds * 1000;
  const origins = originRule(options.allowedOrigins, options.allowRequestHost);
  const registry = createChannelRegistry<Connection>();
  const context: ConnectionContext = { key, secret, registry };
  const connections = new Map<string, Connection>();
  const sockets = new Set<WebSocket>();
  const attachedServers = new Set<Server>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  let closed = false;

  const sweepTimer = setInterval(sweepIdleConnections, Math.max(250, activityTimeoutMs / 2));
  sweepTimer.unref();

  function sweepIdleConnections(): void {
    const now = Date.now();
    for (const connection of connections.values()) {
      const idleMs = now - connection.lastActivityAt;
      if (idleMs >= activityTimeoutMs * IDLE_CLOSE_MULTIPLIER) {
        connection.ws.close(4201, 'Pong reply not received');
      } else if (idleMs >= activityTimeoutMs && connection.pingSentAt === null) {
        connection.pingSentAt = now;
        send({ ws: connection.ws, event: 'pusher:ping', data: '{}' });
      }
    }
  }

  function newSocketId(): string {
    let socketId: string;
    do {
      socketId = `${randomInt(1, SOCKET_ID_PART_MAX)}.${randomInt(1, SOCKET_ID_PART_MAX)}`;
    } while (connections.has(socketId));
    return socketId;
  }

  function markActive(connection: Connection): void {
    connection.lastActivityAt = Date.now();
    connection.pingSentAt = null;
  }

  function onConnection({
    ws,
    appKey,
    protocol,
  }: {
    ws: WebSocket;
    appKey: string;
    protocol: string | null;
  }): void {
    // The handshake may finish after close() has already drained the socket set.
    if (closed) {
      ws.terminate();
      return;
    }
    sockets.add(ws);
    ws.on('error', () => ws.terminate());
    ws.once('close', () => sockets.delete(ws));

    if (appKey !== key) {
      sendError({ ws, message: `Could not find app by key ${appKey}`, code: 4001 });
      ws.close(4001, 'App does not exist');
      return;
    }
    if (protocol === null || !SUPPORTED_PROTOCOLS.has(protocol)) {
      sendError({ ws, message: `Unsupported protocol version ${protocol ?? '(none)'}`, code: 4007 });
      ws.close(4007, 'Unsupported protocol version');
      return;
    }

    const connection: Connection = {
      socketId: newSocketId(),
      ws,
      channels: new Set(),
      lastActivityAt: Date.now(),
      pingSentAt: null,
    };
    connections.set(connection.socketId, connection);
    ws.on('message', (raw, isBinary) => {
      markActive(connection);
      handleClientMessage({ connection, context, raw, isBinary });
    });
    ws.on('pong', () => markActive(connection));
    ws.once('close', () => {
      connections.delete(connection.socketId);
      releaseConnection({ connection, context });
    });
    send({
      ws,
      event: 'pusher:connection_established',
      data: JSON.stringify({ socket_id: connection.socketId, activity_timeout: activityTimeoutSeconds }),
    });
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = UPGRADE_PATH_PATTERN.exec(url.pathname);
    // Other paths belong to other upgrade listeners on the same server.
    if (!match) return;
    socket.on('error', () => socket.destroy());

    if (!originAllowed(origins, { origin: req.headers.origin, host: req.headers.host })) {
      rejectUpgrade({ socket, status: 403, reason: 'Forbidden' });
      return;
    }
    const appKey = match[1];
    const protocol = url.searchParams.get('protocol');
    wss.handleUpgrade(req, socket, head, (ws) => onConnection({ ws, appKey, protocol }));
  }

  const delivered = deliveredIds();

  function deliver({ channel, event, data, socketIdToExclude }: OutgoingEvent): void {
    const eventId = eventIdOf(data);
    if (eventId !== undefined && !delivered.firstTime(eventId)) return;
    const message = JSON.stringify({ event, channel, data });
    broadcast({ registry, channel, message, excludeSocketId: socketIdToExclude });
  }

  /** Delivers an event to this instance's sockets and to the other instances. */
  async function publish(event: OutgoingEvent): Promise<void> {
    deliver(event);
    await options.fanOut?.announce(event);
  }

  const listening = options.fanOut?.listen(deliver);
  listening?.catch((error) => console.error('real-time fan-out: not listening', error));

  const { handleHttp } = createHttpApi({
    appId,
    key,
    secret,
    publish,
    channelSummaries: () => registry.summaries(),
    presence: (channel) => options.presence?.snapshot(channel) ?? registry.presence(channel),
  });
  if (options.presence) context.shared = { presence: options.presence, publish };

  function attach(server: Server): void {
    if (closed) throw new Error('Cannot attach a closed PusherServer');
    if (attachedServers.has(server)) return;
    attachedServers.add(server);
    server.on('upgrade', onUpgrade);
  }

  function connectionCount(): number {
    return connections.size;
  }

  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    clearInterval(sweepTimer);
    options.presence?.close();
    for (const server of attachedServers) server.off('upgrade', onUpgrade);
    attachedServers.clear();
    const pending = [...sockets].map((ws) => {
      const done = waitForClose(ws);
      // 4200 tells Pusher clients to reconnect straight away, which suits a restart.
      ws.close(4200, 'Server shutting down');
      return done;
    });
    await Promise.all(pending);
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  }

  return { attach, handleHttp, publish, connectionCount, close };
}
