import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { jakartaTimestamp } from '../../db/jakarta';
import { promotions, type NotificationData } from '../../db/schema';
import { runWrite, type Work, type WriteDeps } from '../../work/unit-of-work';
import { brandAudience } from '../notification/audience';
import { pushTransition, type PromotionChannel } from './push';

type PromotionRow = typeof promotions.$inferSelect;
type Transition = 'started' | 'finished';

const TEXT: Record<Transition, { title: string; description: (name: string) => string }> = {
  started: { title: 'Promosi Dimulai', description: (name) => `Promosi ${name} sudah berjalan.` },
  finished: { title: 'Promosi Selesai', description: (name) => `Promosi ${name} sudah selesai.` },
};

/** The moment a promotion's window closes: its end, or when it was ended early. */
const closesAt = sql`coalesce(${promotions.endedAt}, ${promotions.endsAt})`;

function announce(work: Work, promotion: PromotionRow, transition: Transition, userIds: number[]) {
  const data: NotificationData = {
    web: {
      type: `promotion-${transition}`,
      route: `/promosi/${promotion.id}`,
      brand: { id: promotion.brandId },
    },
    notification: {
      title: TEXT[transition].title,
      description: TEXT[transition].description(promotion.name),
      timestamp: jakartaTimestamp(work.at),
      order_id: null,
      invoice_offer_log_id: null,
      update_stock_history_id: null,
    },
  };
  work.notify({ userIds, type: `promotion-${transition}`, data });
}

/**
 * Tells the brand's users, live, and the promotion's marketplace when a promotion starts and when it finishes:
 * once per transition, marked on the promotion in the same unit as the notification and the push, each
 * promotion taken under a skip-locked row lock so that sweeps running side by side never tell one twice. A
 * promotion whose whole window passed between two rounds is told finished only; one ended early was pushed its
 * end when that was asked for, so its finish is not pushed again. Status itself is never stored: it is read
 * from the clock (status.ts).
 */
export async function announcePromotionTransitions(deps: WriteDeps, now: Date, channel: PromotionChannel) {
  const due = await deps.db
    .select({ id: promotions.id })
    .from(promotions)
    .where(
      or(
        and(isNull(promotions.startAnnouncedAt), lte(promotions.startsAt, now)),
        and(isNull(promotions.endAnnouncedAt), lte(closesAt, now)),
      ),
    )
    .orderBy(asc(promotions.startsAt), asc(promotions.id))
    .limit(500);
  let announced = 0;
  for (const { id } of due) {
    const done = await runWrite(deps, { actorId: null, at: now }, async (work) => {
      const [promotion] = await work.tx
        .select()
        .from(promotions)
        .where(eq(promotions.id, id))
        .for('update', { skipLocked: true });
      const finished =
        promotion && !promotion.endAnnouncedAt && (promotion.endedAt ?? promotion.endsAt) <= now;
      const started = promotion && !promotion.startAnnouncedAt && promotion.startsAt <= now;
      if (!promotion || (!finished && !started)) {
        work.unchanged();
        return false;
      }
      const transition: Transition = finished ? 'finished' : 'started';
      const [after] = await work.tx
        .update(promotions)
        .set({ startAnnouncedAt: promotion.startAnnouncedAt ?? now, endAnnouncedAt: finished ? now : null })
        .where(eq(promotions.id, id))
        .returning();
      announce(work, promotion, transition, await brandAudience(work.tx, promotion.brandId));
      if (transition === 'started')
        await pushTransition(work, { ...channel, promotion: after, action: 'promotion-start' });
      else if (!promotion.endedAt)
        await pushTransition(work, { ...channel, promotion: after, action: 'promotion-end' });
      work.audit({
        action: `promotion.${transition}`,
        entity: 'promotion',
        entityId: id,
        brandId: promotion.brandId,
        before: promotion,
        after,
      });
      return true;
    });
    if (done) announced++;
  }
  return announced;
}
