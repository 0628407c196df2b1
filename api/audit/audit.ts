type Row = Record<string, unknown>;
const HIDDEN_FIELDS = new Set(['passwordHash', 'tokenHash']);

function comparable(value: unknown) {
  return value instanceof Date ? value.toISOString() : value;
}

/** The fields whose values differ, each with before and after; secrets are recorded as changed but never stored. */
export function changedFields(before: Row | null, after: Row | null) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (key === 'updatedAt') continue;
    const was = comparable(before?.[key]);
    const now = comparable(after?.[key]);
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    changes[key] = HIDDEN_FIELDS.has(key)
      ? { before: '[hidden]', after: '[hidden]' }
      : { before: was ?? null, after: now ?? null };
  }
  return changes;
}

export type AuditEntry = {
  actorId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: Row | null;
  after?: Row | null;
  ip?: string | null;
};
