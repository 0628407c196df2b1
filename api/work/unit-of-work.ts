import { changedFields, type AuditEntry } from '../audit/audit';
import type { Database, Executor } from '../db/client';
import { auditLogs, eventOutbox, notifications, type NotificationData } from '../db/schema';
// The one arrow up, kept on purpose: every write's unit flushes the rollups last, in its own transaction.
// eslint-disable-next-line no-restricted-imports
import { createRollupTracker, type RollupTracker } from '../domains/rollup/service';
import type { OutboxEvent } from '../events/outbox';

/** Who writes, from where, and when: every audit row, notification and timestamp of the unit takes it. */
export type WriteContext = { actorId: number | null; ip?: string | null; at: Date };

/**
 * What a write needs from the running API: its database, and the relay to nudge after commit. `checkpoint` is
 * where a test holds concurrent writes at a named point of their check (a race made deterministic); unset, a
 * checkpoint passes at once.
 */
export type WriteDeps = {
  db: Database;
  events: { nudge(): void };
  checkpoint?: (name: string) => Promise<void>;
};

export type NotificationInput = { userIds: readonly number[]; type: string; data: NotificationData };

/**
 * An audit entry of this unit: the actor and the address are the unit's unless the entry names its own. The
 * brand and vendor the record belongs to are the entry's, else those its row carries (docs/decisions/014).
 */
export type AuditRecord = Omit<AuditEntry, 'actorId' | 'ip'> & {
  actorId?: number | null;
  ip?: string | null;
  brandId?: number | null;
  vendorId?: number | null;
};

/** `brandId` / `vendorId` of the record as written (or as it was, for a deletion); a brand or vendor is its own. */
function tenantOf(entry: AuditRecord, field: 'brandId' | 'vendorId', entity: string) {
  if (entry[field] !== undefined) return entry[field];
  const value = (entry.after ?? entry.before)?.[field];
  if (typeof value === 'number') return value;
  if (entry.entity === entity && entry.entityId != null) return Number(entry.entityId) || null;
  return null;
}

/**
 * One write in progress. Rows are written through `tx`; everything else a write owes is declared here and
 * written by the unit when the write's own work is done: the audit rows, the notifications with their
 * broadcasts, the outbox events, then the rollups. Nothing of it commits unless all of it does.
 */
export type Work = {
  readonly tx: Executor;
  readonly at: Date;
  readonly actorId: number | null;
  readonly ip: string | null;
  readonly rollups: RollupTracker;
  /** A named point of the write's checks (WriteDeps.checkpoint). */
  checkpoint(name: string): Promise<void>;
  audit(entry: AuditRecord): void;
  notify(input: NotificationInput): void;
  publish(event: OutboxEvent): void;
  /**
   * Declares that this unit, on this path, changed nothing (a repeated request answered as the first one was):
   * the only way to commit without an audit entry.
   */
  unchanged(): void;
};

/** A unit that reached commit with no audit entry: a write path that forgot its audit, never bad input. */
export class UnauditedWriteError extends Error {
  constructor() {
    super(
      'A write reached commit without an audit entry; declare one with work.audit() or work.unchanged().',
    );
  }
}

const NOTIFICATION_EVENT = 'Illuminate\\Notifications\\Events\\BroadcastNotificationCreated';

type Pending = { kind: 'event'; event: OutboxEvent } | { kind: 'notification'; input: NotificationInput };

function openWork(tx: Executor, context: WriteContext, checkpoint?: (name: string) => Promise<void>) {
  const audits: AuditRecord[] = [];
  const pending: Pending[] = [];
  let unchanged = false;
  const work: Work = {
    tx,
    at: context.at,
    actorId: context.actorId,
    ip: context.ip ?? null,
    rollups: createRollupTracker(),
    checkpoint: async (name) => checkpoint?.(name),
    audit: (entry) => void audits.push(entry),
    notify: (input) => {
      if (input.userIds.length) pending.push({ kind: 'notification', input });
    },
    publish: (event) => void pending.push({ kind: 'event', event }),
    unchanged: () => {
      unchanged = true;
    },
  };

  async function close() {
    if (audits.length === 0 && !unchanged) throw new UnauditedWriteError();
    if (audits.length)
      await tx.insert(auditLogs).values(
        audits.map((entry) => ({
          actorId: entry.actorId === undefined ? context.actorId : entry.actorId,
          action: entry.action,
          entity: entry.entity,
          entityId: entry.entityId == null ? null : String(entry.entityId),
          changes: changedFields(entry.before ?? null, entry.after ?? null),
          ip: entry.ip === undefined ? (context.ip ?? null) : entry.ip,
          brandId: tenantOf(entry, 'brandId', 'brand'),
          vendorId: tenantOf(entry, 'vendorId', 'vendor'),
        })),
      );
    const events = await outboxEventsOf(tx, pending);
    if (events.length) await tx.insert(eventOutbox).values(events);
    // Last, as the tracker asks: its advisory locks are then held for the shortest time.
    await work.rollups.flush(tx);
    return { published: events.length > 0 };
  }

  return { work, close };
}

/** The notifications stored, and every event in the order it was declared, each notification's broadcast in its place. */
async function outboxEventsOf(tx: Executor, pending: Pending[]) {
  const wanted = pending.flatMap((item) =>
    item.kind === 'notification'
      ? item.input.userIds.map((userId) => ({ userId, type: item.input.type, data: item.input.data }))
      : [],
  );
  const stored = wanted.length
    ? await tx
        .insert(notifications)
        .values(wanted)
        .returning({ id: notifications.id, userId: notifications.userId })
    : [];
  let next = 0;
  return pending.flatMap((item) => {
    if (item.kind === 'event') return [item.event];
    return item.input.userIds.map(() => {
      const row = stored[next++];
      return {
        channel: `private-App.Models.User.${row.userId}`,
        event: NOTIFICATION_EVENT,
        payload: { id: row.id, type: item.input.type, ...item.input.data },
      };
    });
  });
}

/**
 * Runs one write as one transaction: `body` does the write's own rows through `work.tx` and declares the rest;
 * the unit then writes the audit rows, notifications, outbox events and rollups, commits, and nudges the relay
 * to publish the events. A body that throws rolls all of it back.
 */
export async function runWrite<T>(
  deps: WriteDeps,
  context: WriteContext,
  body: (work: Work) => Promise<T>,
): Promise<T> {
  let published = false;
  const result = await deps.db.transaction(async (tx) => {
    const { work, close } = openWork(tx, context, deps.checkpoint);
    const value = await body(work);
    published = (await close()).published;
    return value;
  });
  if (published) deps.events.nudge();
  return result;
}
