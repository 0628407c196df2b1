import type { MiddlewareHandler } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { ApiEnv } from './context';

/** What the web app hands over when it calls this API in process, as Hono env bindings. */
type InProcessBindings = { clientIp: string };

/**
 * The browser's address as the web app hands it over in process (only server code sets bindings, so it needs
 * no proof); over HTTP the peer address, or the first X-Forwarded-For hop when the peer is a trusted proxy
 * (the web app).
 */
export const clientIp: MiddlewareHandler<
  ApiEnv & { Bindings: Partial<HttpBindings & InProcessBindings> }
> = async (c, next) => {
  const handedOver = c.env?.clientIp;
  const peer = c.env?.incoming?.socket.remoteAddress ?? '0.0.0.0';
  const trusted = c.var.deps.config.TRUSTED_PROXIES.split(',').map((entry) => entry.trim());
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  c.set('clientIp', handedOver || (forwarded && trusted.includes(peer) ? forwarded : peer));
  await next();
};
