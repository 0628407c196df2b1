import { join, resolve } from 'node:path';
import type Pusher from 'pusher';
import type { ApiConfig } from './config';
import type { Database } from './db/client';
import { createChannelSigner } from './domains/broadcasting/signer';
import { AuthCache } from './http/auth-cache';
import type { ApiDeps } from './http/context';
import { createMemoryThrottle, type Throttle } from './http/throttle';
import { createMailer, type Mailer } from './mail/mailer';

/**
 * The API's dependencies over an open database, wired one way for the running API (api/runtime.ts) and the API
 * tests (tests/support/api.ts): mail to SMTP_URL or to `<DATA_DIR>/mail`, media under `<DATA_DIR>/media`,
 * channels signed with `pusher`'s keys. What an instance shares with others (Redis throttle, auth-cache fan-out)
 * or a test counts (the relay's nudges) is handed in.
 */
export function createApiDeps({
  db,
  config,
  clock,
  pusher,
  events,
  mailer,
  throttle,
  authCache,
}: {
  db: Database;
  config: ApiConfig;
  clock: () => Date;
  pusher: Pusher;
  events: ApiDeps['events'];
  mailer?: Mailer;
  throttle?: Throttle;
  authCache?: ApiDeps['authCache'];
}): ApiDeps {
  const dataDir = resolve(config.DATA_DIR);
  return {
    db,
    config,
    clock,
    mailer:
      mailer ??
      createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: join(dataDir, 'mail') }),
    throttle: throttle ?? createMemoryThrottle({ clock }),
    signer: createChannelSigner(pusher),
    storageDir: join(dataDir, 'media'),
    events,
    authCache: authCache ?? new AuthCache(config.AUTH_CACHE_SECONDS * 1000),
  };
}
