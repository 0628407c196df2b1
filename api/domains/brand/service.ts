import { and, asc, count, desc, eq, ilike, inArray, isNull, type SQL } from 'drizzle-orm';
import { brandChannels, brands, categories, channels, vendorBrands, vendors } from '../../db/schema';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/like';
import type { AuthUser } from '../../http/context';
import { notFound } from '../../http/errors';
import { offsetOf, pageMeta, sortColumn, type PageQuery } from '../../http/pagination';
import { serializeBrand, serializeCategory, serializeVendor, type SerializedCategory } from './serializers';

type ListQuery = PageQuery & { sorted_by?: string };

async function paged<T>(
  query: ListQuery,
  rows: (limit: number, offset: number) => Promise<T[]>,
  total: () => Promise<number>,
) {
  const [data, totalCount] = await Promise.all([rows(query.per_page, offsetOf(query)), total()]);
  return {
    data,
    meta: pageMeta({ page: query.page, perPage: query.per_page, total: totalCount, count: data.length }),
  };
}

export async function listBrands(db: Database, user: AuthUser, query: ListQuery) {
  const allowed = user.brandIds;
  const filters: SQL[] = [isNull(brands.deletedAt)];
  if (allowed !== 'all') filters.push(inArray(brands.id, allowed.length ? allowed : [0]));
  if (query.search) filters.push(ilike(brands.name, containsPattern(query.search)));
  const where = and(...filters);
  const columns = {
    name: brands.name,
    created_at: brands.createdAt,
    updated_at: brands.updatedAt,
    id: brands.id,
  };
  const sort = columns[sortColumn(columns, query.sorted_by, 'name')];
  return paged(
    query,
    async (limit, offset) =>
      (
        await db
          .select()
          .from(brands)
          .where(where)
          .orderBy(query.order_by === 'desc' ? desc(sort) : asc(sort), asc(brands.id))
          .limit(limit)
          .offset(offset)
      ).map(serializeBrand),
    async () => (await db.select({ total: count() }).from(brands).where(where))[0].total,
  );
}

export async function brandWithChannels(db: Database, brand: typeof brands.$inferSelect) {
  const rows = await db
    .select({ link: brandChannels, channel: channels })
    .from(brandChannels)
    .innerJoin(channels, eq(channels.id, brandChannels.channelId))
    .where(eq(brandChannels.brandId, brand.id))
    .orderBy(asc(channels.id));
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

export async function listBrandChannels(db: Database, brandId: number) {
  const rows = await db
    .select({ id: channels.id, name: channels.name, code: channels.code })
    .from(brandChannels)
    .innerJoin(channels, eq(channels.id, brandChannels.channelId))
    .where(eq(brandChannels.brandId, brandId))
    .orderBy(asc(channels.id));
  return { data: rows };
}

export async function listBrandVendors(db: Database, brandId: number, query: ListQuery) {
  const filters: SQL[] = [eq(vendorBrands.brandId, brandId), isNull(vendors.deletedAt)];
  if (query.search) filters.push(ilike(vendors.name, containsPattern(query.search)));
  const where = and(...filters);
  const columns = { name: vendors.name, city: vendors.city, updated_at: vendors.updatedAt, id: vendors.id };
  const sort = columns[sortColumn(columns, query.sorted_by, 'name')];
  return paged(
    query,
    async (limit, offset) =>
      (
        await db
          .select({ vendor: vendors })
          .from(vendors)
          .innerJoin(vendorBrands, eq(vendorBrands.vendorId, vendors.id))
          .where(where)
          .orderBy(query.order_by === 'desc' ? desc(sort) : asc(sort), asc(vendors.id))
          .limit(limit)
          .offset(offset)
      ).map((row) => serializeVendor(row.vendor)),
    async () =>
      (
        await db
          .select({ total: count() })
          .from(vendors)
          .innerJoin(vendorBrands, eq(vendorBrands.vendorId, vendors.id))
          .where(where)
      )[0].total,
  );
}

export async function findBrandVendor(db: Database, brandId: number, vendorId: number) {
  const [row] = await db
    .select({ vendor: vendors })
    .from(vendors)
    .innerJoin(vendorBrands, eq(vendorBrands.vendorId, vendors.id))
    .where(and(eq(vendorBrands.brandId, brandId), eq(vendors.id, vendorId), isNull(vendors.deletedAt)));
  if (!row) throw notFound();
  return serializeVendor(row.vendor);
}

export async function listCategories(
  db: Database,
  brandIds: number[],
  query: ListQuery & { with?: string; only?: string },
) {
  const all = await db
    .select()
    .from(categories)
    .where(and(inArray(categories.brandId, brandIds.length ? brandIds : [0]), isNull(categories.deletedAt)))
    .orderBy(asc(categories.name), asc(categories.id));
  const byId = new Map(all.map((row) => [row.id, row]));
  const withChildren = (query.with ?? '').split(',').includes('children');
  function build(row: (typeof all)[number], depth: number): SerializedCategory {
    const item = serializeCategory(row, byId);
    if (withChildren && depth < 5) {
      item.children = all
        .filter((child) => child.parentId === row.id)
        .map((child) => build(child, depth + 1));
    }
    return item;
  }
  const search = query.search?.toLowerCase();
  const matching = all.filter(
    (row) =>
      (query.only !== 'parent' || row.parentId === null) &&
      (!search || row.name.toLowerCase().includes(search)),
  );
  const offset = offsetOf(query);
  const page = matching.slice(offset, offset + query.per_page).map((row) => build(row, 0));
  return {
    data: page,
    meta: pageMeta({ page: query.page, perPage: query.per_page, total: matching.length, count: page.length }),
  };
}

export async function findCategory(db: Database, brandIds: number[], id: number) {
  const all = await db
    .select()
    .from(categories)
    .where(and(inArray(categories.brandId, brandIds.length ? brandIds : [0]), isNull(categories.deletedAt)));
  const byId = new Map(all.map((row) => [row.id, row]));
  const row = byId.get(id);
  if (!row) throw notFound();
  const parent = row.parentId ? byId.get(row.parentId) : undefined;
  return {
    ...serializeCategory(row, byId),
    parent: parent ? serializeCategory(parent, byId) : null,
    children: all.filter((child) => child.parentId === row.id).map((child) => serializeCategory(child, byId)),
  };
}
