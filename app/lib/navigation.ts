export type NavItem = { key: string; to: string; children?: NavItem[] };

type NavUser = { role_id: number; permissions: string[]; is_special_account: boolean };

export const ROLE = { administrator: 1, vendor: 2, brand: 3, keyAccount: 4 } as const;

const VENDOR_SETTINGS_PERMISSIONS = ['vendor.user.index', 'vendor.role.index', 'vendor.gate-setting.index'];

const dashboardPages = ['ringkasan', 'penjualan', 'vendor', 'produk', 'pembeli'];

function dashboard(pages: string[]): NavItem {
  return {
    key: 'dashboard',
    to: `/dashboard/${pages[0]}`,
    children: pages.map((page) => ({ key: page, to: `/dashboard/${page}` })),
  };
}

/** Stock per spec 001 §2: the brand side starts at the list; vendors (role id 2) at /stock/manajemen. */
const stock: NavItem = {
  key: 'stock',
  to: '/stock',
  children: [
    { key: 'stockList', to: '/stock' },
    { key: 'stockManagement', to: '/stock/manajemen' },
    { key: 'stockMutation', to: '/stock/mutation' },
  ],
};

const vendorStock: NavItem = {
  key: 'stock',
  to: '/stock/manajemen',
  children: [
    { key: 'stockManagement', to: '/stock/manajemen' },
    { key: 'stockMutation', to: '/stock/mutation' },
  ],
};

export function holds(user: NavUser, permission: string) {
  return user.is_special_account || user.permissions.includes('any') || user.permissions.includes(permission);
}

/** The side navigation of spec 000 §2 "Navigation by role". */
export function navigationFor(user: NavUser): NavItem[] {
  if (user.role_id === ROLE.vendor) {
    const items: NavItem[] = [dashboard(['penjualan']), { key: 'order', to: '/order' }, vendorStock];
    if (VENDOR_SETTINGS_PERMISSIONS.some((permission) => holds(user, permission))) {
      items.push({ key: 'settings', to: '/settings' });
    }
    return items;
  }
  const full = user.role_id === ROLE.administrator || user.role_id === ROLE.keyAccount;
  return [
    dashboard(dashboardPages),
    { key: 'invoice', to: '/invoice' },
    { key: 'order', to: '/order' },
    ...(full ? [{ key: 'payment', to: '/send-payment' }] : []),
    { key: 'product', to: '/product' },
    stock,
    { key: 'customer', to: '/customer' },
    ...(full ? [{ key: 'settings', to: '/settings' }] : []),
  ];
}

export function landingPath(user: { role_id: number }) {
  return user.role_id === ROLE.vendor ? '/dashboard/penjualan' : '/dashboard/ringkasan';
}

export function hasBrandSelector(user: { role_id: number }) {
  return user.role_id === ROLE.administrator || user.role_id === ROLE.keyAccount;
}

export function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}
