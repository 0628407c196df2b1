import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../api/db/client';
import { migrateDatabase } from '../../api/db/migrate';
import { products, stockMovements, updateStockHistories, vendorStocks } from '../../api/db/schema';
import { CLIENT } from '../support/api';
import { databaseUrl, onServer } from '../support/postgres-template';
import { createWorld, type World } from '../support/world';

/**
 * The API as its own process on PostgreSQL, killed with SIGKILL while a 10,000-row import is inside its
 * transaction: after the restart the stock is exactly as before (no half-written rows, movements or history).
 * Runs in the PostgreSQL suite only (TEST_DATABASE_URL; vitest.config.ts), where a process can die beside a
 * database that lives on.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const serverUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(serverUrl);
const ROWS = 10_000;

let handle: DatabaseHandle;
let world: World;
let dataDir: string;
let url: string;
const name = `bo_crash_${randomBytes(5).toString('hex')}`;
const children: ChildProcess[] = [];

async function freePort() {
  return new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startApi(port: number) {
  // Node itself runs the API (tsx as a loader, not as a wrapper process), so SIGKILL reaches the API.
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      API_PORT: String(port),
      SWEEP_INTERVAL_SECONDS: '0',
      SEED_DEMO: 'false',
      PDF_WARM: 'false',
      // No real-time server in the child: nothing here listens to its events.
      PUSHER_HOST: '127.0.0.1',
      PUSHER_PORT: '9',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the API did not start in 60 s')), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('upstream API on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the API exited with ${code}`)));
  });
  return child;
}

async function login(port: number) {
  const response = await fetch(`http://127.0.0.1:${port}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      username: world.users.vendor1.email,
      password: world.password,
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
    }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

async function stockState() {
  const [stock] = await handle.db
    .select({ rows: sql<number>`count(*)`, units: sql<number>`coalesce(sum(${vendorStocks.quantity}), 0)` })
    .from(vendorStocks);
  const [movements] = await handle.db.select({ n: sql<number>`count(*)` }).from(stockMovements);
  const [histories] = await handle.db.select({ n: sql<number>`count(*)` }).from(updateStockHistories);
  return {
    rows: Number(stock.rows),
    units: Number(stock.units),
    movements: Number(movements.n),
    histories: Number(histories.n),
  };
}

beforeAll(async () => {
  if (!onPostgres || !serverUrl) return;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  url = databaseUrl(serverUrl, name);
  handle = await openDatabase({ url, dataDir: 'unused' });
  await migrateDatabase(handle);
  world = await createWorld(handle.db);
  dataDir = await mkdtemp(join(tmpdir(), 'bo-crash-'));
  const inserted = await handle.db
    .insert(products)
    .values(
      Array.from({ length: ROWS }, (_, index) => ({
        brandId: world.brands.A,
        categoryId: world.categories.A.parent,
        name: `Produk ${index}`,
        sku: `CRASH-${index}`,
      })),
    )
    .returning({ id: products.id });
  // Half the products already have stock; the import would create the other half's rows.
  await handle.db
    .insert(vendorStocks)
    .values(
      inserted
        .filter((_, index) => index % 2 === 0)
        .map((row) => ({ vendorId: world.vendors.V1, productId: row.id, quantity: 5 })),
    );
}, 120_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await handle?.close();
  if (onPostgres && serverUrl) {
    await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('an import killed mid-way (PostgreSQL)', () => {
  it('leaves the stock as it was before, and the restarted API serves it', async () => {
    const before = await stockState();
    const port = await freePort();
    const child = await startApi(port);
    const token = await login(port);

    // Hold the brand's row: the import, after writing its stock rows and movements, waits on it to record
    // the brand's update-stock history (the history's foreign key takes a share lock on it).
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('select 1 from brands where id = $1 for update', [world.brands.A]);

    const csv = [
      'sku,quantity',
      ...Array.from({ length: ROWS }, (_, index) => `CRASH-${index},${index % 50}`),
    ].join('\n');
    const form = new FormData();
    form.append('file', new Blob([csv]), 'stok.csv');
    const posted = fetch(`http://127.0.0.1:${port}/api/vendor/${world.vendors.V1}/product-stock/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      body: form,
    }).then(
      (response) => response.status,
      () => 'cut' as const,
    );

    // The import is mid-way once its transaction has written stock movements (and then waits for the brand).
    const deadline = Date.now() + 60_000;
    for (;;) {
      const waiting = await blocker.query(
        `select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
         where l.database = (select oid from pg_database where datname = current_database())
           and c.relname = 'stock_movements' and l.mode = 'RowExclusiveLock' and l.pid <> pg_backend_pid()`,
      );
      if (waiting.rows[0].n > 0) break;
      if (Date.now() > deadline) throw new Error('the import never reached its transaction');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill('SIGKILL');
    expect(await posted).toBe('cut');
    await blocker.query('rollback');
    await blocker.end();

    // The server notices the dead connection and rolls its transaction back.
    for (let tries = 0; tries < 100; tries++) {
      const open = await handle.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = ${name} and backend_xid is not null`,
      );
      if (Number((open as unknown as { rows: { n: number }[] }).rows[0].n) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await stockState()).toEqual(before);

    const again = await freePort();
    await startApi(again);
    const list = await fetch(
      `http://127.0.0.1:${again}/api/vendor/${world.vendors.V1}/product-stock?search=CRASH-0&per_page=1`,
      { headers: { authorization: `Bearer ${await login(again)}`, accept: 'application/json' } },
    );
    expect(list.status).toBe(200);
    expect(await stockState()).toEqual(before);
  }, 180_000);
});
