import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const MAX_CLOCK_SKEW_SECONDS = 600;

export type ApiAuthResult = { ok: true } | { ok: false; reason: string };

export function signHex({ secret, payload }: { secret: string; payload: string }): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}

export function md5Hex(body: Buffer | string): string {
  return createHash('md5').update(body).digest('hex');
}

export function safeEqual({ actual, expected }: { actual: string; expected: string }): boolean {
  const actualBuffer = Buffer.from(actual, 'utf8');
  const expectedBuffer = Buffer.from(expected, 'utf8');
  // timingSafeEqual throws on length mismatch; the expected length is public (hex digest size) so an early exit leaks nothing.
  if (actualBuffer.length !== expectedBuffer.length) return false;
  return timingSafeEqual(actualBuffer, expectedBuffer);
}

export function verifyChannelAuth({
  key,
  secret,
  socketId,
  channel,
  channelData,
  auth,
}: {
  key: string;
  secret: string;
  socketId: string;
  channel: string;
  channelData?: string;
  auth: unknown;
}): boolean {
  if (typeof auth !== 'string') return false;
  const separator = auth.indexOf(':');
  if (separator < 0) return false;
  const authKey = auth.slice(0, separator);
  const signature = auth.slice(separator + 1);
  const payload =
    channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  const expected = signHex({ secret, payload });
  // Both comparisons always run so a wrong key and a wrong signature take the same time.
  const keyMatches = safeEqual({ actual: authKey, expected: key });
  const signatureMatches = safeEqual({ actual: signature, expected });
  return keyMatches && signatureMatches;
}

export function verifyApiRequest({
  key,
  secret,
  method,
  path,
  query,
  body,
  nowSeconds,
}: {
  key: string;
  secret: string;
  method: string;
  path: string;
  query: URLSearchParams;
  body: Buffer;
  nowSeconds: number;
}): ApiAuthResult {
  const params = new Map<string, string>();
  for (const [name, value] of query) params.set(name.toLowerCase(), value);

  const authKey = params.get('auth_key');
  const timestamp = params.get('auth_timestamp');
  const version = params.get('auth_version');
  const signature = params.get('auth_signature');
  if (!authKey || !timestamp || !version || !signature) {
    return { ok: false, reason: 'Missing authentication parameters' };
  }
  if (!safeEqual({ actual: authKey, expected: key })) return { ok: false, reason: 'Unknown auth_key' };
  if (version !== '1.0') return { ok: false, reason: 'Unsupported auth_version' };
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > MAX_CLOCK_SKEW_SECONDS) {
    return { ok: false, reason: 'Timestamp expired' };
  }
  if (body.length > 0) {
    const bodyMd5 = params.get('body_md5');
    if (!bodyMd5 || !safeEqual({ actual: bodyMd5, expected: md5Hex(body) })) {
      return { ok: false, reason: 'Invalid body_md5' };
    }
  }

  params.delete('auth_signature');
  // The Pusher SDKs sign the decoded values joined verbatim (no re-encoding), sorted by key.
  const canonicalQuery = [...params.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const expected = signHex({ secret, payload: `${method.toUpperCase()}\n${path}\n${canonicalQuery}` });
  if (!safeEqual({ actual: signature, expected })) return { ok: false, reason: 'Invalid signature' };
  return { ok: true };
}
