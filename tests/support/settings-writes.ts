import type { ApiResponse, TestApi } from './api';
import { brandFormBody } from './brands';

type WriteCase = { actions: string[]; call(): Promise<ApiResponse> };

let sequence = 0;

function unique(prefix: string) {
  return `${prefix} ${process.pid}-${++sequence}`;
}

/**
 * One call of each settings write (roles, gate settings, users, vendors, categories, brand, shipping methods),
 * as the administrator, for the walk over every write of the OpenAPI document.
 */
export function settingsWriteCases(
  apiOf: () => TestApi,
  adminToken: () => string,
): Record<string, WriteCase> {
  const sides = {
    global: () => '/api',
    brand: () => `/api/brand/${apiOf().world.brands.A}`,
    vendor: () => `/api/vendor/${apiOf().world.vendors.V1}`,
  };
  const send = (path: string, options: Parameters<TestApi['request']>[1] = {}) =>
    apiOf().request(path, { token: adminToken(), ...options });

  async function role(base: string) {
    const created = await send(`${base}/role`, { json: { name: unique('Peran') } });
    return created.body.data.id as number;
  }
  async function permissionIds() {
    const listed = await send('/api/permission');
    return (listed.body.data as { id: number; name: string }[])
      .filter((row) => row.name === 'vendor.user.index')
      .map((row) => row.id);
  }
  async function gateSetting(base: string) {
    const created = await send(`${base}/gate-setting`, {
      json: { role_id: await role(base), permission_ids: await permissionIds() },
    });
    return created.body.data.id as number;
  }
  async function vendorUser() {
    const api = apiOf();
    const created = await send('/api/user', {
      json: {
        name: 'Pengguna Vendor',
        email: `${unique('user').replace(/\W/g, '.')}@world.test`.toLowerCase(),
        mobile_phone: '081234567890',
        password: 'rahasia-123',
        role_id: api.world.roles.vendor,
        role_name: 'Vendor',
        vendor_id: api.world.vendors.V1,
      },
    });
    return created.body.data as { id: number; email: string };
  }

  const cases: Record<string, WriteCase> = {
    'post /api/user': {
      actions: ['user.store'],
      call: async () => send('/api/user', { json: await vendorUserBody() }),
    },
    'put /api/user/{id}': {
      actions: ['user.update'],
      call: async () => {
        const user = await vendorUser();
        return send(`/api/user/${user.id}`, {
          method: 'PUT',
          json: { name: 'Nama Baru', email: user.email, mobile_phone: '081234567891' },
        });
      },
    },
    'delete /api/user/{id}': {
      actions: ['user.destroy'],
      call: async () => send(`/api/user/${(await vendorUser()).id}`, { method: 'DELETE' }),
    },
  };
  async function vendorUserBody() {
    const api = apiOf();
    return {
      name: 'Pengguna Vendor',
      email: `${unique('new').replace(/\W/g, '.')}@world.test`.toLowerCase(),
      mobile_phone: '081234567890',
      password: 'rahasia-123',
      role_id: api.world.roles.vendor,
      role_name: 'Vendor',
      vendor_id: api.world.vendors.V1,
    };
  }
  const vendorForm = (extra: Record<string, string> = {}) => {
    const form = new FormData();
    const fields: Record<string, string> = {
      name: unique('Vendor'),
      city: 'Jakarta',
      postal_code: '12345',
      telephone: '021-5550123',
      lat: '-6.2',
      lng: '106.8',
      is_priority: '0',
      'brand_ids[]': String(apiOf().world.brands.A),
      ...extra,
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('vendor_area_file', new File(['city\nJakarta\n'], 'area.csv', { type: 'text/csv' }));
    return form;
  };
  async function vendor() {
    const created = await send('/api/vendor', { form: vendorForm() });
    return created.body.data.id as number;
  }
  async function category() {
    const created = await send(`${sides.brand()}/category`, { json: { name: unique('Kategori') } });
    return created.body.data.id as number;
  }
  Object.assign(cases, {
    'put /api/shipping-method/{id}': {
      actions: ['shipping-method.update'],
      call: async () => {
        const listed = await send('/api/shipping-method');
        return send(`/api/shipping-method/${listed.body.data[0].id}`, {
          method: 'PUT',
          json: { is_active: false },
        });
      },
    },
    'post /api/vendor': {
      actions: ['vendor.store'],
      call: () => send('/api/vendor', { form: vendorForm() }),
    },
    'post /api/vendor/{id}': {
      actions: ['vendor.update'],
      call: async () => send(`/api/vendor/${await vendor()}`, { form: vendorForm({ _method: 'PUT' }) }),
    },
    'delete /api/vendor/{id}': {
      actions: ['vendor.destroy'],
      call: async () => send(`/api/vendor/${await vendor()}`, { method: 'DELETE' }),
    },
    'put /api/brand/{brand}': {
      actions: ['brand.update'],
      call: () => send(sides.brand(), { method: 'PUT', json: brandFormBody('Brand A') }),
    },
    'post /api/brand': {
      actions: ['brand.store'],
      call: () => send('/api/brand', { json: brandFormBody(unique('Brand')) }),
    },
    'delete /api/brand/{brand}': {
      actions: ['brand.destroy'],
      call: async () => {
        const created = await send('/api/brand', { json: brandFormBody(unique('Brand Kosong')) });
        return send(`/api/brand/${created.body.data.id}`, { method: 'DELETE' });
      },
    },
    'post /api/brand/{brand}/category': {
      actions: ['category.store'],
      call: () => send(`${sides.brand()}/category`, { json: { name: unique('Kategori') } }),
    },
    'put /api/brand/{brand}/category/{id}': {
      actions: ['category.update'],
      call: async () =>
        send(`${sides.brand()}/category/${await category()}`, {
          method: 'PUT',
          json: { name: unique('Ganti') },
        }),
    },
    'delete /api/brand/{brand}/category/{id}': {
      actions: ['category.destroy'],
      call: async () => send(`${sides.brand()}/category/${await category()}`, { method: 'DELETE' }),
    },
  } satisfies Record<string, WriteCase>);
  for (const [side, base] of Object.entries(sides)) {
    const prefix =
      side === 'global' ? '/api' : side === 'brand' ? '/api/brand/{brand}' : '/api/vendor/{vendor}';
    cases[`post ${prefix}/role`] = {
      actions: ['role.store'],
      call: () => send(`${base()}/role`, { json: { name: unique('Peran') } }),
    };
    cases[`put ${prefix}/role/{id}`] = {
      actions: ['role.update'],
      call: async () =>
        send(`${base()}/role/${await role(base())}`, { method: 'PUT', json: { name: unique('Ganti') } }),
    };
    cases[`delete ${prefix}/role/{id}`] = {
      actions: ['role.destroy'],
      call: async () => send(`${base()}/role/${await role(base())}`, { method: 'DELETE' }),
    };
    cases[`post ${prefix}/gate-setting`] = {
      actions: ['gate-setting.store'],
      call: async () =>
        send(`${base()}/gate-setting`, {
          json: { role_id: await role(base()), permission_ids: await permissionIds() },
        }),
    };
    cases[`put ${prefix}/gate-setting/{id}`] = {
      actions: ['gate-setting.update'],
      call: async () =>
        send(`${base()}/gate-setting/${await gateSetting(base())}`, {
          method: 'PUT',
          json: { permission_ids: [] },
        }),
    };
    cases[`delete ${prefix}/gate-setting/{id}`] = {
      actions: ['gate-setting.destroy'],
      call: async () => send(`${base()}/gate-setting/${await gateSetting(base())}`, { method: 'DELETE' }),
    };
  }
  return cases;
}
