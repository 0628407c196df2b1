import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database, type DatabaseHandle } from '../../api/db/client';
import { migrateDatabase } from '../../api/db/migrate';
import { keepEventLoopTurning } from '../../api/db/pglite-turns';
import * as schema from '../../api/db/schema';
import { inject } from 'vitest';
import { databaseUrl, onServer, requireServerUrl } from './postgres-template';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MIGRATIONS = join(ROOT, 'api/db/migrations');
const SNAPSHOT_DIR = join(ROOT, 'node_modules/.cache/back-office-tests');

/** A fresh, migrated database of its own: PGlite in memory, or with TEST_DB_KIND=postgres a clone of the template. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB_KIND === 'postgres') return openPostgresClone();
  return openPgliteFromSnapshot();
}

/**
 * Booting PGlite runs initdb, about 3 s a test file on this machine; loading a data directory dumped right after the
 * migrations takes about 1 s. The snapshot is named by the migrations and the PGlite version, so a new migration
 * makes a new one; migrateDatabase still runs on every copy as a guard.
 */
async function openPgliteFromSnapshot(): Promise<DatabaseHandle> {
  const file = join(SNAPSHOT_DIR, `pglite-${await migrationsFingerprint()}.tar`);
  const snapshot = await readFile(file).catch(() => null);
  if (!snapshot) {
    const handle = await openDatabase({ dataDir: 'memory://' });
    await migrateDatabase(handle);
    await saveSnapshot(clientOf(handle.db), file);
    return handle;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const client = keepEventLoopTurning(
    new PGlite({ loadDataDir: new Blob([snapshot]), extensions: { pg_trgm, btree_gist } }),
  );
  await client.waitReady;
  const handle: DatabaseHandle = {
    db: drizzle(client, { schema }) as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
  };
  await migrateDatabase(handle);
  return handle;
}

function clientOf(db: Database) {
  return (db as unknown as { $client: PGlite }).$client;
}

async function saveSnapshot(client: PGlite, file: string) {
  const dump = await client.dumpDataDir('none');
  await mkdir(SNAPSHOT_DIR, { recursive: true });
  // Written aside and renamed, so a worker building the same snapshot at the same time never reads half a file.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  // Snapshots of earlier migrations are never read again.
  for (const name of await readdir(SNAPSHOT_DIR)) {
    if (/^pglite-\w+\.tar$/.test(name) && join(SNAPSHOT_DIR, name) !== file) {
      await rm(join(SNAPSHOT_DIR, name), { force: true });
    }
  }
}

async function migrationsFingerprint() {
  const hash = createHash('sha256');
  const { version } = JSON.parse(
    await readFile(join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  hash.update(version);
  for (const name of await listFiles(MIGRATIONS)) {
    hash.update(name).update(await readFile(join(MIGRATIONS, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(join(dir, prefix), { withFileTypes: true });
  const names = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? listFiles(dir, join(prefix, entry.name)) : [join(prefix, entry.name)],
    ),
  );
  return names.flat().sort();
}

async function openPostgresClone(): Promise<DatabaseHandle> {
  const serverUrl = requireServerUrl();
  const name = `bo_t_${randomBytes(6).toString('hex')}`;
  await createFromTemplate(serverUrl, name);
  // A test's tables are small and never analyzed, so the planner takes them for a few pages each and splits a
  // statement over many of them (the fuzz tests' checksum of every table) across parallel workers, which cost
  // more to start than the scan: 85 ms a checksum instead of 1.5, and the PostgreSQL fuzz file took 84 s, not 15.
  await onServer(serverUrl, (client) =>
    client.query(`ALTER DATABASE ${name} SET max_parallel_workers_per_gather = 0`),
  );
  const handle = await openDatabase({ url: databaseUrl(serverUrl, name), dataDir: 'unused' });
  return {
    ...handle,
    async close() {
      await handle.close();
      await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** Cloning fails while another session is connected to the template (55006); such sessions are brief, so retry. */
async function createFromTemplate(serverUrl: string, name: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await onServer(serverUrl, (client) =>
        client.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`),
      );
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
