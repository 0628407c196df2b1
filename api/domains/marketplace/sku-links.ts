import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products, skuChannels } from '../../db/schema';
import type { ChannelIds, ChannelProduct } from './channel-adapter';
import type { Shop } from './shop';

type Link = {
  sku: string;
  name: string;
  externalId: string;
  parentExternalId: string | null;
  photoUrl: string | null;
};

/** The names of a combination's values, `Merah / XL`. */
export function combinationLabel(product: ChannelProduct, combination: number[]) {
  return combination
    .map((at, level) => product.variant?.selection[level]?.options[at]?.value)
    .filter(Boolean)
    .join(' / ');
}

/** The marketplace SKUs a pushed listing holds: its own, or one per variant combination under the parent's id. */
function linksOf(product: ChannelProduct, ids: ChannelIds): Link[] {
  const photo = product.pictures[0]?.file_path ?? null;
  if (!product.variant) {
    return product.sku
      ? [
          {
            sku: product.sku,
            name: product.name,
            externalId: ids.product_id,
            parentExternalId: null,
            photoUrl: photo,
          },
        ]
      : [];
  }
  const rows = product.variant.products;
  return ids.children.flatMap((child, index) => {
    const row = rows[index];
    if (!child.sku || !row) return [];
    return [
      {
        sku: child.sku,
        name: `${product.name} - ${combinationLabel(product, row.combination)}`,
        externalId: child.product_id,
        parentExternalId: ids.product_id,
        photoUrl: row.pictures[0]?.file_path ?? photo,
      },
    ];
  });
}

function idsOf(ids: ChannelIds | null) {
  return ids ? [ids.product_id, ...ids.children.map((child) => child.product_id)] : [];
}

/**
 * Keeps the shop's marketplace SKUs (`sku_channels`, which the catalogue links to its products) in step with a
 * listing: a SKU the listing holds points at its marketplace id, linked to the catalogue product of that SKU
 * unless already linked; a SKU it no longer holds goes.
 */
export async function syncSkuLinks(
  tx: Executor,
  input: {
    shop: Shop;
    before: ChannelIds | null;
    after: { product: ChannelProduct; ids: ChannelIds } | null;
    at: Date;
  },
) {
  const { shop, at } = input;
  const links = input.after ? linksOf(input.after.product, input.after.ids) : [];
  const kept = new Set(links.map((link) => link.externalId));
  const gone = idsOf(input.before).filter((id) => !kept.has(id));
  const ofShop = and(eq(skuChannels.brandId, shop.brandId), eq(skuChannels.channelId, shop.channelId));
  if (gone.length) await tx.delete(skuChannels).where(and(ofShop, inArray(skuChannels.externalId, gone)));
  for (const link of links) {
    const [existing] = await tx
      .select({ id: skuChannels.id, productId: skuChannels.productId })
      .from(skuChannels)
      .where(and(ofShop, or(eq(skuChannels.externalId, link.externalId), eq(skuChannels.sku, link.sku))))
      .orderBy(desc(sql`${skuChannels.externalId} = ${link.externalId}`), desc(skuChannels.id))
      .limit(1);
    const productId = existing?.productId ?? (await catalogueProductOf(tx, shop.brandId, link.sku));
    const values = { ...link, productId, updatedAt: at };
    if (existing) await tx.update(skuChannels).set(values).where(eq(skuChannels.id, existing.id));
    else
      await tx
        .insert(skuChannels)
        .values({ ...values, brandId: shop.brandId, channelId: shop.channelId, createdAt: at });
  }
}

/** The brand's catalogue product of a SKU (SKUs are unique per brand in the catalogue). */
async function catalogueProductOf(tx: Executor, brandId: number, sku: string) {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.brandId, brandId), eq(products.sku, sku), isNull(products.deletedAt)));
  return row?.id ?? null;
}
