import type { z } from 'zod';
import type { tenantFormSchema } from '../schemas/settings';
import type { UpstreamError } from '../upstream/client.server';

type TenantValue = z.infer<ReturnType<typeof tenantFormSchema>>;

/** The vendor form as the spec sends it upstream: form data, `brand_ids[]`, and the area file when chosen. */
export function vendorFormData(value: TenantValue, file: File | null) {
  const form = new FormData();
  const fields: Record<string, string | undefined> = {
    name: value.name,
    address: value.address,
    city: value.city,
    postal_code: value.postal_code,
    telephone: value.telephone,
    fax: value.fax,
    lat: String(value.lat),
    lng: String(value.lng),
    is_priority: value.is_priority ? '1' : '0',
  };
  for (const [key, item] of Object.entries(fields)) if (item) form.append(key, item);
  for (const id of value.brand_ids) form.append('brand_ids[]', String(id));
  if (file && file.size > 0) form.append('vendor_area_file', file, file.name);
  return form;
}

/** The area file's row errors of an upstream 422 (`vendor_area_file.{row}.{column}`), in row order. */
export function areaFileErrors(error: UpstreamError) {
  return Object.entries(error.fieldErrors)
    .map(([key, messages]) => {
      const match = /^vendor_area_file\.(\d+)\.(\w+)$/.exec(key);
      return match ? { row: Number(match[1]), column: match[2], message: messages[0] ?? '' } : null;
    })
    .filter((item): item is { row: number; column: string; message: string } => item !== null)
    .sort((a, b) => a.row - b.row || a.column.localeCompare(b.column));
}
