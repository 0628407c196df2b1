/**
 * Every address the two spec documents list (spec 000 §2 "Route table", spec 001 §2 "Full route table", and the
 * addresses their screens name), with an account that may open it. Ids the demo seed always gives the same
 * (brand 1 Nusantara Home, vendor 1 of vendor@demo.test, the demo accounts 1 to 5, the built-in roles and their
 * permission sets 1 to 4) are written here; the seeded records whose ids vary from one seed to the next (it
 * generates fifteen months of sales up to today) are `{placeholders}`, each taken from the seeded data as
 * `SAMPLES` says. tests/e2e/spec-routes.spec.ts opens each.
 */

/** Who opens it: a signed-in demo account, or nobody signed in. */
export type SpecRole = 'guest' | 'admin' | 'vendor';

export type SpecAddress = {
  /** The address as the spec writes it. */
  spec: string;
  /** What is opened: the spec's address with sample ids. */
  path: string;
  role: SpecRole;
  /** Where the address sends that account instead of showing a page, as the spec (or a screen made real) says. */
  redirectsTo?: string;
  source: '000' | '001';
};

/** A list row of the seeded data. */
export type SampleRow = Record<string, unknown> & { id: number | string };

/**
 * Where each placeholder comes from: the first row of a list of the demo brand (or of vendor 1, for the vendor),
 * read with that account's token, and what of the row goes into the address.
 */
export const SAMPLES: Record<
  string,
  { role: Exclude<SpecRole, 'guest'>; list: string; value?: (row: SampleRow) => string }
> = {
  invoice: { role: 'admin', list: '/api/brand/1/invoice' },
  order: { role: 'admin', list: '/api/brand/1/order' },
  vendorOrder: { role: 'vendor', list: '/api/vendor/1/order' },
  voucher: { role: 'admin', list: '/api/send-payment' },
  listing: { role: 'admin', list: '/api/brand/1/tokopedia/product-commerce' },
  product: { role: 'admin', list: '/api/brand/1/product' },
  category: { role: 'admin', list: '/api/brand/1/category' },
  bank: { role: 'admin', list: '/api/bank' },
  // The customer travels in the address: the name in the path, phone and email in the query.
  customer: {
    role: 'admin',
    list: '/api/brand/1/customer',
    value: (row) =>
      `${encodeURIComponent(String(row.customer_name))}?${new URLSearchParams({
        phone: String(row.customer_phone ?? ''),
        email: String(row.customer_email ?? ''),
      }).toString()}`,
  },
  // A stock update the administrator was told of (tests/e2e/spec-pages.ts makes one for the run): the history and
  // the notification, as the panel opens them.
  stockUpdate: {
    role: 'admin',
    list: '/api/account/notification',
    value: (row) => {
      const route = String((row.data as { web?: { route?: string } } | undefined)?.web?.route ?? '');
      const history = /^\/stock\/update-stock-history\/(\d+)$/.exec(route)?.[1];
      return history ? `${history}/${row.id}` : '';
    },
  },
};

function at(
  source: SpecAddress['source'],
  role: SpecRole,
  rows: (string | [spec: string, path: string] | [spec: string, path: string, redirectsTo: string])[],
): SpecAddress[] {
  return rows.map((row) => {
    if (typeof row === 'string') return { spec: row, path: row, role, source };
    const [spec, path, redirectsTo] = row;
    return { spec, path, role, source, ...(redirectsTo ? { redirectsTo } : {}) };
  });
}

