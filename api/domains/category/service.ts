import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { categories, products } from '../../db/schema';
import { notFound, validationFailed } from '../../api-error';
import { offsetOf, pageMeta } from '../../http/pagination';
import type { Work } from '../../work/unit-of-work';
import type { CategoryBody, CategoryQuery } from './schema';
import { serializeCategory, type SerializedCategory } from './serializers';

async function categoriesOf(executor: Executor, brandIds: number[]) {
  return executor
    .select()
    .from(categories)
    .where(and(inArray(categories.brandId, brandIds.length ? brandIds : [0]), isNull(categories.deletedAt)))
    .orderBy(asc(categories.name), asc(categories.id));
}

/** The categories of some brands: `only=parent` the top level, `with=children` each with its subtree. */
export async function listCategories(executor: Executor, brandIds: number[], query: CategoryQuery) {
  const all = await categoriesOf(executor, brandIds);
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

/** One category of some brands, with its parent and children. */
export async function findCategory(executor: Executor, brandIds: number[], id: number) {
  const all = await categoriesOf(executor, brandIds);
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

async function lockCategory(executor: Executor, brandId: number, id: number) {
  const [row] = await executor
    .select()
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.brandId, brandId), isNull(categories.deletedAt)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

async function childCount(executor: Executor, id: number) {
  const [{ total }] = await executor
    .select({ total: count() })
    .from(categories)
    .where(and(eq(categories.parentId, id), isNull(categories.deletedAt)));
  return total;
}

/**
 * The parent a category may have (the form offers only parents): a top-level category of the same brand, not
 * the category itself; a category with children stays at the top, so the tree keeps its two levels.
 */
async function parentFor(executor: Executor, brandId: number, body: CategoryBody, id?: number) {
  if (!body.parent_id) return null;
  const invalid = validationFailed({ parent_id: ['The selected parent id is invalid.'] });
  if (body.parent_id === id) throw invalid;
  const [parent] = await executor
    .select()
    .from(categories)
    .where(
      and(eq(categories.id, body.parent_id), eq(categories.brandId, brandId), isNull(categories.deletedAt)),
    );
  if (!parent || parent.parentId !== null) throw invalid;
  if (id && (await childCount(executor, id)) > 0) {
    throw validationFailed({ parent_id: ['Kategori yang memiliki sub kategori tidak dapat dipindah.'] });
  }
  return parent.id;
}

export async function createCategory(work: Work, brandId: number, body: CategoryBody) {
  const parentId = await parentFor(work.tx, brandId, body);
  const [created] = await work.tx
    .insert(categories)
    .values({ brandId, parentId, name: body.name, createdAt: work.at, updatedAt: work.at })
    .returning();
  work.audit({ action: 'category.store', entity: 'category', entityId: created.id, after: created });
  return created;
}

export async function updateCategory(work: Work, brandId: number, id: number, body: CategoryBody) {
  const before = await lockCategory(work.tx, brandId, id);
  const parentId = await parentFor(work.tx, brandId, body, id);
  const [after] = await work.tx
    .update(categories)
    .set({ name: body.name, parentId, updatedAt: work.at })
    .where(eq(categories.id, id))
    .returning();
  work.audit({ action: 'category.update', entity: 'category', entityId: id, before, after });
  return after;
}

/** A category with sub categories or products stays (422 with the reason). */
export async function deleteCategory(work: Work, brandId: number, id: number) {
  const { tx } = work;
  const before = await lockCategory(tx, brandId, id);
  if ((await childCount(tx, id)) > 0) {
    throw validationFailed({ id: ['Kategori masih memiliki sub kategori.'] });
  }
  const [{ used }] = await tx
    .select({ used: count() })
    .from(products)
    .where(and(eq(products.categoryId, id), isNull(products.deletedAt)));
  if (used > 0) throw validationFailed({ id: [`Kategori masih digunakan oleh ${used} produk.`] });
  const [after] = await tx
    .update(categories)
    .set({ deletedAt: work.at, updatedAt: work.at })
    .where(eq(categories.id, id))
    .returning();
  work.audit({ action: 'category.destroy', entity: 'category', entityId: id, before, after });
}
