/**
 * Two instances against one (`npm run start:cluster -- --instances 2`, docs/decisions/015): the /order page at 20
 * concurrent on one instance alone, then through the proxy with the load split across both (pages per second
 * and CPU per page of all the app's processes), and a real-time event's latency from a write on instance A to a
 * pusher-js client connected to instance B (Redis fan-out).
 *
 *   BASE_URL=http://127.0.0.1:3700 INSTANCES=http://127.0.0.1:3701,http://127.0.0.1:3702 \
 *     DATABASE_URL=postgres://…/bench npx tsx bench/cluster.ts
 */
import PusherJs from 'pusher-js';
import {
  ADMIN,
  BASE_URL,
  apiToken,
  benchBuyer,
  cpuDelta,
  cpuUse,
  getJson,
  getOk,
  serverPid,
  vendorProductOfBrand,
  webSession,
  type Auth,
} from './http';
import { ms, runLoad, summarise } from './load';
import { printRows, writeSection, type BudgetRow } from './results';

const instances = (process.env.INSTANCES ?? 'http://127.0.0.1:3701,http://127.0.0.1:3702').split(',');
const PAGES = Number(process.env.PAGES ?? 400);
const EVENTS = Number(process.env.EVENTS ?? 30);

async function pageLoad(label: string, url: string, cookie: string, pids: number[]): Promise<BudgetRow> {
  const before = cpuUse(pids);
  const stats = await runLoad({
    concurrency: 20,
    total: PAGES,
    warmup: 10,
    request: () => getOk(`${url}/order`, { cookie }, 'text/html'),
  });
  const used = cpuDelta(before, cpuUse(pids));
  const perPage = (used.server + used.database) / stats.count;
  return {
    what: `/order page 20×, ${label}`,
    measured: `${stats.rps.toFixed(0)} pages/s, p95 ${ms(stats.p95)}; CPU per page ${ms(perPage, 2)} (app ${ms(used.server / stats.count, 2)} · PostgreSQL ${ms(used.database / stats.count, 2)})`,
    budget: 'information',
    pass: null,
  };
}

async function fanOutLatency(admin: Auth): Promise<BudgetRow> {
  const [a, b] = instances;
  const brands = await getJson<{ data: { id: number }[] }>(`${a}/api/select/brand`, admin);
  const brandId = brands.data[0].id;
  const channels = await getJson<{ data: { id: number }[] }>(`${a}/api/brand/${brandId}/channel`, admin);
  const product = await vendorProductOfBrand(admin, brandId, Number(process.env.VENDOR_ID ?? 1));
  // An event may reach B before A's answer reaches the bench: arrivals are kept by invoice id.
  const heard = new Map<number, number>();
  const waiting = new Map<number, (at: number) => void>();
  const client = new PusherJs(process.env.PUSHER_KEY ?? 'back-office-key', {
    wsHost: new URL(b).hostname,
    wsPort: Number(new URL(b).port),
    forceTLS: false,
    enabledTransports: ['ws'],
    cluster: 'mt1',
    disableStats: true,
    channelAuthorization: {
      endpoint: '',
      transport: 'ajax',
      customHandler: ({ socketId, channelName }, callback) => {
        fetch(`${b}/api/broadcasting/auth`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
          body: JSON.stringify({ socket_id: socketId, channel_name: channelName }),
        })
          .then((response) => response.json())
          .then(
            (auth) => callback(null, auth),
            (error: Error) => callback(error, null),
          );
      },
    },
  });
  const channel = client.subscribe(`private-brand.${brandId}.invoice-status`);
  await new Promise<void>((resolve) => channel.bind('pusher:subscription_succeeded', () => resolve()));
  channel.bind('InvoiceStatusChanged', (payload: { invoice: { id: number } }) => {
    const at = performance.now();
    heard.set(payload.invoice.id, at);
    waiting.get(payload.invoice.id)?.(at);
  });
  const runStartedAt = Date.now();
  const latencies: number[] = [];
  for (let index = 0; index < EVENTS; index++) {
    const started = performance.now();
    const response = await fetch(`${a}/api/brand/${brandId}/channel/${channels.data[0].id}/invoice`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({
        external_number: `BENCH-FAN-${runStartedAt.toString(36)}-${index}`,
        date: '2026-11-21 09:30:00',
        ...benchBuyer(runStartedAt, index),
        recipient_address_full: 'Jl. Kemang Raya No. 5, Jakarta',
        recipient_city: 'Jakarta',
        payment_method: 'Transfer Bank',
        shipping_cost: 9000,
        insurance_cost: 0,
        voucher_amount: 0,
        cashback_amount: 0,
        products: [{ sku: product.sku, name: product.name, quantity: 1, price: 150000, weight: 200 }],
      }),
    });
    const { data } = (await response.json()) as { data: { id: number } };
    const heardAt = await new Promise<number>((resolve, reject) => {
      const already = heard.get(data.id);
      if (already !== undefined) return resolve(already);
      waiting.set(data.id, resolve);
      setTimeout(() => reject(new Error(`invoice ${data.id}: no event on B in 5 s`)), 5000).unref();
    });
    latencies.push(heardAt - started);
  }
  client.disconnect();
  const stats = summarise(latencies, 0);
  return {
    what: 'invoice POST on A → InvoiceStatusChanged at a pusher-js client on B',
    measured: `p50 ${ms(stats.p50)}, p95 ${ms(stats.p95)} over ${stats.count}`,
    budget: 'information',
    pass: null,
  };
}

const cookie = await webSession(ADMIN);
const admin: Auth = { token: await apiToken(ADMIN) };
const pids = instances.map((url) => serverPid(url));
const proxyPid = serverPid(BASE_URL);
const rows = [
  await pageLoad('one instance', instances[0], cookie, [pids[0]]),
  await pageLoad(`${instances.length} instances behind the proxy`, BASE_URL, cookie, [...pids, proxyPid]),
  await fanOutLatency(admin),
];
printRows(rows);
writeSection('cluster.ts', `${instances.length} instances, ${PAGES} pages per row`, rows);
