import { WebSocket } from 'ws';
import type { RawData } from 'ws';
import { channelKind, isValidChannelName } from './channels.js';
import type { ChannelRegistry, PresenceMember } from './channels.js';
import type { OutgoingEvent } from './http-api.js';
import type { SharedPresence } from './redis-presence.js';
import { verifyChannelAuth } from './signature.js';

export type Connection = {
  socketId: string;
  ws: WebSocket;
  channels: Set<string>;
  lastActivityAt: number;
  pingSentAt: number | null;
};

export type ConnectionContext = {
  key: string;
  secret: string;
  registry: ChannelRegistry<Connection>;
  /**
   * With several instances: presence members kept across all of them, and member events published to all of
   * their sockets. Without, this instance's registry is the whole truth.
   */
  shared?: { presence: SharedPresence; publish(event: OutgoingEvent): Promise<void> };
};

type ClientMessage = { event: string; channel?: unknown; data?: unknown };

export function send({
  ws,
  event,
  channel,
  data,
  userId,
}: {
  ws: WebSocket;
  event: string;
  channel?: string;
  data: unknown;
  userId?: string;
}): void {
  if (ws.readyState !== WebSocket.OPEN) return;
  ws.send(JSON.stringify({ event, channel, data, user_id: userId }));
}

export function sendError({
  ws,
  message,
  code,
}: {
  ws: WebSocket;
  message: string;
  code: number | null;
}): void {
  send({ ws, event: 'pusher:error', data: { message, code } });
}

export function broadcast({
  registry,
  channel,
  message,
  excludeSocketId,
}: {
  registry: ChannelRegistry<Connection>;
  channel: string;
  message: string;
  excludeSocketId?: string;
}): void {
  for (const [socketId, connection] of registry.subscribers(channel)) {
    if (socketId === excludeSocketId || connection.ws.readyState !== WebSocket.OPEN) continue;
    connection.ws.send(message);
  }
}

function parseMessage(raw: RawData, isBinary: boolean): ClientMessage | null {
  if (isBinary) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString());
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || typeof (parsed as ClientMessage).event !== 'string') {
    return null;
  }
  return parsed as ClientMessage;
}

function parseSubscribeData(data: unknown): Record<string, unknown> {
  // Protocol v7 clients send an object, but some older clients send it JSON-encoded.
  if (typeof data === 'string') {
    try {
      return parseSubscribeData(JSON.parse(data));
    } catch {
      return {};
    }
  }
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}

function parsePresenceMember(channelData: string): PresenceMember | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(channelData);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { user_id: userId, user_info: userInfo } = parsed as Record<string, unknown>;
  if (typeof userId === 'number' && Number.isFinite(userId)) return { userId: String(userId), userInfo };
  if (typeof userId === 'string' && userId.length > 0) return { userId, userInfo };
  return null;
}

function refuseSubscription({
  connection,
  channel,
  status,
  error,
}: {
  connection: Connection;
  channel: string;
  status: number;
  error: string;
}): void {
  // Same shape pusher-js emits for a failed authorizer, so client code handles both paths alike.
  send({
    ws: connection.ws,
    event: 'pusher:subscription_error',
    channel,
    data: JSON.stringify({ type: status === 401 ? 'AuthError' : 'SubscriptionError', error, status }),
  });
}

function subscribe({
  connection,
  context,
  data,
}: {
  connection: Connection;
  context: ConnectionContext;
  data: unknown;
}): void {
  const { channel, auth, channel_data: channelData } = parseSubscribeData(data);
  if (!isValidChannelName(channel)) {
    if (typeof channel === 'string' && channel.length > 0) {
      refuseSubscription({ connection, channel, status: 400, error: 'Invalid channel name' });
    } else {
      sendError({ ws: connection.ws, message: 'Subscription requires a channel name', code: null });
    }
    return;
  }

  const kind = channelKind(channel);
  const { key, secret, registry } = context;
  const { socketId } = connection;
  let member: PresenceMember | undefined;

  if (kind === 'private' && !verifyChannelAuth({ key, secret, socketId, channel, auth })) {
    refuseSubscription({
      connection,
      channel,
      status: 401,
      error: `Invalid signature for channel ${channel}`,
    });
    return;
  }
  if (kind === 'presence') {
    const signed =
      typeof channelData === 'string' &&
      verifyChannelAuth({ key, secret, socketId, channel, channelData, auth });
    const parsedMember = signed ? parsePresenceMember(channelData) : null;
    if (!parsedMember) {
      const error = signed
        ? 'channel_data must contain a user_id'
        : `Invalid signature for channel ${channel}`;
      refuseSubscription({ connection, channel, status: signed ? 400 : 401, error });
      return;
    }
    member = parsedMember;
  }

  const { memberAdded } = registry.subscribe({ channel, socketId, subscriber: connection, member });
  connection.channels.add(channel);
  if (member && context.shared) {
    void joinShared({ connection, shared: context.shared, channel, member });
    return;
  }
  const succeededData = kind === 'presence' ? JSON.stringify({ presence: registry.presence(channel) }) : '{}';
  send({ ws: connection.ws, event: 'pusher_internal:subscription_succeeded', channel, data: succeededData });
  if (memberAdded) {
    const message = JSON.stringify({
      event: 'pusher_internal:member_added',
      channel,
      data: JSON.stringify({ user_id: memberAdded.userId, user_info: memberAdded.userInfo }),
    });
    broadcast({ registry, channel, message, excludeSocketId: socketId });
  }
}

