/**
 * The order fulfilment budgets, against a running server on a large database (see bench/README.md):
 *
 *   1. API lists, 20 concurrent, 400 requests each: orders page 1, orders by order-number prefix, orders by
 *      status Selesai, invoices of today.                                                  p95 ≤ 25 ms
 *   2. The /order page with a signed-in web session, 20 concurrent, 200 requests.          p95 ≤ 80 ms
 *   3. Export of ~100,000 orders, body read to the end, server VmRSS sampled every 100 ms; the sheet's rows
 *      are counted from the file once the clock has stopped.                               ≤ 5 s, < 150 MB growth
 *   4. Print PDF /order/{id}/print/sales, 30 requests one at a time, then two at a time.    p95 ≤ 400 ms
 *   5. Offer latency: POST an invoice, time until the vendor user's pusher client hears
 *      BroadcastNotificationCreated for it; 30 in a row after one warm-up.                p95 ≤ 250 ms
 *
 *   BASE_URL=http://127.0.0.1:3600 npx tsx bench/orders.ts
 *
 * BRAND_ID (1), CHANNEL_ID (1), VENDOR_ID (1), CONCURRENCY (20), REQUESTS (400), PAGE_REQUESTS (200),
 * EXPORT_ROWS (100000), EXPORT_FROM (searched: the shortest range ending today with EXPORT_ROWS orders),
 * PDF_RENDERS (30), OFFERS (30); ONLY=floor,api,page,export,pdf,offer runs a subset
 * (its rows replace the same rows of bench/results/latest.md, the others stay).
 * The offer step writes 31 invoices (BENCH-… external numbers) to the database it runs against.
 */
import { inflateRawSync } from 'node:zlib';
import PusherJs from 'pusher-js';
import {
  ADMIN,
  API_URL,
  BASE_URL,
  VENDOR,
  apiToken,
  benchBuyer,
  cpuPerRequest,
  cpuUse,
  getJson,
  getOk,
  jakartaDay,
  rssMiB,
  sendJson,
  serverPid,
  urlOf,
  vendorProductOfBrand,
  waitForQuiet,
  webSession,
  type Auth,
} from './http';
import { ms, runLoad, summarise, type LoadStats } from './load';
import { printRows, writeSection, type BudgetRow } from './results';

const brandId = Number(process.env.BRAND_ID ?? 1);
const channelId = Number(process.env.CHANNEL_ID ?? 1);
const vendorId = Number(process.env.VENDOR_ID ?? 1);
const concurrency = Number(process.env.CONCURRENCY ?? 20);
const requests = Number(process.env.REQUESTS ?? 400);
const pageRequests = Number(process.env.PAGE_REQUESTS ?? 200);
const exportRows = Number(process.env.EXPORT_ROWS ?? 100_000);
const pdfRenders = Number(process.env.PDF_RENDERS ?? 30);
const offers = Number(process.env.OFFERS ?? 30);
/** No measurement starts requests for longer than this (a budget far off is plain after a minute). */
const maxMs = Number(process.env.MAX_SECONDS ?? 60) * 1000;
const only = new Set((process.env.ONLY ?? 'floor,api,page,export,pdf,offer').split(','));

const rows: BudgetRow[] = [];

function latencyRow(what: string, stats: LoadStats, budgetMs: number, note = ''): BudgetRow {
  const row: BudgetRow = {
    what,
    measured: `p50 ${ms(stats.p50)} · p95 ${ms(stats.p95)} · p99 ${ms(stats.p99)} · max ${ms(stats.max)} · ${stats.rps.toFixed(0)} req/s`,
    budget: `p95 ≤ ${budgetMs} ms`,
    pass: stats.p95 <= budgetMs && stats.errors === 0,
    note: [
      note,
      stats.errors ? `${stats.errors} errors, first: ${stats.firstError}` : '',
      stats.truncated ? `stopped after ${stats.count} requests (${(maxMs / 1000).toFixed(0)} s cap)` : '',
    ]
      .filter(Boolean)
      .join('; '),
  };
  console.info(`${row.what}: ${row.measured} → ${row.pass ? 'pass' : 'FAIL'}`);
  rows.push(row);
  return row;
}

type Page<T> = { data: T[]; meta: { total: number } };
type OrderRow = { id: number; number: string; created_at: string };

const adminToken = await apiToken(ADMIN);
const admin: Auth = { token: adminToken };
const brand = `/api/brand/${brandId}`;

