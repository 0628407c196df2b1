/**
 * What one request costs the machine (server + PostgreSQL CPU), beside a floor measured in the same run: a bare
 * `node:http` + `pg` server answering the same order-list page with the same SQL as prepared statements
 * (bench/floor.ts, started here). Each subject is measured right after a fresh floor measurement, so every row
 * carries the floor of its own moment and a busy machine shows in both (see bench/README.md).
 *
 *   1. GET /api/brand/{b}/order (page 1, the API's defaults)   CPU ≤ 1.5 × the floor's · p50 one at a time ≤ 3 ms
 *   2. /order, signed in as the administrator                   CPU ≤ 6 ms per page · p50 ≤ 10 ms
 *   3. /dashboard/ringkasan (the last 7 days)                   CPU ≤ 12 ms per page · p50 ≤ 25 ms
 *   4. every widget call of both sides (the last 7 days)        PostgreSQL CPU ≤ 1 ms per call
 *   and for each of 1–3, p95 at 20 concurrent beside the bound N × CPU ÷ cores (information).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench OAUTH_CLIENT_SECRET=bench-secret \
 *     BASE_URL=http://127.0.0.1:3600 npx tsx bench/cpu.ts
 *
 * BRAND_ID (1), VENDOR_ID (1), REQUESTS (300: one at a time, per subject and per floor), CONCURRENT (400 at 20),
 * PAGE_REQUESTS (150 / 200), WIDGET_REQUESTS (40 per call), FLOOR_PORT (3690) or FLOOR_URL (a floor already
 * running; give FLOOR_PID then); ONLY=list,order,ringkasan,widgets runs a subset.
 * PostgreSQL's CPU counts the backends of DATABASE_URL's database only (bench/http.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { widgetsOf } from '../api/domains/dashboard/widgets';
import {
  ADMIN,
  BASE_URL,
  apiToken,
  benchServerPids,
  cpuDelta,
  cpuUse,
  getJson,
  getOk,
  jakartaDay,
  serverPid,
  waitForQuiet,
  webSession,
  type Auth,
} from './http';
import { ms, runLoad, type LoadStats } from './load';
import { printRows, writeSection, type BudgetRow } from './results';

const brandId = Number(process.env.BRAND_ID ?? 1);
const vendorId = Number(process.env.VENDOR_ID ?? 1);
const requests = Number(process.env.REQUESTS ?? 300);
const concurrent = Number(process.env.CONCURRENT ?? 400);
const widgetRequests = Number(process.env.WIDGET_REQUESTS ?? 40);
const only = new Set((process.env.ONLY ?? 'list,order,ringkasan,widgets').split(','));
const cores = availableParallelism();
const N = 20;

// The floor ----------------------------------------------------------------------------------------------------
let floorProcess: ChildProcess | null = null;
const floorUrl = process.env.FLOOR_URL ?? `http://127.0.0.1:${process.env.FLOOR_PORT ?? 3690}`;
let floorPid: number;
if (process.env.FLOOR_URL) {
  floorPid = process.env.FLOOR_PID ? Number(process.env.FLOOR_PID) : serverPid(floorUrl);
} else {
  if (!process.env.DATABASE_URL) throw new Error('bench/cpu.ts needs DATABASE_URL for its floor');
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/floor.ts'], {
    env: { ...process.env, FLOOR_PORT: new URL(floorUrl).port, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  floorProcess = child;
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`bench/floor.ts exited with ${code}`)));
  });
  floorPid = child.pid as number;
}
process.on('exit', () => floorProcess?.kill());

const admin: Auth = { token: await apiToken(ADMIN) };
const listPath = `/api/brand/${brandId}/order`;
const floorPath = `${floorUrl}${listPath}`;

// The floor answers what the API answers, or it is no floor.
const [floorAnswer, apiAnswer] = await Promise.all([
  getJson<unknown>(floorPath, {}),
  getJson<unknown>(listPath, admin),
]);
if (!isDeepStrictEqual(floorAnswer, apiAnswer)) {
  throw new Error(
    `the floor's answer differs from the API's:\n${JSON.stringify(floorAnswer).slice(0, 600)}\n${JSON.stringify(apiAnswer).slice(0, 600)}`,
  );
}
const listed = (apiAnswer as { meta: { total: number } }).meta.total;

// Measuring ----------------------------------------------------------------------------------------------------
type Cpu = { server: number; database: number; total: number };
type Measured = { alone: LoadStats; aloneCpu: Cpu; loaded?: LoadStats; loadedCpu?: Cpu; idle: number };

function perRequest(delta: { server: number; database: number }, count: number): Cpu {
  const server = delta.server / Math.max(1, count);
  const database = delta.database / Math.max(1, count);
  return { server, database, total: server + database };
}

/** One at a time (CPU per request and p50), then N at a time unless `loadedTotal` is 0 (p95). */
async function measure(
  label: string,
  pids: number[],
  request: () => Promise<unknown>,
  aloneTotal: number,
  loadedTotal: number,
): Promise<Measured> {
  const idle = await waitForQuiet(label);
  for (let i = 0; i < 5; i++) await request();
  let before = cpuUse(pids);
  const alone = await runLoad({ concurrency: 1, total: aloneTotal, request });
  const aloneCpu = perRequest(cpuDelta(before, cpuUse(pids)), alone.count);
  if (!loadedTotal) return { alone, aloneCpu, idle };
  before = cpuUse(pids);
  const loaded = await runLoad({ concurrency: N, total: loadedTotal, request });
  const loadedCpu = perRequest(cpuDelta(before, cpuUse(pids)), loaded.count);
  return { alone, aloneCpu, loaded, loadedCpu, idle };
}

