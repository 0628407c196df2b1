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
import { ms, runLoad, type LoadStats } from './load';
import { printRows, writeSection, type BudgetRow } from './results';

const brandId = Number(process.env.BRAND_ID ?? 1);
const vendors = (process.env.VENDORS ?? '1,4').split(',').map(Number);
const paidUpVendor = Number(process.env.PAIDUP_VENDOR ?? 3);
const paidLeft = Number(process.env.PAID_LEFT ?? 5);
const concurrency = Number(process.env.CONCURRENCY ?? 20);
const requests = Number(process.env.REQUESTS ?? 400);
const pdfRenders = Number(process.env.PDF_RENDERS ?? 30);
const maxMs = Number(process.env.MAX_SECONDS ?? 60) * 1000;
const only = new Set((process.env.ONLY ?? 'select,pdf').split(','));

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
    { label: 'typical', voucher: sizes[Math.floor(sizes.length / 2)] },
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

console.info('');
printRows(rows);
writeSection(
  'payments.ts',
  `${new Date().toISOString()} · ${BASE_URL} · brand ${brandId} · p50/p95/p99 nearest rank`,
  rows,
);
process.exit(rows.every((row) => row.pass !== false) ? 0 : 1);
