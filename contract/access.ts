/**
 * Who may do what: the permission names, what the built-in roles hold, and every operation with the permission
 * it needs and the kinds of account it is for. Pure data, read by the API (each endpoint row names the operation
 * it performs, docs/decisions/022) and by the web app (navigation, buttons and forms ask `can()` with the
 * signed-in account's kind and permissions as the API reports them, never the API's code).
 */

/** The four kinds of account; a user's kind is fixed, its role (and so its permissions) is not. */
export const KIND = { administrator: 1, vendor: 2, brand: 3, keyAccount: 4 } as const;
export type Kind = (typeof KIND)[keyof typeof KIND];

/** The two sides of the platform whose paths name a tenant: a brand's (`/api/brand/{brand}`) and a vendor's. */
export type Side = 'brand' | 'vendor';

const A = KIND.administrator;
const K = KIND.keyAccount;
const B = KIND.brand;
const V = KIND.vendor;
const EVERYONE: readonly Kind[] = [A, K, B, V];
const BRAND_SIDE: readonly Kind[] = [A, K, B];
const STAFF: readonly Kind[] = [A, K];

/** Stands for every permission: special vendor accounts hold it, and no role may hand it on. */
export const ANY = 'any';

const ALL_ACTIONS = ['index', 'store', 'update', 'destroy'] as const;

/**
 * The permissions, by the area of the access grid they belong to. `product.*` is the marketplace listings (the
 * Produk screen), `stock.*` the brand catalogue and its stock (the Stok screen), whatever the API paths say.
 * The `vendor.user|role|gate-setting.*` names are the brand and vendor side's settings (docs/decisions/014).
 */
export const PERMISSION_AREAS = {
  dashboard: ['index'],
  invoice: ['index', 'store', 'update'],
  order: ['index', 'update'],
  offer: ['index', 'update'],
  customer: ['index'],
  'send-payment': ALL_ACTIONS,
  bank: ALL_ACTIONS,
  product: ALL_ACTIONS,
  stock: ALL_ACTIONS,
  promotion: ALL_ACTIONS,
  brand: ALL_ACTIONS,
  vendor: ALL_ACTIONS,
  category: ALL_ACTIONS,
  user: ALL_ACTIONS,
  role: ALL_ACTIONS,
  'gate-setting': ALL_ACTIONS,
  'vendor.user': ALL_ACTIONS,
  'vendor.role': ALL_ACTIONS,
  'vendor.gate-setting': ALL_ACTIONS,
} as const satisfies Record<string, readonly string[]>;

export type PermissionArea = keyof typeof PERMISSION_AREAS;
export type Permission = {
  [Area in PermissionArea]: `${Area}.${(typeof PERMISSION_AREAS)[Area][number]}`;
}[PermissionArea];

export const PERMISSIONS: readonly Permission[] = Object.entries(PERMISSION_AREAS).flatMap(
  ([area, actions]) => actions.map((action) => `${area}.${action}` as Permission),
);

/**
 * What the built-in roles hold on a fresh database (the seed) and what a migration adds when a name is new.
 * Administrators pass every check whatever their role holds; their role holds everything so that they may
 * hand any permission on. These sets give each demo account what its kind's screens need (docs/decisions/022).
 */
export const BUILT_IN_GRANTS: Readonly<Record<Kind, readonly Permission[]>> = {
  [A]: PERMISSIONS,
  [K]: [
    'dashboard.index',
    'invoice.index',
    'invoice.store',
    'invoice.update',
    'order.index',
    'order.update',
    'customer.index',
    'send-payment.index',
    'send-payment.store',
    'send-payment.update',
    'send-payment.destroy',
    'product.index',
    'product.store',
    'product.update',
    'product.destroy',
    'stock.index',
    'stock.store',
    'stock.update',
    'stock.destroy',
    'promotion.index',
    'promotion.store',
    'promotion.update',
    'promotion.destroy',
    'brand.index',
    'brand.update',
    'vendor.index',
    'vendor.store',
    'vendor.update',
    'vendor.destroy',
    'category.index',
    'category.store',
    'category.update',
    'category.destroy',
    'user.index',
    'role.index',
    'gate-setting.index',
  ],
  [B]: [
    'dashboard.index',
    'invoice.index',
    'order.index',
    'order.update',
    'customer.index',
    'product.index',
    'stock.index',
  ],
  [V]: [
    'dashboard.index',
    'order.index',
    'order.update',
    'offer.index',
    'offer.update',
    'stock.index',
    'stock.update',
    'vendor.user.index',
    'vendor.role.index',
    'vendor.gate-setting.index',
  ],
};

