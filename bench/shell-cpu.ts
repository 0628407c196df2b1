/**
 * Server CPU per page for what every page pays around its loaders: `/auth/login` signed out (no data, no
 * upstream call), on a first visit (no cookie) and from a returning browser (which holds the stylesheet), and a
 * light signed-in page (`/account/profile`: the layout's account read and the page), from a browser that holds
 * the stylesheet and from one without JavaScript (which never does). Each
 * subject runs ROUNDS rounds of REQUESTS sequential requests, sent as a browser sends them (Accept: text/html,
 * Accept-Encoding: gzip, deflate, br), after a warm-up; a round's figure is the server process's CPU (all its
 * threads, from /proc) over the round divided by its requests, and the table gives the median and the lowest
 * round. The load average is printed beside: the machine is shared.
 *
 * SERVERS (comma-separated base URLs, default BASE_URL) measures several builds side by side, their rounds
 * alternating, so that two builds compared in one run see the same machine.
 */
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Agent, request } from 'node:http';
import { ADMIN, BASE_URL, cpuUse, serverPid, waitForQuiet, webSession } from './http';
import { median } from './load';

const SERVERS = (process.env.SERVERS ?? BASE_URL).split(',').map((base) => base.trim());

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const REQUESTS = Number(process.env.REQUESTS ?? 200);
const WARMUP = Number(process.env.WARMUP ?? 50);
const ENCODING = process.env.ACCEPT_ENCODING ?? 'gzip, deflate, br';

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One GET read to the end; throws unless 200. Returns the bytes on the wire. */
function page(base: string, path: string, cookie?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'text/html', 'accept-encoding': ENCODING };
    if (cookie) headers.cookie = cookie;
    const req = request(new URL(path, base), { agent, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        response.statusCode === 200
          ? resolve(bytes)
          : reject(new Error(`GET ${path} answered ${response.statusCode}`)),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The cookie of a browser whose page has fetched the build's stylesheet into its cache (app/lib/inline-css.tsx);
 * the server then links the stylesheet instead of writing it into the page.
 */
function stylesheetCookie() {
  const name = readdirSync('public/build/_assets').find((file) => /^tailwind-\w+\.css$/.test(file));
  return name ? `bo_css=${name}` : '';
}

type Subject = { label: string; base: string; pid: number; path: string; cookie?: string };
const subjects: Subject[] = [];
for (const base of SERVERS) {
  const pid = serverPid(base);
  const session = await webSession(ADMIN, base);
  const label = SERVERS.length > 1 ? `${base} ` : '';
  subjects.push(
    { label: `${label}/auth/login, signed out, first visit`, base, pid, path: '/auth/login' },
    {
      label: `${label}/auth/login, signed out, returning browser`,
      base,
      pid,
      path: '/auth/login',
      cookie: stylesheetCookie(),
    },
    {
      label: `${label}/account/profile, signed in`,
      base,
      pid,
      path: '/account/profile',
      cookie: `${session}; ${stylesheetCookie()}`,
    },
    {
      label: `${label}/account/profile, signed in, no JavaScript`,
      base,
      pid,
      path: '/account/profile',
      cookie: session,
    },
  );
}

await waitForQuiet('shell CPU');
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
console.info(
  `${ROUNDS} rounds × ${REQUESTS} requests; Accept-Encoding: ${ENCODING || '(none)'}; load average ${load()}`,
);
for (const subject of subjects) {
  for (let i = 0; i < WARMUP; i++) await page(subject.base, subject.path, subject.cookie);
}
const perRound = new Map<Subject, number[]>(subjects.map((subject) => [subject, []]));
const bytes = new Map<Subject, number>();
// Rounds alternate between the subjects, so a change in the machine's load touches all of them alike.
for (let round = 0; round < ROUNDS; round++) {
  for (const subject of subjects) {
    const before = cpuUse([subject.pid]);
    let size = 0;
    for (let i = 0; i < REQUESTS; i++) size = await page(subject.base, subject.path, subject.cookie);
    const after = cpuUse([subject.pid]);
    perRound.get(subject)!.push((after.servers - before.servers) / REQUESTS);
    bytes.set(subject, size);
  }
}
const width = Math.max(...subjects.map((subject) => subject.label.length));
for (const subject of subjects) {
  const rounds = perRound.get(subject)!;
  console.info(
    `${subject.label.padEnd(width)}  server CPU per request: median ${median(rounds).toFixed(2)} ms, lowest ${Math.min(...rounds).toFixed(2)} ms (${bytes.get(subject)} bytes on the wire)`,
  );
}
console.info(`load average after: ${load()}`);
agent.destroy();
