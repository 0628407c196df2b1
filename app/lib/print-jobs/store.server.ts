import { join, resolve } from 'node:path';
import { env } from '../env.server';
import { createFileJobStore } from './file-store.server';
import type { PrintJobStore } from './job.server';
import { createRedisJobStore } from './redis-store.server';

let store: PrintJobStore | null = null;

/** Where sessions live, jobs live: Redis with REDIS_URL (every instance), else files under DATA_DIR. */
export function printJobStore(): PrintJobStore {
  store ??= env.REDIS_URL
    ? createRedisJobStore(env.REDIS_URL)
    : createFileJobStore(join(resolve(env.DATA_DIR), 'print-jobs'));
  return store;
}
