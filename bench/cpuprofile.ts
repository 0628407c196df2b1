/**
 * Sums a V8 .cpuprofile (`node --cpu-prof`) into ms per request: self time by package or file and by function,
 * and the inclusive time of the functions whose names are given, over a window of the run (so start-up stays
 * out) divided by the requests sent in it.
 *
 *   npx tsx bench/cpuprofile.ts <file.cpuprofile> [--from µs] [--to µs] [--requests n] [--top n] [--inclusive a,b]
 *
 * `--from`/`--to` are CLOCK_MONOTONIC microseconds, the clock V8 stamps its samples with: a bench script prints
 * `process.hrtime.bigint() / 1000n` before and after the requests it sends.
 */
import { readFileSync } from 'node:fs';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

const args = process.argv.slice(2);
function option(name: string) {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}
const profile = JSON.parse(readFileSync(args[0], 'utf8')) as Profile;
const from = Number(option('from') ?? 0);
const to = Number(option('to') ?? Infinity);
const requests = Number(option('requests') ?? 1);
const top = Number(option('top') ?? 40);
const inclusiveNames = (option('inclusive') ?? '').split(',').filter(Boolean);

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

/** node_modules/<package>, node:<module>, the app's build, or V8's own buckets ((garbage collector), …). */
function placeOf(url: string, functionName: string) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return url;
  const ours = /\/(build|app|api|server\.ts|static-assets\.ts|web-body-limit\.ts)(\/|$)/.exec(url);
  if (ours) return url.slice(url.indexOf(ours[0]) + 1);
  return url;
}

/**
 * Who a sample's time belongs to: the first rule that names a frame anywhere on its stack (route matching is
 * spread over router helpers that mean nothing alone), else the innermost package or app file on it, Node's own
 * modules being charged to whatever called them.
 */
const STACK_RULES: [RegExp, string][] = [
  [
    /^(matchRoutes|createServerRoutes|createStaticRouter|convertRoutesToDataRoutes)$/,
    'Remix: route matching and route objects',
  ],
  [/^(processCallback|zlibOnError|Zlib|BrotliCompress|Gzip)$/, 'compression (zlib)'],
];
const PLACE_RULES: [RegExp, string][] = [
  [/^\(garbage collector\)$/, 'garbage collector'],
  [/^(react-dom|react)$/, 'React (react-dom/server)'],
  [/^(@remix-run\/react|react-router|react-router-dom)$/, 'Remix components (Scripts, Links, routes)'],
  [
    /^(@remix-run\/server-runtime|@remix-run\/router|@remix-run\/node|@remix-run\/express|@web3-storage\/multipart-parser|cookie-signature|set-cookie-parser)$/,
    'Remix server runtime',
  ],
  [
    /^(express|helmet|compression|on-headers|vary|accepts|negotiator|compressible|finalhandler|send|serve-static|parseurl|qs|router|body-parser|debug|ms|etag|fresh|mime|content-type)$/,
    'Express and middleware',
  ],
  [/^(i18next|react-i18next|remix-i18next|intl-parse-accept-language)$/, 'i18next'],
  [/^(@conform-to\/react|@conform-to\/dom|@conform-to\/zod|zod)$/, 'forms (conform, zod)'],
  [/^(remix-utils|crypto-js|cookie)$/, 'CSRF, honeypot, cookies'],
  [
    /^(drizzle-orm|pg|pg-protocol|pg-pool|hono|@hono\/node-server|@node-rs\/argon2|api\/.*)$/,
    'embedded API (Hono, Drizzle, pg)',
  ],
  [/^build\/index\.js$/, 'app code (server build)'],
  [/^(server\.ts|static-assets\.ts|web-body-limit\.ts)$/, 'server.ts'],
];

function ownerOf(nodeId: number) {
  const stack: ProfileNode[] = [];
  for (let id: number | undefined = nodeId; id !== undefined; id = parentOf.get(id))
    stack.push(byId.get(id)!);
  for (const [rule, owner] of STACK_RULES)
    if (stack.some((node) => rule.test(node.callFrame.functionName))) return owner;
  for (const node of stack) {
    const where = placeOf(node.callFrame.url, node.callFrame.functionName);
    if (where.startsWith('node:') || ['(native)', '(program)', '(root)'].includes(where)) continue;
    for (const [rule, owner] of PLACE_RULES) if (rule.test(where)) return owner;
    return where;
  }
  return 'Node (http, streams, crypto, undici)';
}

const self = new Map<string, number>();
const owners = new Map<string, number>();
const place = new Map<string, number>();
const inclusive = new Map<string, number>(inclusiveNames.map((name) => [name, 0]));
let total = 0;
let idle = 0;
let time = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  time += profile.timeDeltas[i];
  if (time < from || time > to) continue;
  // A sample stands for the time until the next one.
  const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  const node = byId.get(profile.samples[i])!;
  const { functionName, url, lineNumber } = node.callFrame;
  if (functionName === '(idle)') {
    idle += ms;
    continue;
  }
  total += ms;
  const where = placeOf(url, functionName);
  const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + ms);
  place.set(where, (place.get(where) ?? 0) + ms);
  const owner = ownerOf(node.id);
  owners.set(owner, (owners.get(owner) ?? 0) + ms);
  if (inclusiveNames.length) {
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parentOf.get(id)) {
      const name = byId.get(id)!.callFrame.functionName;
      if (inclusive.has(name) && !seen.has(name)) {
        seen.add(name);
        inclusive.set(name, inclusive.get(name)! + ms);
      }
    }
  }
}

function table(title: string, rows: Map<string, number>, limit = top) {
  console.info(`\n${title}`);
  for (const [key, ms] of [...rows].sort((a, b) => b[1] - a[1]).slice(0, limit)) {
    console.info(
      `${(ms / requests).toFixed(3).padStart(8)} ms  ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${key}`,
    );
  }
}

console.info(
  `busy ${(total / requests).toFixed(2)} ms per request (idle ${(idle / requests).toFixed(2)} ms), ${requests} requests`,
);
table('by owner', owners);
table('self time by place', place);
table('self time by function', self);
if (inclusiveNames.length) table('inclusive time', inclusive, inclusiveNames.length);
