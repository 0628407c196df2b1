import { randomBytes } from 'node:crypto';
import { createSessionStorage, type Cookie } from '@remix-run/node';
import { Redis } from 'ioredis';

/**
 * Sessions in Redis under random ids, each expiring with its cookie (or after `maxAgeSeconds`), so every web
 * instance reads the same session and a sign-out on one is a sign-out on all.
 */
export function createRedisSessionStorage<Data, FlashData = Data>({
  url,
  cookie,
  maxAgeSeconds,
}: {
  url: string;
  cookie: Cookie;
  maxAgeSeconds: number;
}) {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  const keyOf = (id: string) => `session:${id}`;
  function ttlOf(expires: Date | undefined) {
    const seconds = expires ? Math.ceil((expires.getTime() - Date.now()) / 1000) : maxAgeSeconds;
    return Math.max(1, Math.min(seconds, maxAgeSeconds));
  }
  return createSessionStorage<Data, FlashData>({
    cookie,
    async createData(data, expires) {
      const id = randomBytes(24).toString('base64url');
      await redis.set(keyOf(id), JSON.stringify(data), 'EX', ttlOf(expires));
      return id;
    },
    async readData(id) {
      const raw = await redis.get(keyOf(id));
      // What createData or updateData stored: the session's own data, as Remix handed it over.
      return raw ? JSON.parse(raw) : null;
    },
    async updateData(id, data, expires) {
      await redis.set(keyOf(id), JSON.stringify(data), 'EX', ttlOf(expires));
    },
    async deleteData(id) {
      await redis.del(keyOf(id));
    },
  });
}
