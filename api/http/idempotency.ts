import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Context, Next } from 'hono';
import { idempotencyKeys } from '../db/schema';
import type { ApiEnv } from './context';
import { ApiError, conflict, validationFailed } from '../api-error';

/** A first request that has not answered by then crashed or hung: a retry may run it again. */
const ABANDONED_AFTER_MS = 120_000;
const WAIT_STEP_MS = 100;
const WAIT_LIMIT_MS = 15_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * What makes two requests the same: method, path and body. A multipart body is compared by its fields and files,
 * not its bytes, since each sending picks a new boundary.
 */
async function requestHash(c: Context<ApiEnv>) {
  const hash = createHash('sha256').update(`${c.req.method} ${c.req.path}\n`);
  if (!(c.req.header('content-type') ?? '').includes('multipart/form-data')) {
    return hash.update(Buffer.from(await c.req.raw.clone().arrayBuffer())).digest('hex');
  }
  let form: FormData;
  try {
    form = await c.req.raw.clone().formData();
  } catch {
    throw new ApiError(400, 'The request body is not a valid form.');
  }
  for (const [name, value] of form.entries()) {
    hash.update(`${name}\0`);
    if (typeof value === 'string') hash.update(`${value}\0`);
    else
      hash
        .update(`${value.name}\0${value.type}\0`)
        .update(Buffer.from(await value.arrayBuffer()))
        .update('\0');
  }
  return hash.digest('hex');
}

/**
 * Stripe's `Idempotency-Key` for writes of a signed-in user: the first request with a key runs, and when it
 * succeeds its answer is kept; the same key with the same request answers that again without running it, and
 * while the first is still running waits for it; the same key with another request is a 422. A refused or failed
 * request keeps nothing, so a form corrected after its errors can be sent again under the same key.
 */
export async function idempotent(c: Context<ApiEnv>, next: Next) {
  const key = c.req.header('idempotency-key');
  if (key === undefined || c.req.method === 'GET' || c.get('idempotencyKey')) return next();
  if (!KEY_PATTERN.test(key)) {
    throw validationFailed({ idempotency_key: ['The idempotency key must be 1 to 255 visible characters.'] });
  }
  c.set('idempotencyKey', key);
  const { db, clock } = c.var.deps;
  const userId = c.var.user.id;
  const hash = await requestHash(c);
  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash: hash, createdAt: clock() })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { createdAt: clock(), requestHash: hash },
      // Only an abandoned first attempt of the same request is taken over.
      setWhere: and(
        sql`${idempotencyKeys.status} is null`,
        eq(idempotencyKeys.requestHash, hash),
        lt(idempotencyKeys.createdAt, new Date(clock().getTime() - ABANDONED_AFTER_MS)),
      ),
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed) return runFirst(c, next, mine);

  for (let waited = 0; waited <= WAIT_LIMIT_MS; waited += WAIT_STEP_MS) {
    const [first] = await db.select().from(idempotencyKeys).where(mine);
    if (!first) return runFirst(c, next, mine);
    if (first.requestHash !== hash) {
      throw validationFailed({
        idempotency_key: ['This idempotency key was already used for a different request.'],
      });
    }
    if (first.status !== null) {
      return new Response(first.response, {
        status: first.status,
        headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true' },
      });
    }
    await sleep(WAIT_STEP_MS);
  }
  throw conflict('A request with this idempotency key is still in progress.');
}

async function runFirst(c: Context<ApiEnv>, next: Next, mine: ReturnType<typeof and>) {
  const { db } = c.var.deps;
  try {
    await next();
  } catch (error) {
    await db.delete(idempotencyKeys).where(mine);
    throw error;
  }
  if (c.res.status >= 300) {
    await db.delete(idempotencyKeys).where(mine);
    return;
  }
  const response = await c.res.clone().text();
  await db.update(idempotencyKeys).set({ status: c.res.status, response }).where(mine);
}
