import type { brands, categories, vendors } from '../../db/schema';

export function serializeBrand(row: typeof brands.$inferSelect) {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    postal_code: row.postalCode,
    telephone: row.telephone,
    fax: row.fax,
    lat: row.lat,
    lng: row.lng,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function serializeVendor(row: typeof vendors.$inferSelect) {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    postal_code: row.postalCode,
    telephone: row.telephone,
    fax: row.fax,
    lat: row.lat,
    lng: row.lng,
    is_priority: row.isPriority,
    updated_at: row.updatedAt.toISOString(),
  };
}

type CategoryRow = typeof categories.$inferSelect;
export type SerializedCategory = {
  id: number;
  name: string;
  parent_id: number | null;
  structure_name: string;
  updated_at: string;
  children?: SerializedCategory[];
};

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
