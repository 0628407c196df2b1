/**
 * How an audit row reads for people, shared by the list screen and the .xlsx export: which actions are sign-ins
 * (hidden unless asked for), which fields name another record (shown with its name beside the id), and how a
 * changed value is written (Jakarta time, yes/no, labelled fields, names).
 */

/** Session activity: signing in (or failing to), out, and renewing a session. The log hides it by default. */
export const SIGN_IN_ACTIONS = [
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  'auth.refresh',
  'auth.refresh_replayed',
] as const;

/** A row's changed fields, each with its value before and after. */
export type AuditChanges = Record<string, { before?: unknown; after?: unknown }>;

/** The records whose names the log shows beside their ids. */
export const AUDIT_NAMED_KINDS = ['product', 'vendor', 'role', 'brand', 'user'] as const;
export type AuditNamedKind = (typeof AUDIT_NAMED_KINDS)[number];

/** Fields (as audit rows write them, camelCase or snake_case) holding the id, or ids, of a named record. */
const REFERENCE_FIELDS: Record<string, AuditNamedKind> = {
  productId: 'product',
  product_id: 'product',
  productIds: 'product',
  vendorId: 'vendor',
  vendor_id: 'vendor',
  roleId: 'role',
  role_id: 'role',
  assignedRoleId: 'role',
  brandId: 'brand',
  brand_id: 'brand',
  brandIds: 'brand',
  currentBrandId: 'brand',
  userId: 'user',
  user_id: 'user',
  createdBy: 'user',
  updatedBy: 'user',
  respondedBy: 'user',
};

/** The kind of record a field names, if it names one. */
export function referenceKind(field: string): AuditNamedKind | undefined {
  return Object.hasOwn(REFERENCE_FIELDS, field) ? REFERENCE_FIELDS[field] : undefined;
}

/** The key of a record in a row's `names`: `product:12`. */
export function nameKey(kind: AuditNamedKind, id: number | string) {
  return `${kind}:${id}`;
}

function ids(value: unknown): number[] {
  if (typeof value === 'number' && Number.isInteger(value)) return [value];
  if (typeof value === 'string' && /^\d{1,10}$/.test(value)) return [Number(value)];
  if (Array.isArray(value)) return value.flatMap(ids);
  return [];
}

/** Every record a row's changes name, by kind, looking into lists of objects (a stock change's products). */
export function collectReferences(changes: AuditChanges, into: Map<AuditNamedKind, Set<number>> = new Map()) {
  const add = (kind: AuditNamedKind, found: number[]) => {
    const set = into.get(kind) ?? new Set<number>();
    for (const id of found) set.add(id);
    into.set(kind, set);
  };
  const walk = (field: string, value: unknown) => {
    const kind = referenceKind(field);
    if (kind) add(kind, ids(value));
    else if (Array.isArray(value)) for (const item of value) walk(field, item);
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) walk(key, inner);
  };
  for (const [field, change] of Object.entries(changes)) {
    walk(field, change.before);
    walk(field, change.after);
  }
  return into;
}

/** What writing a value needs: labels in the reader's language, names of records, a Jakarta clock. */
export type AuditWording = {
  field(key: string): string;
  yes: string;
  no: string;
  hidden: string;
  names: Record<string, string>;
  /** An instant (ISO) in Jakarta time. */
  time(iso: string): string;
};

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const EMPTY = '–';

function named(kind: AuditNamedKind, value: unknown, wording: AuditWording) {
  const found = ids(value);
  if (!found.length) return plain(value, wording);
  return found
    .map((id) => {
      const name = wording.names[nameKey(kind, id)];
      return name ? `${name} (#${id})` : `#${id}`;
    })
    .join(', ');
}

function plain(value: unknown, wording: AuditWording): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (value === '[hidden]') return wording.hidden;
  if (typeof value === 'boolean') return value ? wording.yes : wording.no;
  if (typeof value === 'string') return INSTANT.test(value) ? wording.time(value) : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value))
    return value.length ? value.map((item) => plain(item, wording)).join(', ') : EMPTY;
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([key, inner]) => `${wording.field(key)}: ${auditValueText(key, inner, wording)}`)
      .join('; ');
  return String(value);
}

/** One value of a field as text: names beside ids, Jakarta time, yes/no, nested fields labelled. */
export function auditValueText(field: string, value: unknown, wording: AuditWording): string {
  const kind = referenceKind(field);
  return kind ? named(kind, value, wording) : plain(value, wording);
}

export type AuditChangeLine = { label: string; before: string; after: string };

/** A list of per-record moves, as a stock write records them: `[{ productId, before, after }, …]`. */
function moves(value: unknown): Record<string, unknown>[] | null {
  if (!Array.isArray(value) || !value.length) return null;
  const all = value.every(
    (item) => item && typeof item === 'object' && !Array.isArray(item) && 'before' in item && 'after' in item,
  );
  return all ? (value as Record<string, unknown>[]) : null;
}

/**
 * A row's changes as lines of `label: before → after`. A list of moves (stock per product or per vendor) becomes
 * one line per record, named.
 */
export function auditChangeLines(changes: AuditChanges, wording: AuditWording): AuditChangeLine[] {
  const lines: AuditChangeLine[] = [];
  for (const [field, change] of Object.entries(changes)) {
    const moved = change.before === null || change.before === undefined ? moves(change.after) : null;
    if (moved) {
      for (const item of moved) {
        const ref = Object.entries(item).find(([key]) => referenceKind(key));
        const label = ref ? auditValueText(ref[0], ref[1], wording) : wording.field(field);
        lines.push({
          label,
          before: auditValueText(field, item.before, wording),
          after: auditValueText(field, item.after, wording),
        });
      }
      continue;
    }
    lines.push({
      label: wording.field(field),
      before: auditValueText(field, change.before, wording),
      after: auditValueText(field, change.after, wording),
    });
  }
  return lines;
}

/** A key of `settings.audit` in the locale files (`actions.role.update`, `fields.name`) to its text, if any. */
export type AuditLookup = (key: string) => string | undefined;

/** `grandTotalReturn` → `Grand total return`: a field no label names yet still reads as words. */
function humanize(key: string) {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An action's label in the reader's language (`role.update` → "Ubah peran"); the action itself if unlabelled. */
export function auditActionLabel(lookup: AuditLookup, action: string) {
  return lookup(`actions.${action}`) ?? action;
}

/** The wording of one row's values from the locale texts, the row's names and a Jakarta clock. */
export function auditWording(
  lookup: AuditLookup,
  input: { names: Record<string, string>; time(iso: string): string },
): AuditWording {
  return {
    field: (key) => lookup(`fields.${key}`) ?? humanize(key),
    yes: lookup('yes') ?? 'Ya',
    no: lookup('no') ?? 'Tidak',
    hidden: lookup('hidden') ?? '–',
    names: input.names,
    time: input.time,
  };
}

/** A row's record as text: its type, its name when it has one, and its id (`Produk Laptop (#12)`). */
export function auditRecordText(
  lookup: AuditLookup,
  row: { entity: string; entity_id: string | null; names: Record<string, string> },
) {
  const type = lookup(`entities.${row.entity}`) ?? humanize(row.entity);
  const kind = AUDIT_NAMED_KINDS.find((named) => named === row.entity);
  const name = kind && row.entity_id ? row.names[nameKey(kind, row.entity_id)] : undefined;
  if (!row.entity_id) return type;
  return name ? `${type} ${name} (#${row.entity_id})` : `${type} #${row.entity_id}`;
}
