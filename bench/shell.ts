/**
 * Median response time, on loopback, of 20 sequential requests each to /auth/login and to the
 * signed-in shell, against a running server (BASE_URL, default http://localhost:3000).
 */
import { median, percentile } from './load';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const runs = Number(process.env.RUNS ?? 20);

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

async function signIn(email: string, password: string) {
  const jar = new Map<string, string>();
  const page = await fetch(`${base}/auth/login`);
  cookiesOf(page, jar);
  const html = await page.text();
  const field = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? '';
  const form = new URLSearchParams({ csrf: field('csrf'), email, password, redirectTo: '' });
  for (const name of html.matchAll(/name="((?:name|from)__confirm)"/g)) form.set(name[1], field(name[1]));
  const response = await fetch(`${base}/auth/login`, {
    method: 'POST',
    body: form,
    headers: { Cookie: cookieHeader(jar) },
    redirect: 'manual',
  });
  if (response.status !== 302) throw new Error(`sign-in failed: ${response.status}`);
  cookiesOf(response, jar);
  return cookieHeader(jar);
}

async function timings(path: string, cookie?: string) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const response = await fetch(`${base}${path}`, {
      headers: cookie ? { Cookie: cookie } : {},
      redirect: 'manual',
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: median(times), p95: percentile(times, 0.95) };
}

const cookie = await signIn('admin@demo.test', 'demo1234');
for (const [label, path, session] of [
  ['/auth/login', '/auth/login', undefined],
  ['signed-in shell (/dashboard/ringkasan)', '/dashboard/ringkasan', cookie],
  ['signed-in shell (/account/profile)', '/account/profile', cookie],
] as const) {
  const { median: mid, p95 } = await timings(path, session);
  console.info(`${label}: median ${mid.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms over ${runs} requests`);
}
