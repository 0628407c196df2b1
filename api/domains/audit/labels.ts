import en from '../../../locales/en/common.json';
import id from '../../../locales/id/common.json';
import type { AuditLookup } from '../../../contract/audit';

const AUDIT_TEXTS = { id: id.settings.audit, en: en.settings.audit } as const;

/** The audit log's texts of the locale files (the screen's own), so the export says what the screen says. */
export function auditLookup(lang: keyof typeof AUDIT_TEXTS): AuditLookup {
  const root: unknown = AUDIT_TEXTS[lang];
  return (key) => {
    let node = root;
    for (const part of key.split('.')) {
      if (!node || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    return typeof node === 'string' ? node : undefined;
  };
}
