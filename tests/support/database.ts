import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '../../api/db/client';
import { migrateDatabase } from '../../api/db/migrate';
import { databaseUrl, onServer, requireServerUrl, TEMPLATE_DATABASE } from './postgres-template';

/** A fresh, migrated database of its own: PGlite in memory, or with TEST_DB_KIND=postgres a clone of the template. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB_KIND === 'postgres') return openPostgresClone();
  const handle = await openDatabase({ dataDir: 'memory://' });
  await migrateDatabase(handle);
  return handle;
}

async function openPostgresClone(): Promise<DatabaseHandle> {
  const serverUrl = requireServerUrl();
  const name = `bo_t_${randomBytes(6).toString('hex')}`;
  await createFromTemplate(serverUrl, name);
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
      await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`));
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
