import { isPlatformStaff, KIND, type OperationName } from '../../contract/access';
import { userCan, type AccessUser } from './access';
import { settingsCards } from './settings/access';

export type NavItem = { key: string; to: string; children?: NavItem[] };

export { KIND as ROLE };

/** The brand side's dashboards; a vendor's account has its sales page only (docs/decisions/001). */
const brandDashboardPages = ['ringkasan', 'penjualan', 'vendor', 'produk', 'pembeli'];
const vendorDashboardPages = ['penjualan'];

function dashboard(pages: string[]): NavItem {
  return {
    key: 'dashboard',
    to: `/dashboard/${pages[0]}`,
    children: pages.map((page) => ({ key: page, to: `/dashboard/${page}` })),
  };
}

/** Stock: the brand side starts at the list; vendors at /stock/manajemen. */
const brandStock: NavItem = {
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

/** The areas in the order the side navigation lists them, each with the operation that opens it. */
function areas(user: AccessUser): { item: NavItem; operation: OperationName | null }[] {
  const vendor = user.role_id === KIND.vendor;
  return [
    {
      item: dashboard(vendor ? vendorDashboardPages : brandDashboardPages),
      operation: 'dashboard.view',
    },
    { item: { key: 'invoice', to: '/invoice' }, operation: 'invoice.list' },
    { item: { key: 'order', to: '/order' }, operation: 'order.list' },
    { item: { key: 'payment', to: '/send-payment' }, operation: 'payment.list' },
    { item: { key: 'product', to: '/product' }, operation: 'listing.list' },
    { item: vendor ? vendorStock : brandStock, operation: 'stock.list' },
    { item: { key: 'customer', to: '/customer' }, operation: 'customer.list' },
    { item: { key: 'promotion', to: '/promosi' }, operation: 'promotion.list' },
    // Pengaturan opens when at least one of its cards does.
    { item: { key: 'settings', to: '/settings' }, operation: null },
  ];
}

/**
 * The side navigation: the areas the account may open (a built-in role holds every area of its
 * kind's navigation; a custom role gets the areas it holds, docs/decisions/022).
 */
export function navigationFor(user: AccessUser): NavItem[] {
  return areas(user)
    .filter(({ operation }) =>
      operation === null ? settingsCards(user).length > 0 : userCan(user, operation),
    )
    .map(({ item }) => item);
}

/**
 * Where `/` sends the account: the first area of its navigation, `null` when it may open none. Without a brand
 * (or, for a vendor's account, without a vendor) only the settings open, every other area works in one.
 */
export function landingPath(
  user: AccessUser & { vendor_id: number | null; current_brand_id: number | null },
): string | null {
  const scoped = user.role_id === KIND.vendor ? user.vendor_id !== null : user.current_brand_id !== null;
  const open = navigationFor(user).filter((item) => scoped || item.key === 'settings');
  return open[0]?.to ?? null;
}

export function hasBrandSelector(user: { role_id: number }) {
  return isPlatformStaff(user.role_id);
}

export function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}
