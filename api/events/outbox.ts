import { asc, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { eventOutbox } from '../db/schema';

export type OutboxEvent = { channel: string; event: string; payload: unknown };
export type EventPublisher = (event: OutboxEvent) => Promise<void>;

export async function relayOutbox({
  db,
  publish,
  batchSize = 100,
}: {
  db: Database;
  publish: EventPublisher;
  batchSize?: number;
}) {
  const pending = await db
    .select()
    .from(eventOutbox)
    .where(isNull(eventOutbox.publishedAt))
    .orderBy(asc(eventOutbox.id))
    .limit(batchSize);
  const published: number[] = [];
  for (const row of pending) {
    try {
      await publish({ channel: row.channel, event: row.event, payload: row.payload });
      published.push(row.id);
    } catch (error) {
      console.warn(`outbox relay: event ${row.id} not published yet`, error);
      break;
    }
  }
  if (published.length > 0) {
    await db.update(eventOutbox).set({ publishedAt: new Date() }).where(inArray(eventOutbox.id, published));
  }
  return published.length;
}

/** Polls the outbox; `nudge()` relays at once after a write, the interval catches anything a crash left behind. */
export function startOutboxRelay({
  db,
  publish,
  intervalMs = 1000,
}: {
  db: Database;
  publish: EventPublisher;
  intervalMs?: number;
}) {
  let running: Promise<void> | null = null;
  let again = false;
  function nudge() {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        while ((await relayOutbox({ db, publish })) > 0);
      } while (again);
    })()
      .catch((error) => console.error('outbox relay failed', error))
      .finally(() => {
        running = null;
      });
  }
  const timer = setInterval(nudge, intervalMs);
  timer.unref();
  return {
    nudge,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
