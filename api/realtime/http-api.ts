import type { IncomingMessage, ServerResponse } from 'node:http';
import { channelKind, isValidChannelName } from './channels.js';
import type { ChannelSummary, PresenceSnapshot } from './channels.js';
import { verifyApiRequest } from './signature.js';

const MAX_BODY_BYTES = 100 * 1024;
const MAX_EVENT_NAME_LENGTH = 200;
const MAX_CHANNELS_PER_EVENT = 100;
const MAX_BATCH_SIZE = 10;
const SOCKET_ID_PATTERN = /^\d+\.\d+$/;
const ROUTE_PATTERN = /^\/apps\/([^/]+)\/(events|batch_events|channels)(?:\/([^/]+)(\/users)?)?$/;

export type OutgoingEvent = { channel: string; event: string; data: string; socketIdToExclude?: string };

export type HttpApiOptions = {
  appId: string;
  key: string;
  secret: string;
  publish(event: OutgoingEvent): Promise<void>;
  channelSummaries(): ChannelSummary[];
  presence(channel: string): PresenceSnapshot | Promise<PresenceSnapshot>;
};

type Route =
  | { kind: 'events' }
  | { kind: 'batch_events' }
  | { kind: 'channels' }
  | { kind: 'channel'; channel: string }
  | { kind: 'users'; channel: string };

type BodyResult = { kind: 'ok'; body: Buffer } | { kind: 'too_large' } | { kind: 'error' };

class BadRequest extends Error {}

function sendJson({ res, status, body }: { res: ServerResponse; status: number; body: unknown }): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

function matchRoute({ pathname, appId }: { pathname: string; appId: string }): Route | null {
  const match = ROUTE_PATTERN.exec(pathname);
  if (!match) return null;
  const [, id, resource, channelSegment, users] = match;
  // Another app's path is not ours: returning false lets a second server instance (or the caller) answer it.
  if (safeDecode(id) !== appId) return null;
  if (resource === 'events' || resource === 'batch_events') {
    return channelSegment === undefined ? { kind: resource } : null;
  }
  if (channelSegment === undefined) return { kind: 'channels' };
  const channel = safeDecode(channelSegment);
  if (channel === null) return null;
  return users ? { kind: 'users', channel } : { kind: 'channel', channel };
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function readBody(req: IncomingMessage): Promise<BodyResult> {
  const declaredLength = Number(req.headers['content-length'] ?? 0);
  if (declaredLength > MAX_BODY_BYTES) {
    req.resume();
    return Promise.resolve({ kind: 'too_large' });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        settled = true;
        resolve({ kind: 'too_large' });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (settled) return;
      settled = true;
      resolve({ kind: 'ok', body: Buffer.concat(chunks) });
    });
    req.on('error', () => {
      if (settled) return;
      settled = true;
      resolve({ kind: 'error' });
    });
  });
}

