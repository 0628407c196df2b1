import { asc, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { eventOutbox } from '../db/schema';

export type OutboxEvent = { channel: string; event: string; payload: unknown };
export type EventPublisher = (event: OutboxEvent) => Promise<void>;

/**
 * Publishes the oldest unpublished events, each carrying its outbox id as `event_id`, and marks them published
 * in the same transaction. The rows are taken with SKIP LOCKED, so instances relaying side by side never take
 * the same ones; an instance that dies after publishing and before committing leaves its rows to the next relay,
 * which publishes them again under the same `event_id` — the real-time server delivers an id once.
 */
export async function relayOutbox({
  db,
  publish,
  batchSize = 100,
}: {
  db: Database;
  publish: EventPublisher;
  batchSize?: number;
}) {
  return db.transaction(async (tx) => {
    const pending = await tx
      .select()
      .from(eventOutbox)
      .where(isNull(eventOutbox.publishedAt))
      .orderBy(asc(eventOutbox.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const published: number[] = [];
    for (const row of pending) {
      try {
        await publish({ channel: row.channel, event: row.event, payload: withEventId(row.payload, row.id) });
        published.push(row.id);
      } catch (error) {
        console.warn(`outbox relay: event ${row.id} not published yet`, error);
        break;
      }
    }
    if (published.length > 0) {
      await tx.update(eventOutbox).set({ publishedAt: new Date() }).where(inArray(eventOutbox.id, published));
    }
    return published.length;
  });
}

function withEventId(payload: unknown, id: number) {
  return payload && typeof payload === 'object' && !Array.isArray(payload)
    ? { ...payload, event_id: String(id) }
    : payload;
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
