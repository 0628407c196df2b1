import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { channels, shippingMethods } from '../../db/schema';
import { notFound } from '../../api-error';
import type { Work } from '../../work/unit-of-work';

export function serializeShippingMethod(row: {
  method: typeof shippingMethods.$inferSelect;
  channelName: string;
}) {
  return {
    id: row.method.id,
    channel_id: row.method.channelId,
    channel_name: row.channelName,
    name: row.method.name,
    is_active: row.method.isActive,
    updated_at: row.method.updatedAt.toISOString(),
  };
}

/** The couriers of every channel (or one), by channel then name. */
export async function listShippingMethods(db: Executor, query: { channel?: number; active: boolean }) {
  const rows = await db
    .select({ method: shippingMethods, channelName: channels.name })
    .from(shippingMethods)
    .innerJoin(channels, eq(channels.id, shippingMethods.channelId))
    .where(
      and(
        query.channel ? eq(shippingMethods.channelId, query.channel) : undefined,
        query.active ? eq(shippingMethods.isActive, true) : undefined,
      ),
    )
    .orderBy(asc(channels.id), asc(shippingMethods.name));
  return { data: rows.map(serializeShippingMethod) };
}

/** Switches a courier on or off for its channel. */
export async function setShippingMethodActive(work: Work, id: number, isActive: boolean) {
  const [before] = await work.tx
    .select()
    .from(shippingMethods)
    .where(eq(shippingMethods.id, id))
    .for('update');
  if (!before) throw notFound();
  const [after] = await work.tx
    .update(shippingMethods)
    .set({ isActive, updatedAt: work.at })
    .where(eq(shippingMethods.id, id))
    .returning();
  work.audit({ action: 'shipping-method.update', entity: 'shipping_method', entityId: id, before, after });
  return after;
}
