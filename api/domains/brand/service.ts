import { and, asc, count, desc, eq, ilike, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { brandChannels, brands, channels } from '../../db/schema';
import type { AuthUser } from '../../http/context';
import { validationFailed } from '../../http/errors';
import { offsetOf, pageMeta, sortColumn } from '../../http/pagination';
import type { Work } from '../../work/unit-of-work';
import type { BrandBody, BrandListQuery } from './schema';
import { serializeBrand } from './serializers';

export async function listBrands(db: Executor, user: AuthUser, query: BrandListQuery) {
  const allowed = user.brandIds;
  const filters: SQL[] = [isNull(brands.deletedAt)];
  if (allowed !== 'all') filters.push(inArray(brands.id, allowed.length ? [...allowed] : [0]));
  if (query.search) filters.push(ilike(brands.name, containsPattern(query.search)));
  const where = and(...filters);
  const columns = {
    name: brands.name,
    created_at: brands.createdAt,
    updated_at: brands.updatedAt,
    id: brands.id,
  };
  const sort = columns[sortColumn(columns, query.sorted_by, 'name')];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(brands)
      .where(where)
      .orderBy(query.order_by === 'desc' ? desc(sort) : asc(sort), asc(brands.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(brands).where(where),
  ]);
  return {
    data: rows.map(serializeBrand),
    meta: pageMeta({ page: query.page, perPage: query.per_page, total, count: rows.length }),
  };
}

async function channelsOf(executor: Executor, brandId: number) {
  return executor
    .select({ link: brandChannels, channel: channels })
    .from(brandChannels)
    .innerJoin(channels, eq(channels.id, brandChannels.channelId))
    .where(eq(brandChannels.brandId, brandId))
    .orderBy(asc(channels.id));
}

/** A brand with its channels (shop id and official-store flag). */
export async function brandWithChannels(db: Executor, brand: typeof brands.$inferSelect) {
  const rows = await channelsOf(db, brand.id);
  return {
    ...serializeBrand(brand),
    channels: rows.map(({ link, channel }) => ({
      channel_id: channel.id,
      name: channel.name,
      tokopedia_shop_id: link.shopId,
      channel_meta: link.channelMeta,
    })),
  };
}

export async function listBrandChannels(db: Executor, brandId: number) {
  const rows = await db
    .select({ id: channels.id, name: channels.name, code: channels.code })
    .from(brandChannels)
    .innerJoin(channels, eq(channels.id, brandChannels.channelId))
    .where(eq(brandChannels.brandId, brandId))
    .orderBy(asc(channels.id));
  return { data: rows };
}

function linksOf(rows: Awaited<ReturnType<typeof channelsOf>>) {
  return rows.map(({ link }) => ({
    channelId: link.channelId,
    shopId: link.shopId,
    channelMeta: link.channelMeta,
  }));
}

/**
 * The brand's General and Integration tabs: its own fields, and each named channel's shop id and flag (a
 * channel not named stays as it is: its invoices keep arriving).
 */
export async function updateBrand(work: Work, brandId: number, body: BrandBody) {
  const { tx } = work;
  const [before] = await tx.select().from(brands).where(eq(brands.id, brandId)).for('update');
  const channelsBefore = await channelsOf(tx, brandId);
  const named = body.channels ?? [];
  if (new Set(named.map((item) => item.channel_id)).size !== named.length) {
    throw validationFailed({ channels: ['A channel may be named once.'] });
  }
  if (named.length) {
    const known = await tx
      .select({ id: channels.id })
      .from(channels)
      .where(
        inArray(
          channels.id,
          named.map((item) => item.channel_id),
        ),
      );
    if (known.length !== named.length) {
      throw validationFailed({ channels: ['The selected channel is invalid.'] });
    }
  }
  const [after] = await tx
    .update(brands)
    .set({
      name: body.name,
      address: body.address ?? null,
      city: body.city,
      postalCode: body.postal_code,
      telephone: body.telephone,
      fax: body.fax,
      lat: body.lat,
      lng: body.lng,
      updatedAt: work.at,
    })
    .where(eq(brands.id, brandId))
    .returning();
  for (const item of named) {
    const values = {
      shopId: item.tokopedia_shop_id ?? null,
      channelMeta: { is_tkpd_official: item.channel_meta?.is_tkpd_official ?? false },
      updatedAt: work.at,
    };
    await tx
      .insert(brandChannels)
      .values({ brandId, channelId: item.channel_id, ...values, createdAt: work.at })
      .onConflictDoUpdate({ target: [brandChannels.brandId, brandChannels.channelId], set: values });
  }
  const channelsAfter = await channelsOf(tx, brandId);
  work.audit({
    action: 'brand.update',
    entity: 'brand',
    entityId: brandId,
    before: { ...before, channels: linksOf(channelsBefore) },
    after: { ...after, channels: linksOf(channelsAfter) },
  });
  return after;
}
