import { performance } from 'node:perf_hooks';
import { hash, type Algorithm } from '@node-rs/argon2';
import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import { queryRows, syncIdSequences } from './bulk-insert';
import { seedCatalogue } from './catalogue';
import { deriveFromSales } from './derived';
import { seedNotifications } from './notifications';
import { createRandom, seedFrom } from './random';
import { rebuildRollups } from './rollups';
import { seedSales } from './sales';
import { DEMO_PASSWORD, seedWorld } from './world';

export const DEFAULT_DEMO_ORDERS = 4000;

// Algorithm is an ambient const enum, which isolatedModules cannot read (and the native module exports
// no runtime object for it); 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm;

export type SeedSummary = {
  orders: number;
  invoices: number;
  invoiceOffers: number;
  pendingDemoOffers: number;
  customers: number;
  products: number;
  vendors: number;
  users: number;
  sendPayments: number;
  notifications: number;
  durationMs: number;
};

function serialTableNames(): string[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .filter((table) => {
      const id = (getTableColumns(table) as Record<string, { getSQLType(): string } | undefined>).id;
      return id !== undefined && ['serial', 'bigserial'].includes(id.getSQLType());
    })
    .map((table) => getTableName(table));
}

/**
 * The demo data set of DESIGN §7, the same for the same `now` and `orders`: two brands on Tokopedia and
 * Shopee, twenty vendors, catalogues and stock, a year of invoices and orders in every status, offers
 * pending for vendor@demo.test, payments, notifications and the dashboard rollups. Expects migrated, empty tables.
 */
export async function seedDemo({
  db,
  now,
  orders = DEFAULT_DEMO_ORDERS,
}: {
  db: Database;
  now: Date;
  orders?: number;
}): Promise<SeedSummary> {
  const startedAt = performance.now();
  // Argon2 is slow on purpose, so the demo accounts share one hash of the one demo password.
  console.time('hash');
  const passwordHash = await hash(DEMO_PASSWORD, { algorithm: ARGON2ID });
  console.timeEnd('hash');
  const counts = await db.transaction(async (tx) => {
    const rng = createRandom(seedFrom(`demo:${now.toISOString()}`));
    console.time('seedWorld');
    const world = await seedWorld({ db: tx, rng, now, passwordHash });
    console.timeEnd('seedWorld');
    console.time('seedCatalogue');
    const catalogue = await seedCatalogue({ db: tx, rng, world });
    console.timeEnd('seedCatalogue');
    console.time('seedSales');
    const sales = await seedSales({ db: tx, rng, world, catalogue, orderTarget: orders });
    console.timeEnd('seedSales');
    console.time('deriveFromSales');
    await deriveFromSales(tx, world);
    console.timeEnd('deriveFromSales');
    console.time('rebuildRollups');
    await rebuildRollups(tx);
    console.timeEnd('rebuildRollups');
    console.time('seedNotifications');
    await seedNotifications({ db: tx, rng, world, catalogue, sales });
    console.timeEnd('seedNotifications');
    console.time('syncIdSequences');
    await syncIdSequences(tx, serialTableNames());
    console.timeEnd('syncIdSequences');
    const [row] = await queryRows<Record<Exclude<keyof SeedSummary, 'durationMs'>, number>>(
      tx,
      sql`select
        (select count(*) from orders)::int as "orders",
        (select count(*) from invoices)::int as "invoices",
        (select count(*) from invoice_offers)::int as "invoiceOffers",
        (select count(*) from invoice_offers where status = 'pending' and vendor_id = ${world.demoVendorId})::int as "pendingDemoOffers",
        (select count(*) from customers)::int as "customers",
        (select count(*) from products)::int as "products",
        (select count(*) from vendors)::int as "vendors",
        (select count(*) from users)::int as "users",
        (select count(*) from send_payments)::int as "sendPayments",
        (select count(*) from notifications)::int as "notifications"`,
    );
    return row;
  });
  console.time('analyze');
  await db.execute(sql`analyze`);
  console.timeEnd('analyze');
  return { ...counts, durationMs: Math.round(performance.now() - startedAt) };
}
