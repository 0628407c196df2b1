import { lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';

const KEPT_MS = 24 * 60 * 60 * 1000;

/** Idempotency keys are honoured for a day, as Stripe's are; older ones are dropped. */
export async function sweepIdempotencyKeys(db: Database, clock: () => Date) {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(clock().getTime() - KEPT_MS)));
}
