/**
 * What one request costs the machine (server + PostgreSQL CPU), beside a floor measured in the same run: a bare
 * `node:http` + `pg` server answering the same order-list page with the same SQL as prepared statements
 * (bench/floor.ts, started here). Each subject is measured in rounds alternating with the floor (ROUNDS, 5), so
 * every row carries the floor of its own moment and a busy machine shows in both (see bench/README.md).
 *
 *   1. GET /api/brand/{b}/order (page 1, the API's defaults)   CPU ≤ 1.5 × the floor's · p50 one at a time ≤ 3 ms
 *   2. /order, signed in as the administrator                   CPU ≤ 6 ms per page · p50 ≤ 10 ms
 *   3. /dashboard/ringkasan (the last 7 days)                   CPU ≤ 12 ms per page · p50 ≤ 25 ms
 *   4. every widget call of both sides (the last 7 days)        PostgreSQL CPU ≤ 1 ms per call
 *   5. GET /api/search for a fixed set of queries (an order number, a buyer's phone, a SKU prefix, a buyer's
 *      first name, taken from the database's own first rows)     CPU ≤ 3 × the floor's each
 *   and for each of 1–3, p95 at 20 concurrent beside the bound N × CPU ÷ cores (information).
 *   Run 5 on a 20k and on a 1M database: its rows are labelled by the number of orders, so both stay in
 *   bench/results; CPU per search at 1M ≤ 1.3 × at 20k is read from the two (bench/README.md).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench OAUTH_CLIENT_SECRET=bench-secret \
 *     BASE_URL=http://127.0.0.1:3600 npx tsx bench/cpu.ts
 *
 * BRAND_ID (1), VENDOR_ID (1), REQUESTS (300: one at a time, per subject and per floor), ROUNDS (5),
 * CONCURRENT (400 at 20; 0 skips), PAGE_REQUESTS (150), PAGE_CONCURRENT (200 / 100), WIDGET_REQUESTS (40 per call),
 * FLOOR_PORT (3690) or FLOOR_URL (a floor already running; give FLOOR_PID then); ONLY=list,order,ringkasan,widgets,
 * search runs a subset (search is not in the default set), SEARCH_REQUESTS (100 per query), SEARCH_CONCURRENT (200 at
 * 20 per query, for its p95 under load; 0 skips). The summary dashboard's summary/card is timed with the widgets but reported on a row of its own.
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
import { median, medianBy, ms, runLoad, summarise, type LoadStats } from './load';
import { printRows, writeSection, type BudgetRow } from './results';

const brandId = Number(process.env.BRAND_ID ?? 1);
const vendorId = Number(process.env.VENDOR_ID ?? 1);
const requests = Number(process.env.REQUESTS ?? 300);
const concurrent = Number(process.env.CONCURRENT ?? 400);
const widgetRequests = Number(process.env.WIDGET_REQUESTS ?? 40);
const rounds = Number(process.env.ROUNDS ?? 5);
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
const floorOnce = () => getOk(floorPath, {});

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
/** One side of a pair: one at a time (latencies, CPU of the median round), then N at a time. */
type Side = { alone: LoadStats; aloneCpu: Cpu; loaded?: LoadStats; loadedCpu?: Cpu };
/** A subject and the floor measured side by side; `ratio` is the median of the rounds' subject ÷ floor. */
type Pair = { subject: Side; floor: Side; ratio: number; idle: number };

function perRequest(delta: { server: number; database: number }, count: number): Cpu {
  const server = delta.server / Math.max(1, count);
  const database = delta.database / Math.max(1, count);
  return { server, database, total: server + database };
}

/** `count` requests one at a time: their latencies and the CPU per request of the pids meanwhile. */
async function oneAtATime(pids: number[], request: () => Promise<unknown>, count: number) {
  const durations: number[] = [];
  const before = cpuUse(pids);
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const at = performance.now();
    await request();
    durations.push(performance.now() - at);
  }
  const wall = performance.now() - started;
  return { durations, wall, cpu: perRequest(cpuDelta(before, cpuUse(pids)), count) };
}

async function loadedSide(pids: number[], request: () => Promise<unknown>, total: number) {
  const before = cpuUse(pids);
  const loaded = await runLoad({ concurrency: N, total, request });
  return { loaded, loadedCpu: perRequest(cpuDelta(before, cpuUse(pids)), loaded.count) };
}

/**
 * The subject beside the floor, in ROUNDS rounds (5) of the floor then the subject, `aloneTotal` requests each one
 * at a time in all: load that comes and goes on a shared machine lands on both, and the figures are the median
 * round's. Then, unless `loadedTotal` is 0, N at a time, the floor then the subject.
 */
