import type { Transport, UpstreamRequest } from './transport.server';

/**
 * The embedded API's fetch handler. The browser's address goes as a binding: only server code sets bindings,
 * so the API believes it without a trusted-proxy check.
 */
export type EmbeddedApi = (request: Request, bindings: { clientIp: string }) => Response | Promise<Response>;

/** The embedded API in this process: each call is a Web Request handed to its fetch handler, no socket. */
export function inProcessTransport(api: EmbeddedApi, clientIp: string): Transport {
  const open = async ({ url, method, headers, body }: UpstreamRequest) =>
    api(new Request(url, { method, headers, body }), { clientIp });
  return {
    open,
    async exchange(request) {
      const response = await open(request);
      return {
        status: response.status,
        statusText: response.statusText,
        retryAfter: response.headers.get('retry-after'),
        text: await response.text(),
      };
    },
  };
}