/**
 * The permission an operation needs: one name; any one of several (a lookup several screens use); or, for the
 * settings, one name for platform staff and another for brand and vendor users; `null` when the kinds alone
 * decide (the account's own things, or what only administrators do).
 */
export type PermissionRule =
  Permission | readonly Permission[] | { platform: Permission; tenant: Permission } | null;

export type OperationRule = { permission: PermissionRule; kinds: readonly Kind[] };

function rule(permission: PermissionRule, kinds: readonly Kind[]): OperationRule {
  return { permission, kinds };
}

function tiered(area: 'user' | 'role' | 'gate-setting', action: (typeof ALL_ACTIONS)[number]) {
  return { platform: `${area}.${action}`, tenant: `vendor.${area}.${action}` } as {
    platform: Permission;
    tenant: Permission;
  };
}

/** Every screen that lists vendors, as a filter or a form field, may ask for the vendor options. */
const VENDOR_LOOKUP: readonly Permission[] = [
  'dashboard.index',
  'order.index',
  'invoice.index',
  'customer.index',
  'stock.index',
  'vendor.index',
  'send-payment.index',
];

/** Every screen that filters or files by category may read the brand's category tree. */
const CATEGORY_LOOKUP: readonly Permission[] = [
  'category.index',
  'dashboard.index',
  'order.index',
  'stock.index',
  'product.index',
];

/**
 * Every operation, by name. The API's endpoint rows each name one; several rows may share one (every widget of
 * a dashboard). Web-only names (`order.shipping-details`, the settings menu's cards) say what a screen shows.
 */
