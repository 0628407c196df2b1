import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notifications, type NotificationData } from '../../db/schema';
import type { ApiDeps, AuthUser } from '../../http/context';
import { notFound } from '../../http/errors';
import { offsetOf, pageMeta } from '../../http/pagination';
import { enqueueEvent } from '../../events/outbox';
import { recordAudit } from '../../audit/audit';

export function serializeNotification(row: typeof notifications.$inferSelect) {
  return {
    id: row.id,
    type: row.type,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    data: row.data,
  };
}

export async function listNotifications(
  deps: ApiDeps,
  user: AuthUser,
  query: { page: number; per_page: number },
) {
  const where = eq(notifications.userId, user.id);
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    deps.db.select({ total: count() }).from(notifications).where(where),
  ]);
  return {
    data: rows.map(serializeNotification),
    meta: pageMeta({ page: query.page, perPage: query.per_page, total, count: rows.length }),
  };
}

export async function readNotification(deps: ApiDeps, user: AuthUser, id: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw notFound();
  const [row] = await deps.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, user.id)));
  if (!row) throw notFound();
  if (row.readAt) return serializeNotification(row);
  const updated = await deps.db.transaction(async (tx) => {
    const [after] = await tx
      .update(notifications)
      .set({ readAt: deps.clock() })
      .where(and(eq(notifications.id, id), isNull(notifications.readAt)))
      .returning();
    if (after) {
      await recordAudit(tx, {
        actorId: user.id,
        action: 'notification.read',
        entity: 'notification',
        entityId: id,
        before: { readAt: row.readAt },
        after: { readAt: after.readAt },
      });
    }
    return after;
  });
  return serializeNotification(updated ?? row);
}

/** Stores one notification per user and queues its broadcast in the caller's transaction. */
export async function notifyUsers(
  executor: Executor,
  { userIds, type, data }: { userIds: number[]; type: string; data: NotificationData },
) {
  if (userIds.length === 0) return;
  const rows = await executor
    .insert(notifications)
    .values(userIds.map((userId) => ({ userId, type, data })))
    .returning();
  for (const row of rows) {
    await enqueueEvent(executor, {
      channel: `private-App.Models.User.${row.userId}`,
      event: 'Illuminate\\Notifications\\Events\\BroadcastNotificationCreated',
      payload: { id: row.id, type, ...data },
    });
  }
}