const [firstPage, totalAll] = await Promise.all([
  getJson<Page<OrderRow>>(`${brand}/order?per_page=1`, admin),
  getJson<Page<OrderRow>>(`${brand}/order?per_page=1&with-canceled=1&with-canceled-invoice=1`, admin),
]);
const first = firstPage.data[0];
if (!first) throw new Error(`brand ${brandId} has no orders: seed the database first`);
console.info(
  `${BASE_URL}: brand ${brandId} lists ${firstPage.meta.total} live orders (${totalAll.meta.total} with canceled ones); first ${first.number}\n`,
);

// 0. The floor: the cheapest API answer (no database) under the same load, for scale.
if (only.has('floor')) {
  const floorIdle = await waitForQuiet('floor');
  const cpu = cpuUse();
  const floor = await runLoad({
    concurrency,
    total: requests,
    warmup: 1,
    request: () => getOk('/healthz', {}),
  });
  const floorCpu = cpuPerRequest(cpu, cpuUse(), floor.count + 1);
  rows.push({
    what: `floor: GET /healthz (${concurrency}×, ${requests})`,
    measured: `p50 ${ms(floor.p50)} · p95 ${ms(floor.p95)} · max ${ms(floor.max)} · ${floor.rps.toFixed(0)} req/s`,
    budget: '(information)',
    pass: null,
    note: `select 1 through the same server; ${floorCpu}; CPU idle before ${floorIdle.toFixed(0)} %`,
  });
}

// 1. API lists ------------------------------------------------------------------------------------------------
if (only.has('api')) {
  // A prefix of a real number that still narrows: drop the last three characters (…/000123 → …/000).
  const prefix = first.number.slice(0, Math.max(4, first.number.length - 3));
  const today = jakartaDay();
  const lists: [string, string][] = [
    ['GET order, page 1, default sort', `${brand}/order`],
    [`GET order, search=${prefix}`, `${brand}/order?search=${encodeURIComponent(prefix)}`],
    ['GET order, status=Selesai', `${brand}/order?status=Selesai`],
    [
      'GET invoice, today (the page default)',
      `${brand}/invoice?date-from=${today}&date-to=${today}&with-canceled=1`,
    ],
  ];
  for (const [label, path] of lists) {
    const idle = await waitForQuiet(label);
    const alone = await runLoad({
      concurrency: 1,
      total: 20,
      warmup: 1,
      maxMs,
      maxErrors: requests,
      request: () => getOk(path, admin),
    });
    const cpu = cpuUse();
    const stats = await runLoad({
      concurrency,
      total: requests,
      maxMs,
      maxErrors: requests,
      request: () => getOk(path, admin),
    });
    latencyRow(
      `API ${label} (${concurrency}×, ${requests})`,
      stats,
      25,
      `one at a time: p50 ${ms(alone.p50)} · p95 ${ms(alone.p95)}; ${cpuPerRequest(cpu, cpuUse(), stats.count + stats.errors)}; CPU idle before ${idle.toFixed(0)} %`,
    );
  }
}

// 2. The /order page ------------------------------------------------------------------------------------------
const needsSession = only.has('page') || only.has('pdf');
const session: Auth = needsSession ? { cookie: await webSession(ADMIN) } : {};
if (only.has('page')) {
  const idle = await waitForQuiet('/order page');
  const alone = await runLoad({
    concurrency: 1,
    total: 20,
    warmup: 1,
    maxMs,
    maxErrors: pageRequests,
    request: () => getOk('/order', session, 'text/html'),
  });
  const cpu = cpuUse();
  const stats = await runLoad({
    concurrency,
    total: pageRequests,
    maxMs,
    maxErrors: pageRequests,
    request: () => getOk('/order', session, 'text/html'),
  });
  latencyRow(
    `page /order, signed in (${concurrency}×, ${pageRequests})`,
    stats,
    80,
    `full response on loopback; one at a time: p50 ${ms(alone.p50)} · p95 ${ms(alone.p95)}; ${cpuPerRequest(cpu, cpuUse(), stats.count + stats.errors)}; CPU idle before ${idle.toFixed(0)} %`,
  );
}

