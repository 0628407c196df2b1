import { z } from 'zod';

/** A push to a marketplace as the channel request log keeps it (listings and promotions alike). */
export const requestLogSchema = z.object({
  id: z.number(),
  action: z.string(),
  status: z.string(),
  status_code: z.number(),
  duration_ms: z.number(),
  request: z.unknown(),
  response: z.unknown(),
  created_at: z.string(),
});
export type RequestLog = z.infer<typeof requestLogSchema>;
