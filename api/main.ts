import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { allowedOrigins, readApiConfig } from './config';
import { apiBodyLimit, bodyLimitsOf, limitBodies, pathOf, refuseJson } from './http/body-limit';
import { createPusherServer } from './realtime/pusher-server';
import { redisFanOut } from './realtime/redis-fan-out';
import { redisPresence } from './realtime/redis-presence';
import { connectRedis } from './redis';
import { startApiRuntime } from './runtime';

const port = Number(process.env.API_PORT ?? 4000);
const config = readApiConfig();
const realtimeRedis = !config.PUSHER_HOST && config.REDIS_URL ? connectRedis(config.REDIS_URL) : null;
const realtime = config.PUSHER_HOST
  ? null
  : createPusherServer({
      appId: config.PUSHER_APP_ID,
      key: config.PUSHER_KEY,
      secret: config.PUSHER_SECRET,
      allowedOrigins: allowedOrigins(config),
      fanOut: realtimeRedis ? redisFanOut(realtimeRedis) : undefined,
      presence: realtimeRedis ? redisPresence(realtimeRedis) : undefined,
    });
const runtime = await startApiRuntime({ config, pusherPort: port });
// Alone, the API may let @hono/node-server replace the global Request and Response with its lighter ones (a
// JSON body is then written as the string it is); beside Remix in server.ts it must not.
const listener = getRequestListener(runtime.app.fetch);

const limits = bodyLimitsOf(config);

const server = createServer(
  limitBodies(
    (req) => apiBodyLimit(pathOf(req), limits),
    refuseJson,
    (req, res) => {
      if (!realtime) return void listener(req, res);
      void realtime.handleHttp(req, res).then(async (handled) => {
        if (!handled) await listener(req, res);
      });
    },
  ),
);
realtime?.attach(server);
server.listen(port, () => console.info(`upstream API on http://localhost:${port}`));

async function shutdown() {
  server.close();
  await realtime?.close();
  await realtimeRedis?.close();
  await runtime.close();
  process.exit(0);
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
