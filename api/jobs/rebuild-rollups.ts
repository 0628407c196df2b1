import { join, resolve } from 'node:path';
import { readApiConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { rebuildRollups } from '../domains/rollup/service';

/** `npm run rollups:rebuild`: recomputes every daily rollup from the raw tables, in one transaction. */
const config = readApiConfig();
const handle = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: join(resolve(config.DATA_DIR), 'pglite'),
});
try {
  await migrateDatabase(handle);
  const started = Date.now();
  await handle.db.transaction((tx) => rebuildRollups(tx));
  console.info(`rollups rebuilt in ${Date.now() - started} ms`);
} finally {
  await handle.close();
}