function cpuText(cpu: Cpu) {
  return `${ms(cpu.total, 2)} (server ${cpu.server.toFixed(2)} + PostgreSQL ${cpu.database.toFixed(2)})`;
}

function boundText(measured: Measured) {
  const { loaded, loadedCpu } = measured;
  if (!loaded || !loadedCpu) return '';
  return `p95 ${ms(loaded.p95)} · bound ${N} × ${loadedCpu.total.toFixed(2)} ÷ ${cores} = ${ms((N * loadedCpu.total) / cores)}`;
}

const rows: BudgetRow[] = [];
function push(row: BudgetRow) {
  console.info(
    `${row.what}: ${row.measured}${row.floor ? ` | floor ${row.floor}` : ''} → ${row.pass === null ? 'info' : row.pass ? 'pass' : 'FAIL'}`,
  );
  rows.push(row);
}

const servers = benchServerPids();
const floorOnce = () => getOk(floorPath, {});

/** The floor, measured afresh just before a subject. */
function measureFloor(label: string) {
  return measure(`floor before ${label}`, [floorPid], floorOnce, requests, concurrent);
}

/** The three rows of a page or call: CPU per request, p50 one at a time, p95 at N against its bound. */
function subjectRows(
  name: string,
  subject: Measured,
  floor: Measured,
  budgets: { cpu: (cpu: Cpu) => [string, boolean]; p50: number },
) {
  const [cpuBudget, cpuPass] = budgets.cpu(subject.aloneCpu);
  const floorCpu = floor.aloneCpu.total;
  push({
    what: `${name}: CPU per request, one at a time (${subject.alone.count})`,
    measured: `${cpuText(subject.aloneCpu)} = ${(subject.aloneCpu.total / floorCpu).toFixed(2)} × floor`,
    floor: cpuText(floor.aloneCpu),
    budget: cpuBudget,
    pass: cpuPass,
    note: `at ${N} concurrent: ${subject.loadedCpu ? cpuText(subject.loadedCpu) : '–'}, floor ${floor.loadedCpu ? cpuText(floor.loadedCpu) : '–'}; CPU idle before ${subject.idle.toFixed(0)} %`,
  });
  push({
    what: `${name}: p50 one at a time`,
    measured: `p50 ${ms(subject.alone.p50)} · p95 ${ms(subject.alone.p95)}`,
    floor: `p50 ${ms(floor.alone.p50)} · p95 ${ms(floor.alone.p95)}`,
    budget: `p50 ≤ ${budgets.p50} ms`,
    pass: subject.alone.p50 <= budgets.p50 && subject.alone.errors === 0,
  });
  if (subject.loaded) {
    push({
      what: `${name}: p95 at ${N} concurrent (${subject.loaded.count})`,
      measured: `${boundText(subject)} · ${subject.loaded.rps.toFixed(0)} req/s`,
      floor: boundText(floor),
      budget: '(information)',
      pass: null,
    });
  }
}

