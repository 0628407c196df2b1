import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { brands, orders, users, vendorBrands, vendors } from '../../db/schema';
import type { AuthUser } from '../../access/auth-user';
import { forbidden, notFound, validationFailed } from '../../api-error';
import { reachesAll } from '../../access/policy';
import { offsetOf, pageMeta, sortColumn, type PageQuery } from '../../http/pagination';
import type { Work } from '../../work/unit-of-work';
import { ROLE } from '../../access/roles';
import { areasOf, replaceAreas, type AreaInput } from './areas';
import type { VendorBody } from './schema';
import { serializeArea, serializeVendor } from './serializers';

/** The brands the actor works for; null for administrators (all). */
function brandsOf(actor: AuthUser) {
  return actor.brandIds === 'all' ? null : [...actor.brandIds];
}

/** Subqueries name their tables: in a query of the vendors table alone Drizzle leaves column names bare. */
const servedBrandIds = sql<number[]>`array(select vb.brand_id from vendor_brands vb
  where vb.vendor_id = "vendors"."id" order by 1)`;

function servesOneOf(brandIds: number[]) {
  const list = sql.join(
    brandIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`exists (select 1 from vendor_brands vb where vb.vendor_id = "vendors"."id" and vb.brand_id in (${list}))`;
}

/**
 * The vendors the actor sees: administrators every one, a vendor user its own, brand-side users those serving
 * one of their brands.
 */
export function visibleVendors(actor: AuthUser): SQL {
  const alive = isNull(vendors.deletedAt);
  if (actor.roleId === ROLE.vendor) return and(alive, eq(vendors.id, actor.vendorId ?? 0)) as SQL;
  const mine = brandsOf(actor);
  if (!mine) return alive;
  if (!mine.length) return sql`false`;
  return and(alive, servesOneOf(mine)) as SQL;
}

function servingBrand(brandId: number | undefined) {
  return brandId ? servesOneOf([brandId]) : undefined;
}

const SORTS = {
  name: vendors.name,
  city: vendors.city,
  is_priority: vendors.isPriority,
  updated_at: vendors.updatedAt,
  id: vendors.id,
};

/** The brand ids of a row, as far as the actor may know them. */
function shownBrandIds(actor: AuthUser, ids: number[]) {
  const mine = actor.roleId === ROLE.vendor ? null : brandsOf(actor);
  return mine ? ids.filter((id) => mine.includes(id)) : ids;
}

/** Vendors (`/api/vendor?brand=`, and `/api/brand/{brand}/vendor` with the brand fixed). */
export async function listVendors(
  db: Executor,
  actor: AuthUser,
  query: PageQuery & { sorted_by?: string; brand?: number },
) {
  const where = and(
    visibleVendors(actor),
    servingBrand(query.brand),
    query.search ? ilike(vendors.name, containsPattern(query.search)) : undefined,
  );
  const column = SORTS[sortColumn(SORTS, query.sorted_by, 'name')];
  const direction = query.order_by === 'desc' ? desc : asc;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ vendor: vendors, brandIds: servedBrandIds })
      .from(vendors)
      .where(where)
      .orderBy(direction(column), direction(vendors.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(vendors).where(where),
  ]);
  return {
    data: rows.map((row) => ({
      ...serializeVendor(row.vendor),
      brand_ids: shownBrandIds(actor, row.brandIds),
    })),
    meta: pageMeta({ page: query.page, perPage: query.per_page, total, count: rows.length }),
  };
}

export async function vendorOptions(db: Executor, actor: AuthUser, query: PageQuery & { brand?: number }) {
  const where = and(
    visibleVendors(actor),
    servingBrand(query.brand),
    query.search ? ilike(vendors.name, containsPattern(query.search)) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: vendors.id, name: vendors.name })
      .from(vendors)
      .where(where)
      .orderBy(asc(vendors.name), asc(vendors.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(vendors).where(where),
  ]);
  return {
    data: rows,
    meta: pageMeta({ page: query.page, perPage: query.per_page, total, count: rows.length }),
  };
}

/** One vendor the actor sees (serving `brandId` when the path names one); 404 otherwise. */
export async function findVendor(executor: Executor, actor: AuthUser, id: number, brandId?: number) {
  const [row] = await executor
    .select({ vendor: vendors, brandIds: servedBrandIds })
    .from(vendors)
    .where(and(eq(vendors.id, id), visibleVendors(actor), servingBrand(brandId)));
  if (!row) throw notFound();
  return row;
}

/** A vendor with its areas and brands (`with=vendorAreas`). */
export async function showVendor(db: Executor, actor: AuthUser, id: number, brandId?: number) {
  const { vendor, brandIds } = await findVendor(db, actor, id, brandId);
  const shown = shownBrandIds(actor, brandIds);
  const [areas, named] = await Promise.all([
    areasOf(db, vendor.id),
    shown.length
      ? db
          .select({ id: brands.id, name: brands.name })
          .from(brands)
          .where(inArray(brands.id, shown))
          .orderBy(asc(brands.name))
      : Promise.resolve([]),
  ]);
  return {
    ...serializeVendor(vendor),
    brand_ids: shown,
    brands: named,
    vendor_areas: areas.map(serializeArea),
    // Whether the caller's reach covers every brand the vendor serves: only then may it change the vendor or
    // its accounts (docs/decisions/022), so the screens offer those forms read-only otherwise.
    can_change: reachesAll(actor, brandIds),
  };
}

/**
 * The brands a vendor serves after a save: an administrator sets them; a key account or brand user changes
 * only their own brands among them (a brand user's new vendor serves their brand), leaving the others be.
 */