async function measurePair(
  label: string,
  pids: number[],
  request: () => Promise<unknown>,
  aloneTotal: number,
  loadedTotal: number,
): Promise<Pair> {
  const idle = await waitForQuiet(label);
  for (let i = 0; i < 5; i++) await Promise.all([request(), floorOnce()]);
  const perRound = Math.max(1, Math.ceil(aloneTotal / rounds));
  const floorRounds: Awaited<ReturnType<typeof oneAtATime>>[] = [];
  const subjectRounds: Awaited<ReturnType<typeof oneAtATime>>[] = [];
  for (let round = 0; round < rounds; round++) {
    floorRounds.push(await oneAtATime([floorPid], floorOnce, perRound));
    subjectRounds.push(await oneAtATime(pids, request, perRound));
  }
  const sideOf = (measured: typeof floorRounds): Side => ({
    alone: summarise(
      measured.flatMap((round) => round.durations),
      measured.reduce((sum, round) => sum + round.wall, 0),
    ),
    aloneCpu: medianBy(measured, (round) => round.cpu.total).cpu,
  });
  const pair: Pair = {
    floor: sideOf(floorRounds),
    subject: sideOf(subjectRounds),
    ratio: median(subjectRounds.map((round, index) => round.cpu.total / floorRounds[index].cpu.total)),
    idle,
  };
  if (loadedTotal) {
    Object.assign(pair.floor, await loadedSide([floorPid], floorOnce, concurrent));
    Object.assign(pair.subject, await loadedSide(pids, request, loadedTotal));
  }
  return pair;
}

function cpuText(cpu: Cpu) {
  return `${ms(cpu.total, 2)} (server ${cpu.server.toFixed(2)} + PostgreSQL ${cpu.database.toFixed(2)})`;
}

