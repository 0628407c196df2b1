import '@remix-run/node';
import type { EmbeddedApi } from './lib/upstream/in-process-transport.server';

declare module '@remix-run/node' {
  interface AppLoadContext {
    clientIp: string;
    cspNonce: string;
    /** The embedded API's fetch handler; absent when the upstream is elsewhere (`API_URL`). */
    embeddedApi?: EmbeddedApi;
  }
}
