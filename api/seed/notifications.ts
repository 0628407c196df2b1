import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { notifications, sendPayments, type NotificationData } from '../db/schema';
import { PAID_LABEL } from '../../contract/order-status';
import { bulkInsert } from './bulk-insert';
import type { Catalogue } from './catalogue';
import type { Random } from './random';
import { brandStatusLabel, type SalesResult } from './sales';
import { DAY, MINUTE, jakartaTimestamp } from './time';
import type { World } from './world';

type NotificationSeed = {
  type: 'invoice-offer' | 'order-status' | 'stock-update' | 'order-diverted' | 'payment';
  route: string;
  brandId: number | null;
  title: string;
  description: string;
  at: Date;
  read: boolean;
  orderId?: number;
  offerId?: number;
  historyId?: number;
};

/** A version-4-shaped uuid drawn from the seeded generator, so reseeding gives the same ids. */
function seededUuid(rng: Random) {
  const hex = (digits: number) => Array.from({ length: digits }, () => rng.int(0, 15).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${rng.pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
}

/**
 * Notifications for the demo users, as the services would have sent them: offers and diverted orders and
 * payments to the demo vendor's users, order statuses and stock updates to each brand's users. The older
 * ones are read.
 */
export async function seedNotifications({
  db,
  rng,
  world,
  catalogue,
  sales,
}: {
  db: Executor;
  rng: Random;
  world: World;
  catalogue: Catalogue;
  sales: SalesResult;
}): Promise<void> {
  const { now } = world;
  const vendorName = new Map(world.vendors.map((vendor) => [vendor.id, vendor.name]));
  const byRecipient = new Map<number, NotificationSeed[]>();
  function send(userIds: readonly number[], seed: NotificationSeed) {
    for (const userId of userIds) {
      const list = byRecipient.get(userId) ?? [];
      list.push(seed);
      byRecipient.set(userId, list);
    }
  }

  const demoVendorUsers = world.vendorUsers.get(world.demoVendorId) as number[];
  const offers = sales.recentOffers
    .filter((offer) => offer.vendorId === world.demoVendorId)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  for (const offer of offers.filter((candidate, index) => candidate.status === 'pending' || index < 40)) {
    send(demoVendorUsers, {
      type: 'invoice-offer',
      route: '/dashboard/penjualan',
      brandId: offer.brandId,
      title: 'Pesanan Masuk',
      description:
        offer.status === 'pending'
          ? `Invoice ${offer.externalNumber} menunggu konfirmasi Anda`
          : `Invoice ${offer.externalNumber} ditawarkan ke toko Anda`,
      at: offer.at,
      read: offer.status !== 'pending',
      offerId: offer.id,
    });
  }
  for (const order of sales.recentOrders.filter(
    (candidate) => candidate.status === 'diverted' && candidate.vendorId === world.demoVendorId,
  )) {
    send(demoVendorUsers, {
      type: 'order-diverted',
      route: `/order/${order.id}`,
      brandId: order.brandId,
      title: 'Pesanan Dialihkan',
      description: `Pesanan ${order.number} dialihkan ke vendor lain`,
      at: order.at,
      read: now.getTime() - order.at.getTime() > 2 * DAY,
      orderId: order.id,
    });
  }
  const payments = await db
    .select({
      id: sendPayments.id,
      number: sendPayments.number,
      brandId: sendPayments.brandId,
      createdAt: sendPayments.createdAt,
    })
    .from(sendPayments)
    .where(eq(sendPayments.vendorId, world.demoVendorId))
    .orderBy(desc(sendPayments.createdAt), desc(sendPayments.id))
    .limit(3);
  for (const payment of payments) {
    send(demoVendorUsers, {
      type: 'payment',
      route: `/order?status=${PAID_LABEL}&send-payment=${payment.id}`,
      brandId: payment.brandId,
      title: 'Pembayaran',
      description: `Pembayaran ${payment.number} untuk pesanan Anda telah dibuat`,
      at: payment.createdAt,
      read: true,
    });
  }

  for (const brand of world.brands) {
    const audience = world.brandAudience.get(brand.id) ?? [];
    const recent = sales.recentOrders
      .filter((order) => order.brandId === brand.id)
      .sort((a, b) => b.at.getTime() - a.at.getTime())
      .slice(0, 30);
    recent.forEach((order, index) => {
      send(audience, {
        type: 'order-status',
        route: `/order/${order.id}`,
        brandId: brand.id,
        title: 'Status Pesanan',
        description: `Pesanan ${order.number} kini ${brandStatusLabel(order.status)} (${vendorName.get(order.vendorId)})`,
        at: order.at,
        read: index >= 8,
        orderId: order.id,
      });
    });
    for (const update of catalogue.stockUpdates.filter((candidate) => candidate.brandId === brand.id)) {
      send(audience, {
        type: 'stock-update',
        route: `/stock/update-stock-history/${update.historyId}`,
        brandId: brand.id,
        title: 'Update Stok',
        description: `${vendorName.get(update.vendorId)} memperbarui stok ${update.itemCount} produk`,
        at: update.at,
        read: now.getTime() - update.at.getTime() > 14 * DAY,
        historyId: update.historyId,
      });
    }
  }

  const rows: (typeof notifications.$inferInsert)[] = [];
  for (const [userId, seeds] of [...byRecipient.entries()].sort(([a], [b]) => a - b)) {
    for (const seed of seeds.sort((a, b) => a.at.getTime() - b.at.getTime())) {
      const data: NotificationData = {
        web: { type: seed.type, route: seed.route, brand: { id: seed.brandId } },
        notification: {
          title: seed.title,
          description: seed.description,
          timestamp: jakartaTimestamp(seed.at),
          order_id: seed.orderId ?? null,
          invoice_offer_log_id: seed.offerId ?? null,
          update_stock_history_id: seed.historyId ?? null,
        },
      };
      rows.push({
        id: seededUuid(rng),
        userId,
        type: seed.type,
        data,
        readAt: seed.read
          ? new Date(Math.min(seed.at.getTime() + rng.int(2, 180) * MINUTE, now.getTime()))
          : null,
        createdAt: seed.at,
      });
    }
  }
  await bulkInsert(db, notifications, rows);
}