function boundText(side: Side) {
  const { loaded, loadedCpu } = side;
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

/** The three rows of a page or call: CPU per request, p50 one at a time, p95 at N against its bound. */
function subjectRows(
  name: string,
  pair: Pair,
  budgets: { cpu: (pair: Pair) => [string, boolean]; p50: number },
) {
  const { subject, floor } = pair;
  const [cpuBudget, cpuPass] = budgets.cpu(pair);
  push({
    what: `${name}: CPU per request, one at a time (${subject.alone.count}, ${rounds} rounds)`,
    measured: `${cpuText(subject.aloneCpu)} = ${pair.ratio.toFixed(2)} × floor`,
    floor: cpuText(floor.aloneCpu),
    budget: cpuBudget,
    pass: cpuPass,
    note: `at ${N} concurrent: ${subject.loadedCpu ? cpuText(subject.loadedCpu) : '–'}, floor ${floor.loadedCpu ? cpuText(floor.loadedCpu) : '–'}; CPU idle before ${pair.idle.toFixed(0)} %`,
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
  const pair = await measurePair('list', servers, () => getOk(listPath, admin), requests, concurrent);
  subjectRows(`API GET ${listPath}`, pair, {
    cpu: ({ ratio, floor }) => [`≤ 1.5 × floor (${ms(1.5 * floor.aloneCpu.total, 2)})`, ratio <= 1.5],
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
  const pair = await measurePair(
    page,
    servers,
    () => getOk(page, session, 'text/html'),
    Number(process.env.PAGE_REQUESTS ?? 150),
    Number(process.env.PAGE_CONCURRENT ?? loadedTotal),
  );
  subjectRows(`page ${page}`, pair, {
    cpu: ({ subject }) => [`≤ ${cpuBudget} ms per page`, subject.aloneCpu.total <= cpuBudget],
    p50: p50Budget,
  });
}

// 5. Search ----------------------------------------------------------------------------------------------------
if (only.has('search')) {
  const first = async <T>(path: string) =>
    (await getJson<{ data: T[] }>(`${path}${path.includes('?') ? '&' : '?'}per_page=1`, admin)).data[0];
  const order = await first<{ number: string }>(`/api/brand/${brandId}/order`);
  const buyer = await first<{ customer_name: string; customer_phone: string | null }>(
    `/api/brand/${brandId}/customer?sorted_by=customer_name`,
  );
  const product = await first<{ sku: string }>(`/api/brand/${brandId}/product-stock`);
  const queries: [string, string][] = [
    ['an order number', order.number],
    ["a buyer's phone", buyer.customer_phone ?? ''],
    ['a SKU prefix', product.sku.slice(0, 6)],
    ["a buyer's first name", buyer.customer_name.split(' ')[0]],
  ];
  const scale = `search(brand ${brandId}: ${listed.toLocaleString('en')} orders)`;
  for (const [kind, q] of queries) {
    if (q.length < 2) throw new Error(`no ${kind} to search for in this database`);
    const path = `/api/search?q=${encodeURIComponent(q)}`;
    const pair = await measurePair(
      `search ${kind}`,
      servers,
      () => getOk(path, admin),
      Number(process.env.SEARCH_REQUESTS ?? 100),
      Number(process.env.SEARCH_CONCURRENT ?? 200),
    );
    const { subject, floor } = pair;
    push({
      what: `${scale}: ${kind} "${q}", CPU per request (${subject.alone.count}, ${rounds} rounds)`,
      measured: `${cpuText(subject.aloneCpu)} = ${pair.ratio.toFixed(2)} × floor · p50 ${ms(subject.alone.p50)}`,
      floor: cpuText(floor.aloneCpu),
      budget: `≤ 3 × floor (${ms(3 * floor.aloneCpu.total, 2)})`,
      pass: pair.ratio <= 3 && subject.alone.errors === 0,
      note: `CPU idle before ${pair.idle.toFixed(0)} %`,
    });
    if (subject.loaded) {
      push({
        what: `${scale}: ${kind}, p95 at ${N} concurrent (${subject.loaded.count})`,
        measured: `${boundText(subject)} · ${subject.loaded.rps.toFixed(0)} req/s`,
        floor: boundText(floor),
        budget: '(information)',
        pass: null,
      });
    }
  }
}

// 4. Widgets ---------------------------------------------------------------------------------------------------
if (only.has('widgets')) {
  const range = `date-from=${jakartaDay(-6)}&date-to=${jakartaDay(0)}`;
  const scopes = { brand: `/api/brand/${brandId}`, vendor: `/api/vendor/${vendorId}` };
  const calls = (['brand', 'vendor'] as const).flatMap((side) =>
    widgetsOf(side).map((widget) => ({
      call: `${side} ${widget.path}`,
      path: `${scopes[side]}/widget/${widget.path}?${range}`,
    })),
  );
  const idle = await waitForQuiet('widgets');
  const floor = await oneAtATime([floorPid], floorOnce, 100);
  const results: { call: string; cpu: Cpu; p50: number }[] = [];
  console.info(
    `\n${'call'.padEnd(54)} ${'PostgreSQL'.padStart(11)} ${'server'.padStart(9)} ${'p50'.padStart(9)}`,
  );
  for (const { call, path } of calls) {
    for (let i = 0; i < 3; i++) await getOk(path, admin);
    const measured = await oneAtATime(servers, () => getOk(path, admin), widgetRequests);
    const p50 = summarise(measured.durations, measured.wall).p50;
    results.push({ call, cpu: measured.cpu, p50 });
    console.info(
      `${call.padEnd(54)} ${ms(measured.cpu.database, 2).padStart(11)} ${ms(measured.cpu.server, 2).padStart(9)} ${ms(p50).padStart(9)}`,
    );
  }
  // summary/card is the summary page's sixteen cards in one answer, not a widget of the spec: a row of its own.
  const isSummary = (result: { call: string }) => result.call.endsWith(' summary/card');
  const widgets = results.filter((result) => !isSummary(result));
  const worst = [...widgets].sort((a, b) => b.cpu.database - a.cpu.database);
  const over = worst.filter((result) => result.cpu.database > 1);
  const sum = (pick: (cpu: Cpu) => number) => widgets.reduce((total, result) => total + pick(result.cpu), 0);
  push({
    what: `widgets: ${widgets.length} calls, PostgreSQL CPU per call (${widgetRequests} each, one at a time)`,
    measured: `worst ${ms(worst[0].cpu.database, 2)} (${worst[0].call}) · mean ${ms(sum((cpu) => cpu.database) / widgets.length, 2)} · ${over.length} over`,
    floor: `PostgreSQL ${ms(floor.cpu.database, 2)} per list page`,
    budget: 'every call ≤ 1 ms',
    pass: over.length === 0,
    note: [
      over.length
        ? `over: ${over.map((result) => `${result.call} ${result.cpu.database.toFixed(2)}`).join(', ')}`
        : '',
      `server CPU mean ${ms(sum((cpu) => cpu.server) / widgets.length, 2)} per call`,
      `CPU idle before ${idle.toFixed(0)} %`,
    ]
      .filter(Boolean)
      .join('; '),
  });
  const summary = results.find(isSummary);
  if (summary) {
    push({
      what: 'widgets: brand summary/card, the sixteen cards of /dashboard/ringkasan in one call',
      measured: cpuText(summary.cpu),
      floor: cpuText(floor.cpu),
      budget: '(information)',
      pass: null,
    });
  }
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
