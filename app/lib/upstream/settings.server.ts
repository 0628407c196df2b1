import { z } from 'zod';
import { paged, type Query, type Upstream } from './client.server';

/**
 * Where a settings call goes for the signed-in actor (docs/decisions/014): a vendor its vendor's, a brand its
 * brand's, staff global.
 */
export type SettingsScope =
  { kind: 'global' } | { kind: 'brand'; id: number } | { kind: 'vendor'; id: number };

export function settingsPath(scope: SettingsScope) {
  return scope.kind === 'global' ? '/api' : `/api/${scope.kind}/${scope.id}`;
}

const message = z.object({ message: z.string() });
const named = z.object({ id: z.number(), name: z.string() });
const options = z.object({ data: z.array(named) });

export const roleSchema = z.object({ id: z.number(), name: z.string(), updated_at: z.string() });
export type Role = z.infer<typeof roleSchema>;

export const permissionSchema = z.object({ id: z.number(), name: z.string() });
export type Permission = z.infer<typeof permissionSchema>;

export const gateSettingSchema = z.object({
  id: z.number(),
  role_id: z.number(),
  role_name: z.string(),
  total_permission: z.number(),
  permissions: z.array(permissionSchema).optional(),
  updated_at: z.string(),
});
export type GateSetting = z.infer<typeof gateSettingSchema>;

export const userSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  mobile_phone: z.string().nullable(),
  role_id: z.number(),
  role_name: z.string().nullable(),
  kind_id: z.number(),
  roles: z.array(named),
  brand_id: z.number().nullable(),
  brand_name: z.string().nullable(),
  vendor_id: z.number().nullable(),
  vendor_name: z.string().nullable(),
  brand_ids: z.array(z.number()),
  is_special_account: z.boolean(),
  permissions: z.array(z.string()).optional(),
  updated_at: z.string(),
});
export type SettingsUser = z.infer<typeof userSchema>;

const areaSchema = z.object({
  id: z.number(),
  province: z.string().nullable(),
  city: z.string(),
  sub_district: z.string().nullable(),
  postal_code: z.string().nullable(),
});

export const vendorSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  telephone: z.string().nullable(),
  fax: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  is_priority: z.boolean(),
  brand_ids: z.array(z.number()),
  updated_at: z.string(),
});
export type Vendor = z.infer<typeof vendorSchema>;
const vendorDetailSchema = vendorSchema.extend({
  brands: z.array(named),
  vendor_areas: z.array(areaSchema),
  /** The caller's reach covers every brand the vendor serves (an API without the field is taken at its word). */
  can_change: z.boolean().default(true),
});
export type VendorDetail = z.infer<typeof vendorDetailSchema>;

const brandSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  telephone: z.string().nullable(),
  fax: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  channels: z.array(
    z.object({
      channel_id: z.number(),
      name: z.string(),
      tokopedia_shop_id: z.string().nullable(),
      channel_meta: z.object({ is_tkpd_official: z.boolean().optional() }).passthrough(),
    }),
  ),
});
export type BrandDetail = z.infer<typeof brandSchema>;

export type CategoryNode = {
  id: number;
  name: string;
  parent_id: number | null;
  structure_name: string;
  updated_at: string;
  children?: CategoryNode[];
};
const categorySchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    parent_id: z.number().nullable(),
    structure_name: z.string(),
    updated_at: z.string(),
    children: z.array(categorySchema).optional(),
  }),
);

const shippingSchema = z.object({
  id: z.number(),
  channel_id: z.number(),
  channel_name: z.string(),
  name: z.string(),
  is_active: z.boolean(),
});
export type ShippingMethod = z.infer<typeof shippingSchema>;

