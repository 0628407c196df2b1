import type { media } from '../../db/schema';

export function serializeMedia(row: typeof media.$inferSelect, baseUrl: string) {
  return {
    id: row.id,
    name: row.name,
    encoded_name: row.encodedName,
    size: row.size,
    extension: row.extension,
    path: row.path,
    disk: row.disk,
    url: `${baseUrl}/${row.path}`,
    created_at: row.createdAt.toISOString(),
  };
}
