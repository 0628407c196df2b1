/**
 * CPU per request of every page of the navigation and every list and widget API call, on two or more servers in
 * one run, side by side: a server on a 20k-order database beside one on a 1M-order database (cost flat with data:
 * 1M ≤ 1.3 × 20k), or today's build beside an older one on the same database (half the CPU of every page).
 *
 *   TARGETS='20k=http://127.0.0.1:3601=bench20k,1M=http://127.0.0.1:3602=bench1m' \
 *     OAUTH_CLIENT_SECRET=bench-secret npx tsx bench/pages.ts
 *
 * A target is `label=base URL=database`: the database names whose PostgreSQL backends count as that server's
 * (bench/http.ts). Each page opens as a person opens it: signed in (the demo administrator, and the demo vendor
 * for the vendor's pages), first page, default filters; each API call is page 1 of the list, or a widget over the
 * last 7 days. Subjects are measured in ROUNDS (3) that take turns between the targets, REQUESTS (20) one at a time
 * per round; a row gives each target's median round (server + PostgreSQL CPU per request) and the ratios RATIOS
 * names (`1M/20k,after1M/after20k`: a target's figure over another's, each held to RATIO_BUDGET; by default the
 * last target over the first). ONLY=pages,api,widgets runs a subset; PATHS (a regular expression) picks subjects. Text search has
 * its own script (bench/cpu.ts ONLY=search). Writes nothing.
 */
import { widgetsOf } from '../api/domains/dashboard/widgets';
import {
  ADMIN,
  VENDOR,
  apiToken,
  cpuDelta,
  cpuUse,
  getOk,
  jakartaDay,
  serverPid,
  webSession,
  type Auth,
} from './http';
import { median } from './load';
import { ADMINISTRATOR, navigationPages } from './navigation';
import { writeSection, type BudgetRow } from './results';

type Target = {
  label: string;
  url: string;
  database: string;
  pid: number;
  admin: Auth;
  vendor: Auth;
  apiAdmin: Auth;
  apiVendor: Auth;
};
type Subject = {
  what: string;
  path: string;
  as: 'admin' | 'vendor' | 'apiAdmin' | 'apiVendor' | 'anonymous';
  accept?: string;
};

const rounds = Number(process.env.ROUNDS ?? 3);
const requests = Number(process.env.REQUESTS ?? 20);
const only = new Set((process.env.ONLY ?? 'pages,api,widgets').split(','));
const pick = new RegExp(process.env.PATHS ?? '');
const brandId = Number(process.env.BRAND_ID ?? 1);
const vendorId = Number(process.env.VENDOR_ID ?? 1);
const ratioBudget = Number(process.env.RATIO_BUDGET ?? 1.3);

const targets: Target[] = await Promise.all(
  (process.env.TARGETS ?? '')
    .split(',')
    .filter(Boolean)
    .map(async (spec) => {
      const [label, url, database] = spec.split('=');
      if (!label || !url || !database) throw new Error(`TARGETS entry "${spec}" is not label=url=database`);
      const apiUrl = url;
      return {
        label,
        url,
        database,
        pid: serverPid(url),
        admin: { cookie: await webSession(ADMIN, url) },
        vendor: { cookie: await webSession(VENDOR, url) },
        apiAdmin: { token: await apiToken(ADMIN, apiUrl) },
        apiVendor: { token: await apiToken(VENDOR, apiUrl) },
      };
    }),
);
if (targets.length < 2) throw new Error('bench/pages.ts compares two or more TARGETS');
const labels = targets.map((target) => target.label);
const ratioPairs = (process.env.RATIOS ?? `${labels[labels.length - 1]}/${labels[0]}`)
  .split(',')
  .map((pair) => {
    const [over, under] = pair.split('/').map((label) => labels.indexOf(label));
    if (over < 0 || under < 0)
      throw new Error(`RATIOS "${pair}" names a label not in TARGETS (${labels.join(', ')})`);
    return { over, under };
  });

const html = 'text/html';
const adminPages = navigationPages(ADMINISTRATOR);
const pages: Subject[] = [
  { what: 'page /auth/login (signed out)', path: '/auth/login', as: 'anonymous', accept: html },
  ...adminPages
    .filter(({ kind }) => kind === 'dashboard')
    .map(({ path }): Subject => ({ what: `page ${path}`, path, as: 'admin', accept: html })),
  ...[
    ...adminPages
      .filter(({ kind }) => kind === 'list')
      // The invoice list opens on today's invoices (it redirects to the range).
      .map(({ path }) =>
        path === '/invoice' ? `/invoice?date-from=${jakartaDay(0)}&date-to=${jakartaDay(0)}` : path,
      ),
    '/notifications',
    '/settings',
  ].map((path): Subject => ({ what: `page ${path}`, path, as: 'admin', accept: html })),
  ...['/dashboard/penjualan', '/order', '/stock/manajemen', '/stock/mutation'].map((path): Subject => ({
    what: `page ${path} (vendor)`,
    path,
    as: 'vendor',
    accept: html,
  })),
];

