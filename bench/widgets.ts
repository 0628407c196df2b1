/**
 * Dashboard widgets under load: for every widget path of both sides, REQUESTS requests (default 100) over HTTP,
 * CONCURRENCY (default 20) at a time, against a running server; prints median, p95 and max per call.
 *
 *   DATABASE_URL=postgres://…/bo npm run seed -- --orders 1000000
 *   DATABASE_URL=postgres://…/bo npm run start:api          # or npm start; the API answers at BASE_URL
 *   BASE_URL=http://localhost:4000 npx tsx bench/widgets.ts
 *
 * Signs in as ADMIN_EMAIL (admin@demo.test) through /oauth/token and takes the first brand and the first vendor
 * of that brand unless BRAND_ID / VENDOR_ID name them. DAYS (default 7) sets the range, ending today.
 */
import { widgetsOf, type Side } from '../api/domains/dashboard/widgets';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const requests = Number(process.env.REQUESTS ?? 100);
const concurrency = Number(process.env.CONCURRENCY ?? 20);
const days = Number(process.env.DAYS ?? 7);

async function signIn() {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      username: process.env.ADMIN_EMAIL ?? 'admin@demo.test',
      password: process.env.ADMIN_PASSWORD ?? 'demo1234',
      client_id: process.env.OAUTH_CLIENT_ID ?? 'back-office',
      client_secret: process.env.OAUTH_CLIENT_SECRET ?? 'back-office-secret',
      scope: '*',
    }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function getJson(path: string, token: string) {
  const response = await fetch(`${base}${path}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as { data: { id: number }[] };
}

function range() {
  const jakarta = (offsetDays: number) =>
    new Date(Date.now() + 7 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
  return `date-from=${jakarta(-(days - 1))}&date-to=${jakarta(0)}`;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)];
}

async function measure(url: string, token: string) {
  const times: number[] = [];
  let next = 0;
  async function worker() {
    while (next < requests) {
      next += 1;
      const started = performance.now();
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      times.push(performance.now() - started);
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = performance.now() - started;
  times.sort((a, b) => a - b);
  return {
    median: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    max: times[times.length - 1],
    perSecond: (times.length / elapsed) * 1000,
  };
}

const token = await signIn();
const brandId = Number(process.env.BRAND_ID ?? (await getJson('/api/brand?per_page=1', token)).data[0].id);
const vendorId = Number(
  process.env.VENDOR_ID ?? (await getJson(`/api/brand/${brandId}/vendor?per_page=1`, token)).data[0].id,
);
const scopes: Record<Side, string> = { brand: `/api/brand/${brandId}`, vendor: `/api/vendor/${vendorId}` };

console.info(
  `${base}: brand ${brandId}, vendor ${vendorId}, ${days}-day range, ${requests} requests per call, ${concurrency} at a time\n`,
);
console.info(
  `${'call'.padEnd(62)} ${'median'.padStart(9)} ${'p95'.padStart(9)} ${'max'.padStart(9)} ${'req/s'.padStart(7)}`,
);
const p95s: number[] = [];
for (const side of ['brand', 'vendor'] as const) {
  for (const widget of widgetsOf(side)) {
    const url = `${base}${scopes[side]}/widget/${widget.path}?${range()}`;
    // One request first, so a cold plan cache or pool does not land in the figures.
    await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer();
    const result = await measure(url, token);
    p95s.push(result.p95);
    const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
    console.info(
      `${`${side} ${widget.path}`.padEnd(62)} ${ms(result.median)} ${ms(result.p95)} ${ms(result.max)} ${result.perSecond.toFixed(0).padStart(7)}`,
    );
  }
}
p95s.sort((a, b) => a - b);
console.info(
  `\nworst p95 ${p95s[p95s.length - 1].toFixed(1)} ms, median of the p95s ${percentile(p95s, 0.5).toFixed(1)} ms`,
);
