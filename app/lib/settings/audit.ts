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

/** The filters of the audit list that travel in its address and to the export. */
export const AUDIT_FILTERS = [
  'actor',
  'entity',
  'entity_id',
  'action',
  'sign_ins',
  'date-from',
  'date-to',
] as const;

/** The actions the locale file labels (`settings.audit.actions`, nested by area): `role.update`, … */
export function auditActionNames(actions: Record<string, Record<string, string>>) {
  return Object.entries(actions).flatMap(([area, verbs]) =>
    Object.keys(verbs).map((verb) => `${area}.${verb}`),
  );
}

/** Options of the action filter, ordered by label by code unit (not by locale, so server and browser agree). */
export function auditActionOptions(names: string[], label: (action: string) => string) {
  return names
    .map((value) => ({ value, label: label(value) }))
    .sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
}
