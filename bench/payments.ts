/**
 * The vendor payment budgets, against a running server (see bench/README.md):
 *
 *   1. The payable-order select of the payment form (GET /api/select/send-payment/order, per_page 1000) for a
 *      vendor with many unpaid orders, one never paid, and one paid up to its last few (made so for the run with
 *      vouchers over the rest, deleted afterwards): one at a time as a user opens the form, p95 ≤ 25 ms; then
 *      20 concurrent, 400 requests, for the CPU per request of the server and PostgreSQL.
 *   2. Cetak Pembayaran /send-payment/{id}/print with a warm browser, for a voucher of a typical size and the
 *      largest: 30 renders one at a time, then two at a time (both PDF slots busy).         p95 ≤ 400 ms
 *
 *   3. vouchers: Cetak Pembayaran of every voucher of the database (or VOUCHER_LIMIT of them, spread over the
 *      sizes), one at a time: orders, seconds from the click to the whole file (through the progress page of
 *      a long print, docs/decisions/045), MB; then the least-squares line of seconds against orders, its slope
 *      per 1,000 orders, and the time of a 2,000-order voucher read off it.          2,000 orders ≤ 3 s
 *
 *   BASE_URL=http://127.0.0.1:3600 npx tsx bench/payments.ts
 *
 * BRAND_ID (1), VENDORS (1,4: the demo vendor, and one the seed never pays), PAIDUP_VENDOR (3), PAID_LEFT (5),
 * CONCURRENCY (20), REQUESTS (400), PDF_RENDERS (30); ONLY=select,pdf runs a subset.
 */
import {
  ADMIN,
  BASE_URL,
  apiToken,
  cpuPerRequest,
  cpuUse,
  getJson,
  getOk,
  sendJson,
  urlOf,
  waitForQuiet,
  webSession,
  type Auth,
} from './http';
import { medianBy, ms, runLoad, type LoadStats } from './load';
import { printRows, writeSection, type BudgetRow } from './results';

const brandId = Number(process.env.BRAND_ID ?? 1);
const vendors = (process.env.VENDORS ?? '1,4').split(',').map(Number);
const paidUpVendor = Number(process.env.PAIDUP_VENDOR ?? 3);
const paidLeft = Number(process.env.PAID_LEFT ?? 5);
const concurrency = Number(process.env.CONCURRENCY ?? 20);
const requests = Number(process.env.REQUESTS ?? 400);
const pdfRenders = Number(process.env.PDF_RENDERS ?? 30);
const maxMs = Number(process.env.MAX_SECONDS ?? 60) * 1000;
const only = new Set((process.env.ONLY ?? 'select,pdf,vouchers').split(','));
const voucherLimit = Number(process.env.VOUCHER_LIMIT ?? 0);

const rows: BudgetRow[] = [];
const admin: Auth = { token: await apiToken(ADMIN) };

type Payable = { data: { id: number; number: string }[] };
type VoucherRow = { id: number; number: string; order_count: number; total: number };

function measured(stats: LoadStats) {
  return `p50 ${ms(stats.p50)} · p95 ${ms(stats.p95)} · p99 ${ms(stats.p99)} · max ${ms(stats.max)} · ${stats.rps.toFixed(0)} req/s`;
}

function latencyRow(what: string, stats: LoadStats, budgetMs: number, note: string) {
  const row: BudgetRow = {
    what,
    measured: measured(stats),
    budget: `p95 ≤ ${budgetMs} ms`,
    pass: stats.p95 <= budgetMs && stats.errors === 0,
    note: [note, stats.errors ? `${stats.errors} errors, first: ${stats.firstError}` : '']
      .filter(Boolean)
      .join('; '),
  };
  console.info(`${row.what}: ${row.measured} → ${row.pass ? 'pass' : 'FAIL'}`);
  rows.push(row);
}

function payablePath(vendorId: number) {
  return `/api/select/send-payment/order?vendor=${vendorId}&brand=${brandId}&per_page=1000`;
}

async function measureSelect(label: string, vendorId: number) {
  const path = payablePath(vendorId);
  const offered = (await getJson<Payable>(path, admin)).data.length;
  const idle = await waitForQuiet(`select ${label}`);
  const alone = await runLoad({
    concurrency: 1,
    total: 50,
    warmup: 2,
    maxMs,
    request: () => getOk(path, admin),
  });
  const before = cpuUse();
  const stats = await runLoad({ concurrency, total: requests, maxMs, request: () => getOk(path, admin) });
  latencyRow(
    `select payable orders, ${label} (1×, 50)`,
    alone,
    25,
    `vendor ${vendorId}, brand ${brandId}: ${offered} offered; ${concurrency}× ${requests}: ${measured(stats)}; ${cpuPerRequest(before, cpuUse(), stats.count + stats.errors)}; CPU idle before ${idle.toFixed(0)} %`,
  );
}

