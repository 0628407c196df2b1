import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { parseArgs } from 'node:util';

/**
 * N instances of server.ts behind one address on this machine: a small reverse proxy (HTTP and WebSocket
 * upgrades, round robin, X-Forwarded-For appended) on PORT, the instances on the ports after it. They share
 * PostgreSQL (DATABASE_URL) and Redis (REDIS_URL: sessions, throttles, the token cache, real-time fan-out), so
 * any instance can answer any request, and an instance that dies is restarted while the others answer.
 */
const { values } = parseArgs({ options: { instances: { type: 'string', default: '2' } } });
const instances = Number(values.instances);
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';

if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
  throw new Error('--instances must be a whole number from 1 to 16');
}
if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
  throw new Error(
    'start:cluster needs DATABASE_URL (PostgreSQL: the embedded PGlite belongs to one process) and REDIS_URL',
  );
}

const ports = Array.from({ length: instances }, (_, index) => port + 1 + index);
const down = new Map<number, number>();
const children = new Map<number, ChildProcess>();
let stopping = false;
let next = 0;

function start(instancePort: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: { ...process.env, PORT: String(instancePort), HOST: '127.0.0.1' },
    stdio: 'inherit',
  });
  children.set(instancePort, child);
  child.once('exit', (code, signal) => {
    children.delete(instancePort);
    if (stopping) return;
    console.warn(`instance on ${instancePort} ended (${signal ?? code}); starting it again`);
    down.set(instancePort, Date.now() + 2_000);
    setTimeout(() => start(instancePort), 500);
  });
}

/** The next instance in turn that has not failed in the last moments; all down, the next in turn anyway. */
function pick() {
  for (let tried = 0; tried < ports.length; tried++) {
    const candidate = ports[next++ % ports.length];
    if ((down.get(candidate) ?? 0) <= Date.now()) return candidate;
  }
  return ports[next++ % ports.length];
}

function forwardedFor(req: IncomingMessage) {
  const peer = req.socket.remoteAddress ?? '';
  const earlier = req.headers['x-forwarded-for'];
  return earlier ? `${earlier}, ${peer}` : peer;
}

function proxy(req: IncomingMessage, res: ServerResponse) {
  const target = pick();
  const upstream = request(
    {
      host: '127.0.0.1',
      port: target,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, 'x-forwarded-for': forwardedFor(req) },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    down.set(target, Date.now() + 2_000);
    if (!res.headersSent) res.writeHead(502, { 'Retry-After': '1', 'Content-Type': 'text/plain' });
    res.end('The instance did not answer; please retry.');
  });
  req.pipe(upstream);
}

function proxyUpgrade(req: IncomingMessage, client: Socket, head: Buffer) {
  const target = pick();
  const upstream = connect(target, '127.0.0.1', () => {
    const headers = { ...req.headers, 'x-forwarded-for': forwardedFor(req) };
    const lines = Object.entries(headers).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((item) => `${name}: ${item}`),
    );
    upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
    upstream.write(head);
    upstream.pipe(client).pipe(upstream);
  });
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  upstream.on('error', close);
  client.on('error', close);
}

ports.forEach(start);
const server = createServer(proxy);
server.on('upgrade', proxyUpgrade);
server.listen(port, host, () =>
  console.info(`back office: ${instances} instances (${ports.join(', ')}) behind http://localhost:${port}`),
);

function shutdown() {
  stopping = true;
  server.close();
  for (const child of children.values()) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 3_000).unref();
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
