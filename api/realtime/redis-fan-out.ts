import type { RedisConnection } from '../redis';
import type { OutgoingEvent } from './http-api.js';
import type { FanOut } from './pusher-server.js';

const EVENTS_CHANNEL = 'back-office:realtime-events';

/** Instances share the events triggered on each over Redis pub/sub. */
export function redisFanOut(redis: RedisConnection): FanOut {
  return {
    announce: (event) => redis.announce(EVENTS_CHANNEL, JSON.stringify(event)),
    listen: (deliver) =>
      redis.listen(EVENTS_CHANNEL, (message) => deliver(JSON.parse(message) as OutgoingEvent)),
  };
}