/**
 * Vouchers (500 orders each, the most one holds) over all but the oldest `paidLeft` unpaid orders of the vendor,
 * a select page (the newest 1,000) at a time: at 1M orders a vendor has tens of thousands unpaid.
 */
async function payAllBut(vendorId: number) {
  const bankId = (await getJson<{ data: { id: number }[] }>('/api/select/bank', admin)).data[0].id;
  const made: number[] = [];
  for (;;) {
    const unpaid = (await getJson<Payable>(payablePath(vendorId), admin)).data.map((order) => order.id);
    const last = unpaid.length < 1000;
    const paying = last ? unpaid.slice(0, Math.max(0, unpaid.length - paidLeft)) : unpaid;
    for (let start = 0; start < paying.length; start += 500) {
      const created = await sendJson<{ data: { id: number } }>('POST', '/api/send-payment', admin, {
        number: `BENCH/PAIDUP/${Date.now()}/${made.length}`,
        vendor_id: vendorId,
        brand_id: brandId,
        date: new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10),
        bank_id: bankId,
        account_number: '0000000000',
        account_holder_name: 'Bench',
        order_ids: paying.slice(start, start + 500),
      });
      made.push(created.data.id);
    }
    if (last) return made;
  }
}

async function deleteVoucher(id: number) {
  const response = await fetch(urlOf(`/api/send-payment/${id}`), {
    method: 'DELETE',
    headers: { authorization: `Bearer ${admin.token}`, accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`DELETE voucher ${id} answered ${response.status}`);
}

// 1. The payable-order select -------------------------------------------------------------------------------
if (only.has('select')) {
  for (const vendorId of vendors)
    await measureSelect(vendorId === vendors[0] ? 'many unpaid' : 'never paid', vendorId);
  const vouchers = await payAllBut(paidUpVendor);
  try {
    await measureSelect(`paid up to its last ${paidLeft}`, paidUpVendor);
  } finally {
    for (const id of vouchers) await deleteVoucher(id);
  }
}

// 2. Cetak Pembayaran ---------------------------------------------------------------------------------------
if (only.has('pdf')) {
  const session: Auth = { cookie: await webSession(ADMIN) };
  const page = await getJson<{ data: VoucherRow[] }>(
    `/api/send-payment?brand[]=${brandId}&per_page=20`,
    admin,
  );
  const sizes = [...page.data].sort((a, b) => a.order_count - b.order_count);
  if (!sizes.length) throw new Error(`brand ${brandId} has no voucher to print`);
  const picked = [
    { label: 'typical', voucher: medianBy(sizes, (row) => row.order_count) },
    { label: 'largest', voucher: sizes[sizes.length - 1] },
  ];
  for (const { label, voucher } of picked) {
    const path = `/send-payment/${voucher.id}/print`;
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
    for (const slots of [1, 2]) {
      const idle = await waitForQuiet('voucher PDF');
      const stats = await runLoad({
        concurrency: slots,
        total: pdfRenders,
        warmup: 1,
        maxMs,
        maxErrors: pdfRenders,
        request: check,
      });
      latencyRow(
        `voucher PDF, ${label} (${slots}×, ${pdfRenders})`,
        stats,
        400,
        `${path}, ${voucher.number}: ${voucher.order_count} orders; warm browser; CPU idle before ${idle.toFixed(0)} %`,
      );
    }
  }
}

// 3. Every voucher -----------------------------------------------------------------------------------------
type Printed = { orders: number; seconds: number; bytes: number; path: string };

/** One print as a user gets it: the file at once, or the progress page followed until the file is ready. */
async function printVoucher(session: Auth, voucher: VoucherRow): Promise<Printed> {
  const started = performance.now();
  const headers = { cookie: session.cookie ?? '' };
  const first = await fetch(urlOf(`/send-payment/${voucher.id}/print`), { headers, redirect: 'manual' });
  let file: Response = first;
  let path = 'direct';
  if (first.status === 302 || first.status === 303) {
    const jobPath = new URL(first.headers.get('location') ?? '', BASE_URL).pathname;
    path = 'job';
    const route = 'routes/_app.send-payment.$id_.print.$job';
    for (;;) {
      const state = (await (
        await fetch(urlOf(`${jobPath}?_data=${encodeURIComponent(route)}`), { headers })
      ).json()) as { status: string; parts: number; failure: string | null };
      path = `job, ${state.parts} parts`;
      if (state.status === 'done') break;
      if (state.status !== 'running') throw new Error(`${jobPath}: ${state.status} (${state.failure})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    file = await fetch(urlOf(`${jobPath}/pdf`), { headers });
  } else await first.body?.cancel().catch(() => undefined);
  const body =
    file === first ? await first.arrayBuffer().catch(() => new ArrayBuffer(0)) : await file.arrayBuffer();
  if (file.status !== 200 || !file.headers.get('content-type')?.includes('application/pdf')) {
    throw new Error(`voucher ${voucher.id} answered ${file.status}`);
  }
  return {
    orders: voucher.order_count,
    seconds: (performance.now() - started) / 1000,
    bytes: body.byteLength,
    path,
  };
}

/** Least squares: seconds = intercept + slope × orders. */
function line(points: Printed[]) {
  const n = points.length;
  const mx = points.reduce((sum, p) => sum + p.orders, 0) / n;
  const my = points.reduce((sum, p) => sum + p.seconds, 0) / n;
  const sxx = points.reduce((sum, p) => sum + (p.orders - mx) ** 2, 0);
  const sxy = points.reduce((sum, p) => sum + (p.orders - mx) * (p.seconds - my), 0);
  const slope = sxx ? sxy / sxx : 0;
  const intercept = my - slope * mx;
  const ssr = points.reduce((sum, p) => sum + (p.seconds - intercept - slope * p.orders) ** 2, 0);
  const sst = points.reduce((sum, p) => sum + (p.seconds - my) ** 2, 0);
  return { slope, intercept, r2: sst ? 1 - ssr / sst : 1 };
}

if (only.has('vouchers')) {
  const session: Auth = { cookie: await webSession(ADMIN) };
  const all: VoucherRow[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const page = await getJson<{ data: VoucherRow[]; meta?: { last_page?: number } }>(
      `/api/send-payment?per_page=100&page=${pageNo}`,
      admin,
    );
    all.push(...page.data);
    if (page.data.length < 100) break;
  }
  all.sort((a, b) => a.order_count - b.order_count);
  const picked =
    voucherLimit > 0 && voucherLimit < all.length
      ? Array.from(
          { length: voucherLimit },
          (_, i) => all[Math.round((i * (all.length - 1)) / (voucherLimit - 1 || 1))],
        )
      : all;
  const printed: Printed[] = [];
  let failed = 0;
  for (const voucher of picked) {
    try {
      const result = await printVoucher(session, voucher);
      printed.push(result);
      console.info(
        `  voucher ${voucher.number}: ${voucher.order_count} orders, ${result.seconds.toFixed(2)} s, ${(result.bytes / 1e6).toFixed(1)} MB (${result.path})`,
      );
    } catch (error) {
      failed++;
      console.info(`  voucher ${voucher.number}: ${voucher.order_count} orders FAILED: ${String(error)}`);
    }
  }
  if (printed.length) {
    const fit = line(printed);
    const at2000 = fit.intercept + fit.slope * 2000;
    const largest = printed[printed.length - 1];
    rows.push({
      what: `every voucher printed (${printed.length} of ${picked.length}, ${picked[0].order_count}–${picked[picked.length - 1].order_count} orders)`,
      measured: `${(fit.slope * 1000).toFixed(2)} s per 1,000 orders + ${fit.intercept.toFixed(2)} s (r² ${fit.r2.toFixed(3)}); 2,000 orders ≈ ${at2000.toFixed(2)} s; largest ${largest.orders} orders ${largest.seconds.toFixed(2)} s, ${(largest.bytes / 1e6).toFixed(1)} MB`,
      budget: 'all print; 2,000 orders ≤ 3 s',
      pass: failed === 0 && at2000 <= 3,
      note: `${failed} failed; one at a time, warm browser`,
    });
  }
}

console.info('');
printRows(rows);
writeSection(
  'payments.ts',
  `${new Date().toISOString()} · ${BASE_URL} · brand ${brandId} · p50/p95/p99 nearest rank`,
  rows,
);
process.exit(rows.every((row) => row.pass !== false) ? 0 : 1);
