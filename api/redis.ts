import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * One Redis connection for commands and one for subscriptions (a subscribed connection can do nothing else).
 * Commands fail fast while Redis is down instead of queueing without bound.
 */
export function connectRedis(url: string) {
  const commands = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  const subscriber = commands.duplicate();
  const instanceId = randomUUID();
  return {
    commands,
    instanceId,
    /** Tells every other instance on `channel`; an instance never hears its own messages. */
    async announce(channel: string, message: string) {
      await commands.publish(channel, JSON.stringify({ from: instanceId, message }));
    },
    /** Calls `listener` with what other instances announce on `channel`. */
    async listen(channel: string, listener: (message: string) => void) {
      subscriber.on('message', (heard: string, raw: string) => {
        if (heard !== channel) return;
        const { from, message } = JSON.parse(raw) as { from: string; message: string };
        if (from !== instanceId) listener(message);
      });
      await subscriber.subscribe(channel);
    },
    async close() {
      subscriber.disconnect();
      await commands.quit();
    },
  };
}

export type RedisConnection = ReturnType<typeof connectRedis>;
