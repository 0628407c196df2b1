import type { AppLoadContext } from '@remix-run/node';
import { httpTransport } from './http-transport.server';
import { inProcessTransport } from './in-process-transport.server';
import type { Transport } from './transport.server';

/**
 * In process when server.ts embeds the API (its fetch handler is in the load context), over HTTP otherwise
 * (`API_URL`). A call without a load context, which the app never makes, goes over HTTP to `apiBaseUrl`.
 */
export function transportFor(context: AppLoadContext | undefined): Transport {
  if (context?.embeddedApi) return inProcessTransport(context.embeddedApi, context.clientIp);
  return httpTransport(context?.clientIp ?? '');
}