export const auditRowSchema = z.object({
  id: z.number(),
  actor: z.object({ id: z.number(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  changes: z.record(z.object({ before: z.unknown(), after: z.unknown() })),
  ip: z.string().nullable(),
  names: z.record(z.string()).default({}),
  created_at: z.string(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export type UserBody = {
  name: string;
  email: string;
  mobile_phone?: string;
  password?: string;
  role_id?: number;
  role_name?: string;
  brand_id?: number;
  vendor_id?: number;
  brand_ids?: number[];
};

/** Users, roles and permissions (each under the actor's scope), vendors, categories, the brand, shipping, audit. */
export const settingsApi = {
  roles: (api: Upstream, { scope, query }: { scope: SettingsScope; query: Query }) =>
    api.call(`${settingsPath(scope)}/role`, paged(roleSchema), { query }),
  role: (api: Upstream, { scope, id }: { scope: SettingsScope; id: number }) =>
    api.call(`${settingsPath(scope)}/role/${id}`, z.object({ data: roleSchema })).then((r) => r.data),
  saveRole: (
    api: Upstream,
    { scope, id, name, formKey }: { scope: SettingsScope; id?: number; name: string; formKey?: string },
  ) =>
    id
      ? api.call(`${settingsPath(scope)}/role/${id}`, message, { method: 'PUT', body: { name } })
      : api.call(`${settingsPath(scope)}/role`, message, { body: { name }, idempotencyKey: formKey }),
  deleteRole: (api: Upstream, { scope, id }: { scope: SettingsScope; id: number }) =>
    api.call(`${settingsPath(scope)}/role/${id}`, message, { method: 'DELETE' }),

  permissions: (api: Upstream, { scope }: { scope: SettingsScope }) =>
    api
      .call(`${settingsPath(scope)}/permission`, z.object({ data: z.array(permissionSchema) }))
      .then((r) => r.data),
  gateSettings: (api: Upstream, { scope, query }: { scope: SettingsScope; query: Query }) =>
    api.call(`${settingsPath(scope)}/gate-setting`, paged(gateSettingSchema), { query }),
  gateSetting: (api: Upstream, { scope, id }: { scope: SettingsScope; id: number }) =>
    api
      .call(`${settingsPath(scope)}/gate-setting/${id}`, z.object({ data: gateSettingSchema }))
      .then((r) => r.data),
  saveGateSetting: (
    api: Upstream,
    input: { scope: SettingsScope; id?: number; roleId: number; permissionIds: number[]; formKey?: string },
  ) =>
    input.id
      ? api.call(`${settingsPath(input.scope)}/gate-setting/${input.id}`, message, {
          method: 'PUT',
          body: { permission_ids: input.permissionIds },
        })
      : api.call(`${settingsPath(input.scope)}/gate-setting`, message, {
          body: { role_id: input.roleId, permission_ids: input.permissionIds },
          idempotencyKey: input.formKey,
        }),
  deleteGateSetting: (api: Upstream, { scope, id }: { scope: SettingsScope; id: number }) =>
    api.call(`${settingsPath(scope)}/gate-setting/${id}`, message, { method: 'DELETE' }),

  users: (api: Upstream, { query }: { query: Query }) => api.call('/api/user', paged(userSchema), { query }),
  brandUsers: (api: Upstream, { brandId, query }: { brandId: number; query: Query }) =>
    api.call(`/api/brand/${brandId}/user`, paged(userSchema), { query }),
  vendorUsers: (api: Upstream, { vendorId, query }: { vendorId: number; query: Query }) =>
    api.call(`/api/vendor/${vendorId}/user`, paged(userSchema), { query }),
  userOptions: (api: Upstream) =>
    api.call('/api/select/user', options, { query: { per_page: 1000 } }).then((r) => r.data),
  user: (api: Upstream, { id }: { id: number }) =>
    api.call(`/api/user/${id}`, z.object({ data: userSchema })).then((r) => r.data),
  saveUser: (api: Upstream, { id, body, formKey }: { id?: number; body: UserBody; formKey?: string }) =>
    id
      ? api.call(`/api/user/${id}`, message, { method: 'PUT', body })
      : api.call('/api/user', message, { body, idempotencyKey: formKey }),
  deleteUser: (api: Upstream, { id }: { id: number }) =>
    api.call(`/api/user/${id}`, message, { method: 'DELETE' }),

  vendors: (api: Upstream, { query }: { query: Query }) =>
    api.call('/api/vendor', paged(vendorSchema), { query }),
  vendor: (api: Upstream, { id }: { id: number }) =>
    api.call(`/api/vendor/${id}`, z.object({ data: vendorDetailSchema })).then((r) => r.data),
  /** Form data, as the spec sends it, so the area file travels with it. */
  createVendor: (api: Upstream, { form, formKey }: { form: FormData; formKey?: string }) =>
    api.call('/api/vendor', z.object({ message: z.string(), data: z.object({ id: z.number() }) }), {
      body: form,
      idempotencyKey: formKey,
    }),
  /** The spec's update: POST with `_method=PUT`. */
  updateVendor: (api: Upstream, { id, form }: { id: number; form: FormData }) => {
    form.set('_method', 'PUT');
    return api.call(`/api/vendor/${id}`, message, { body: form });
  },
  deleteVendor: (api: Upstream, { id }: { id: number }) =>
    api.call(`/api/vendor/${id}`, message, { method: 'DELETE' }),
  areaTemplate: (api: Upstream, { vendorId }: { vendorId?: number }) =>
    api.download('/api/import-template/vendor-area', { query: { vendor: vendorId } }),

  brands: (api: Upstream) =>
    api.call('/api/select/brand', options, { query: { per_page: 1000 } }).then((r) => r.data),
  brand: (api: Upstream, { brandId }: { brandId: number }) =>
    api.call(`/api/brand/${brandId}`, z.object({ data: brandSchema })).then((r) => r.data),
  saveBrand: (api: Upstream, { brandId, body }: { brandId: number; body: Record<string, unknown> }) =>
    api.call(`/api/brand/${brandId}`, message, { method: 'PUT', body }),
  createBrand: (api: Upstream, { body, formKey }: { body: Record<string, unknown>; formKey?: string }) =>
    api.call('/api/brand', z.object({ message: z.string(), data: brandSchema }), {
      body,
      idempotencyKey: formKey,
    }),
  deleteBrand: (api: Upstream, { brandId }: { brandId: number }) =>
    api.call(`/api/brand/${brandId}`, message, { method: 'DELETE' }),

  categories: (api: Upstream, { brandId, query }: { brandId: number; query: Query }) =>
    api.call(`/api/brand/${brandId}/category`, paged(categorySchema), { query }),
  category: (api: Upstream, { brandId, id }: { brandId: number; id: number }) =>
    api.call(`/api/brand/${brandId}/category/${id}`, z.object({ data: categorySchema })).then((r) => r.data),
  saveCategory: (
    api: Upstream,
    input: { brandId: number; id?: number; name: string; parentId: number | null; formKey?: string },
  ) => {
    const body = { name: input.name, parent_id: input.parentId };
    return input.id
      ? api.call(`/api/brand/${input.brandId}/category/${input.id}`, message, { method: 'PUT', body })
      : api.call(`/api/brand/${input.brandId}/category`, message, { body, idempotencyKey: input.formKey });
  },
  deleteCategory: (api: Upstream, { brandId, id }: { brandId: number; id: number }) =>
    api.call(`/api/brand/${brandId}/category/${id}`, message, { method: 'DELETE' }),

  shippingMethods: (api: Upstream, { channel, active }: { channel?: number; active?: boolean } = {}) =>
    api
      .call('/api/shipping-method', z.object({ data: z.array(shippingSchema) }), {
        query: { channel, active: active ? 1 : undefined },
      })
      .then((r) => r.data),
  switchShippingMethod: (api: Upstream, { id, isActive }: { id: number; isActive: boolean }) =>
    api.call(`/api/shipping-method/${id}`, message, { method: 'PUT', body: { is_active: isActive } }),

  audit: (api: Upstream, { query }: { query: Query }) =>
    api.call('/api/audit-log', paged(auditRowSchema), { query }),
  auditExport: (api: Upstream, { query }: { query: Query }) =>
    api.download('/api/export/audit-log', { query }),
};
