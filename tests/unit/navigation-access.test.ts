import { describe, expect, it } from 'vitest';
import { BUILT_IN_GRANTS, KIND, type Kind } from '../../contract/access';
import { landingPath, navigationFor, type NavItem } from '~/lib/navigation';
import { rowActions, settingsCards } from '~/lib/settings/access';

type Account = {
  role_id: number;
  permissions: string[];
  is_special_account: boolean;
  vendor_id: number | null;
  current_brand_id: number | null;
};

function account(kind: Kind, permissions: readonly string[], special = false): Account {
  const vendor = kind === KIND.vendor;
  return {
    role_id: kind,
    permissions: [...permissions],
    is_special_account: special,
    vendor_id: vendor ? 7 : null,
    current_brand_id: vendor ? null : 3,
  };
}

function builtIn(kind: Kind, special = false) {
  return account(kind, BUILT_IN_GRANTS[kind], special);
}

function keys(items: NavItem[]) {
  return items.map((item) => (item.children ? `${item.key}(${item.children.map((c) => c.key)})` : item.key));
}

const BRAND_DASHBOARD = 'dashboard(ringkasan,penjualan,vendor,produk,pembeli)';
const BRAND_STOCK = 'stock(stockList,stockManagement,stockMutation)';
const VENDOR_STOCK = 'stock(stockManagement,stockMutation)';

describe('the navigation of the demo accounts, from their built-in grants', () => {
  it('gives the administrator and the key account every area, Promosi included', () => {
    const full = [
      BRAND_DASHBOARD,
      'invoice',
      'order',
      'payment',
      'product',
      BRAND_STOCK,
      'customer',
      'promotion',
      'settings',
    ];
    expect(keys(navigationFor(builtIn(KIND.administrator)))).toEqual(full);
    expect(keys(navigationFor(builtIn(KIND.keyAccount)))).toEqual(full);
  });

  it('gives the brand account the same without Pembayaran and Pengaturan', () => {
    expect(keys(navigationFor(builtIn(KIND.brand)))).toEqual([
      BRAND_DASHBOARD,
      'invoice',
      'order',
      'product',
      BRAND_STOCK,
      'customer',
    ]);
  });

  it('gives the vendor accounts the sales dashboard, Penjualan, Stok and Pengaturan', () => {
    const vendor = ['dashboard(penjualan)', 'order', VENDOR_STOCK, 'settings'];
    expect(keys(navigationFor(builtIn(KIND.vendor)))).toEqual(vendor);
    expect(keys(navigationFor(builtIn(KIND.vendor, true)))).toEqual(vendor);
  });

  it('lands the brand side on Ringkasan and vendors on Penjualan', () => {
    expect(landingPath(builtIn(KIND.administrator))).toBe('/dashboard/ringkasan');
    expect(landingPath(builtIn(KIND.keyAccount))).toBe('/dashboard/ringkasan');
    expect(landingPath(builtIn(KIND.brand))).toBe('/dashboard/ringkasan');
    expect(landingPath(builtIn(KIND.vendor))).toBe('/dashboard/penjualan');
    expect(landingPath(builtIn(KIND.vendor, true))).toBe('/dashboard/penjualan');
  });

  it('shows each demo account its settings cards', () => {
    expect(settingsCards(builtIn(KIND.administrator))).toEqual([
      'brand',
      'vendor',
      'category',
      'user',
      'role',
      'permission',
      'accessGrid',
      'bank',
      'shipping',
      'audit',
    ]);
    expect(settingsCards(builtIn(KIND.keyAccount))).toEqual([
      'brand',
      'vendor',
      'category',
      'role',
      'permission',
      'accessGrid',
      'audit',
    ]);
    expect(settingsCards(builtIn(KIND.brand))).toEqual([]);
    expect(settingsCards(builtIn(KIND.vendor))).toEqual([
      'user',
      'role',
      'permission',
      'accessGrid',
      'audit',
    ]);
  });
});

describe('the navigation of an account on a custom role', () => {
  it('lists exactly the areas the role holds and lands on the first', () => {
    const user = account(KIND.keyAccount, ['order.index', 'customer.index']);
    expect(keys(navigationFor(user))).toEqual(['order', 'customer']);
    expect(landingPath(user)).toBe('/order');
  });

  it('shows Pengaturan with only the cards the role opens', () => {
    const user = account(KIND.keyAccount, ['stock.index', 'role.index']);
    expect(keys(navigationFor(user))).toEqual([BRAND_STOCK, 'settings']);
    expect(settingsCards(user)).toEqual(['role']);
    expect(rowActions(user, 'role')).toEqual({ view: false, remove: false, create: false });
  });

  it('gives a brand account no area of the platform staff, whatever its role holds', () => {
    const user = account(KIND.brand, ['send-payment.index', 'bank.index', 'invoice.index']);
    expect(keys(navigationFor(user))).toEqual(['invoice']);
  });

  it('gives a vendor account with one settings permission the settings alone', () => {
    const user = account(KIND.vendor, ['vendor.role.index', 'vendor.role.store']);
    expect(keys(navigationFor(user))).toEqual(['settings']);
    expect(settingsCards(user)).toEqual(['role']);
    expect(rowActions(user, 'role')).toEqual({ view: false, remove: false, create: true });
    expect(landingPath(user)).toBe('/settings');
  });

  it('has no landing page for an account that may open nothing', () => {
    const user = account(KIND.brand, []);
    expect(navigationFor(user)).toEqual([]);
    expect(landingPath(user)).toBeNull();
  });

  it('sends an account without a brand to the settings alone, or nowhere', () => {
    const administrator = { ...builtIn(KIND.administrator), current_brand_id: null };
    expect(landingPath(administrator)).toBe('/settings');
    const keyAccount = { ...account(KIND.keyAccount, ['order.index']), current_brand_id: null };
    expect(landingPath(keyAccount)).toBeNull();
  });
});
