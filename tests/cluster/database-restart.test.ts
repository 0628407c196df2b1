import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase, startInstance, type Instance } from './instances';

/**
 * PostgreSQL going away under load, as a restart looks from the app: every connection cut and new ones refused
 * for a while. The app sits behind a TCP relay to the real server, which the test can take down and bring back.
 * Meanwhile requests fail quickly and cleanly (503 with Retry-After, /healthz not ready); afterwards they succeed
 * again by themselves.
 */

const PORT = 3960 + (process.pid % 20);

/** A TCP relay to PostgreSQL that can drop every connection and refuse new ones, then listen again. */
function databaseRelay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  function listen(port: number) {
    return new Promise<number>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        sockets.add(client).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve((server?.address() as { port: number }).port));
    });
  }
  return {
    listen,
    async down() {
      const closing = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await closing;
    },
  };
}

let database: Awaited<ReturnType<typeof scratchDatabase>>;
let relay: ReturnType<typeof databaseRelay>;
let relayPort: number;
let app: Instance;
let token: string;

beforeAll(async () => {
  database = await scratchDatabase(`restart_${process.pid}`);
  relay = databaseRelay(new URL(database.url));
  relayPort = await relay.listen(0);
  const throughRelay = new URL(database.url);
  throughRelay.port = String(relayPort);
  app = await startInstance({ port: PORT, databaseUrl: throughRelay.toString(), env: { SEED_DEMO: 'true' } });
  const signedIn = await fetch(`${app.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      username: 'admin@demo.test',
      password: 'demo1234',
      client_id: 'back-office',
      client_secret: 'back-office-secret',
    }),
  });
  token = ((await signedIn.json()) as { access_token: string }).access_token;
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await relay?.down();
  await database?.drop();
});

async function timed(path: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await fetch(`${app.url}${path}`, { headers, signal: AbortSignal.timeout(20_000) });
  await response.arrayBuffer();
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    ms: performance.now() - started,
  };
}

describe('PostgreSQL restarted under load', () => {
  it('answers 503 with Retry-After in seconds while it is away, never hangs, and recovers by itself', async () => {
    const api = () =>
      timed('/api/select/brand', { authorization: `Bearer ${token}`, accept: 'application/json' });
    expect((await api()).status).toBe(200);

    await relay.down();
    const during = [];
    for (let request = 0; request < 4; request++) during.push(await api(), await timed('/healthz'));
    for (const answer of during) {
      expect(answer.status).toBe(503);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(answer.ms).toBeLessThan(8_000);
    }

    await relay.listen(relayPort);
    const until = Date.now() + 20_000;
    let last = await api();
    while (last.status !== 200 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      last = await api();
    }
    expect(last.status).toBe(200);
    expect((await timed('/healthz')).status).toBe(200);
  }, 120_000);
});
