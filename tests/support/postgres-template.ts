import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../api/db/client';
import { migrateDatabase } from '../../api/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

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

async function dropTemplate(serverUrl: string, template: string) {
  await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
}

/**
 * Vitest global setup: migrate once into a template; every test file then clones it, which takes milliseconds.
 * The template is named after this run, so two runs against one server never share it.
 */
export default async function setup(project: TestProject) {
  const serverUrl = requireServerUrl();
  const template = `bo_test_template_${process.pid}`;
  await dropTemplate(serverUrl, template);
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${template}`));
  const handle = await openDatabase({ url: databaseUrl(serverUrl, template), dataDir: 'unused' });
  try {
    await migrateDatabase(handle);
  } finally {
    await handle.close();
  }
  project.provide('templateDatabase', template);
  return () => dropTemplate(serverUrl, template);
}
