import type { MiddlewareHandler } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { ApiEnv } from './context';

/** The peer address, or the first X-Forwarded-For hop when the peer is a trusted proxy (the web app). */
export const clientIp: MiddlewareHandler<ApiEnv & { Bindings: Partial<HttpBindings> }> = async (c, next) => {
  const peer = c.env?.incoming?.socket.remoteAddress ?? '0.0.0.0';
  const trusted = c.var.deps.config.TRUSTED_PROXIES.split(',').map((entry) => entry.trim());
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  c.set('clientIp', forwarded && trusted.includes(peer) ? forwarded : peer);
  await next();
};
