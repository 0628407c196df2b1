import type { Database } from '../db/client';
import type { ApiConfig } from '../config';
import type { Mailer } from '../mail/mailer';
import type { LoginThrottle } from './throttle';
import type { ChannelSigner } from '../domains/broadcasting/signer';

export type ApiDeps = {
  db: Database;
  config: ApiConfig;
  clock: () => Date;
  mailer: Mailer;
  throttle: LoginThrottle;
  signer: ChannelSigner;
  storageDir: string;
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