async function servedAfter(
  executor: Executor,
  actor: AuthUser,
  asked: number[] | undefined,
  current: number[],
) {
  const mine = brandsOf(actor);
  const invalid = validationFailed({ brand_ids: ['The selected brand ids is invalid.'] });
  let wanted = asked ? [...new Set(asked)] : current.length ? current : mine && mine.length === 1 ? mine : [];
  if (mine) {
    if (wanted.some((id) => !mine.includes(id) && !current.includes(id))) throw invalid;
    const own = wanted.filter((id) => mine.includes(id));
    // Leaving none of one's own brands would put the vendor out of one's reach: deleting it says so plainly.
    if (!own.length) throw validationFailed({ brand_ids: ['Pilih minimal satu brand Anda.'] });
    wanted = [...current.filter((id) => !mine.includes(id)), ...own];
  }
  if (!wanted.length) throw validationFailed({ brand_ids: ['The brand ids field is required.'] });
  const found = await executor
    .select({ id: brands.id })
    .from(brands)
    .where(and(inArray(brands.id, wanted), isNull(brands.deletedAt)));
  if (found.length !== wanted.length) throw invalid;
  return wanted.sort((a, b) => a - b);
}

/** The columns a body sets; an optional text it leaves out stays as it is on update (null on create). */
function columnsOf(body: VendorBody) {
  return {
    name: body.name,
    address: body.address,
    city: body.city,
    postalCode: body.postal_code,
    telephone: body.telephone,
    fax: body.fax,
    lat: body.lat,
    lng: body.lng,
    isPriority: body.is_priority,
  };
}

async function setServedBrands(work: Work, vendorId: number, brandIds: number[]) {
  await work.tx.delete(vendorBrands).where(eq(vendorBrands.vendorId, vendorId));
  await work.tx.insert(vendorBrands).values(brandIds.map((brandId) => ({ vendorId, brandId })));
}

/** Vendors are the brand side's to manage; vendor users change their own settings, not their vendor. */
export function requireBrandSide(actor: AuthUser) {
  if (actor.roleId === ROLE.vendor) throw forbidden();
}

export async function createVendor(work: Work, actor: AuthUser, body: VendorBody, areas: AreaInput[] | null) {
  requireBrandSide(actor);
  const brandIds = await servedAfter(work.tx, actor, body.brand_ids, []);
  const [created] = await work.tx
    .insert(vendors)
    .values({
      ...columnsOf(body),
      address: body.address ?? null,
      fax: body.fax ?? null,
      createdAt: work.at,
      updatedAt: work.at,
    })
    .returning();
  await setServedBrands(work, created.id, brandIds);
  work.audit({
    action: 'vendor.store',
    entity: 'vendor',
    entityId: created.id,
    after: { ...created, brandIds },
  });
  if (areas) await replaceAreas(work, created.id, areas);
  return created;
}

export async function updateVendor(
  work: Work,
  actor: AuthUser,
  id: number,
  body: VendorBody,
  areas: AreaInput[] | null,
) {
  requireBrandSide(actor);
  const { vendor: before, brandIds: current } = await findVendor(work.tx, actor, id);
  // A vendor serving several brands is theirs together: changed only by a caller whose reach covers them all.
  if (!reachesAll(actor, current)) throw forbidden();
  await work.tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, id)).for('update');
  const brandIds = await servedAfter(work.tx, actor, body.brand_ids, current);
  const [after] = await work.tx
    .update(vendors)
    .set({ ...columnsOf(body), updatedAt: work.at })
    .where(eq(vendors.id, id))
    .returning();
  if (brandIds.join() !== current.join()) await setServedBrands(work, id, brandIds);
  work.audit({
    action: 'vendor.update',
    entity: 'vendor',
    entityId: id,
    before: { ...before, brandIds: current },
    after: { ...after, brandIds },
  });
  if (areas) await replaceAreas(work, id, areas);
  return after;
}

const OPEN_STATUSES = ['new', 'ready_to_deliver', 'on_delivery', 'delivered'] as const;

/** A vendor with open orders, or serving a brand the actor does not work for, stays. */
export async function deleteVendor(work: Work, actor: AuthUser, id: number) {
  requireBrandSide(actor);
  const { vendor: before, brandIds } = await findVendor(work.tx, actor, id);
  if (!reachesAll(actor, brandIds)) throw forbidden();
  const [{ open }] = await work.tx
    .select({ open: count() })
    .from(orders)
    .where(and(eq(orders.vendorId, id), inArray(orders.statusCode, [...OPEN_STATUSES])));
  if (open > 0) {
    throw validationFailed({ id: [`Vendor masih memiliki ${open} pesanan yang belum selesai.`] });
  }
  const [after] = await work.tx
    .update(vendors)
    .set({ deletedAt: work.at, updatedAt: work.at })
    .where(eq(vendors.id, id))
    .returning();
  work.audit({ action: 'vendor.destroy', entity: 'vendor', entityId: id, before, after });
  // Its users have nothing left to work on: they are switched off, and their sessions end on the next request.
  const switchedOff = await work.tx
    .update(users)
    .set({ isActive: false, updatedAt: work.at })
    .where(and(eq(users.vendorId, id), eq(users.isActive, true), isNull(users.deletedAt)))
    .returning({ id: users.id });
  for (const user of switchedOff) {
    work.audit({
      action: 'user.deactivate',
      entity: 'user',
      entityId: user.id,
      vendorId: id,
      before: { isActive: true },
      after: { isActive: false },
    });
  }
}
