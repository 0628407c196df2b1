import { join, resolve } from 'node:path';
import { seedsDemo, type ApiConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { syncPermissions } from './access/permission-sync';
import { migrateDatabase } from './db/migrate';
import { createPusherClient } from './domains/broadcasting/signer';
import { createApiDeps } from './deps';
import { startOutboxRelay } from './events/outbox';
import { startSweeps } from './jobs/sweeps';
import { createApiApp } from './app';
import { AuthCache } from './http/auth-cache';
import type { ApiDeps } from './http/context';
import { createRedisThrottle } from './http/throttle';
import { connectRedis } from './redis';
import type { Mailer } from './mail/mailer';
import { seedIfEmpty } from './seed/seed-if-empty';

/** Where an instance tells the others that the tokens' users it cached may be stale. */
const AUTH_CACHE_CHANNEL = 'back-office:auth-cache';

export type ApiRuntime = {
  app: ReturnType<typeof createApiApp>;
  deps: ApiDeps;
  database: DatabaseHandle;
  close(): Promise<void>;
};

/**
 * Opens and migrates the database, seeds an empty embedded one, and wires the API with its
 * dependencies. `pusherPort` is where the real-time server listens when PUSHER_HOST is unset.
 */
export async function startApiRuntime({
  config,
  pusherPort,
  clock = () => new Date(),
  mailer,
  database,
  seed = seedsDemo(config),
}: {
  config: ApiConfig;
  pusherPort: number;
  clock?: () => Date;
  mailer?: Mailer;
  database?: DatabaseHandle;
  seed?: boolean;
}): Promise<ApiRuntime> {
  const dataDir = resolve(config.DATA_DIR);
  const handle =
    database ?? (await openDatabase({ url: config.DATABASE_URL, dataDir: join(dataDir, 'pglite') }));
  await migrateDatabase(handle);
  await syncPermissions(handle.db);
  if (seed) await seedIfEmpty({ db: handle.db, now: clock() });

  const pusher = createPusherClient({
    appId: config.PUSHER_APP_ID,
    key: config.PUSHER_KEY,
    secret: config.PUSHER_SECRET,
    host: config.PUSHER_HOST ?? '127.0.0.1',
    port: config.PUSHER_HOST ? config.PUSHER_PORT : pusherPort,
    useTLS: config.PUSHER_USE_TLS,
  });
  const relay = startOutboxRelay({
    db: handle.db,
    publish: async (event) => {
      await pusher.trigger(event.channel, event.event, event.payload);
    },
  });
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL) : null;
  const authCache: ApiDeps['authCache'] = new AuthCache(config.AUTH_CACHE_SECONDS * 1000, undefined, () =>
    redis
      ?.announce(AUTH_CACHE_CHANNEL, 'invalidate')
      .catch((error) => console.warn('auth cache fan-out', error)),
  );
  await redis?.listen(AUTH_CACHE_CHANNEL, () => authCache.forget());
  const deps = createApiDeps({
    db: handle.db,
    config,
    clock,
    pusher,
    events: { nudge: relay.nudge },
    mailer,
    throttle: redis ? createRedisThrottle(redis.commands) : undefined,
    authCache,
  });
  const sweeps = startSweeps({ deps, clock, config });
  return {
    app: createApiApp(deps),
    deps,
    database: handle,
    async close() {
      await sweeps.stop();
      await relay.stop();
      await redis?.close();
      if (!database) await handle.close();
    },
  };
}
