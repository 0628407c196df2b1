import type { MiddlewareHandler } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { ApiEnv } from './context';

/** What the web app hands over when it calls this API in process, as Hono env bindings. */
type InProcessBindings = { clientIp: string };

/**
 * The client's address behind the proxies we trust: walking X-Forwarded-For from the right (each proxy appends
 * the address it saw), the first hop that is not one of ours. The left-most entries are whatever the client
 * chose to send, so trusting them would let anyone rotate past the sign-in throttle.
 */
export function forwardedClient(peer: string, forwardedFor: string | undefined, trusted: readonly string[]) {
  if (!trusted.includes(peer)) return peer;
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  for (let index = hops.length - 1; index >= 0; index--) {
    if (!trusted.includes(hops[index])) return hops[index];
  }
  return hops[0] ?? peer;
}

/**
 * The browser's address as the web app hands it over in process (only server code sets bindings, so it needs
 * no proof); over HTTP the peer address, or the client behind our trusted proxies (the web app).
 */
export const clientIp: MiddlewareHandler<
  ApiEnv & { Bindings: Partial<HttpBindings & InProcessBindings> }
> = async (c, next) => {
  const handedOver = c.env?.clientIp;
  const peer = c.env?.incoming?.socket.remoteAddress ?? '0.0.0.0';
  const trusted = c.var.deps.config.TRUSTED_PROXIES.split(',').map((entry) => entry.trim());
  c.set('clientIp', handedOver || forwardedClient(peer, c.req.header('x-forwarded-for'), trusted));
  await next();
};
