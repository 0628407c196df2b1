/** The record types of the audit log, and where each one's screen is. */
export const AUDIT_ENTITIES = [
  'order',
  'invoice',
  'invoice_offer',
  'send_payment',
  'product',
  'marketplace_listing',
  'user',
  'role',
  'gate_setting',
  'vendor',
  'brand',
  'category',
  'bank',
  'shipping_method',
  'media',
  'notification',
  'password_reset',
] as const;

const SCREENS: Partial<Record<string, (id: string) => string>> = {
  order: (id) => `/order/${id}`,
  invoice: (id) => `/invoice/${id}`,
  send_payment: (id) => `/send-payment/${id}`,
  user: (id) => `/settings/user/${id}`,
  role: (id) => `/settings/role/${id}`,
  gate_setting: (id) => `/settings/permission/${id}`,
  vendor: (id) => `/settings/vendor/${id}`,
  category: (id) => `/settings/category/${id}`,
  bank: (id) => `/settings/bank/${id}`,
  brand: () => '/settings/brand',
  shipping_method: () => '/settings/pengiriman',
};

/** The screen of an audited record, when it has one. */
export function recordHref(entity: string, id: string | null) {
  const screen = SCREENS[entity];
  return screen && id ? screen(id) : null;
}

/** A changed value as text: empty for nothing, JSON for lists and objects. */
export function auditValue(value: unknown) {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The filters of the audit list that travel in its address and to the export. */
export const AUDIT_FILTERS = ['actor', 'entity', 'entity_id', 'action', 'date-from', 'date-to'] as const;
