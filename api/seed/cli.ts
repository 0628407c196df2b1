import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { queryRows } from './bulk-insert';
import { DEFAULT_DEMO_ORDERS, seedDemo } from './demo';

function seconds(ms: number) {
  return `${(ms / 1000).toFixed(1)} s`;
}

async function main() {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string', default: String(DEFAULT_DEMO_ORDERS) },
      reset: { type: 'boolean', default: false },
    },
  });
  const orders = Number(values.orders);
  if (!Number.isInteger(orders) || orders < 0)
    throw new Error(`--orders must be a whole number, got ${values.orders}`);

  const handle = await openDatabase({
    url: process.env.DATABASE_URL,
    dataDir: join(process.env.DATA_DIR ?? './data', 'pglite'),
  });
  try {
    const started = performance.now();
    if (values.reset) {
      await handle.db.execute(sql`drop schema if exists drizzle cascade`);
      await handle.db.execute(sql`drop schema if exists public cascade`);
      await handle.db.execute(sql`create schema public`);
    }
    await migrateDatabase(handle);
    const migrated = performance.now();
    const [existing] = await queryRows<{ seeded: boolean }>(
      handle.db,
      sql`select exists (select 1 from roles) as seeded`,
    );
    if (existing.seeded) {
      console.error('The database already holds data; run again with --reset to replace it.');
      process.exitCode = 1;
      return;
    }
    const summary = await seedDemo({ db: handle.db, now: new Date(), orders });
    // Fresh statistics and a visibility map, so the first queries plan well and index-only scans stay so.
    await handle.db.execute(sql`vacuum analyze`);
    console.info(
      `Seeded ${handle.kind}: ${summary.orders} orders, ${summary.invoices} invoices, ${summary.invoiceOffers} offers ` +
        `(${summary.pendingDemoOffers} pending for vendor@demo.test), ${summary.customers} customers, ` +
        `${summary.products} products, ${summary.vendors} vendors, ${summary.users} users, ` +
        `${summary.sendPayments} payments, ${summary.notifications} notifications in ${seconds(performance.now() - started)} ` +
        `(migrate ${seconds(migrated - started)}, seed ${seconds(summary.durationMs)})`,
    );
  } finally {
    await handle.close();
  }
}

await main();
