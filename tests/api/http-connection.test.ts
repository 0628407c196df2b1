import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApi, type HttpTestApi } from '../support/api';

/**
 * What only a socket shows, kept at the HTTP level when other tests call the API in process. The tests' client
 * and server share one thread, and a PGlite query holds it: after a stall past the server's keep-alive timeout,
 * the client's next request could go out on a pooled connection the server's overdue timer then closed with
 * the request unread, which the kernel answers with a reset (`read ECONNRESET` in export.test.ts, after its
 * bulk insert; reproduced with a 15 s PGlite query between two requests). See IDLE_CONNECTION_MS.
 */

/** The longest a test file's hook may run (vitest.config.ts), so the longest the thread can stall. */
const LONGEST_HOOK_MS = 120_000;

let api: HttpTestApi;

beforeAll(async () => {
  api = await startTestApi({ http: true });
});

afterAll(async () => {
  await api?.close();
});

it('the test server keeps an idle connection open longer than any stall of the thread it shares', () => {
  expect(api.server.keepAliveTimeout).toBeGreaterThan(LONGEST_HOOK_MS);
});
