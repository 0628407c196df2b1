import type { vendorAreas, vendors } from '../../db/schema';

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

export function serializeArea(row: typeof vendorAreas.$inferSelect) {
  return {
    id: row.id,
    province: row.province,
    city: row.city,
    sub_district: row.subDistrict,
    postal_code: row.postalCode,
  };
}
