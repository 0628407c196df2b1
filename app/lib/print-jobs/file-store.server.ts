import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JOB_TTL_SECONDS, type PrintJob, type PrintJobStore } from './job.server';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Print jobs as files under `dir`, beside the file sessions: every instance sharing DATA_DIR reads them. Each
 * write goes to a new file renamed into place, so a reader never sees half of one. Files older than the jobs'
 * lifetime are removed when a job starts.
 */
export function createFileJobStore(dir: string): PrintJobStore {
  let made: Promise<unknown> | null = null;
  const ready = () => (made ??= mkdir(dir, { recursive: true }));
  const path = (name: string) => {
    if (!ID.test(name.replace(/\.(json|pdf)$/, ''))) throw new Error('not a print job name');
    return join(dir, name);
  };

  async function put(name: string, data: string | Uint8Array) {
    await ready();
    const temporary = join(dir, `.${randomBytes(8).toString('hex')}.tmp`);
    await writeFile(temporary, data);
    await rename(temporary, path(name));
  }

  async function take(name: string): Promise<Buffer | null> {
    try {
      return await readFile(path(name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async function sweep() {
    const cutoff = Date.now() - JOB_TTL_SECONDS * 1000;
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const file = join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && info.mtimeMs < cutoff) await rm(file, { force: true });
    }
  }

  return {
    save: (job) => put(`${job.id}.json`, JSON.stringify(job)),
    async get(id) {
      if (!ID.test(id)) return null;
      const raw = await take(`${id}.json`);
      return raw ? (JSON.parse(raw.toString('utf8')) as PrintJob) : null;
    },
    saveFile: (id, bytes) => put(`${id}.pdf`, bytes),
    readFile: (id) => (ID.test(id) ? take(`${id}.pdf`) : Promise.resolve(null)),
    async latestFor(userId, voucherId) {
      const raw = await take(`latest-${userId}-${voucherId}.json`);
      return raw ? String(JSON.parse(raw.toString('utf8'))) : null;
    },
    async setLatestFor(userId, voucherId, id) {
      await sweep();
      await put(`latest-${userId}-${voucherId}.json`, JSON.stringify(id));
    },
  };
}
