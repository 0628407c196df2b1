/**
 * Dashboard widgets under load: for every widget path of both sides, REQUESTS requests (default 100) over HTTP,
 * CONCURRENCY (default 20) at a time, against a running server; prints median, p95 and max per call.
 *
 *   DATABASE_URL=postgres://…/bo npm run seed -- --orders 1000000
 *   DATABASE_URL=postgres://…/bo npm run start:api          # or npm start; the API answers at BASE_URL
 *   BASE_URL=http://localhost:4000 npx tsx bench/widgets.ts
 *
 * Signs in as the demo administrator through /oauth/token and takes the first brand and the first vendor of that
 * brand unless BRAND_ID / VENDOR_ID name them. DAYS (default 7) sets the range, ending today. For a closer look:
 * WIDGETS (a regular expression on `side path`) picks the calls, QUERY (`channel[]=1&category[]=3`) adds filters.
 */
import type { Side } from '../contract/access';
import { widgetsOf } from '../api/domains/dashboard/widgets';
import {
  ADMIN,
  apiToken,
  cpuPerRequest,
  cpuUse,
  getJson,
  getOk,
  jakartaDay,
  serverAndDatabaseMs,
  type Auth,
} from './http';
import { median, ms, runLoad } from './load';

const requests = Number(process.env.REQUESTS ?? 100);
const concurrency = Number(process.env.CONCURRENCY ?? 20);
const days = Number(process.env.DAYS ?? 7);
const only = new RegExp(process.env.WIDGETS ?? '');
const filters = process.env.QUERY ? `&${process.env.QUERY}` : '';

const auth: Auth = { token: await apiToken(ADMIN) };
const brandId = Number(
  process.env.BRAND_ID ??
    (await getJson<{ data: { id: number }[] }>('/api/brand?per_page=1', auth)).data[0].id,
);
const vendorId = Number(
  process.env.VENDOR_ID ??
    (await getJson<{ data: { id: number }[] }>(`/api/brand/${brandId}/vendor?per_page=1`, auth)).data[0].id,
);
const scopes: Record<Side, string> = { brand: `/api/brand/${brandId}`, vendor: `/api/vendor/${vendorId}` };
const range = `date-from=${jakartaDay(-(days - 1))}&date-to=${jakartaDay(0)}${filters}`;

console.info(
  `brand ${brandId}, vendor ${vendorId}, ${days}-day range${filters ? ` with ${filters.slice(1)}` : ''}, ` +
    `${requests} requests per call, ${concurrency} at a time\n`,
);
console.info(
  `${'call'.padEnd(62)} ${'median'.padStart(9)} ${'p95'.padStart(9)} ${'max'.padStart(9)} ${'req/s'.padStart(7)} ${'CPU/req'.padStart(9)}`,
);
const calls = (['brand', 'vendor'] as const).flatMap((side) =>
  widgetsOf(side)
    .map((widget) => ({
      call: `${side} ${widget.path}`,
      path: `${scopes[side]}/widget/${widget.path}?${range}`,
    }))
    .filter(({ call }) => only.test(call)),
);
// Every call once first, so that the server's cold start (module compilation, pool, plan caches) lands in none.
for (const { path } of calls) await getOk(path, auth);

const p95s: number[] = [];
const cpuBefore = cpuUse();
let measured = 0;
for (const { call, path } of calls) {
  const before = cpuUse();
  const result = await runLoad({ concurrency, total: requests, request: () => getOk(path, auth) });
  const after = cpuUse();
  measured += result.count + result.errors;
  p95s.push(result.p95);
  const cell = (value: number) => ms(value).padStart(9);
  // Server and PostgreSQL together: what one call costs the machine's cores.
  const cpu = serverAndDatabaseMs(before, after) / (result.count + result.errors);
  console.info(
    `${call.padEnd(62)} ${cell(result.p50)} ${cell(result.p95)} ${cell(result.max)} ${result.rps.toFixed(0).padStart(7)} ${cell(cpu)}`,
  );
}
p95s.sort((a, b) => a - b);
console.info(`\nworst p95 ${ms(p95s[p95s.length - 1])}, median of the p95s ${ms(median(p95s))}`);
console.info(cpuPerRequest(cpuBefore, cpuUse(), measured));
