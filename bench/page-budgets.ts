/**
 * A page's first paint and its JavaScript as a user on a slow line gets them, against their budgets: cold load after
 * sign-in (a new browser context each run, cache disabled), Chromium's network emulation at Fast 3G (150 ms
 * latency, 1.6 Mbit/s down, 750 kbit/s up) and 4× CPU slowdown through a CDP session.
 *
 * - painted: when the first order row / dashboard figure was painted (Element Timing, `elementtiming` on the table's
 *   first cell and on each figure), else the first contentful paint; budget 500 ms;
 * - JavaScript: every script response of the load, including chunks fetched after the first paint, as bodies on
 *   the wire (compressed as the server sent them) and with their response headers; budget 100 KB for a list page,
 *   140 KB for a dashboard (on the body bytes).
 * Medians of RUNS runs (default 5). Exits 1 when a median is over budget.
 *
 *   npx remix build && NODE_ENV=production … npx tsx server.ts   (see bench/README.md)
 *   BASE_URL=http://127.0.0.1:3600 npx tsx bench/page-budgets.ts
 */
import { chromium, type Browser } from 'playwright';
import { median } from './load';

const BASE = process.env.BASE_URL ?? 'http://localhost:3000';
const EMAIL = process.env.EMAIL ?? 'admin@demo.test';
const PASSWORD = process.env.PASSWORD ?? 'demo1234';
const RUNS = Number(process.env.RUNS ?? 5);
const PAINT_BUDGET_MS = 500;

const PAGES = [
  { path: '/order', kind: 'list', element: 'first-row', jsBudgetKb: 100 },
  { path: '/invoice', kind: 'list', element: 'first-row', jsBudgetKb: 100 },
  { path: '/dashboard/ringkasan', kind: 'dashboard', element: 'figure', jsBudgetKb: 140 },
  { path: '/dashboard/penjualan', kind: 'dashboard', element: 'figure', jsBudgetKb: 140 },
].filter((page) => !process.env.PAGES || process.env.PAGES.split(',').includes(page.path));

type Run = { paintedMs: number; fcpMs: number; jsBodyKb: number; jsTotalKb: number; scripts: number };

async function measure(browser: Browser, path: string, element: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'id-ID' });
  const signIn = await context.newPage();
  await signIn.goto(`${BASE}/auth/login`);
  await signIn.getByLabel('Email').fill(EMAIL);
  await signIn.getByLabel('Password').fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Masuk' }).click();
  await signIn.waitForURL(/\/dashboard\//);
  await signIn.close();

  const page = await context.newPage();
  await page.addInitScript((name) => {
    const seen: number[] = [];
    (window as unknown as { __painted: number[] }).__painted = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        identifier: string;
        renderTime: number;
      })[]) {
        if (entry.identifier === name) seen.push(entry.renderTime || entry.startTime);
      }
    }).observe({ type: 'element', buffered: true });
  }, element);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const scripts = new Set<string>();
  const body = new Map<string, number>();
  const total = new Map<string, number>();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.add(event.requestId);
  });
  cdp.on('Network.dataReceived', (event) =>
    body.set(event.requestId, (body.get(event.requestId) ?? 0) + event.encodedDataLength),
  );
  cdp.on('Network.loadingFinished', (event) => total.set(event.requestId, event.encodedDataLength));

  await page.goto(`${BASE}${path}`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const { fcp, painted, nav } = await page.evaluate(() => {
    const timing = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return {
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      painted: Math.min(...(window as unknown as { __painted: number[] }).__painted),
      nav: [timing.connectEnd, timing.requestStart, timing.responseStart, timing.responseEnd].map(Math.round),
    };
  });
  if (process.env.VERBOSE) console.info(path, { fcp, painted, connect_request_ttfb_html: nav });
  const sum = (map: Map<string, number>) => [...scripts].reduce((bytes, id) => bytes + (map.get(id) ?? 0), 0);
  await context.close();
  return {
    paintedMs: Math.round(Number.isFinite(painted) ? painted : fcp),
    fcpMs: Math.round(fcp),
    jsBodyKb: Math.round((sum(body) / 1024) * 10) / 10,
    jsTotalKb: Math.round((sum(total) / 1024) * 10) / 10,
    scripts: scripts.size,
  };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
});
let over = false;
console.info('page'.padEnd(22), 'painted', '  fcp', ' JS body', ' JS+headers', 'scripts', ' budgets');
for (const { path, element, jsBudgetKb } of PAGES) {
  const runs: Run[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await measure(browser, path, element));
  const painted = median(runs.map((run) => run.paintedMs));
  const jsBody = median(runs.map((run) => run.jsBodyKb));
  const fits = painted <= PAINT_BUDGET_MS && jsBody <= jsBudgetKb;
  over ||= !fits;
  console.info(
    path.padEnd(22),
    `${painted} ms`.padStart(7),
    `${median(runs.map((run) => run.fcpMs))}`.padStart(5),
    `${jsBody} KB`.padStart(8),
    `${median(runs.map((run) => run.jsTotalKb))} KB`.padStart(11),
    String(median(runs.map((run) => run.scripts))).padStart(7),
    ` ≤${PAINT_BUDGET_MS} ms, ≤${jsBudgetKb} KB`,
    fits ? 'ok' : 'OVER BUDGET',
    `(painted runs: ${runs.map((run) => run.paintedMs).join(', ')})`,
  );
}
await browser.close();
if (over) process.exitCode = 1;
