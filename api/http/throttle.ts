/**
 * Fixed-window counters of failed sign-ins. Kept in process: a restart forgets them, which only
 * makes the limit more lenient; a multi-node deployment would move them to Redis.
 */
export type LoginThrottle = {
  retryAfter(keys: string[], limits: number[]): number;
  hit(keys: string[]): void;
  clear(key: string): void;
};

export function createLoginThrottle({
  windowSeconds,
  clock,
}: {
  windowSeconds: number;
  clock: () => Date;
}): LoginThrottle {
  const windows = new Map<string, { count: number; resetAt: number }>();

  function current(key: string) {
    const entry = windows.get(key);
    if (!entry || entry.resetAt <= clock().getTime()) return undefined;
    return entry;
  }

  return {
    retryAfter(keys, limits) {
      let wait = 0;
      keys.forEach((key, index) => {
        const entry = current(key);
        if (entry && entry.count >= limits[index]) {
          wait = Math.max(wait, Math.ceil((entry.resetAt - clock().getTime()) / 1000));
        }
      });
      return wait;
    },
    hit(keys) {
      for (const key of keys) {
        const entry = current(key);
        if (entry) entry.count += 1;
        else windows.set(key, { count: 1, resetAt: clock().getTime() + windowSeconds * 1000 });
      }
      if (windows.size > 50_000) {
        for (const [key] of windows) if (!current(key)) windows.delete(key);
      }
    },
    clear(key) {
      windows.delete(key);
    },
  };
}
