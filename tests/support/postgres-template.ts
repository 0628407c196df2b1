import pg from 'pg';
import { openDatabase } from '../../api/db/client';
import { migrateDatabase } from '../../api/db/migrate';

export const TEMPLATE_DATABASE = 'bo_test_template';

/** The URL of `database` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, database: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export function requireServerUrl() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL must point at a PostgreSQL server for the postgres tests');
  return url;
}

export async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function dropTemplate(serverUrl: string) {
  await onServer(serverUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`),
  );
}

/** Vitest global setup: migrate once into a template; every test file then clones it, which takes milliseconds. */
export default async function setup() {
  const serverUrl = requireServerUrl();
  await dropTemplate(serverUrl);
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`));
  const handle = await openDatabase({ url: databaseUrl(serverUrl, TEMPLATE_DATABASE), dataDir: 'unused' });
  try {
    await migrateDatabase(handle);
  } finally {
    await handle.close();
  }
  return () => dropTemplate(serverUrl);
}
