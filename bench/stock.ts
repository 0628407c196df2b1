/**
 * The stock budgets, against a running server on PostgreSQL (see bench/README.md):
 *
 *   1. import: a 50,000-row stock import (csv) by the demo vendor, all rows of products made for the run
 *      (`BENCH-STK-…`, created once through the database): wall time of the request and the server's RSS
 *      growth (sampled every 50 ms), then the same file again (every row unchanged), then the rows as an
 *      .xlsx with other figures. ROWS=200000 runs the import at its row cap.            ≤ 15 s, ≤ 200 MiB
 *   2. list: the stock list, API (GET /api/brand/{b}/product-stock) and page (/stock signed in), at 20
 *      concurrent, with CPU per request of the server and PostgreSQL.                         p95 ≤ 80 ms
 *   3. mutation: the ledger, API (GET /api/brand/{b}/stock-movement) and page (/stock/mutation), the same way.
 *
 *   DATABASE_URL=postgres://…/bench_stock BASE_URL=http://127.0.0.1:3600 npx tsx bench/stock.ts
 *
 * BRAND_ID (1), ROWS (50000), CONCURRENCY (20), REQUESTS (400); ONLY=import,list,mutation runs a subset.
 */
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import pg from 'pg';
import {
  ADMIN,
  VENDOR,
  apiToken,
  cpuPerRequest,
  cpuUse,
  getJson,
  getOk,
  rssMiB,
  serverPid,
  urlOf,
  waitForQuiet,
  webSession,
  type Auth,
} from './http';
import { ms, runLoad, type LoadStats } from './load';
import { printRows, writeSection, type BudgetRow } from './results';

const brandId = Number(process.env.BRAND_ID ?? 1);
const rowsWanted = Number(process.env.ROWS ?? 50_000);
const concurrency = Number(process.env.CONCURRENCY ?? 20);
const requests = Number(process.env.REQUESTS ?? 400);
const maxMs = Number(process.env.MAX_SECONDS ?? 60) * 1000;
const only = new Set((process.env.ONLY ?? 'import,list,mutation').split(','));
const databaseUrl = process.env.DATABASE_URL;

const rows: BudgetRow[] = [];

function measured(stats: LoadStats) {
  return `p50 ${ms(stats.p50)} · p95 ${ms(stats.p95)} · p99 ${ms(stats.p99)} · ${stats.rps.toFixed(0)} req/s`;
}

function push(row: BudgetRow) {
  console.info(`${row.what}: ${row.measured} → ${row.pass ? 'pass' : 'FAIL'}`);
  rows.push(row);
}

