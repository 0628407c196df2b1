import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SIGN_IN_ACTIONS,
  auditActionLabel,
  auditChangeLines,
  auditRecordText,
  auditWording,
  type AuditLookup,
} from '../../contract/audit';
import { auditLookup } from '../../api/domains/audit/labels';

/** Every `.ts` file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * The actions the API writes to the audit log, as its code names them: every `area.verb` literal on a line with
 * `action:` (ternaries included). The channel request log's own actions (`create`, `update`) have no dot.
 */
function auditActions() {
  const found = new Set<string>();
  for (const file of sources('api'))
    for (const line of readFileSync(file, 'utf8').split('\n'))
      if (/\baction: /.test(line))
        for (const [, action] of line.matchAll(/'([a-z-]+\.[a-z_-]+)'/g)) found.add(action);
  return [...found].sort();
}

describe('the audit log for people', () => {
  const actions = auditActions();

  it('finds the actions the API writes', () => {
    expect(actions).toEqual(expect.arrayContaining(['auth.login', 'role.update', 'stock.adjustment']));
    expect(actions.length).toBeGreaterThan(50);
  });

  it.each(['id', 'en'] as const)('labels every action the API writes in %s', (lang) => {
    const lookup = auditLookup(lang);
    const missing = actions.filter((action) => lookup(`actions.${action}`) === undefined);
    expect(missing).toEqual([]);
  });

  it('counts only actions the API writes as sign-ins', () => {
    for (const action of SIGN_IN_ACTIONS) expect(actions).toContain(action);
  });

  const wording = (lookup: AuditLookup, names: Record<string, string> = {}) =>
    auditWording(lookup, { names, time: (iso) => `J(${iso})` });

  it('writes a stock change per product, named, before → after', () => {
    const lines = auditChangeLines(
      {
        note: { before: null, after: 'Opname' },
        changes: {
          before: null,
          after: [
            { productId: 12, before: 5, after: 6 },
            { productId: 13, before: 0, after: 2 },
          ],
        },
      },
      wording(auditLookup('id'), { 'product:12': 'Laptop' }),
    );
    expect(lines).toEqual([
      { label: 'Catatan', before: '–', after: 'Opname' },
      { label: 'Laptop (#12)', before: '5', after: '6' },
      { label: '#13', before: '0', after: '2' },
    ]);
  });

  it('labels fields in the language, names ids, says yes or no and gives instants to the clock', () => {
    const lines = auditChangeLines(
      {
        isActive: { before: true, after: false },
        brandIds: { before: [1], after: [1, 2] },
        deletedAt: { before: null, after: '2026-11-27T01:02:03.000Z' },
        passwordHash: { before: '[hidden]', after: '[hidden]' },
      },
      wording(auditLookup('en'), { 'brand:1': 'Brand A', 'brand:2': 'Brand B' }),
    );
    expect(lines).toEqual([
      { label: 'Active', before: 'Yes', after: 'No' },
      { label: 'Brands', before: 'Brand A (#1)', after: 'Brand A (#1), Brand B (#2)' },
      { label: 'Deleted', before: '–', after: 'J(2026-11-27T01:02:03.000Z)' },
      { label: 'Password', before: '(hidden)', after: '(hidden)' },
    ]);
  });

  it('names the record and the action', () => {
    const lookup = auditLookup('id');
    expect(auditActionLabel(lookup, 'role.update')).toBe('Ubah peran');
    expect(auditActionLabel(lookup, 'unknown.thing')).toBe('unknown.thing');
    expect(
      auditRecordText(lookup, { entity: 'product', entity_id: '12', names: { 'product:12': 'Laptop' } }),
    ).toBe('Produk Laptop (#12)');
    expect(auditRecordText(lookup, { entity: 'order', entity_id: '9', names: {} })).toBe('Pesanan #9');
  });
});
