import type { brands } from '../../db/schema';

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
