/**
 * What a page costs before it is usable, signed in as the administrator, on every page of the navigation:
 *
 * - JavaScript before interactive: the scripts the document makes the browser load before React hydrates it — the
 *   modulepreload links and module scripts of its HTML (entry, manifest, route modules) and every chunk those import
 *   statically — as gzip bytes on the wire (`Accept-Encoding: gzip`). A dynamic `import()` inside a chunk is fetched
 *   later (pusher-js once the page runs, a dialog's library when it opens) and is listed apart. Budget ≤ 100 KB for a
 *   list page, ≤ 140 KB for a dashboard.
 * - First contentful paint, Chromium under Fast 3G (150 ms, 1.6 Mbit/s down, 750 kbit/s up) and 4× CPU slowdown,
 *   cold (a new browser context each load, cache disabled), of (i) the live page and (ii) the same HTML bytes, taken
 *   from the live server for the same session, served as a file by a bare `node:http` server through the same
 *   `compression` middleware as server.ts (its other requests, the build's scripts, are passed to the live server, so
 *   both loads fetch the same files). Live and static alternate within each run, their order flipping run to run;
 *   medians of RUNS. The ratio live ÷ static is what the app's server controls (its data and the order in which it
 *   writes the bytes); budget ≤ 1.15. `VARIANTS=live,static,plain` adds the same HTML served uncompressed.
 *
 * Several builds side by side in one run: `TARGETS='main=http://127.0.0.1:3611,branch=http://127.0.0.1:3612'`
 * (each signs in on its own). Exits 1 when a figure is over budget.
 *
 *   npx remix build && NODE_ENV=production … npx tsx server.ts   (see bench/README.md)
 *   OAUTH_CLIENT_SECRET=bench-secret BASE_URL=http://127.0.0.1:3600 npx tsx bench/first-paint.ts
 *   (`PAGES=/order,/dashboard/ringkasan`, `RUNS=5`, `TARGETS`, `VARIANTS`, `CHROMIUM_PATH`; `ONLY=js` skips the paints)
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import compression from 'compression';
import puppeteer, { type Browser } from 'puppeteer-core';
import { launchOptions } from '../playwright.config';
import { ADMIN, BASE_URL, webSession } from './http';
import { ADMINISTRATOR, navigationPages } from './navigation';

const RUNS = process.env.ONLY === 'js' ? 0 : Number(process.env.RUNS ?? 5);
const KB = 1024;
const RATIO_BUDGET = 1.15;
const JS_BUDGET_KB = { list: 100, dashboard: 140 } as const;
const CPU_SLOWDOWN = 4;
const FAST_3G = { latency: 150, download: (1.6 * 1024 * 1024) / 8, upload: (750 * 1024) / 8 };

type Variant = 'live' | 'static' | 'plain';

const ALL_PAGES = navigationPages(ADMINISTRATOR);
const PAGES = ALL_PAGES.filter(
  (page) => !process.env.PAGES || process.env.PAGES.split(',').includes(page.path),
);
const VARIANTS = (process.env.VARIANTS ?? 'live,static').split(',') as Variant[];
const TARGETS = (process.env.TARGETS ?? `app=${BASE_URL}`).split(',').map((pair) => {
  const [name, url] = pair.split('=');
  return { name, url };
});

type Response = { status: number; headers: IncomingMessage['headers']; body: Buffer };

/** GET through node:http, so the body is what came over the wire (fetch would decompress it). */
function get(url: string, headers: Record<string, string>): Promise<Response> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** The page's HTML as the live server writes it for this session, following its redirects (a list's default filters). */
async function capture(base: string, path: string, cookie: string) {
  let location = path;
  for (let hop = 0; hop < 5; hop++) {
    const response = await get(`${base}${location}`, { cookie, 'accept-encoding': 'identity' });
    if (response.status === 200) return { path: location, html: response.body };
    if (response.status < 300 || response.status >= 400 || !response.headers.location)
      throw new Error(`GET ${base}${location} answered ${response.status}`);
    const next = new URL(response.headers.location, base);
    location = `${next.pathname}${next.search}`;
  }
  throw new Error(`GET ${base}${path}: too many redirects`);
}

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*"(\/build\/[^"]+\.js)"/g;
const DYNAMIC_IMPORT = /\bimport\(\s*"(\/build\/[^"]+\.js)"\s*\)/g;

