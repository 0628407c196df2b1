import { join, resolve } from 'node:path';
import { createCookie, createFileSessionStorage } from '@remix-run/node';
import { env } from './env.server';
import { createRedisSessionStorage } from './redis-session-storage.server';
import type { TokenSet } from './upstream/credentials.server';

export type StoredTokens = { accessToken: string; refreshToken: string; expiresAt: number };
export type SessionData = {
  tokens: StoredTokens;
  createdAt: number;
  lastSeenAt: number;
  redirectTo?: string;
};

const secure = env.NODE_ENV === 'production';

const sessionCookie = createCookie(secure ? '__Host-bo_session' : 'bo_session', {
  httpOnly: true,
  sameSite: 'lax',
  secure,
  path: '/',
  secrets: [env.SESSION_SECRET],
});

/** The cookie carries only a signed id; the upstream tokens stay on the server (in Redis with REDIS_URL). */
export const sessionStorage = env.REDIS_URL
  ? createRedisSessionStorage<SessionData, SessionData>({
      url: env.REDIS_URL,
      cookie: sessionCookie,
      maxAgeSeconds: env.SESSION_MAX_HOURS * 3600,
    })
  : createFileSessionStorage<SessionData>({
      dir: join(resolve(env.DATA_DIR), 'sessions'),
      cookie: sessionCookie,
    });

export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get('Cookie'));
}

export function toStoredTokens(tokens: TokenSet, now = Date.now()): StoredTokens {
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    expiresAt: now + tokens.expires_in * 1000,
  };
}