/** A presence subscription when instances share their members: the snapshot and the member event are the cluster's. */
async function joinShared({
  connection,
  shared,
  channel,
  member,
}: {
  connection: Connection;
  shared: NonNullable<ConnectionContext['shared']>;
  channel: string;
  member: PresenceMember;
}) {
  let joined: Awaited<ReturnType<SharedPresence['join']>>;
  try {
    joined = await shared.presence.join({ channel, socketId: connection.socketId, member });
  } catch (error) {
    console.warn(`presence: ${channel} could not be joined`, error);
    refuseSubscription({ connection, channel, status: 503, error: 'Presence is unavailable, try again' });
    return;
  }
  send({
    ws: connection.ws,
    event: 'pusher_internal:subscription_succeeded',
    channel,
    data: JSON.stringify({ presence: joined.snapshot }),
  });
  if (!joined.first) return;
  await shared
    .publish({
      channel,
      event: 'pusher_internal:member_added',
      data: JSON.stringify({ user_id: member.userId, user_info: member.userInfo }),
      socketIdToExclude: connection.socketId,
    })
    .catch((error: unknown) => console.warn(`presence: ${channel} member_added not published`, error));
}

async function leaveShared({
  connection,
  shared,
  channel,
  userId,
}: {
  connection: Connection;
  shared: NonNullable<ConnectionContext['shared']>;
  channel: string;
  userId: string;
}) {
  try {
    const { last } = await shared.presence.leave({ channel, socketId: connection.socketId, userId });
    if (!last) return;
    await shared.publish({
      channel,
      event: 'pusher_internal:member_removed',
      data: JSON.stringify({ user_id: userId }),
    });
  } catch (error) {
    console.warn(`presence: ${channel} could not be left`, error);
  }
}

function unsubscribe({
  connection,
  context,
  channel,
}: {
  connection: Connection;
  context: ConnectionContext;
  channel: string;
}): void {
  const { registry } = context;
  connection.channels.delete(channel);
  const userId = registry.userIdOf({ channel, socketId: connection.socketId });
  const { memberRemoved } = registry.unsubscribe({ channel, socketId: connection.socketId });
  if (userId !== undefined && context.shared) {
    void leaveShared({ connection, shared: context.shared, channel, userId });
    return;
  }
  if (memberRemoved === null) return;
  const message = JSON.stringify({
    event: 'pusher_internal:member_removed',
    channel,
    data: JSON.stringify({ user_id: memberRemoved }),
  });
  broadcast({ registry, channel, message });
}

function relayClientEvent({
  connection,
  context,
  message,
}: {
  connection: Connection;
  context: ConnectionContext;
  message: ClientMessage;
}): void {
  const { channel, event, data } = message;
  const { registry } = context;
  const { socketId, ws } = connection;
  if (!isValidChannelName(channel) || channelKind(channel) === 'public') {
    sendError({ ws, message: 'Client events are only allowed on private and presence channels', code: null });
    return;
  }
  if (!registry.isSubscribed({ channel, socketId })) {
    sendError({ ws, message: `Not subscribed to ${channel}`, code: null });
    return;
  }
  const userId = registry.userIdOf({ channel, socketId });
  broadcast({
    registry,
    channel,
    message: JSON.stringify({ event, channel, data, user_id: userId }),
    excludeSocketId: socketId,
  });
}

export function handleClientMessage({
  connection,
  context,
  raw,
  isBinary,
}: {
  connection: Connection;
  context: ConnectionContext;
  raw: RawData;
  isBinary: boolean;
}): void {
  const message = parseMessage(raw, isBinary);
  if (!message) {
    sendError({ ws: connection.ws, message: 'Messages must be JSON objects with an event name', code: null });
    return;
  }
  if (message.event.startsWith('client-')) {
    relayClientEvent({ connection, context, message });
    return;
  }
  switch (message.event) {
    case 'pusher:ping':
      send({ ws: connection.ws, event: 'pusher:pong', data: '{}' });
      return;
    case 'pusher:pong':
      return;
    case 'pusher:subscribe':
      subscribe({ connection, context, data: message.data });
      return;
    case 'pusher:unsubscribe': {
      const { channel } = parseSubscribeData(message.data);
      if (typeof channel === 'string') unsubscribe({ connection, context, channel });
      return;
    }
    default:
      sendError({ ws: connection.ws, message: `Unsupported event ${message.event}`, code: null });
  }
}

export function releaseConnection({
  connection,
  context,
}: {
  connection: Connection;
  context: ConnectionContext;
}): void {
  for (const channel of [...connection.channels]) unsubscribe({ connection, context, channel });
}
