import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The largest request body, by kind of route (README, Environment): routes anyone may call without signing in
 * the smallest, JSON and forms small, uploads at the largest file a feature accepts plus its form.
 */
export type BodyLimits = { public: number; standard: number; upload: number };

export function bodyLimitsOf(config: {
  BODY_LIMIT_PUBLIC_BYTES: number;
  BODY_LIMIT_BYTES: number;
  BODY_LIMIT_UPLOAD_BYTES: number;
}): BodyLimits {
  return {
    public: config.BODY_LIMIT_PUBLIC_BYTES,
    standard: config.BODY_LIMIT_BYTES,
    upload: config.BODY_LIMIT_UPLOAD_BYTES,
  };
}

/** The API's routes that answer without a signed-in user. */
const PUBLIC_API_PATHS = new Set(['/oauth/token', '/api/forgot-password', '/api/reset-password']);

/** The API's routes that take a file: media, imports, and a vendor's area file with its form. */
const UPLOAD_API_PATHS = [
  /^\/api\/media$/,
  /^\/api\/vendor(\/\d+)?$/,
  /^\/api\/brand\/\d+\/(tokopedia\/)?import\/product-price$/,
  /^\/api\/vendor\/\d+\/product-stock\/import$/,
];

export function apiBodyLimit(path: string, limits: BodyLimits) {
  if (PUBLIC_API_PATHS.has(path)) return limits.public;
  if (UPLOAD_API_PATHS.some((pattern) => pattern.test(path))) return limits.upload;
  return limits.standard;
}

export function pathOf(req: IncomingMessage) {
  return (req.url ?? '/').split('?')[0];
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * How long, and how far, a refused body is still read and thrown away, so that a client still sending reads the
 * 413 (a browser reads the answer to an upload only once it has sent it): long enough for a file somewhat over
 * the limit on a slow link, bounded for a sender that never stops.
 */
const LINGER_MS = 10_000;
const LINGER_BYTES = 64 * 1024 * 1024;

/**
 * Stops reading a refused body: the rest is thrown away as it arrives (never kept) until it ends, or until the
 * linger runs out, when the connection is cut. Lingering a moment lets a client that is still sending read the
 * answer before the connection closes (closing with unread bytes resets it, and most clients then show the
 * reset, not the 413). A body declared larger than lingering would ever take is cut as soon as the 413 is
 * written: its sender would be cut anyway, a browser before it reads the answer, and every byte still taken
 * in costs the server CPU it owes other requests (bench/hostile.ts: 7 ms per such request while lingering,
 * 0.5 ms cut at once). A client that reads while it sends gets the 413 or a reset.
 */
function discardRest(req: IncomingMessage, res: ServerResponse, declared?: number) {
  let discarded = 0;
  const cut = () => req.socket.destroy();
  if (declared !== undefined && declared > LINGER_BYTES) {
    res.once('finish', cut);
    req.push = () => false;
    return;
  }
  const timer = setTimeout(cut, LINGER_MS);
  timer.unref();
  req.push = (chunk: unknown) => {
    if (chunk === null) {
      clearTimeout(timer);
      return false;
    }
    discarded += (chunk as Buffer).length;
    if (discarded > LINGER_BYTES) cut();
    return true;
  };
  req.socket.once('close', () => clearTimeout(timer));
}

/**
 * A body's size is checked while it streams in (docs/decisions/047), before any handler parses it: a declared
 * Content-Length over the limit is refused before a byte is read; a chunked body (no declared length) is held
 * until it ends, and refused as soon as it passes the limit, so nothing past the limit is ever buffered.
 * `refuse` writes the 413.
 */
export function limitBodies(
  limitOf: (req: IncomingMessage) => number,
  refuse: (req: IncomingMessage, res: ServerResponse, limit: number) => void,
  next: Listener,
): Listener {
  return (req, res) => {
    const declared = req.headers['content-length'];
    const chunked = req.headers['transfer-encoding'] !== undefined;
    if (!chunked && (declared === undefined || declared === '0')) return next(req, res);
    const limit = limitOf(req);
    if (!chunked) {
      if (Number(declared) <= limit) return next(req, res);
      discardRest(req, res, Number(declared));
      return refuse(req, res, limit);
    }
    // The parser hands each piece of the body to push() as it arrives, from the next piece on (this listener
    // runs as soon as the headers are read): the pieces are held here and handed on once the body is whole.
    const push = req.push.bind(req);
    const held: Buffer[] = [];
    let size = 0;
    req.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (chunk === null) {
        req.push = push;
        for (const piece of held) push(piece);
        held.length = 0;
        push(null);
        next(req, res);
        return false;
      }
      size += (chunk as Buffer).length;
      if (size > limit) {
        held.length = 0;
        discardRest(req, res);
        refuse(req, res, limit);
        return true;
      }
      held.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : (chunk as Buffer));
      return true;
    };
  };
}

/** The API's answer to a body over its limit: Laravel's shape, with the limit. */
export function refuseJson(_req: IncomingMessage, res: ServerResponse, limit: number) {
  const body = JSON.stringify({
    message: `The request body must not be greater than ${Math.floor(limit / 1024)} kilobytes.`,
  });
  res.writeHead(413, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(body);
}
