import type { categories } from '../../db/schema';

type CategoryRow = typeof categories.$inferSelect;

export type SerializedCategory = {
  id: number;
  name: string;
  parent_id: number | null;
  structure_name: string;
  updated_at: string;
  children?: SerializedCategory[];
};

/** A category with its structure name (`Elektronik > Laptop`), read from the brand's categories by id. */
export function serializeCategory(row: CategoryRow, byId: Map<number, CategoryRow>): SerializedCategory {
  const names = [row.name];
  let parent = row.parentId ? byId.get(row.parentId) : undefined;
  while (parent && names.length < 10) {
    names.unshift(parent.name);
    parent = parent.parentId ? byId.get(parent.parentId) : undefined;
  }
  return {
    id: row.id,
    name: row.name,
    parent_id: row.parentId,
    structure_name: names.join(' > '),
    updated_at: row.updatedAt.toISOString(),
  };
}
