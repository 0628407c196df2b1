import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import type { AuthUser } from '../../access/auth-user';
import type { ApiDeps } from '../../http/context';
import { ApiError, notFound } from '../../api-error';
import { offsetOf, pageMeta } from '../../http/pagination';
import { runWrite } from '../../work/unit-of-work';

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
  const updated = await runWrite(deps, { actorId: user.id, at: deps.clock() }, async (work) => {
    const [after] = await work.tx
      .update(notifications)
      .set({ readAt: work.at })
      .where(and(eq(notifications.id, id), isNull(notifications.readAt)))
      .returning();
    if (!after) work.unchanged();
    else {
      work.audit({
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

/** Opening a record from a notification (`notif`) marks that notification read; a wrong id is ignored. */
export async function markNotificationRead(deps: ApiDeps, user: AuthUser, notif: string | undefined) {
  if (!notif) return;
  try {
    await readNotification(deps, user, notif);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
  }
}
