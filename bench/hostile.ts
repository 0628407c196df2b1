/**
 * The order list beside hostile clients: its CPU per request (server + PostgreSQL) and p95 measured idle, then
 * with HOSTILE_UPLOADS vendor stock imports of an .xlsx that declares 1 KiB and inflates to 2 GiB and
 * HOSTILE_BODIES unauthenticated bodies of 1 GiB to /oauth/token in flight (each restarted as soon as it is
 * refused, from a process of their own), in one run. Budgets: both ≤ 2 × their idle figure; the server's RSS stays under RSS_BOUND_MIB (the
 * bound the README states). Writes nothing: every hostile request is refused.
 *
 *   start a production server (bench/README.md), then
 *   OAUTH_CLIENT_SECRET=bench-secret BASE_URL=http://127.0.0.1:3600 npx tsx bench/hostile.ts
 */
import { fork } from 'node:child_process';
import {
  ADMIN,
  apiToken,
  cpuUse,
  getJson,
  getOk,
  rssMiB,
  serverAndDatabaseMs,
  serverPid,
  VENDOR,
  waitForQuiet,
} from './http';
import { ms, runLoad, type LoadStats } from './load';
import { printRows, writeSection, type BudgetRow } from './results';

const BRAND_ID = Number(process.env.BRAND_ID ?? 1);
const UPLOADS = Number(process.env.HOSTILE_UPLOADS ?? 10);
const BODIES = Number(process.env.HOSTILE_BODIES ?? 10);
const TOTAL = Number(process.env.REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const RSS_BOUND_MIB = Number(process.env.RSS_BOUND_MIB ?? 700);

type Phase = { stats: LoadStats; cpuMs: number };

async function measureOrderList(token: string): Promise<Phase> {
  const path = `/api/brand/${BRAND_ID}/order`;
  const before = cpuUse();
  const stats = await runLoad({
    concurrency: CONCURRENCY,
    total: TOTAL,
    warmup: 10,
    request: () => getOk(path, { token }),
  });
  return { stats, cpuMs: serverAndDatabaseMs(before, cpuUse()) / stats.count };
}

function sampleRss(pid: number) {
  let peak = rssMiB(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 100);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

function statusesOf(entries: [number, number][]) {
  return entries.map(([status, times]) => `${status || 'dropped'} × ${times}`).join(', ');
}

type Statuses = { uploads: [number, number][]; bodies: [number, number][] };

/**
 * The hostile clients in a process of their own (bench/hostile-clients.ts): pumping 1 GiB bodies keeps an event
 * loop busy, and in this process it would delay the order list's own requests and count in their p95.
 */
function startHostileClients(vendorId: number, vendorToken: string) {
  const child = fork(new URL('./hostile-clients.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      HOSTILE_VENDOR_ID: String(vendorId),
      HOSTILE_VENDOR_TOKEN: vendorToken,
      HOSTILE_UPLOADS: String(UPLOADS),
      HOSTILE_BODIES: String(BODIES),
    },
  });
  const started = new Promise<void>((resolve) =>
    child.on('message', (message: { started?: boolean }) => message.started && resolve()),
  );
  return {
    started,
    stop: () =>
      new Promise<Statuses>((resolve) => {
        child.on('message', (message: { statuses?: Statuses }) => {
          if (message.statuses) resolve(message.statuses);
        });
        child.send('stop');
      }),
  };
}

async function main() {
  const admin = await apiToken(ADMIN);
  const vendor = await apiToken(VENDOR);
  const account = await getJson<{ data: { vendor_id: number } }>('/api/account', { token: vendor });
  const pid = serverPid();
  await waitForQuiet('hostile');

  const idle = await measureOrderList(admin);
  const rssBefore = rssMiB(pid);
  const rss = sampleRss(pid);
  const clients = startHostileClients(account.data.vendor_id, vendor);
  await clients.started;
  // Let every hostile client get going before the list is measured beside them.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const hostile = await measureOrderList(admin);
  const statuses = await clients.stop();
  const peak = rss.stop();

  const cpuRatio = hostile.cpuMs / idle.cpuMs;
  const p95Ratio = hostile.stats.p95 / idle.stats.p95;
  const rows: BudgetRow[] = [
    {
      what: `order list API, CPU per request (server + PostgreSQL), ${CONCURRENCY} concurrent`,
      measured: `idle ${ms(idle.cpuMs, 2)} · hostile ${ms(hostile.cpuMs, 2)} (${cpuRatio.toFixed(2)} ×)`,
      budget: '≤ 2 × idle',
      pass: cpuRatio <= 2,
    },
    {
      what: `order list API, p95, ${CONCURRENCY} concurrent`,
      measured: `idle ${ms(idle.stats.p95)} · hostile ${ms(hostile.stats.p95)} (${p95Ratio.toFixed(2)} ×)`,
      budget: '≤ 2 × idle',
      pass: p95Ratio <= 2,
    },
    {
      what: `server RSS with ${UPLOADS} inflating uploads and ${BODIES} 1 GiB bodies in flight`,
      measured: `${rssBefore.toFixed(0)} MiB before · peak ${peak.toFixed(0)} MiB`,
      budget: `< ${RSS_BOUND_MIB} MiB`,
      pass: peak < RSS_BOUND_MIB,
    },
    {
      what: 'hostile answers',
      measured: `uploads: ${statusesOf(statuses.uploads)}; bodies: ${statusesOf(statuses.bodies)}`,
      budget: '413 or 422, never 2xx or 500',
      pass: [...statuses.uploads, ...statuses.bodies].every(
        ([status]) => status === 0 || status === 413 || status === 422,
      ),
    },
  ];
  printRows(rows);
  writeSection('hostile.ts', `brand ${BRAND_ID}, ${TOTAL} requests per phase`, rows);
}

await main();
