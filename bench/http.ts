/**
 * What the budget scripts share: an API bearer token (POST /oauth/token), a web session (the sign-in form with
 * its CSRF token, as bench/shell.ts does), GET helpers that fail on a non-2xx answer, and the pid of the server
 * listening on the port (for RSS sampling).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { Agent, request } from 'node:http';

export const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3600';
/** Where the API answers: the same server, unless it runs apart (`npm run start:api`, the web app's API_URL). */
export const API_URL = process.env.API_URL ?? BASE_URL;

const API_PATH = /^\/(api|oauth|storage)(\/|\?|$)/;

/** The absolute URL of a path: API paths on API_URL, pages on BASE_URL. */
export function urlOf(path: string) {
  return `${API_PATH.test(path) ? API_URL : BASE_URL}${path}`;
}

export const ADMIN = {
  email: process.env.ADMIN_EMAIL ?? 'admin@demo.test',
  password: process.env.ADMIN_PASSWORD ?? 'demo1234',
};
export const VENDOR = {
  email: process.env.VENDOR_EMAIL ?? 'vendor@demo.test',
  password: process.env.VENDOR_PASSWORD ?? 'demo1234',
};

export async function apiToken(user: { email: string; password: string }, apiUrl = API_URL): Promise<string> {
  const response = await fetch(`${apiUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      username: user.email,
      password: user.password,
      client_id: process.env.OAUTH_CLIENT_ID ?? 'back-office',
      client_secret: process.env.OAUTH_CLIENT_SECRET ?? 'back-office-secret',
      scope: '*',
    }),
  });
  if (!response.ok) throw new Error(`token for ${user.email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

function cookiesOf(response: Response, jar: Map<string, string>) {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const [name, ...value] = pair.split('=');
    jar.set(name, value.join('='));
  }
}

function cookieHeader(jar: Map<string, string>) {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Signs in through the web form (CSRF token and honeypot fields included); returns the Cookie header. */
export async function webSession(
  user: { email: string; password: string },
  baseUrl = BASE_URL,
): Promise<string> {
  const jar = new Map<string, string>();
  const page = await fetch(`${baseUrl}/auth/login`);
  cookiesOf(page, jar);
  const html = await page.text();
  const field = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? '';
  const form = new URLSearchParams({
    csrf: field('csrf'),
    email: user.email,
    password: user.password,
    redirectTo: '',
  });
  for (const name of html.matchAll(/name="((?:name|from)__confirm)"/g)) form.set(name[1], field(name[1]));
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    body: form,
    headers: { Cookie: cookieHeader(jar) },
    redirect: 'manual',
  });
  if (response.status !== 302) throw new Error(`web sign-in of ${user.email} failed: ${response.status}`);
  cookiesOf(response, jar);
  return cookieHeader(jar);
}

export type Auth = { token?: string; cookie?: string };

function headersOf(auth: Auth, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { accept: 'application/json', ...extra };
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  if (auth.cookie) headers.cookie = auth.cookie;
  return headers;
}

/**
 * Load requests go through node:http on keep-alive sockets rather than fetch: on two cores the client shares
 * the CPU with the server, and fetch's per-request cost would land in the server's figures.
 */
const keepAlive = new Agent({ keepAlive: true, maxSockets: 64 });

/**
 * GET, body read to the end; throws unless 200. Returns the byte count. `path` may be a full URL. A request sent
 * on a kept-alive socket the server closed meanwhile (idle past its keep-alive timeout, as when the bench waits
 * for an idle machine between subjects) is sent once more on a new socket, as Node's documentation advises.
 */
export async function getOk(path: string, auth: Auth, accept?: string): Promise<number> {
  try {
    return await getOnce(path, auth, accept);
  } catch (error) {
    if ((error as { retryable?: boolean }).retryable) return getOnce(path, auth, accept);
    throw error;
  }
}

function getOnce(path: string, auth: Auth, accept?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(/^https?:/.test(path) ? path : urlOf(path));
    const req = request(
      url,
      { agent: keepAlive, headers: headersOf(auth, accept ? { accept } : {}) },
      (response) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (response.statusCode !== 200 && bytes < 4096) chunks.push(chunk);
        });
        response.on('end', () => {
          if (response.statusCode === 200) return resolve(bytes);
          const text = Buffer.concat(chunks).toString('utf8', 0, 300);
          reject(new Error(`GET ${path} answered ${response.statusCode}: ${text}`));
        });
        response.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        req.reusedSocket && error.code === 'ECONNRESET' ? Object.assign(error, { retryable: true }) : error,
      ),
    );
    req.end();
  });
}