// 3. Export of ~100k orders -----------------------------------------------------------------------------------
/** The data rows of the file's first sheet: its `<row` elements less the header (central directory, deflate). */
function sheetRows(file: Buffer) {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = file.readUInt32LE(end + 16);
  for (let entry = 0; entry < file.readUInt16LE(end + 10); entry++) {
    const nameLength = file.readUInt16LE(at + 28);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    if (/^xl\/worksheets\/sheet\d*\.xml$/.test(name)) {
      const local = file.readUInt32LE(at + 42);
      const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
      const stored = file.subarray(start, start + file.readUInt32LE(at + 20));
      const xml = (file.readUInt16LE(at + 10) === 8 ? inflateRawSync(stored) : stored).toString('utf8');
      return (xml.match(/<row[ >]/g)?.length ?? 1) - 1;
    }
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  throw new Error('the export holds no worksheet');
}

if (only.has('export')) {
  // The shortest range ending today that holds at least EXPORT_ROWS live orders (the list's own count), or
  // EXPORT_FROM … today when given.
  const today = jakartaDay();
  const countFrom = async (from: string) =>
    (await getJson<Page<OrderRow>>(`${brand}/order?per_page=1&date-from=${from}&date-to=${today}`, admin))
      .meta.total;
  let from = process.env.EXPORT_FROM;
  if (!from) {
    let low = 0;
    let high = 1;
    while ((await countFrom(jakartaDay(-high))) < exportRows && high < 4096) {
      low = high;
      high *= 2;
    }
    while (high - low > 1) {
      const mid = Math.floor((low + high) / 2);
      if ((await countFrom(jakartaDay(-mid))) >= exportRows) high = mid;
      else low = mid;
    }
    from = jakartaDay(-high);
  }
  const listed = await countFrom(from);
  const path = `${brand}/export/order?date-from=${from}&date-to=${today}`;
  const pid = serverPid();
  const idle = await waitForQuiet('export');
  const samples: number[] = [];
  const baseline = rssMiB(pid);
  const timer = setInterval(() => samples.push(rssMiB(pid)), 100);
  const started = performance.now();
  const response = await fetch(urlOf(path), { headers: { authorization: `Bearer ${adminToken}` } });
  if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
  const chunks: Uint8Array[] = [];
  const firstByte = performance.now() - started;
  const reader = response.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) chunks.push(chunk.value);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  samples.push(rssMiB(pid));
  const file = Buffer.concat(chunks);
  const exported = sheetRows(file);
  const peak = Math.max(baseline, ...samples);
  const growth = peak - baseline;
  const row: BudgetRow = {
    what: `export ${exported} orders (${from} … ${today})`,
    measured: `${seconds.toFixed(2)} s · ${(file.length / 1048576).toFixed(1)} MiB · first byte ${ms(firstByte, 0)} · RSS ${baseline.toFixed(0)} → peak ${peak.toFixed(0)} MiB (+${growth.toFixed(0)} MiB)`,
    budget: '≤ 5 s and RSS growth < 150 MB',
    pass: seconds <= 5 && growth * 1.048576 < 150,
    note: [
      exported === listed ? '' : `the list counts ${listed} for the same filters`,
      `server pid ${pid}, ${samples.length} RSS samples; CPU idle before ${idle.toFixed(0)} %`,
    ]
      .filter(Boolean)
      .join('; '),
  };
  console.info(`${row.what}: ${row.measured} → ${row.pass ? 'pass' : 'FAIL'}`);
  rows.push(row);
}

// 4. Print PDF ------------------------------------------------------------------------------------------------
if (only.has('pdf')) {
  const path = `/order/${first.id}/print/sales`;
  const check = async () => {
    const response = await fetch(urlOf(path), {
      headers: { cookie: session.cookie ?? '' },
      redirect: 'manual',
    });
    const body = await response.arrayBuffer();
    if (response.status !== 200 || !response.headers.get('content-type')?.includes('application/pdf')) {
      throw new Error(`${path} answered ${response.status} ${response.headers.get('content-type')}`);
    }
    return body.byteLength;
  };
  // One print as a user waits for it, then both PDF slots (PDF_CONCURRENCY) busy at once.
  for (const concurrency of [1, 2]) {
    const idle = await waitForQuiet('print PDF');
    const stats = await runLoad({
      concurrency,
      total: pdfRenders,
      warmup: 1,
      maxMs,
      maxErrors: pdfRenders,
      request: check,
    });
    latencyRow(
      `print PDF ${path} (${concurrency}×, ${pdfRenders})`,
      stats,
      400,
      `order ${first.number}; CPU idle before ${idle.toFixed(0)} %`,
    );
  }
}

