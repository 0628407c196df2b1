/**
 * PDF rendering with the warm shared browser and its warm pages: 30 renders of the unit test's small page and
 * 30 of a 300-row order table, two at a time (PDF_CONCURRENCY=2), each with its own user's cookie, each page
 * served by a local node:http server. Prints the warm-up time, then p50/p95/max of each render and the throughput.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closePdfBrowser, renderPdf, warmPdfBrowser } from '../app/lib/pdf.server';
import { percentile } from './load';

const RENDERS = 30;
const CONCURRENCY = 2;
process.env.PDF_CONCURRENCY = String(CONCURRENCY);

const rows = Array.from(
  { length: 300 },
  (_, i) =>
    `<tr><td>INV/2024/${String(i).padStart(6, '0')}</td><td>Vendor ${i % 20}</td><td>Pesanan Baru</td><td>Rp ${(i * 12_345).toLocaleString('id-ID')}</td></tr>`,
).join('');

const pages: Record<string, string> = {
  '/small': `<title>Sales report</title><body><h1>Sales report</h1><p>Gross merchandise value 4821937</p>
    <img src="http://127.0.0.1:9/logo.png" alt=""><link rel="stylesheet" href="file:///etc/passwd">`,
  '/table': `<title>Orders</title><style>table { border-collapse: collapse } td { border: 1px solid #ccc; padding: 2px 6px }
    tr:nth-child(even) { background: #f4f4f4 }</style><body><h1>Orders</h1><table>${rows}</table>`,
};

const server = createServer((req, res) => {
  const body = pages[req.url ?? ''];
  res.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><head><meta charset="utf-8">${body ?? ''}</html>`);
});
server.listen(0, '127.0.0.1');
await once(server, 'listening');
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function measure(path: string) {
  const durations: number[] = [];
  let next = 0;
  let bytes = 0;
  const started = performance.now();
  async function worker() {
    while (next < RENDERS) {
      next += 1;
      const start = performance.now();
      const pdf = await renderPdf({
        url: `${origin}${path}`,
        origin,
        cookies: [{ name: 'bo_session', value: `user-${next}` }],
      });
      durations.push(performance.now() - start);
      bytes = pdf.byteLength;
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const wall = performance.now() - started;
  durations.sort((a, b) => a - b);
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.info(
    `${path.padEnd(7)} ${RENDERS} renders × ${CONCURRENCY}: p50 ${ms(percentile(durations, 0.5))}, ` +
      `p95 ${ms(percentile(durations, 0.95))}, max ${ms(durations[durations.length - 1])}, ` +
      `${((RENDERS / wall) * 1000).toFixed(1)} PDF/s, ${(bytes / 1024).toFixed(0)} KiB each`,
  );
}

const launchStarted = performance.now();
await warmPdfBrowser({ origin });
console.info(
  `browser launch and a page per slot (warm-up): ${Math.round(performance.now() - launchStarted)} ms`,
);

await measure('/small');
await measure('/table');

await closePdfBrowser();
server.close();