export async function getJson<T>(path: string, auth: Auth): Promise<T> {
  const response = await fetch(/^https?:/.test(path) ? path : urlOf(path), {
    headers: headersOf(auth),
    redirect: 'manual',
  });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export async function sendJson<T>(
  method: 'POST' | 'PUT',
  path: string,
  auth: Auth,
  body: unknown,
): Promise<T> {
  const response = await fetch(urlOf(path), {
    method,
    headers: headersOf(auth, { 'content-type': 'application/json' }),
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The pid of the process listening on the port of `url` (the node server, not the npx/tsx wrappers). */
export function serverPid(url = API_URL): number {
  if (process.env.SERVER_PID && url === API_URL) return Number(process.env.SERVER_PID);
  const port = new URL(url).port || '80';
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (pid) return Number(pid);
  // ss shows no process for another user's socket: find the inode in /proc/net/tcp and its owner.
  const hexPort = Number(port).toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A') inodes.add(cols[9]);
    }
  }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      for (const fd of readdirSync(`/proc/${entry}/fd`)) {
        const link = readlinkSync(`/proc/${entry}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
        if (inode && inodes.has(inode)) return Number(entry);
      }
    } catch {
      // gone, or not ours
    }
  }
  throw new Error(`no process listens on port ${port}; set SERVER_PID`);
}

/**
 * CPU time of a process so far in ms, all its threads (a Node server's GC and pool threads too), from the
 * scheduler's nanosecond counts rather than /proc/<pid>/stat's 10 ms ticks; 0 once it is gone.
 */
function processCpuMs(pid: number | string): number {
  try {
    return readdirSync(`/proc/${pid}/task`).reduce((sum, task) => {
      try {
        return sum + Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
      } catch {
        return sum;
      }
    }, 0);
  } catch {
    return 0;
  }
}

/**
 * The database whose backends count as the bench's PostgreSQL CPU: BENCH_DATABASE, else the one DATABASE_URL
 * names; unset (neither given), every PostgreSQL process of the machine counts.
 */
const benchDatabase =
  process.env.BENCH_DATABASE ??
  (process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL).pathname.slice(1) || undefined : undefined);

/**
 * PostgreSQL's processes: with a bench database, only its backends (their title reads
 * `postgres: 15/main: <user> <database> <client> …`), so other people's test databases on the same server stay
 * out of the figures; otherwise all of them.
 */
function postgresPids(database = benchDatabase) {
  return readdirSync('/proc').filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') return false;
      if (!database) return true;
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      return /^postgres: [^:]+: \S+ (\S+) /.exec(title)?.[1] === database;
    } catch {
      return false;
    }
  });
}

export type CpuUse = { servers: number; database: Map<string, number>; client: number };

/** The web server's and the API's pids (one process, or two in a split deployment). */
export function benchServerPids() {
  return [...new Set([serverPid(BASE_URL), serverPid(API_URL)])];
}

/**
 * CPU used so far by the servers answering the bench (web and API by default, or the pids given), by each of
 * PostgreSQL's backends (of the bench database when known, see postgresPids) and by the bench itself, in ms. Two
 * readings around a run give each side's CPU per request: on a machine of few cores, what bounds the latency at
 * 20 concurrent is their sum.
 */
export function cpuUse(servers: number[] = benchServerPids(), database = benchDatabase): CpuUse {
  const own = process.cpuUsage();
  return {
    servers: servers.reduce((sum, pid) => sum + processCpuMs(pid), 0),
    database: new Map(postgresPids(database).map((pid) => [pid, processCpuMs(pid)])),
    client: (own.user + own.system) / 1000,
  };
}

/** PostgreSQL's CPU between two readings: a backend started meanwhile counts whole, one that ended is lost. */
function databaseDelta(before: CpuUse, after: CpuUse) {
  let sum = 0;
  for (const [pid, ms] of after.database) sum += ms - (before.database.get(pid) ?? 0);
  return sum;
}

/** The servers' and PostgreSQL's CPU between two readings, in ms. */
export function cpuDelta(before: CpuUse, after: CpuUse) {
  return { server: after.servers - before.servers, database: databaseDelta(before, after) };
}

/** Server and PostgreSQL CPU between two readings, in ms. */
export function serverAndDatabaseMs(before: CpuUse, after: CpuUse) {
  return after.servers - before.servers + databaseDelta(before, after);
}

/** `CPU per request: server 2.10 ms · PostgreSQL 0.90 ms · bench 0.40 ms` from two readings. */
export function cpuPerRequest(before: CpuUse, after: CpuUse, requests: number): string {
  const per = (ms: number) => (ms / Math.max(1, requests)).toFixed(2);
  return `CPU per request: server ${per(after.servers - before.servers)} ms · PostgreSQL ${per(databaseDelta(before, after))} ms · bench ${per(after.client - before.client)} ms`;
}

/**
 * The buyer fields of the bench's `index`-th invoice of a run, a buyer of their own: buyers are one per brand by
 * phone, so the phone carries the run's clock as well as the index, and no buyer collects invoices run after run.
 */
export function benchBuyer(runStartedAt: number, index: number) {
  const name = `Bench Buyer ${runStartedAt.toString(36).toUpperCase()}-${index}`;
  return {
    customer_name: name,
    customer_phone: `08${String(runStartedAt).slice(-7)}${String(index).padStart(4, '0')}`,
    recipient_name: name,
  };
}

/** VmRSS of a process in MiB. */
export function rssMiB(pid: number): number {
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

/** `YYYY-MM-DD` in Asia/Jakarta, `offsetDays` from today. */
export function jakartaDay(offsetDays = 0, from = Date.now()): string {
  return new Date(from + 7 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A product of the brand that the vendor fulfils: the first line of the vendor's newest order for the brand
 * (the vendor serves the brand, and was routed, hence stocked, that SKU).
 */
export async function vendorProductOfBrand(admin: Auth, brandId: number, vendorId: number) {
  const list = await getJson<{ data: { id: number }[] }>(
    `/api/brand/${brandId}/order?vendor=${vendorId}&per_page=1&sorted_by=created_at&order_by=desc`,
    admin,
  );
  if (!list.data[0]) throw new Error(`vendor ${vendorId} has no orders of brand ${brandId}`);
  const order = await getJson<{
    data: { order_products: { invoice_product: { sku: string; name: string } }[] };
  }>(`/api/brand/${brandId}/order/${list.data[0].id}`, admin);
  return order.data.order_products[0].invoice_product;
}

function cpuTimes() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3] + (fields[4] ?? 0);
  return { idle, total: fields.reduce((sum, value) => sum + value, 0) };
}

/** Share of the machine's CPU left idle over `ms`, in percent. */
export async function idlePercent(ms = 2000): Promise<number> {
  const before = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = cpuTimes();
  return (100 * (after.idle - before.idle)) / Math.max(1, after.total - before.total);
}

/**
 * The machine is shared: waits (up to QUIET_WAIT_S, default 300 s) until at least QUIET_IDLE % (default 70) of
 * the CPU has been idle for 2 s before a measurement starts, so other people's test runs do not land in the
 * figures. Returns the idle share seen last; QUIET_WAIT_S=0 skips the wait.
 */
export async function waitForQuiet(label: string): Promise<number> {
  const wanted = Number(process.env.QUIET_IDLE ?? 70);
  const deadline = Date.now() + Number(process.env.QUIET_WAIT_S ?? 300) * 1000;
  let idle = await idlePercent();
  while (idle < wanted && Date.now() < deadline) {
    console.info(`  (${label}: CPU ${idle.toFixed(0)} % idle, waiting for ≥ ${wanted} %)`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    idle = await idlePercent();
  }
  return idle;
}
