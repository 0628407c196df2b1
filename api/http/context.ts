import type { Database } from '../db/client';
import type { ApiConfig } from '../config';
import type { Mailer } from '../mail/mailer';
import type { LoginThrottle } from './throttle';
import type { ChannelSigner } from '../domains/broadcasting/signer';

/** Relays the outbox right after a commit; the relay's own interval catches anything a nudge misses. */
export type EventRelay = { nudge(): void };

export type ApiDeps = {
  db: Database;
  config: ApiConfig;
  clock: () => Date;
  mailer: Mailer;
  throttle: LoginThrottle;
  signer: ChannelSigner;
  storageDir: string;
  events: EventRelay;
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
  permissions: string[];
  tokenId: string;
};

export type ApiEnv = {
  Variables: {
    deps: ApiDeps;
    user: AuthUser;
    clientIp: string;
  };
};
