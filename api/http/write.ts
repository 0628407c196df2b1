import type { Context } from 'hono';
import { runWrite, type Work, type WriteContext } from '../work/unit-of-work';
import type { ApiEnv } from './context';

/** The request's user, from the request's address, at the API's clock. */
export function writeContextOf(c: Context<ApiEnv>): WriteContext {
  return { actorId: c.var.user?.id ?? null, ip: c.var.clientIp, at: c.var.deps.clock() };
}

/** Runs `body` as one unit of work of the request. */
export function write<T>(c: Context<ApiEnv>, body: (work: Work) => Promise<T>): Promise<T> {
  return runWrite(c.var.deps, writeContextOf(c), body);
}
