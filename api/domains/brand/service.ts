import { and, asc, count, desc, eq, ilike, inArray, isNull, type SQL } from 'drizzle-orm';
import { ROLE } from '../../access/roles';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import {
  brandChannels,
  brands,
  channels,
  invoices,
  marketplaceListings,
  orders,
  products,
  promotions,
  userBrands,
  users,
} from '../../db/schema';
import type { AuthUser } from '../../access/auth-user';
import { ApiError, notFound, validationFailed } from '../../api-error';
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

/** The channels of the brands a vendor serves (those the caller sees through it), each once. */
export async function listChannelsOfBrands(db: Executor, brandIds: number[]) {
  if (!brandIds.length) return { data: [] };
  const rows = await db
    .selectDistinct({ id: channels.id, name: channels.name, code: channels.code })
    .from(brandChannels)
    .innerJoin(channels, eq(channels.id, brandChannels.channelId))
    .where(inArray(brandChannels.brandId, brandIds))
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

/** The channels a brand form names: each once, and each a channel that exists. */
async function checkNamedChannels(tx: Executor, named: NonNullable<BrandBody['channels']>) {
  if (new Set(named.map((item) => item.channel_id)).size !== named.length) {
    throw validationFailed({ channels: ['A channel may be named once.'] });
  }
  if (!named.length) return;
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

async function saveChannels(work: Work, brandId: number, named: NonNullable<BrandBody['channels']>) {
  for (const item of named) {
    const values = {
      shopId: item.tokopedia_shop_id ?? null,
      channelMeta: { is_tkpd_official: item.channel_meta?.is_tkpd_official ?? false },
      updatedAt: work.at,
    };
    await work.tx
      .insert(brandChannels)
      .values({ brandId, channelId: item.channel_id, ...values, createdAt: work.at })
      .onConflictDoUpdate({ target: [brandChannels.brandId, brandChannels.channelId], set: values });
  }
}

/** A new brand from the brand form (General, and Integration's channels when named). */
export async function createBrand(work: Work, body: BrandBody) {
  const named = body.channels ?? [];
  await checkNamedChannels(work.tx, named);
  const [created] = await work.tx
    .insert(brands)
    .values({
      name: body.name,
      address: body.address ?? null,
      city: body.city,
      postalCode: body.postal_code,
      telephone: body.telephone,
      fax: body.fax,
      lat: body.lat,
      lng: body.lng,
      createdAt: work.at,
      updatedAt: work.at,
    })
    .returning();
  await saveChannels(work, created.id, named);
  const channelsAfter = await channelsOf(work.tx, created.id);
  work.audit({
    action: 'brand.store',
    entity: 'brand',
    entityId: created.id,
    after: { ...created, channels: linksOf(channelsAfter) },
  });
  return created;
}

/**
 * What keeps a brand from being deleted, in the order a message names them: the key is the answer's field (the
 * web app translates it), the word the Indonesian message's.
 */
const HOLDERS = [
  { key: 'orders', word: 'pesanan' },
  { key: 'invoices', word: 'invoice' },
  { key: 'users', word: 'pengguna' },
  { key: 'products', word: 'produk' },
  { key: 'listings', word: 'produk marketplace' },
  { key: 'promotions', word: 'promosi' },
  { key: 'key_accounts', word: 'key account' },
] as const;

export type BrandHolder = (typeof HOLDERS)[number]['key'];

async function holdersOf(tx: Executor, brandId: number): Promise<Record<BrandHolder, number>> {
  const total = async (query: Promise<{ total: number }[]>) => (await query)[0].total;
  return {
    orders: await total(tx.select({ total: count() }).from(orders).where(eq(orders.brandId, brandId))),
    invoices: await total(tx.select({ total: count() }).from(invoices).where(eq(invoices.brandId, brandId))),
    users: await total(
      tx
        .select({ total: count() })
        .from(users)
        .where(and(eq(users.brandId, brandId), isNull(users.deletedAt))),
    ),
    products: await total(
      tx
        .select({ total: count() })
        .from(products)
        .where(and(eq(products.brandId, brandId), isNull(products.deletedAt))),
    ),
    listings: await total(
      tx
        .select({ total: count() })
        .from(marketplaceListings)
        .where(and(eq(marketplaceListings.brandId, brandId), isNull(marketplaceListings.deletedAt))),
    ),
    promotions: await total(
      tx.select({ total: count() }).from(promotions).where(eq(promotions.brandId, brandId)),
    ),
    key_accounts: await total(
      tx
        .select({ total: count() })
        .from(userBrands)
        .innerJoin(users, eq(users.id, userBrands.userId))
        .where(
          and(eq(userBrands.brandId, brandId), eq(users.roleId, ROLE.keyAccount), isNull(users.deletedAt)),
        ),
    ),
  };
}

function listed(words: string[]) {
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} dan ${words.at(-1)}` : words[0];
}

/**
 * A brand with nothing left on it is deleted (kept, marked deleted, as vendors are: its audit rows, roles and
 * categories still name it); one that still has orders, invoices, users, products, listings, promotions or key
 * accounts stays, and the 422 names each of them under its own key. Administrators who had it chosen have none.
 */
export async function deleteBrand(work: Work, brandId: number) {
  const [before] = await work.tx
    .select()
    .from(brands)
    .where(and(eq(brands.id, brandId), isNull(brands.deletedAt)))
    .for('update');
  if (!before) throw notFound();
  const counts = await holdersOf(work.tx, brandId);
  const holding = HOLDERS.filter(({ key }) => counts[key] > 0);
  if (holding.length) {
    const message = `Brand tidak dapat dihapus karena masih memiliki ${listed(holding.map(({ word }) => word))}.`;
    const errors = Object.fromEntries(
      holding.map(({ key, word }) => [key, [`Brand masih memiliki ${counts[key]} ${word}.`]]),
    );
    throw new ApiError(422, message, errors);
  }
  const [after] = await work.tx
    .update(brands)
    .set({ deletedAt: work.at, updatedAt: work.at })
    .where(eq(brands.id, brandId))
    .returning();
  await work.tx.update(users).set({ currentBrandId: null }).where(eq(users.currentBrandId, brandId));
  work.audit({ action: 'brand.destroy', entity: 'brand', entityId: brandId, before, after });
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
  await checkNamedChannels(tx, named);
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
  await saveChannels(work, brandId, named);
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
