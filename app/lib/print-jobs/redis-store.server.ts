import { Redis } from 'ioredis';
import { JOB_TTL_SECONDS, type PrintJob, type PrintJobStore } from './job.server';

/** Print jobs as Redis keys that expire on their own, like the sessions (docs/decisions/015, 045). */
export function createRedisJobStore(url: string): PrintJobStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  const jobKey = (id: string) => `print-job:${id}`;
  const fileKey = (id: string) => `print-job:${id}:file`;
  const latestKey = (userId: number, voucherId: number) => `print-job:latest:${userId}:${voucherId}`;
  return {
    async save(job) {
      await redis.set(jobKey(job.id), JSON.stringify(job), 'EX', JOB_TTL_SECONDS);
    },
    async get(id) {
      const raw = await redis.get(jobKey(id));
      return raw ? (JSON.parse(raw) as PrintJob) : null;
    },
    async saveFile(id, bytes) {
      await redis.set(fileKey(id), Buffer.from(bytes), 'EX', JOB_TTL_SECONDS);
    },
    readFile(id) {
      return redis.getBuffer(fileKey(id));
    },
    latestFor(userId, voucherId) {
      return redis.get(latestKey(userId, voucherId));
    },
    async setLatestFor(userId, voucherId, id) {
      await redis.set(latestKey(userId, voucherId), id, 'EX', JOB_TTL_SECONDS);
    },
  };
}