// 5. Offer latency --------------------------------------------------------------------------------------------
if (only.has('offer')) {
  const vendorToken = await apiToken(VENDOR);
  const vendorAuth: Auth = { token: vendorToken };
  const account = (
    await getJson<{ data: { id: number; vendor_id: number | null } }>('/api/account', vendorAuth)
  ).data;
  // A brand SKU the demo vendor fulfils; Jakarta is in its area, and it is a priority vendor: it ranks first.
  const product = await vendorProductOfBrand(admin, brandId, vendorId);
  const city = process.env.OFFER_CITY ?? 'Jakarta';

  const waiting = new Map<string, (at: number) => void>();
  const client = new PusherJs(process.env.PUSHER_KEY ?? 'back-office-key', {
    wsHost: new URL(API_URL).hostname,
    wsPort: Number(new URL(API_URL).port || 80),
    forceTLS: false,
    enabledTransports: ['ws'],
    cluster: 'mt1',
    disableStats: true,
    channelAuthorization: {
      endpoint: '',
      transport: 'ajax',
      customHandler: ({ socketId, channelName }, callback) => {
        sendJson<{ auth: string }>('POST', '/api/broadcasting/auth', vendorAuth, {
          socket_id: socketId,
          channel_name: channelName,
        }).then(
          (auth) => callback(null, auth),
          (error: Error) => callback(error, null),
        );
      },
    },
  });
  const channel = client.subscribe(`private-App.Models.User.${account.id}`);
  await new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', (error: unknown) =>
      reject(new Error(`subscription refused: ${JSON.stringify(error)}`)),
    );
    setTimeout(() => reject(new Error('no pusher subscription in 5 s')), 5000).unref();
  });
  channel.bind('Illuminate\\Notifications\\Events\\BroadcastNotificationCreated', (payload: unknown) => {
    const text = JSON.stringify(payload);
    const at = performance.now();
    for (const [external, resolve] of waiting) {
      if (text.includes(external)) {
        waiting.delete(external);
        resolve(at);
      }
    }
  });

  const runStartedAt = Date.now();
  const runId = runStartedAt.toString(36).toUpperCase();
  const now = new Date(Date.now() + 7 * 3_600_000).toISOString();
  const date = `${now.slice(0, 10)} ${now.slice(11, 19)}`;
  async function once(index: number) {
    const external = `BENCH-${runId}-${String(index).padStart(3, '0')}`;
    const heard = new Promise<number>((resolve, reject) => {
      waiting.set(external, resolve);
      setTimeout(() => {
        if (waiting.delete(external)) {
          reject(
            new Error(
              `no BroadcastNotificationCreated for ${external} on user ${account.id} within 5 s: did the invoice route to vendor ${vendorId}?`,
            ),
          );
        }
      }, 5000).unref();
    });
    const started = performance.now();
    await sendJson('POST', `${brand}/channel/${channelId}/invoice`, admin, {
      external_number: external,
      date,
      // A buyer of their own per invoice, as marketplace orders come (see bench/dashboard.ts).
      ...benchBuyer(runStartedAt, index),
      recipient_address_full: 'Jl. Bench No. 1',
      recipient_city: city,
      payment_method: 'Transfer Bank',
      products: [{ sku: product.sku, name: product.name, quantity: 1, price: 100_000, weight: 500 }],
    });
    const postDone = performance.now() - started;
    return { event: (await heard) - started, post: postDone };
  }
  await once(0);
  const idle = await waitForQuiet('offer');
  const events: number[] = [];
  const posts: number[] = [];
  const started = performance.now();
  for (let i = 1; i <= offers; i++) {
    const { event, post } = await once(i);
    events.push(event);
    posts.push(post);
  }
  const wall = performance.now() - started;
  client.disconnect();
  const stats = summarise(events, wall);
  const postStats = summarise(posts, wall);
  latencyRow(
    `offer: POST invoice → vendor hears it (1×, ${offers})`,
    stats,
    250,
    `SKU ${product.sku}, ${city}; the POST itself p50 ${ms(postStats.p50)} · p95 ${ms(postStats.p95)}; CPU idle before ${idle.toFixed(0)} %`,
  );
}

console.info('');
printRows(rows);
writeSection(
  'orders.ts',
  `${new Date().toISOString()} · ${BASE_URL} · brand ${brandId}: ${firstPage.meta.total} live orders (${totalAll.meta.total} in all) · p50/p95/p99 nearest rank`,
  rows,
);
process.exit(rows.every((row) => row.pass !== false) ? 0 : 1);
