import { and, gt, lte, sql, type SQL } from 'drizzle-orm';
import { promotions } from '../../db/schema';

/**
 * A promotion's status comes from the clock alone (docs/decisions/048): before its start it has not started,
 * inside its window it runs, after its end (or once ended early) it is over. Nothing stores it.
 */
export const PROMOTION_STATUSES = ['not_started', 'running', 'finished'] as const;

export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

export const PROMOTION_STATUS_LABELS: Record<PromotionStatus, string> = {
  not_started: 'Belum Mulai',
  running: 'Sedang Berjalan',
  finished: 'Selesai',
};

/** The list's tabs besides Semua: a status, or Belum Selesai (not started or running). */
export const PROMOTION_STATUS_FILTERS = [...PROMOTION_STATUSES, 'not_finished'] as const;

export type PromotionStatusFilter = (typeof PROMOTION_STATUS_FILTERS)[number];

type Window = { startsAt: Date; endsAt: Date; endedAt: Date | null };

/** When the window closes: its end, or the moment it was ended early. */
export function closesAt(window: Window): Date {
  return window.endedAt ?? window.endsAt;
}

/** The one rule: [startsAt, closesAt) is the window, half open. */
export function promotionStatus(window: Window, now: Date): PromotionStatus {
  if (now.getTime() < window.startsAt.getTime()) return 'not_started';
  if (now.getTime() < closesAt(window).getTime()) return 'running';
  return 'finished';
}

const closes = sql`coalesce(${promotions.endedAt}, ${promotions.endsAt})`;

/** The same rule as `promotionStatus`, as a condition on the promotions table, for the list's tabs. */
export function statusCondition(filter: PromotionStatusFilter, now: Date): SQL {
  const started = lte(promotions.startsAt, now);
  const open = sql`${closes} > ${now}`;
  switch (filter) {
    case 'not_started':
      return gt(promotions.startsAt, now);
    case 'running':
      return and(started, open) as SQL;
    case 'finished':
      return sql`${closes} <= ${now}`;
    case 'not_finished':
      return open;
  }
}

/** Windows meeting the half-open range [from, to): the list's date filter. */
export function windowMeets(from: Date | undefined, to: Date | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(sql`${closes} > ${from}`);
  if (to) conditions.push(sql`${promotions.startsAt} < ${to}`);
  return conditions;
}