export const OPERATIONS = {
  // The account's own: profile, password, notifications, uploads, its brands, its real-time channels.
  'account.self': rule(null, EVERYONE),

  'dashboard.view': rule('dashboard.index', EVERYONE),

  'invoice.list': rule('invoice.index', BRAND_SIDE),
  // What a marketplace reports: posted by the channel adapter's account.
  'invoice.ingest': rule('invoice.store', STAFF),
  'invoice.cancel': rule('invoice.update', STAFF),

  'order.list': rule('order.index', EVERYONE),
  'order.change-vendor': rule('order.update', BRAND_SIDE),
  'order.return': rule('order.update', BRAND_SIDE),
  // A vendor moves its own orders through the steps; an administrator may act for it.
  'order.fulfil': rule('order.update', [V, A]),
  // How an order was shipped (number, receiver, photos) and the per-item view: administrators only
  // (docs/decisions/022).
  'order.shipping-details': rule(null, [A]),
  'order.item-view': rule(null, [A]),

  'offer.list': rule('offer.index', [V, A]),
  'offer.answer': rule('offer.update', [V, A]),

  'customer.list': rule('customer.index', BRAND_SIDE),

  'payment.list': rule('send-payment.index', STAFF),
  'payment.create': rule('send-payment.store', STAFF),
  'payment.update': rule('send-payment.update', STAFF),
  'payment.delete': rule('send-payment.destroy', STAFF),
  'payment.bank-options': rule(['send-payment.index', 'bank.index'], STAFF),

  'bank.list': rule('bank.index', [A]),
  'bank.create': rule('bank.store', [A]),
  'bank.update': rule('bank.update', [A]),
  'bank.delete': rule('bank.destroy', [A]),

  'listing.list': rule('product.index', BRAND_SIDE),
  'listing.create': rule('product.store', STAFF),
  'listing.update': rule('product.update', STAFF),
  'listing.delete': rule('product.destroy', STAFF),

  'stock.list': rule('stock.index', EVERYONE),
  'stock.product.create': rule('stock.store', STAFF),
  'stock.product.update': rule('stock.update', STAFF),
  'stock.product.delete': rule('stock.destroy', STAFF),
  // Units per vendor: set, imported or adjusted by the vendor, or by staff of every brand the vendor serves.
  'stock.update': rule('stock.update', [A, K, V]),
  'stock.setting': rule('stock.update', STAFF),

  'promotion.list': rule('promotion.index', BRAND_SIDE),
  'promotion.create': rule('promotion.store', BRAND_SIDE),
  'promotion.update': rule('promotion.update', BRAND_SIDE),
  'promotion.delete': rule('promotion.destroy', BRAND_SIDE),

  'brand.list': rule('brand.index', STAFF),
  'brand.create': rule('brand.store', [A]),
  'brand.update': rule('brand.update', STAFF),
  'brand.delete': rule('brand.destroy', [A]),
  'brand.channels': rule(['brand.index', ...VENDOR_LOOKUP, 'product.index'], BRAND_SIDE),
  // The channel filter of the screens a vendor filters by channel: its sales dashboard and its orders.
  'channel.options': rule(['dashboard.index', 'order.index'], EVERYONE),

  'vendor.list': rule('vendor.index', BRAND_SIDE),
  'vendor.create': rule('vendor.store', STAFF),
  'vendor.update': rule('vendor.update', STAFF),
  'vendor.delete': rule('vendor.destroy', STAFF),
  'vendor.options': rule(VENDOR_LOOKUP, BRAND_SIDE),
  'vendor.performance': rule(null, [V, A]),

  'category.list': rule('category.index', STAFF),
  'category.options': rule(CATEGORY_LOOKUP, EVERYONE),
  'category.create': rule('category.store', STAFF),
  'category.update': rule('category.update', STAFF),
  'category.delete': rule('category.destroy', STAFF),

  // Key accounts are kept away from accounts (docs/decisions/022): the users are administrators' and the
  // tenants' own.
  'user.list': rule(tiered('user', 'index'), [A, B, V]),
  'user.create': rule(tiered('user', 'store'), [A, B, V]),
  'user.update': rule(tiered('user', 'update'), [A, B, V]),
  'user.delete': rule(tiered('user', 'destroy'), [A, B, V]),

  // Global roles hold for every brand: key accounts read them, administrators change them.
  'role.list': rule(tiered('role', 'index'), EVERYONE),
  'role.create': rule(tiered('role', 'store'), [A, B, V]),
  'role.update': rule(tiered('role', 'update'), [A, B, V]),
  'role.delete': rule(tiered('role', 'destroy'), [A, B, V]),

  'gate-setting.list': rule(tiered('gate-setting', 'index'), EVERYONE),
  'gate-setting.create': rule(tiered('gate-setting', 'store'), [A, B, V]),
  'gate-setting.update': rule(tiered('gate-setting', 'update'), [A, B, V]),
  'gate-setting.delete': rule(tiered('gate-setting', 'destroy'), [A, B, V]),

  // Who may see the accounts may see what they did.
  'audit.list': rule(tiered('user', 'index'), EVERYONE),

  // The platform's couriers: every order reads them, only administrators switch them (every brand uses them).
  'shipping.list': rule(null, EVERYONE),
  'shipping.update': rule(null, [A]),

  // The header's search box: every kind of account; each kind of record it finds needs that list's permission.
  'search.all': rule(null, EVERYONE),
} as const satisfies Record<string, OperationRule>;

export type OperationName = keyof typeof OPERATIONS;

/** What `can()` needs to know of an account: the API reports all three. */
export type Actor = { kind: number; permissions: readonly string[]; special: boolean };

export function isPlatformStaff(kind: number) {
  return kind === A || kind === K;
}

/** Whether `actor` holds `permission` itself: by name, or through `any`. */
export function holds(actor: Actor, permission: string) {
  return actor.special || actor.permissions.includes(ANY) || actor.permissions.includes(permission);
}

/** The names `rule` accepts from `actor`'s side of the house. */
export function permissionsFor(actor: { kind: number }, permission: PermissionRule): readonly string[] {
  if (permission === null) return [];
  if (typeof permission === 'string') return [permission];
  if ('platform' in permission)
    return [isPlatformStaff(actor.kind) ? permission.platform : permission.tenant];
  return permission;
}

/** Whether the rule lets `actor` through: the right kind of account, holding (one of) the permission(s). */
export function allows(actor: Actor, operation: OperationRule) {
  if (!operation.kinds.includes(actor.kind as Kind)) return false;
  if (operation.permission === null || actor.kind === A) return true;
  return permissionsFor(actor, operation.permission).some((name) => holds(actor, name));
}

/** Whether `actor` may perform `operation` at all (tenancy aside: that is the record's question). */
export function can(actor: Actor, operation: OperationName) {
  return allows(actor, OPERATIONS[operation]);
}
