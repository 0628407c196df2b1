import type { AuthUser } from '../access/auth-user';
import type { Database } from '../db/client';
import type { brands, vendors } from '../db/schema';
import type { ApiConfig } from '../config';
import type { AuthCache } from './auth-cache';
import type { Mailer } from '../mail/mailer';
import type { Throttle } from './throttle';

/** Signs a private or presence channel subscription for a socket (the broadcasting domain makes one). */
export type ChannelSigner = { authorize(socketId: string, channel: string): { auth: string } };

/** Relays the outbox right after a commit; the relay's own interval catches anything a nudge misses. */
export type EventRelay = { nudge(): void };

export type ApiDeps = {
  db: Database;
  config: ApiConfig;
  clock: () => Date;
  mailer: Mailer;
  throttle: Throttle;
  signer: ChannelSigner;
  storageDir: string;
  events: EventRelay;
  authCache: AuthCache<AuthUser & { expiresAt: Date }>;
  /** Held by tests at a named point of a write's checks (unit-of-work WriteDeps); unset in a running API. */
  checkpoint?: (name: string) => Promise<void>;
};

export type ApiEnv = {
  Variables: {
    deps: ApiDeps;
    user: AuthUser;
    clientIp: string;
    /** The request's Idempotency-Key, once idempotent() has taken it in hand. */
    idempotencyKey?: string;
    /** `/api/brand/{brand}` as the operation's policy resolved it for the caller. */
    brand?: typeof brands.$inferSelect;
    /** `/api/vendor/{vendor}` as the policy resolved it, with the brands visible through it to the caller. */
    vendorTenant?: { vendor: typeof vendors.$inferSelect; brandIds: number[] };
  };
};
