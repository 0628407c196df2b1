import { z } from 'zod';

const DEMO_CLIENT_SECRET = 'back-office-secret';

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
    TRUSTED_PROXIES: z.string().default('127.0.0.1,::1,::ffff:127.0.0.1'),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Back Office <no-reply@backoffice.local>'),
    MEDIA_URL: z.string().default('/storage'),
    MEDIA_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(5 * 1024 * 1024),
    PUSHER_APP_ID: z.string().default('back-office'),
    PUSHER_KEY: z.string().default('back-office-key'),
    PUSHER_SECRET: z.string().default('back-office-pusher-secret'),
    PUSHER_HOST: z.string().optional(),
    PUSHER_PORT: z.coerce.number().int().positive().optional(),
    OFFER_TTL_MINUTES: z.coerce.number().int().positive().default(30),
    ORDER_COMPLETE_AFTER_DAYS: z.coerce.number().int().positive().default(3),
    /** How often the offer-expiry and auto-complete sweeps run; 0 turns them off (tests call them directly). */
    SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
    PUSHER_USE_TLS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.OAUTH_CLIENT_SECRET !== DEMO_CLIENT_SECRET, {
    message: 'OAUTH_CLIENT_SECRET must be set to a non-demo value when NODE_ENV=production',
    path: ['OAUTH_CLIENT_SECRET'],
  });

export type ApiConfig = z.infer<typeof configSchema>;

export function readApiConfig(env: Record<string, string | undefined> = process.env): ApiConfig {
  return configSchema.parse(env);
}
