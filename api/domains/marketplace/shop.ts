import { and, arrayOverlaps, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { brandChannels, channels, marketplaceListings } from '../../db/schema';
import { notFound, validationFailed } from '../../api-error';
import type { ChannelShop, ShopCatalog } from './channel-adapter';

/** A brand's shop on one channel; `linked` is false while the brand has no shop there yet. */
export type Shop = ChannelShop & { brandChannelId: number | null; channelName: string };

const SHOP_LOCK = 71_030;

/** The brand's shop on the channel of this code (the path's `tokopedia`) or id. */
export async function shopOf(db: Executor, brandId: number, channel: string | number): Promise<Shop> {
  const [row] = await db
    .select({ channel: channels, link: brandChannels })
    .from(channels)
    .leftJoin(
      brandChannels,
      and(eq(brandChannels.channelId, channels.id), eq(brandChannels.brandId, brandId)),
    )
    .where(typeof channel === 'number' ? eq(channels.id, channel) : eq(channels.code, channel));
  if (!row) throw notFound();
  return {
    brandId,
    channelId: row.channel.id,
    channelName: row.channel.name,
    shopId: row.link?.shopId ?? null,
    isOfficial: Boolean(row.link?.channelMeta?.is_tkpd_official),
    brandChannelId: row.link?.id ?? null,
  };
}

/**
 * Takes the shop for a write: refused while the brand has no shop on the channel, and held to the end of the
 * transaction, so two pushes of one shop take turns and a SKU cannot be taken twice between check and write.
 */
export async function lockShop(tx: Executor, shop: Shop) {
  if (shop.brandChannelId === null) {
    throw validationFailed({ channel: [`Brand ini belum terhubung ke toko ${shop.channelName}.`] });
  }
  await tx.execute(sql`select pg_advisory_xact_lock(${SHOP_LOCK}::int, ${shop.brandChannelId}::int)`);
}

/** The shop's live listings. */
export function inShop(shop: Shop): SQL {
  return and(
    eq(marketplaceListings.brandId, shop.brandId),
    eq(marketplaceListings.channelId, shop.channelId),
    isNull(marketplaceListings.deletedAt),
  ) as SQL;
}

/** The shop as the sandbox sees it: the listings this shop holds are what was pushed to it. */
export function shopCatalog(tx: Executor, shop: Shop): ShopCatalog {
  return {
    async skusInUse(skus, exceptProductId) {
      if (skus.length === 0) return [];
      const conditions = [inShop(shop), arrayOverlaps(marketplaceListings.skus, skus)];
      if (exceptProductId) {
        conditions.push(
          or(
            isNull(marketplaceListings.externalId),
            ne(marketplaceListings.externalId, exceptProductId),
          ) as SQL,
        );
      }
      const rows = await tx
        .select({ skus: marketplaceListings.skus })
        .from(marketplaceListings)
        .where(and(...conditions));
      const held = new Set(rows.flatMap((row) => row.skus));
      return skus.filter((sku) => held.has(sku));
    },
  };
}
