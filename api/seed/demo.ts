import { performance } from 'node:perf_hooks';
import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../access/passwords';
import type { Database, Transaction } from '../db/client';
import * as schema from '../db/schema';
import { queryRows, syncIdSequences } from './bulk-insert';
import { seedCatalogue } from './catalogue';
import { deriveFromSales } from './derived';
import { seedNotifications } from './notifications';
import { createRandom, seedFrom } from './random';
import { seedPromotions } from './promotions';
import { rebuildRollups } from './rollups';
import { seedSales } from './sales';
import { DEMO_PASSWORD, seedWorld } from './world';

export const DEFAULT_DEMO_ORDERS = 4000;

/**
 * From this size on the seed skips foreign key checks (when the role may): they cost some 40% of a large
 * seed. The generator is the same at every size and runs with the checks at demo size, so its rows hold.
 */
const SKIP_FOREIGN_KEY_CHECKS_FROM = 50_000;

async function skipForeignKeyChecks(tx: Transaction) {
  const [role] = await queryRows<{ superuser: boolean }>(
    tx,
    sql`select rolsuper as superuser from pg_roles where rolname = current_user`,
  );
  if (role?.superuser) await tx.execute(sql`set local session_replication_role = replica`);
}

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
 * The demo data set, the same for the same `now` and `orders`: two brands on Tokopedia and
 * Shopee, twenty vendors, catalogues and stock, a year of invoices and orders in every status, offers
 * pending for vendor@demo.test, payments, notifications and the dashboard rollups. Expects migrated, empty tables.
 */
export async function seedDemo(input: { db: Database; now: Date; orders?: number }): Promise<SeedSummary> {
  return (await seedDemoUnlessSeeded({ ...input, onlyIntoEmpty: false })) as SeedSummary;
}

/** Taken by a seed that must run once however many instances start on an empty database at the same time. */
const SEED_LOCK = 71_020;

/** The demo into an empty database; `onlyIntoEmpty`, a database that has roles already is left alone (null). */
export async function seedDemoUnlessSeeded({
  db,
  now,
  orders = DEFAULT_DEMO_ORDERS,
  onlyIntoEmpty,
}: {
  db: Database;
  now: Date;
  orders?: number;
  onlyIntoEmpty: boolean;
}): Promise<SeedSummary | null> {
  const startedAt = performance.now();
  // Argon2 is slow on purpose, so the demo accounts share one hash of the one demo password.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const counts = await db.transaction(async (tx) => {
    if (onlyIntoEmpty) {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      const [row] = await queryRows<{ seeded: boolean }>(
        tx,
        sql`select exists (select 1 from roles) as seeded`,
      );
      if (row.seeded) return null;
    }
    if (orders >= SKIP_FOREIGN_KEY_CHECKS_FROM) await skipForeignKeyChecks(tx);
    const rng = createRandom(seedFrom(`demo:${now.toISOString()}`));
    const world = await seedWorld({ db: tx, rng, now, passwordHash });
    const catalogue = await seedCatalogue({ db: tx, rng, world, orders });
    const sales = await seedSales({ db: tx, rng, world, catalogue, orderTarget: orders });
    await deriveFromSales(tx, world);
    await rebuildRollups(tx);
    await seedPromotions(tx, world);
    await seedNotifications({ db: tx, rng, world, catalogue, sales });
    await syncIdSequences(tx, serialTableNames());
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
  if (!counts) return null;
  await db.execute(sql`analyze`);
  return { ...counts, durationMs: Math.round(performance.now() - startedAt) };
}
