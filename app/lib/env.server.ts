import { z } from 'zod';

const DEV_SESSION_SECRET = 'dev-session-secret-change-me';

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().positive().default(3000),
    API_URL: z.string().url().optional(),
    DATA_DIR: z.string().default('./data'),
    /** Sessions in Redis, shared by every instance behind one address; unset, files under DATA_DIR. */
    REDIS_URL: z.string().optional(),
    SESSION_SECRET: z.string().min(16).default(DEV_SESSION_SECRET),
    SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
    SESSION_MAX_HOURS: z.coerce.number().int().positive().default(12),
    OAUTH_CLIENT_ID: z.string().default('back-office'),
    OAUTH_CLIENT_SECRET: z.string().default('back-office-secret'),
    PUSHER_KEY: z.string().default('back-office-key'),
    PUSHER_HOST: z.string().optional(),
    PUSHER_PORT: z.coerce.number().int().positive().optional(),
    PUSHER_USE_TLS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    PUSHER_CLUSTER: z.string().default('mt1'),
    /** The pin map's tiles ({z}/{x}/{y}) and its place search (Nominatim's API); OpenStreetMap's public ones. */
    MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_GEOCODER_URL: z.string().url().default('https://nominatim.openstreetmap.org/search'),
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.SESSION_SECRET !== DEV_SESSION_SECRET, {
    message: 'SESSION_SECRET must be set when NODE_ENV=production',
    path: ['SESSION_SECRET'],
  });

export const env = envSchema.parse(process.env);

export const apiBaseUrl = env.API_URL ?? `http://127.0.0.1:${env.PORT}`;

/** The only settings the browser receives. With PUSHER_HOST unset, the browser's Pusher client connects back to the page's own origin. */
export function publicEnv() {
  return {
    pusherKey: env.PUSHER_KEY,
    pusherHost: env.PUSHER_HOST ?? null,
    pusherPort: env.PUSHER_PORT ?? null,
    pusherTls: env.PUSHER_USE_TLS,
    pusherCluster: env.PUSHER_CLUSTER,
    mapTileUrl: env.MAP_TILE_URL,
    mapGeocoderUrl: env.MAP_GEOCODER_URL,
  };
}

export type PublicEnv = ReturnType<typeof publicEnv>;
