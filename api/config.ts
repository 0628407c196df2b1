import { z } from 'zod';

const DEMO_CLIENT_SECRET = 'back-office-secret';
const DEMO_PUSHER_SECRET = 'back-office-pusher-secret';

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    APP_URL: z.string().url().default('http://localhost:3000'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().optional(),
    OAUTH_CLIENT_ID: z.string().default('back-office'),
    OAUTH_CLIENT_SECRET: z.string().default(DEMO_CLIENT_SECRET),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
    /** How long a token's user, permissions and brands are kept in memory (writes through the API drop them at once). */
    AUTH_CACHE_SECONDS: z.coerce.number().min(0).default(5),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
    PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().positive().default(60),
    LOGIN_MAX_ATTEMPTS_PER_EMAIL: z.coerce.number().int().positive().default(5),
    LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().positive().default(30),
    LOGIN_THROTTLE_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
    RESET_MAX_MAILS_PER_EMAIL: z.coerce.number().int().positive().default(5),
    RESET_MAX_MAILS_PER_IP: z.coerce.number().int().positive().default(20),
    RESET_THROTTLE_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
    /** Sessions, throttles, the token cache's invalidations and real-time fan-out shared by several instances. */
    REDIS_URL: z.string().optional(),
    TRUSTED_PROXIES: z.string().default('127.0.0.1,::1,::ffff:127.0.0.1'),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Back Office <no-reply@backoffice.local>'),
    MEDIA_URL: z.string().default('/storage'),
    MEDIA_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(5 * 1024 * 1024),
    /** Request bodies (api/http/body-limit.ts): routes open without signing in, JSON and forms, uploads. */
    BODY_LIMIT_PUBLIC_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(16 * 1024),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024),
    /** The largest upload, a 20 MiB import file, with room for the rest of its form. */
    BODY_LIMIT_UPLOAD_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(21 * 1024 * 1024),
    PUSHER_APP_ID: z.string().default('back-office'),
    PUSHER_KEY: z.string().default('back-office-key'),
    PUSHER_SECRET: z.string().default(DEMO_PUSHER_SECRET),
    /** Origins allowed to open the embedded WebSocket; unset, APP_URL's own (see allowedOrigins). */
    ALLOWED_ORIGINS: z.string().optional(),
    /** Seed the demo data into an empty database even when NODE_ENV=production. */
    SEED_DEMO: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => (value === undefined ? undefined : value === 'true')),
    PUSHER_HOST: z.string().optional(),
    PUSHER_PORT: z.coerce.number().int().positive().optional(),
    OFFER_TTL_MINUTES: z.coerce.number().int().positive().default(30),
    ORDER_COMPLETE_AFTER_DAYS: z.coerce.number().int().positive().default(3),
    /** The marketplace channel adapter listings are pushed through (api/domains/marketplace/adapters.ts). */
    CHANNEL_ADAPTER: z.string().default('sandbox'),
    /** How often the offer-expiry and auto-complete sweeps run; 0 turns them off (tests call them directly). */
    SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
    /** `refusals`: each 4xx answer is logged (method, path, status, caller) to stderr, to trace a refusal. */
    LOG_REQUESTS: z.enum(['off', 'refusals']).default('off'),
    PUSHER_USE_TLS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.OAUTH_CLIENT_SECRET !== DEMO_CLIENT_SECRET, {
    message: 'OAUTH_CLIENT_SECRET must be set to a non-demo value when NODE_ENV=production',
    path: ['OAUTH_CLIENT_SECRET'],
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.PUSHER_SECRET !== DEMO_PUSHER_SECRET, {
    message: 'PUSHER_SECRET must be set to a non-demo value when NODE_ENV=production',
    path: ['PUSHER_SECRET'],
  });

export type ApiConfig = z.infer<typeof configSchema>;

export function readApiConfig(env: Record<string, string | undefined> = process.env): ApiConfig {
  return configSchema.parse(env);
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins whose pages may open the real-time WebSocket: ALLOWED_ORIGINS, or else APP_URL's own origin (on
 * a loopback host, the same port under each loopback name, so a developer's 127.0.0.1 tab still hears events).
 */
export function allowedOrigins(config: Pick<ApiConfig, 'ALLOWED_ORIGINS' | 'APP_URL'>): string[] {
  if (config.ALLOWED_ORIGINS)
    return config.ALLOWED_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean);
  const app = new URL(config.APP_URL);
  if (!LOOPBACK_HOSTS.includes(app.hostname)) return [app.origin];
  return LOOPBACK_HOSTS.map((host) => `${app.protocol}//${host}${app.port ? `:${app.port}` : ''}`);
}

/**
 * Whether the WebSocket also lets in pages of the address the server is reached at (the request's Host): in
 * development, when neither APP_URL nor ALLOWED_ORIGINS says where the pages live, so `PORT=3001 npm start`
 * keeps its live updates. Elsewhere the origins are only those of allowedOrigins.
 */
export function allowsRequestHost(env: Record<string, string | undefined> = process.env): boolean {
  return !env.APP_URL && !env.ALLOWED_ORIGINS && (env.NODE_ENV ?? 'development') === 'development';
}

/** Demo data goes only into an empty database, and into a production one only when asked for by SEED_DEMO. */
export function seedsDemo(config: Pick<ApiConfig, 'SEED_DEMO' | 'NODE_ENV' | 'DATABASE_URL'>): boolean {
  if (config.SEED_DEMO !== undefined) return config.SEED_DEMO;
  return config.NODE_ENV !== 'production' && !config.DATABASE_URL;
}