const brand = `/api/brand/${brandId}`;
const vendor = `/api/vendor/${vendorId}`;
const apiCalls: Subject[] = [
  ...[
    `${brand}/order`,
    `${brand}/invoice`,
    `${brand}/invoice/card/total`,
    `${brand}/customer`,
    `${brand}/product`,
    `${brand}/tokopedia/product-commerce`,
    `${brand}/promotion`,
    `${brand}/vendor`,
    `${brand}/category`,
    '/api/send-payment',
    '/api/audit-log',
    '/api/user',
    '/api/vendor',
    '/api/bank',
    '/api/account/notification',
  ].map((path): Subject => ({ what: `API ${path}`, path, as: 'apiAdmin' })),
  ...[`${vendor}/order`, `${vendor}/invoice-offer-log`, `${vendor}/product-stock`].map((path): Subject => ({
    what: `API ${path} (vendor)`,
    path,
    as: 'apiVendor',
  })),
];

const range = `date-from=${jakartaDay(-6)}&date-to=${jakartaDay(0)}`;
const widgetCalls: Subject[] = (['brand', 'vendor'] as const).flatMap((side) =>
  widgetsOf(side).map((widget): Subject => ({
    what: `widget ${side} ${widget.path}`,
    path: `${side === 'brand' ? brand : vendor}/widget/${widget.path}?${range}`,
    as: 'apiAdmin',
  })),
);

const subjects = [
  ...(only.has('pages') ? pages : []),
  ...(only.has('api') ? apiCalls : []),
  ...(only.has('widgets') ? widgetCalls : []),
].filter((subject) => pick.test(subject.what));

function request(target: Target, subject: Subject) {
  const auth = subject.as === 'anonymous' ? {} : target[subject.as];
  return getOk(`${target.url}${subject.path}`, auth, subject.accept);
}

/** Server + PostgreSQL CPU per request of `count` requests one at a time. */
async function cpuPerRequest(target: Target, subject: Subject, count: number) {
  const before = cpuUse([target.pid], target.database);
  for (let i = 0; i < count; i++) await request(target, subject);
  const delta = cpuDelta(before, cpuUse([target.pid], target.database));
  return { server: delta.server / count, database: delta.database / count };
}

const fmt = (cpu: { server: number; database: number }) =>
  `${(cpu.server + cpu.database).toFixed(2)} ms (PG ${cpu.database.toFixed(2)})`;

console.info(
  `${subjects.length} subjects · ${targets.map((t) => `${t.label} ${t.url} (${t.database}, pid ${t.pid})`).join(' · ')}` +
    ` · ${rounds} rounds of ${requests} one at a time\n`,
);
const rows: BudgetRow[] = [];
const ratios: number[] = [];
const skipped: string[] = [];
for (const subject of subjects) {
  try {
    // Twice each first: compiled code, plans and caches warm on every target.
    for (const target of targets) for (let i = 0; i < 2; i++) await request(target, subject);
  } catch (error) {
    skipped.push(`${subject.what}: ${(error as Error).message.slice(0, 120)}`);
    continue;
  }
  const samples = targets.map(() => [] as { server: number; database: number }[]);
  for (let round = 0; round < rounds; round++) {
    // The order of the targets alternates, so neither always follows the other.
    const order = round % 2 ? [...targets.keys()].reverse() : [...targets.keys()];
    for (const index of order) samples[index].push(await cpuPerRequest(targets[index], subject, requests));
  }
  const per = samples.map((list) => {
    const total = median(list.map((cpu) => cpu.server + cpu.database));
    return list.find((cpu) => cpu.server + cpu.database === total) as { server: number; database: number };
  });
  const totalOf = (index: number) => per[index].server + per[index].database;
  const pairs = ratioPairs.map(({ over, under }) => ({
    text: `${labels[over]}/${labels[under]}`,
    ratio: totalOf(over) / totalOf(under),
  }));
  ratios.push(...pairs.map((pair) => pair.ratio));
  const row: BudgetRow = {
    what: subject.what,
    measured: per.map((cpu, index) => `${labels[index]} ${fmt(cpu)}`).join(' · '),
    budget: `≤ ${ratioBudget} ×`,
    pass: pairs.every((pair) => pair.ratio <= ratioBudget),
    note: pairs.map((pair) => `${pair.text} ${pair.ratio.toFixed(2)} ×`).join(' · '),
  };
  rows.push(row);
  console.info(`${subject.what.padEnd(58)} ${row.measured}  ${row.note}${row.pass ? '' : '  OVER'}`);
}

const sorted = [...ratios].sort((a, b) => a - b);
console.info(
  `\n${rows.filter((row) => row.pass).length} of ${rows.length} within ${ratioBudget} × ` +
    `(${ratioPairs.map(({ over, under }) => `${labels[over]}/${labels[under]}`).join(', ')}); ` +
    `median ratio ${median(sorted)?.toFixed(2)}, worst ${sorted[sorted.length - 1]?.toFixed(2)}`,
);
for (const line of skipped) console.info(`skipped ${line}`);
writeSection(
  'pages.ts',
  `${targets.map((t) => `${t.label}: ${t.database}`).join(' · ')} · ${rounds} rounds × ${requests} one at a time · ${new Date().toISOString()}`,
  rows,
);