/** The scripts the HTML itself loads: modulepreload links, module script sources, and what its inline modules import. */
function scriptsOfHtml(html: string) {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g))
    if (/\brel="modulepreload"/.test(tag)) urls.add(/\bhref="([^"]+)"/.exec(tag)?.[1] ?? '');
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (!/\btype="module"/.test(attributes)) continue;
    const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1];
    if (src) urls.add(src);
    // Remix's inline module imports the route modules and then the entry with import(): all before hydration.
    for (const match of body.matchAll(STATIC_IMPORT)) urls.add(match[1]);
    for (const match of body.matchAll(DYNAMIC_IMPORT)) urls.add(match[1]);
  }
  urls.delete('');
  return [...urls];
}

const chunkCache = new Map<string, Promise<{ gzip: number; source: string }>>();
function chunk(url: string) {
  let cached = chunkCache.get(url);
  if (!cached) {
    cached = get(url, { 'accept-encoding': 'gzip' }).then(({ status, headers, body }) => {
      if (status !== 200) throw new Error(`GET ${url} answered ${status}`);
      const source = (headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8');
      return { gzip: body.byteLength, source };
    });
    chunkCache.set(url, cached);
  }
  return cached;
}

/** Gzip bytes of the scripts before hydration (the HTML's, then their static imports), and of the lazy ones. */
async function javascriptOf(base: string, html: string) {
  const eager = new Map<string, number>();
  const lazy = new Set<string>();
  const queue = scriptsOfHtml(html);
  while (queue.length) {
    const url = queue.shift() as string;
    if (eager.has(url)) continue;
    const { gzip, source } = await chunk(`${base}${url}`);
    eager.set(url, gzip);
    for (const match of source.matchAll(STATIC_IMPORT)) queue.push(match[1]);
    for (const match of source.matchAll(DYNAMIC_IMPORT)) lazy.add(match[1]);
  }
  const later = new Map<string, number>();
  const lazyQueue = [...lazy];
  while (lazyQueue.length) {
    const url = lazyQueue.shift() as string;
    if (eager.has(url) || later.has(url)) continue;
    const { gzip, source } = await chunk(`${base}${url}`);
    later.set(url, gzip);
    for (const match of source.matchAll(STATIC_IMPORT)) lazyQueue.push(match[1]);
  }
  const sum = (map: Map<string, number>) => [...map.values()].reduce((total, bytes) => total + bytes, 0);
  return { scripts: eager.size, gzip: sum(eager), lazyGzip: sum(later) };
}

/**
 * The bare server of one target: a captured page's HTML at its path, written whole with `res.end` — through the
 * app's compression middleware (`static`) or as it is (`plain`); every other request is passed to the live server.
 */
function staticServer(live: string, pages: Map<string, Buffer>, compress: boolean): Promise<Server> {
  const compressor = compression();
  const server = createServer((req, res) => {
    const html = pages.get(req.url ?? '');
    if (html) {
      const send = () => {
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(html);
      };
      if (!compress) return send();
      return void compressor(req as never, res as never, send);
    }
    const target = new URL(req.url ?? '/', live);
    const upstream = request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function cookiesFor(cookie: string, url: string) {
  return cookie.split('; ').map((pair) => {
    const [name, ...value] = pair.split('=');
    return {
      name,
      value: value.join('='),
      url,
      path: '/',
      secure: name.startsWith('__Host-') || name.startsWith('__Secure-'),
    };
  });
}

type Paint = { fcp: number; ttfb: number; htmlEnd: number };

/** One cold load: its first contentful paint, the first byte of the HTML and its last (ms from navigation). */
async function paint(browser: Browser, url: string, cookie: string): Promise<Paint> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setCookie(...cookiesFor(cookie, new URL(url).origin));
    await page.setCacheEnabled(false);
    await page.emulateNetworkConditions(FAST_3G);
    await page.emulateCPUThrottling(CPU_SLOWDOWN);
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    if (page.url() !== url) throw new Error(`${url} went to ${page.url()}: not the page measured`);
    return await page.evaluate(
      () =>
        new Promise<Paint>((resolve) => {
          new PerformanceObserver((list) => {
            const entry = list.getEntriesByName('first-contentful-paint')[0];
            if (!entry) return;
            const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
            resolve({
              fcp: entry.startTime,
              ttfb: navigation.responseStart,
              htmlEnd: navigation.responseEnd,
            });
          }).observe({ type: 'paint', buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);

const targets = await Promise.all(
  TARGETS.map(async ({ name, url }) => {
    const cookie = await webSession(ADMIN, url);
    const pages = await Promise.all(
      PAGES.map(async (page) => {
        const { path, html } = await capture(url, page.path, cookie);
        return { ...page, at: path, html, js: await javascriptOf(url, html.toString('utf8')) };
      }),
    );
    const byPath = new Map(pages.map((page) => [page.at, page.html]));
    const servers = {
      static: await staticServer(url, byPath, true),
      plain: await staticServer(url, byPath, false),
    };
    const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const bases: Record<Variant, string> = {
      live: url,
      static: origin(servers.static),
      plain: origin(servers.plain),
    };
    return { name, cookie, pages, servers, bases };
  }),
);

/** Every target and variant once per page in each run, the order flipping from one run to the next. */
async function measurePaints() {
  const paints = new Map<string, Paint[]>();
  if (RUNS === 0) return paints;
  const browser = await puppeteer.launch({
    // A first paint that never comes (a page that failed) ends the run instead of waiting for ever.
    protocolTimeout: 60_000,
    // The browser tests' Chromium and flags.
    ...launchOptions,
  });
  const loads = TARGETS.flatMap((_, target) => VARIANTS.map((variant) => ({ target, variant })));
  for (let run = 0; run < RUNS; run++) {
    for (let index = 0; index < PAGES.length; index++) {
      for (const { target, variant } of run % 2 ? [...loads].reverse() : loads) {
        const { name, cookie, pages, bases } = targets[target];
        const page = pages[index];
        const result = await paint(browser, `${bases[variant]}${page.at}`, cookie);
        const key = keyOf(name, page.path, variant);
        paints.set(key, [...(paints.get(key) ?? []), result]);
      }
    }
    console.info(`run ${run + 1} of ${RUNS} done`);
  }
  await browser.close();
  return paints;
}

const keyOf = (target: string, path: string, variant: Variant) => `${target} ${path} ${variant}`;
const paints = await measurePaints();
for (const { servers } of targets) for (const server of Object.values(servers)) server.close();

const [load1, load5] = (await import('node:os')).loadavg();
console.info(
  `\n${PAGES.length} pages × ${TARGETS.length} target(s), medians of ${RUNS}, Fast 3G + ${CPU_SLOWDOWN}× CPU, cold; ` +
    `load average ${load1.toFixed(2)} (1 min), ${load5.toFixed(2)} (5 min)\n`,
);
const header = ['page', 'target', 'JS gzip', 'lazy', 'TTFB', 'HTML end', 'live FCP', 'static FCP'];
if (VARIANTS.includes('plain')) header.push('plain FCP');
header.push('ratio', 'verdict');
const rows = [header];
let over = false;
for (const { path, kind } of PAGES) {
  for (const { name, pages } of targets) {
    const page = pages.find((each) => each.path === path)!;
    const of = (variant: Variant, field: keyof Paint) =>
      Math.round(median((paints.get(keyOf(name, path, variant)) ?? []).map((each) => each[field])));
    const ratio = of('live', 'fcp') / of('static', 'fcp');
    const jsFits = page.js.gzip <= JS_BUDGET_KB[kind] * KB;
    const ratioFits = RUNS === 0 || ratio <= RATIO_BUDGET;
    over ||= !jsFits || !ratioFits;
    rows.push([
      path,
      name,
      `${kb(page.js.gzip)} KB (${page.js.scripts}) ≤${JS_BUDGET_KB[kind]}`,
      `${kb(page.js.lazyGzip)} KB`,
      `${of('live', 'ttfb')}`,
      `${of('live', 'htmlEnd')}`,
      `${of('live', 'fcp')}`,
      `${of('static', 'fcp')}`,
      ...(VARIANTS.includes('plain') ? [`${of('plain', 'fcp')}`] : []),
      ratio.toFixed(2),
      [jsFits ? '' : 'JS over', ratioFits ? '' : 'paint over'].filter(Boolean).join(', ') || 'ok',
    ]);
  }
}
const widths = header.map((_, column) => Math.max(...rows.map((row) => row[column].length)));
for (const row of rows) console.info(row.map((cell, column) => cell.padEnd(widths[column])).join('  '));
console.info('\nms from navigation start; ratio = live FCP ÷ static FCP, budget ≤', RATIO_BUDGET);
if (over) process.exitCode = 1;
