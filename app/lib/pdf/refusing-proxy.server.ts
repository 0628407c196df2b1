import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';

let started: Promise<Server> | null = null;

/**
 * The proxy every render context sends off-origin traffic to: a loopback listener that drops each
 * connection unanswered. Request interception sees HTTP(S) requests only; WebSockets (and anything
 * else Chromium opens a socket for) go past it, but not past a proxy that refuses everything.
 */
export async function refusingProxyUrl(): Promise<string> {
  started ??= (async () => {
    const server = createServer((socket) => socket.destroy());
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    server.unref();
    return server;
  })().catch((error: unknown) => {
    started = null;
    throw error;
  });
  const server = await started;
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function closeRefusingProxy(): Promise<void> {
  const closing = started;
  started = null;
  const server = await closing?.catch(() => null);
  if (server?.listening) await new Promise((resolve) => server.close(resolve));
}
