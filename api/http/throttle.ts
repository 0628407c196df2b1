import type { Redis } from 'ioredis';

/**
 * Fixed-window counters of attempts (failed sign-ins, reset mails), per key. In process by default, where a
 * restart forgets them (only more lenient); in Redis when REDIS_URL is set, so every instance counts together.
 */
export type Throttle = {
  /** Seconds until every key is under its limit again; 0 when none has reached it. */
  retryAfter(keys: string[], limits: number[]): Promise<number>;
  /** Counts one attempt against each key, in a window of `windowSeconds` from the key's first attempt. */
  hit(keys: string[], windowSeconds: number): Promise<void>;
  clear(key: string): Promise<void>;
};

export function createMemoryThrottle({ clock }: { clock: () => Date }): Throttle {
  const windows = new Map<string, { count: number; resetAt: number }>();

  function current(key: string) {
    const entry = windows.get(key);
    if (!entry || entry.resetAt <= clock().getTime()) return undefined;
    return entry;
  }

  return {
    async retryAfter(keys, limits) {
      let wait = 0;
      keys.forEach((key, index) => {
        const entry = current(key);
        if (entry && entry.count >= limits[index]) {
          wait = Math.max(wait, Math.ceil((entry.resetAt - clock().getTime()) / 1000));
        }
      });
      return wait;
    },
    async hit(keys, windowSeconds) {
      for (const key of keys) {
        const entry = current(key);
        if (entry) entry.count += 1;
        else windows.set(key, { count: 1, resetAt: clock().getTime() + windowSeconds * 1000 });
      }
      if (windows.size > 50_000) {
        for (const [key] of windows) if (!current(key)) windows.delete(key);
      }
    },
    async clear(key) {
      windows.delete(key);
    },
  };
}

const PREFIX = 'throttle:';

/** The same counters in Redis: INCR, and the window's expiry set by the first attempt only. */
export function createRedisThrottle(redis: Redis): Throttle {
  return {
    async retryAfter(keys, limits) {
      const pipeline = redis.pipeline();
      for (const key of keys) pipeline.get(PREFIX + key).pttl(PREFIX + key);
      const replies = (await pipeline.exec()) ?? [];
      let wait = 0;
      keys.forEach((_key, index) => {
        const count = Number(replies[index * 2]?.[1] ?? 0);
        const ttl = Number(replies[index * 2 + 1]?.[1] ?? -2);
        if (count >= limits[index] && ttl > 0) wait = Math.max(wait, Math.ceil(ttl / 1000));
      });
      return wait;
    },
    async hit(keys, windowSeconds) {
      const pipeline = redis.pipeline();
      for (const key of keys) pipeline.incr(PREFIX + key).pexpire(PREFIX + key, windowSeconds * 1000, 'NX');
      await pipeline.exec();
    },
    async clear(key) {
      await redis.del(PREFIX + key);
    },
  };
}
