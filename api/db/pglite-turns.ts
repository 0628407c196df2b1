import { setImmediate } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';

/** The longest the process goes without a turn of its event loop while PGlite works (ms). */
export const LOOP_TURN_MS = 50;

/**
 * PGlite runs PostgreSQL in this thread, and a query's promise settles without the event loop turning: a long
 * run of queries (the seed, an import, a property test's history) held the loop for its whole length, 6 s for
 * the demo seed, so no timer fired, no socket was read and no other request was answered until it ended. Every
 * protocol message PGlite sends goes through `execProtocolStream`; after one, once LOOP_TURN_MS have passed
 * since the last turn, this lets the loop turn before the next. A caller that comes meanwhile waits for PGlite's
 * own lock as before.
 */
export function keepEventLoopTurning(client: PGlite) {
  const send = client.execProtocolStream.bind(client);
  let lastTurn = performance.now();
  client.execProtocolStream = async (...args: Parameters<PGlite['execProtocolStream']>) => {
    const result = await send(...args);
    if (performance.now() - lastTurn >= LOOP_TURN_MS) {
      await setImmediate();
      lastTurn = performance.now();
    }
    return result;
  };
  return client;
}