function parseJsonObject(body: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new BadRequest('Body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new BadRequest('Body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

function parseEventFields(source: Record<string, unknown>): {
  name: string;
  data: string;
  socketId?: string;
} {
  const { name, data, socket_id: socketId } = source;
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_EVENT_NAME_LENGTH) {
    throw new BadRequest('Event name must be a string of 1 to 200 characters');
  }
  if (typeof data !== 'string') throw new BadRequest('Event data must be a string');
  if (socketId !== undefined && (typeof socketId !== 'string' || !SOCKET_ID_PATTERN.test(socketId))) {
    throw new BadRequest('Invalid socket_id');
  }
  return { name, data, socketId };
}

function parseEvents(body: Buffer): OutgoingEvent[] {
  const source = parseJsonObject(body);
  const { name, data, socketId } = parseEventFields(source);
  const channels = Array.isArray(source.channels) ? source.channels : [source.channel];
  if (channels.length === 0 || channels.length > MAX_CHANNELS_PER_EVENT) {
    throw new BadRequest('An event must target 1 to 100 channels');
  }
  if (!channels.every(isValidChannelName)) throw new BadRequest('Invalid channel name');
  return channels.map((channel) => ({ channel, event: name, data, socketIdToExclude: socketId }));
}

function parseBatch(body: Buffer): OutgoingEvent[] {
  const { batch } = parseJsonObject(body);
  if (!Array.isArray(batch) || batch.length === 0 || batch.length > MAX_BATCH_SIZE) {
    throw new BadRequest('batch must be an array of 1 to 10 events');
  }
  return batch.map((item: unknown) => {
    if (typeof item !== 'object' || item === null) throw new BadRequest('Batch items must be objects');
    const source = item as Record<string, unknown>;
    const { name, data, socketId } = parseEventFields(source);
    if (!isValidChannelName(source.channel)) throw new BadRequest('Invalid channel name');
    return { channel: source.channel, event: name, data, socketIdToExclude: socketId };
  });
}

function requestedInfo(query: URLSearchParams): Set<string> {
  return new Set((query.get('info') ?? '').split(',').filter(Boolean));
}

function describeChannels({ options, query }: { options: HttpApiOptions; query: URLSearchParams }): unknown {
  const prefix = query.get('filter_by_prefix') ?? '';
  const info = requestedInfo(query);
  const channels: Record<string, Record<string, number>> = {};
  for (const summary of options.channelSummaries()) {
    if (!summary.name.startsWith(prefix)) continue;
    const attributes: Record<string, number> = {};
    if (info.has('user_count') && summary.userCount !== null) attributes.user_count = summary.userCount;
    if (info.has('subscription_count')) attributes.subscription_count = summary.subscriptionCount;
    channels[summary.name] = attributes;
  }
  return { channels };
}

function describeChannel({
  options,
  query,
  channel,
}: {
  options: HttpApiOptions;
  query: URLSearchParams;
  channel: string;
}): unknown {
  const summary = options.channelSummaries().find(({ name }) => name === channel);
  const info = requestedInfo(query);
  const result: Record<string, unknown> = { occupied: summary !== undefined };
  if (info.has('user_count') && channelKind(channel) === 'presence')
    result.user_count = summary?.userCount ?? 0;
  if (info.has('subscription_count')) result.subscription_count = summary?.subscriptionCount ?? 0;
  return result;
}

function respond({
  options,
  route,
  body,
  query,
}: {
  options: HttpApiOptions;
  route: Route;
  body: Buffer;
  query: URLSearchParams;
}): Promise<unknown> | unknown {
  switch (route.kind) {
    case 'events':
    case 'batch_events': {
      const events = route.kind === 'events' ? parseEvents(body) : parseBatch(body);
      return Promise.all(events.map((event) => options.publish(event))).then(() => ({}));
    }
    case 'channels':
      return describeChannels({ options, query });
    case 'channel':
      if (!isValidChannelName(route.channel)) throw new BadRequest('Invalid channel name');
      return describeChannel({ options, query, channel: route.channel });
    case 'users':
      if (channelKind(route.channel) !== 'presence' || !isValidChannelName(route.channel)) {
        throw new BadRequest('Users can only be listed for presence channels');
      }
      return Promise.resolve(options.presence(route.channel)).then((snapshot) => ({
        users: snapshot.ids.map((id) => ({ id })),
      }));
  }
}

export function createHttpApi(options: HttpApiOptions): {
  handleHttp(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
} {
  async function handleHttp(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const rawUrl = req.url ?? '/';
    const queryStart = rawUrl.indexOf('?');
    const pathname = queryStart < 0 ? rawUrl : rawUrl.slice(0, queryStart);
    const query = new URLSearchParams(queryStart < 0 ? '' : rawUrl.slice(queryStart + 1));
    const route = matchRoute({ pathname, appId: options.appId });
    if (!route) return false;

    const method = req.method ?? 'GET';
    const expectedMethod = route.kind === 'events' || route.kind === 'batch_events' ? 'POST' : 'GET';
    if (method !== expectedMethod) {
      req.resume();
      res.setHeader('allow', expectedMethod);
      sendJson({ res, status: 405, body: { error: 'Method not allowed' } });
      return true;
    }

    const bodyResult =
      expectedMethod === 'POST' ? await readBody(req) : { kind: 'ok' as const, body: Buffer.alloc(0) };
    if (bodyResult.kind === 'too_large') {
      res.setHeader('connection', 'close');
      sendJson({ res, status: 413, body: { error: 'Request body exceeds 100 KB' } });
      return true;
    }
    if (bodyResult.kind === 'error') {
      sendJson({ res, status: 400, body: { error: 'Could not read request body' } });
      return true;
    }

    const auth = verifyApiRequest({
      key: options.key,
      secret: options.secret,
      method,
      path: pathname,
      query,
      body: bodyResult.body,
      nowSeconds: Math.floor(Date.now() / 1000),
    });
    if (!auth.ok) {
      sendJson({ res, status: 401, body: { error: auth.reason } });
      return true;
    }

    try {
      sendJson({ res, status: 200, body: await respond({ options, route, body: bodyResult.body, query }) });
    } catch (error) {
      if (!(error instanceof BadRequest)) throw error;
      sendJson({ res, status: 400, body: { error: error.message } });
    }
    return true;
  }

  return { handleHttp };
}
