import type { Database } from '../db/client';
import type { ApiConfig } from '../config';
import type { AuthCache } from './auth-cache';
import type { Mailer } from '../mail/mailer';
import type { Throttle } from './throttle';
import type { ChannelSigner } from '../domains/broadcasting/signer';

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
  authCache: AuthCache;
};

export type AuthUser = {
  id: number;
  name: string;
  email: string;
  roleId: number;
  brandId: number | null;
  vendorId: number | null;
  currentBrandId: number | null;
  isSpecialAccount: boolean;
  permissions: readonly string[];
  /** The brands the user may act on; `'all'` for administrators. */
  brandIds: readonly number[] | 'all';
  tokenId: string;
};

export type ApiEnv = {
  Variables: {
    deps: ApiDeps;
    user: AuthUser;
    clientIp: string;
    /** The request's Idempotency-Key, once idempotent() has taken it in hand. */
    idempotencyKey?: string;
  };
};
