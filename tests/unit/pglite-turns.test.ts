import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepEventLoopTurning, LOOP_TURN_MS } from '../../api/db/pglite-turns';

const client = keepEventLoopTurning(new PGlite());

// Starting PGlite runs initdb: seconds, more beside the other test files.
beforeAll(async () => {
  await client.waitReady;
});

afterAll(async () => {
  await client.close();
});

describe('the embedded database', () => {
  it('lets the event loop turn while a run of queries goes on', async () => {
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    // Queries one after another for several turn intervals: their promises settle without the loop turning, so
    // without the turns the callback above could only run once they are all done.
    const start = performance.now();
    let queries = 0;
    while (performance.now() - start < LOOP_TURN_MS * 4) {
      await client.query('select 1');
      queries++;
    }
    expect(queries).toBeGreaterThan(0);
    expect(turned).toBe(true);
  });
});