export const SPEC_ADDRESSES: readonly SpecAddress[] = [
  // Spec 000 §2: the route table, the auth area, the app area, the navigation's stock items, the notification panel.
  ...at('000', 'admin', [
    ['/', '/', '/dashboard/ringkasan'],
    ['/dashboard', '/dashboard', '/dashboard/ringkasan'],
    ['/ringkasan', '/ringkasan', '/dashboard/ringkasan'],
    ['/penjualan', '/penjualan', '/dashboard/penjualan'],
    ['/branch', '/branch', '/dashboard/branch'],
    ['/vendor', '/vendor', '/dashboard/vendor'],
    ['/produk', '/produk', '/dashboard/produk'],
    ['/pembeli', '/pembeli', '/dashboard/pembeli'],
    '/dashboard/ringkasan',
    '/dashboard/penjualan',
    '/dashboard/branch',
    '/dashboard/vendor',
    '/dashboard/produk',
    '/dashboard/pembeli',
    '/invoice',
    ['/invoice/{id}', '/invoice/{invoice}'],
    '/order',
    ['/order/{id}', '/order/{order}'],
    '/send-payment',
    '/product',
    '/stock',
    // The navigation's Manajemen (spec 000) is spec 001's /stock/manajemen.
    ['/stock/management', '/stock/management', '/stock/manajemen'],
    '/stock/mutation',
    '/customer',
    '/promosi',
    '/settings',
    ['/account', '/account', '/account/profile'],
    '/account/profile',
    ['/stock/update-stock-history/{historyId}/{notificationId}', '/stock/update-stock-history/{stockUpdate}'],
  ]),
  ...at('000', 'vendor', [
    '/dashboard/penjualan',
    '/order',
    ['/order/{id}', '/order/{vendorOrder}'],
    // Spec 001 §2: "Users with role id 2 are redirected to /stock/manajemen".
    ['/stock', '/stock', '/stock/manajemen'],
  ]),
  ...at('000', 'guest', [
    '/auth/login',
    '/auth/forgot-password',
    ['/auth/reset-password', '/auth/reset-password?token=sample-token&email=admin%40demo.test'],
  ]),

  // Spec 001 §2: the full route table.
  ...at('001', 'admin', [
    '/send-payment/create',
    ['/send-payment/{id}', '/send-payment/{voucher}'],
    '/product/create',
    ['/product/{id}', '/product/{listing}'],
    '/stock/create',
    ['/stock/{id}', '/stock/{product}'],
    '/stock/manajemen',
    '/stock/management/adjust',
    '/stock/mutation',
    // The mock-up screens are the real stock screens (README "Stock"): their addresses lead there.
    ['/stok', '/stok', '/stock/manajemen'],
    ['/manajemen', '/manajemen', '/stock/manajemen'],
    ['/mutation', '/mutation', '/stock/mutation'],
    ['/adjust', '/adjust', '/stock/management/adjust'],
    ['/customer/{name}', '/customer/{customer}'],
    '/promosi/create',
    ['/promosi/{name}', '/promosi/{promotion}'],
    '/settings/brand',
    '/settings/brand/user/create',
    ['/settings/brand/user/{id}', '/settings/brand/user/3'],
    '/settings/vendor',
    '/settings/vendor/create',
    ['/settings/vendor/{id}', '/settings/vendor/1'],
    ['/settings/vendor/{vendorId}/user/create', '/settings/vendor/1/user/create'],
    ['/settings/vendor/{vendorId}/user/{id}', '/settings/vendor/1/user/4'],
    '/settings/category',
    '/settings/category/create',
    ['/settings/category/{id}', '/settings/category/{category}'],
    '/settings/user',
    '/settings/user/create',
    ['/settings/user/{id}', '/settings/user/1'],
    '/settings/role',
    '/settings/role/create',
    ['/settings/role/{id}', '/settings/role/2'],
    '/settings/permission',
    '/settings/permission/create',
    ['/settings/permission/{id}', '/settings/permission/2'],
    '/settings/bank',
    '/settings/bank/create',
    ['/settings/bank/{id}', '/settings/bank/{bank}'],
    '/settings/peran',
    '/settings/hakakses',
    '/settings/akun',
    // The mock-ups' create screens, answered by the settings create forms (docs/decisions/049).
    ['/settings/peran/create', '/settings/peran/create', '/settings/role/create'],
    ['/settings/hakakses/create', '/settings/hakakses/create', '/settings/permission/create'],
    ['/settings/akun/create', '/settings/akun/create', '/settings/user/create'],
    '/settings/pengiriman',
  ]),
  ...at('001', 'vendor', ['/stock/manajemen', '/stock/management/adjust', '/stock/mutation']),
];