/** The products of the run, one per row, in the brand the demo vendor serves; made once and kept. */
async function benchProducts(vendorBrand: number) {
  if (!databaseUrl) throw new Error('DATABASE_URL must name the server database for the import step');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into products (brand_id, name, sku, vendor_price)
       select $1, 'Produk Bench ' || n, 'BENCH-STK-' || lpad(n::text, 6, '0'), 10000
       from generate_series(1, $2) n
       on conflict (brand_id, sku) do nothing`,
      [vendorBrand, rowsWanted],
    );
    const result = await client.query<{ sku: string }>(
      `select sku from products where brand_id = $1 and sku like 'BENCH-STK-%' and deleted_at is null
       order by sku limit $2`,
      [vendorBrand, rowsWanted],
    );
    return result.rows.map((row) => row.sku);
  } finally {
    await client.end();
  }
}

async function postImport(vendorId: number, token: string, file: Uint8Array, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), name);
  const pid = serverPid();
  const before = rssMiB(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 50);
  const started = performance.now();
  const response = await fetch(urlOf(`/api/vendor/${vendorId}/product-stock/import`), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    body: form,
  });
  const body = await response.text();
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rssMiB(pid));
  if (!response.ok) throw new Error(`import answered ${response.status}: ${body.slice(0, 300)}`);
  return {
    elapsed,
    growth: peak - before,
    body: JSON.parse(body) as { data: { rows: number; changed: number } },
  };
}

/** The same rows as an .xlsx, the way a vendor saves the template back (exceljs's streaming writer). */
async function xlsxOf(rows: [string, number][]) {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: true });
  const sheet = book.addWorksheet('Stok');
  sheet.addRow(['sku', 'quantity']).commit();
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

const IMPORT_BUDGET_MS = 15_000;
const IMPORT_BUDGET_MIB = 200;

async function measureImport() {
  const token = await apiToken(VENDOR);
  const account = await getJson<{ data: { vendor_id: number } }>('/api/account', { token });
  const vendorId = account.data.vendor_id;
  const skus = await benchProducts(brandId);
  // Every run sets new figures (the round), so each import changes every row.
  const round = () => Date.now() % 1000;
  const csvRows = (shift: number) => skus.map((sku, index): [string, number] => [sku, (index + shift) % 500]);
  const csvOf = (rows: [string, number][]) =>
    Buffer.from(['sku,quantity', ...rows.map(([sku, quantity]) => `${sku},${quantity}`)].join('\n'));
  const first = csvRows(round());
  const csv = csvOf(first);
  const xlsx = await xlsxOf(csvRows(round() + 1));
  const size = (bytes: Uint8Array) => `${(bytes.length / 1024 / 1024).toFixed(1)} MB`;
  const runs: { what: string; file: Uint8Array; name: string }[] = [
    {
      what: `import ${skus.length.toLocaleString('en')} rows (csv, ${size(csv)})`,
      file: csv,
      name: 'stok.csv',
    },
    { what: 'import the same file again (nothing changes)', file: csv, name: 'stok.csv' },
    {
      what: `import ${skus.length.toLocaleString('en')} rows (xlsx, ${size(xlsx)})`,
      file: xlsx,
      name: 'stok.xlsx',
    },
  ];
  for (const run of runs) {
    await waitForQuiet('import');
    const result = await postImport(vendorId, token, run.file, run.name);
    push({
      what: run.what,
      measured: `${(result.elapsed / 1000).toFixed(2)} s · server RSS +${result.growth.toFixed(0)} MiB`,
      budget: `≤ ${IMPORT_BUDGET_MS / 1000} s, ≤ ${IMPORT_BUDGET_MIB} MiB`,
      pass: result.elapsed <= IMPORT_BUDGET_MS && result.growth <= IMPORT_BUDGET_MIB,
      note: `${result.body.data.changed} rows changed: one transaction, movements, update-stock history and audit per brand`,
    });
  }
}

async function measureGet(what: string, path: string, auth: Auth, budgetMs: number, note: string) {
  await getOk(path, auth);
  await waitForQuiet(what);
  const before = cpuUse();
  const stats = await runLoad({
    concurrency,
    total: requests,
    warmup: 5,
    maxMs,
    request: () => getOk(path, auth),
  });
  const after = cpuUse();
  push({
    what,
    measured: `${measured(stats)} · CPU/request ${cpuPerRequest(before, after, stats.count)}`,
    budget: `p95 ≤ ${budgetMs} ms`,
    pass: stats.p95 <= budgetMs && stats.errors === 0,
    note: [note, stats.errors ? `${stats.errors} errors, first: ${stats.firstError}` : '']
      .filter(Boolean)
      .join('; '),
  });
}

const admin: Auth = { token: await apiToken(ADMIN) };
const page: Auth = { cookie: await webSession(ADMIN) };

if (only.has('import')) await measureImport();
if (only.has('list')) {
  await measureGet(
    'list API product-stock page 1',
    `/api/brand/${brandId}/product-stock?per_page=10`,
    admin,
    80,
    `${concurrency} concurrent, sorted by products.name, figures for the page`,
  );
  await measureGet(
    'list API product-stock search',
    `/api/brand/${brandId}/product-stock?search=bantal`,
    admin,
    80,
    'name or SKU contains',
  );
  await measureGet('list page /stock', '/stock', page, 150, 'signed-in page, cards and table');
}
if (only.has('mutation')) {
  await measureGet(
    'mutation API stock-movement page 1',
    `/api/brand/${brandId}/stock-movement?per_page=10`,
    admin,
    80,
    'newest first, with its total',
  );
  await measureGet(
    'mutation API stock-movement by SKU',
    `/api/brand/${brandId}/stock-movement?sku=BENCH-STK-0001`,
    admin,
    80,
    'SKU contains',
  );
  await measureGet('mutation page /stock/mutation', '/stock/mutation', page, 150, 'signed-in page');
}

printRows(rows);
writeSection('stock.ts', `${new Date().toISOString().slice(0, 10)}, brand ${brandId}`, rows);