// 1. The order list API ----------------------------------------------------------------------------------------
if (only.has('list')) {
  const floor = await measureFloor('the list');
  const list = await measure('list', servers, () => getOk(listPath, admin), requests, concurrent);
  subjectRows(`API GET ${listPath}`, list, floor, {
    cpu: (cpu) => [
      `≤ 1.5 × floor (${ms(1.5 * floor.aloneCpu.total, 2)})`,
      cpu.total <= 1.5 * floor.aloneCpu.total,
    ],
    p50: 3,
  });
}

// 2, 3. Pages --------------------------------------------------------------------------------------------------
const session: Auth = only.has('order') || only.has('ringkasan') ? { cookie: await webSession(ADMIN) } : {};
const pages: [string, string, number, number, number][] = [
  ['order', '/order', 6, 10, 200],
  ['ringkasan', '/dashboard/ringkasan', 12, 25, 100],
];
for (const [key, page, cpuBudget, p50Budget, loadedTotal] of pages) {
  if (!only.has(key)) continue;
  const pageRequests = Number(process.env.PAGE_REQUESTS ?? 150);
  const floor = await measureFloor(page);
  const measured = await measure(
    page,
    servers,
    () => getOk(page, session, 'text/html'),
    pageRequests,
    Number(process.env.PAGE_CONCURRENT ?? loadedTotal),
  );
  subjectRows(`page ${page}`, measured, floor, {
    cpu: (cpu) => [`≤ ${cpuBudget} ms per page`, cpu.total <= cpuBudget],
    p50: p50Budget,
  });
}

// 4. Widgets ---------------------------------------------------------------------------------------------------
if (only.has('widgets')) {
  const floor = await measureFloor('the widgets');
  const range = `date-from=${jakartaDay(-6)}&date-to=${jakartaDay(0)}`;
  const scopes = { brand: `/api/brand/${brandId}`, vendor: `/api/vendor/${vendorId}` };
  const calls = (['brand', 'vendor'] as const).flatMap((side) =>
    widgetsOf(side).map((widget) => ({
      call: `${side} ${widget.path}`,
      path: `${scopes[side]}/widget/${widget.path}?${range}`,
    })),
  );
  const idle = await waitForQuiet('widgets');
  const results: { call: string; cpu: Cpu; p50: number }[] = [];
  console.info(
    `\n${'call'.padEnd(54)} ${'PostgreSQL'.padStart(11)} ${'server'.padStart(9)} ${'p50'.padStart(9)}`,
  );
  for (const { call, path } of calls) {
    for (let i = 0; i < 3; i++) await getOk(path, admin);
    const before = cpuUse(servers);
    const stats = await runLoad({ concurrency: 1, total: widgetRequests, request: () => getOk(path, admin) });
    const cpu = perRequest(cpuDelta(before, cpuUse(servers)), stats.count);
    results.push({ call, cpu, p50: stats.p50 });
    console.info(
      `${call.padEnd(54)} ${ms(cpu.database, 2).padStart(11)} ${ms(cpu.server, 2).padStart(9)} ${ms(stats.p50).padStart(9)}`,
    );
  }
  const worst = [...results].sort((a, b) => b.cpu.database - a.cpu.database);
  const over = worst.filter((result) => result.cpu.database > 1);
  const sum = (pick: (cpu: Cpu) => number) => results.reduce((total, result) => total + pick(result.cpu), 0);
  push({
    what: `widgets: ${results.length} calls, PostgreSQL CPU per call (${widgetRequests} each, one at a time)`,
    measured: `worst ${ms(worst[0].cpu.database, 2)} (${worst[0].call}) · mean ${ms(sum((cpu) => cpu.database) / results.length, 2)} · ${over.length} over`,
    floor: `PostgreSQL ${ms(floor.aloneCpu.database, 2)} per list page`,
    budget: 'every call ≤ 1 ms',
    pass: over.length === 0,
    note: [
      over.length
        ? `over: ${over.map((result) => `${result.call} ${result.cpu.database.toFixed(2)}`).join(', ')}`
        : '',
      `server CPU mean ${ms(sum((cpu) => cpu.server) / results.length, 2)} per call`,
      `CPU idle before ${idle.toFixed(0)} %`,
    ]
      .filter(Boolean)
      .join('; '),
  });
}

console.info('');
printRows(rows);
writeSection(
  'cpu.ts',
  `${new Date().toISOString()} · ${BASE_URL} · brand ${brandId}: ${listed} live orders · floor ${floorUrl} · ${cores} cores`,
  rows,
);
floorProcess?.kill();
process.exit(rows.every((row) => row.pass !== false) ? 0 : 1);
