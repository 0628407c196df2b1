/**
 * First-load JavaScript of a page, gzip: after `npx remix build`, reads public/build/manifest-*.js and sums the
 * entry, then root and every route down to the page (module and imports), following each chunk's static
 * imports; dynamic `import()` chunks load later and are listed apart. Budgets: a dashboard ≤ 200 KB, a list
 * page (/order) ≤ 120 KB. Exits 1 when one is over.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const PUBLIC = 'public';
const BUILD = join(PUBLIC, 'build');
const KB = 1024;

const PAGES: { route: string; budgetKb: number }[] = [
  { route: 'routes/_app.dashboard.ringkasan', budgetKb: 200 },
  { route: 'routes/_app.dashboard.penjualan', budgetKb: 200 },
  { route: 'routes/_app.dashboard.vendor', budgetKb: 200 },
  { route: 'routes/_app.dashboard.produk', budgetKb: 200 },
  { route: 'routes/_app.dashboard.pembeli', budgetKb: 200 },
  { route: 'routes/_app.dashboard.branch', budgetKb: 200 },
  { route: 'routes/_app.order._index', budgetKb: 120 },
];

type ManifestEntry = { module: string; imports?: string[] };
type Manifest = {
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry & { id: string; parentId?: string }>;
};

function readManifest(): Manifest {
  const newest = readdirSync(BUILD)
    .filter((name) => /^manifest-.*\.js$/.test(name))
    .map((name) => join(BUILD, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!newest) throw new Error('no public/build/manifest-*.js: run `npx remix build` first');
  const source = readFileSync(newest, 'utf8').trim();
  return JSON.parse(source.replace(/^window\.__remixManifest=/, '').replace(/;$/, '')) as Manifest;
}

const sizes = new Map<string, { raw: number; gzip: number; source: string }>();
function sizeOf(url: string) {
  let size = sizes.get(url);
  if (!size) {
    const source = readFileSync(join(PUBLIC, url), 'utf8');
    size = { raw: Buffer.byteLength(source), gzip: gzipSync(source).byteLength, source };
    sizes.set(url, size);
  }
  return size;
}

function importsOf(url: string) {
  const { source } = sizeOf(url);
  return {
    eager: [...source.matchAll(/(?:\bfrom|\bimport)\s*"(\/build\/[^"]+\.js)"/g)].map((match) => match[1]),
    lazy: [...source.matchAll(/\bimport\(\s*"(\/build\/[^"]+\.js)"\s*\)/g)].map((match) => match[1]),
  };
}

/** Every chunk reached from `roots` by static imports (`import"…"`, `from"…"`), and the dynamic `import("…")` seen. */
function closure(roots: string[], skip = new Set<string>()) {
  const reached = new Set<string>();
  const dynamic = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const url = queue.shift() as string;
    if (reached.has(url) || skip.has(url)) continue;
    reached.add(url);
    const imports = importsOf(url);
    queue.push(...imports.eager);
    imports.lazy.forEach((chunk) => dynamic.add(chunk));
  }
  return { reached, dynamic };
}

/** First-load chunks, and the chunks (with their own imports) fetched later by dynamic imports. */
function crawl(roots: string[]) {
  const first = closure(roots);
  const later = closure([...first.dynamic], first.reached);
  return { eager: [...first.reached], lazy: [...later.reached] };
}

function chainOf(manifest: Manifest, routeId: string) {
  const chain = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the manifest`);
    chain.unshift(route);
  }
  return chain;
}

function kb(bytes: number) {
  return `${(bytes / KB).toFixed(1)} KB`;
}

const manifest = readManifest();
let over = false;
console.info(
  'page'.padEnd(34),
  'chunks',
  'raw'.padStart(10),
  'gzip'.padStart(10),
  'budget'.padStart(8),
  ' lazy (gzip)',
);
for (const { route, budgetKb } of PAGES) {
  const entries = [manifest.entry, ...chainOf(manifest, route)];
  const { eager, lazy } = crawl(entries.flatMap((entry) => [entry.module, ...(entry.imports ?? [])]));
  const raw = eager.reduce((sum, url) => sum + sizeOf(url).raw, 0);
  const gzip = eager.reduce((sum, url) => sum + sizeOf(url).gzip, 0);
  const later = lazy.reduce((sum, url) => sum + sizeOf(url).gzip, 0);
  const fits = gzip <= budgetKb * KB;
  over ||= !fits;
  console.info(
    route.replace(/^routes\//, '').padEnd(34),
    String(eager.length).padStart(6),
    kb(raw).padStart(10),
    kb(gzip).padStart(10),
    `${budgetKb} KB`.padStart(8),
    ` ${kb(later)}`,
    fits ? 'ok' : 'OVER BUDGET',
  );
}
if (over) process.exitCode = 1;
