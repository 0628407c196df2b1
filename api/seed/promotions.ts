import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { channelRequestLogs, products, promotionProducts, promotions } from '../db/schema';
import { channelPromotion } from '../domains/promotion/push';
import type { World } from './world';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * Three promotions per brand, around the seeding's clock: one finished last month, one running, one starting next
 * week, each on the brand's last products by name (the promotion form lists products by name, so its first rows
 * stay free for new promotions in any window). Each was pushed once to its marketplace: its id there and the
 * create in the channel request log; transitions already past are marked told, so the sweep tells nothing twice.
 */
export async function seedPromotions(tx: Transaction, world: World) {
  const now = world.now.getTime();
  const channelOf = (code: string) =>
    world.channels.find((channel) => channel.code === code) as World['channels'][number];
  const tokopedia = channelOf('tokopedia');
  const shopee = channelOf('shopee');
  for (const brand of world.brands) {
    const last = await tx
      .select({ id: products.id, price: products.vendorPrice })
      .from(products)
      .where(and(eq(products.brandId, brand.id), eq(products.isActive, true), isNull(products.deletedAt)))
      .orderBy(desc(products.name), desc(products.id))
      .limit(4);
    if (last.length < 4) continue;
    const plans = [
      {
        name: `Flash Sale Akhir Bulan ${brand.name}`,
        type: 'discount' as const,
        value: 15,
        channelId: tokopedia.id,
        startsAt: new Date(now - 20 * DAY),
        endsAt: new Date(now - 17 * DAY),
        lines: last.slice(0, 2),
      },
      {
        name: `Promo Pekan Ini ${brand.name}`,
        type: 'discount' as const,
        value: 10,
        channelId: shopee.id,
        startsAt: new Date(now - 2 * DAY),
        endsAt: new Date(now + 5 * DAY),
        lines: last.slice(1, 3),
      },
      {
        name: `Potongan Gajian ${brand.name}`,
        type: 'amount' as const,
        value: 5000,
        channelId: tokopedia.id,
        startsAt: new Date(now + 7 * DAY),
        endsAt: new Date(now + 9 * DAY),
        lines: last.slice(2, 4).filter((line) => line.price > 10_000),
      },
    ];
    for (const plan of plans) {
      if (plan.lines.length === 0) continue;
      const createdAt = new Date(Math.min(now, plan.startsAt.getTime()) - 3 * DAY);
      const [promotion] = await tx
        .insert(promotions)
        .values({
          brandId: brand.id,
          channelId: plan.channelId,
          name: plan.name,
          type: plan.type,
          value: plan.value,
          startsAt: plan.startsAt,
          endsAt: plan.endsAt,
          startAnnouncedAt: plan.startsAt.getTime() <= now ? plan.startsAt : null,
          endAnnouncedAt: plan.endsAt.getTime() <= now ? plan.endsAt : null,
          createdBy: world.adminId,
          updatedBy: world.adminId,
          createdAt,
          updatedAt: createdAt,
        })
        .returning();
      await tx.insert(promotionProducts).values(
        plan.lines.map((line, index) => ({
          promotionId: promotion.id,
          productId: line.id,
          channelId: plan.channelId,
          startsAt: plan.startsAt,
          endsAt: plan.endsAt,
          promoStock: 20 + 10 * index,
          purchaseLimit: index === 0 ? 2 : 0,
        })),
      );
      const externalId = String(880_000 + promotion.id);
      await tx.update(promotions).set({ externalId }).where(eq(promotions.id, promotion.id));
      const pushed = await channelPromotion(tx, promotion);
      await tx.insert(channelRequestLogs).values({
        brandId: brand.id,
        channelId: plan.channelId,
        listingId: null,
        promotionId: promotion.id,
        action: 'promotion-create',
        request: { promotion_id: null, ...pushed },
        response: { data: { promotion_id: Number(externalId), total_product: plan.lines.length } },
        status: 'success',
        statusCode: 200,
        durationMs: 180,
        createdAt,
      });
    }
  }
}
