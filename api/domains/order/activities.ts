import { orderActivities, type OrderStatusCode } from '../../db/schema';
import type { Work } from '../../work/unit-of-work';

/** A line of the order's timeline, by the unit's actor at the unit's time. */
export async function addActivity(
  work: Work,
  input: { orderId: number; message: string; statusCode: OrderStatusCode | null },
) {
  await work.tx.insert(orderActivities).values({
    orderId: input.orderId,
    message: input.message,
    statusCode: input.statusCode,
    userId: work.actorId,
    createdAt: work.at,
  });
}
