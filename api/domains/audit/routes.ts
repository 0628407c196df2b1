import { jakartaTimestamp } from '../../db/jakarta';
import { endpoint, endpointGroup } from '../../http/endpoints';
import { exportFileName, streamWorkbook, type ExportColumn } from '../export/workbook';
import { auditExportQuerySchema, auditListQuerySchema } from './schema';
import { auditActionLabel, auditChangeLines, auditRecordText, auditWording } from '../../../contract/audit';
import { auditLookup } from './labels';
import { auditBatches, listAuditRows, type serializeAuditRow } from './service';

type Row = ReturnType<typeof serializeAuditRow>;

function jakartaTime(iso: string) {
  return jakartaTimestamp(new Date(iso));
}

/** The export's columns in the reader's language: labelled actions, fields and records, names, Jakarta time. */
function columnsIn(lang: 'id' | 'en'): ExportColumn<Row>[] {
  const lookup = auditLookup(lang);
  const header = (key: string) => lookup(`columns.${key}`) ?? key;
  const changesText = (row: Row) =>
    auditChangeLines(row.changes, auditWording(lookup, { names: row.names, time: jakartaTime }))
      .map((line) => `${line.label}: ${line.before} → ${line.after}`)
      .join('\n');
  return [
    { header: header('when'), width: 20, value: (row) => jakartaTime(row.created_at) },
    { header: header('actor'), width: 24, value: (row) => row.actor?.name ?? '' },
    { header: header('email'), width: 28, value: (row) => row.actor?.email ?? '' },
    { header: header('action'), width: 28, value: (row) => auditActionLabel(lookup, row.action) },
    { header: header('entity'), width: 16, value: (row) => lookup(`entities.${row.entity}`) ?? row.entity },
    { header: header('entityId'), width: 10, value: (row) => row.entity_id },
    { header: header('entityName'), width: 28, value: (row) => auditRecordText(lookup, row) },
    { header: header('changes'), width: 60, value: changesText },
    { header: header('ip'), width: 16, value: (row) => row.ip },
  ];
}

/** The audit log (beyond the spec): who changed what and when, filtered, scoped, and exported. */
export const auditEndpoints = endpointGroup([
  endpoint({
    method: 'get',
    path: '/api/audit-log',
    summary:
      'Audit rows, newest first (actor, entity, entity_id, action, date-from, date-to; sign-ins only with sign_ins=1), with the names of the records they refer to',
    tag: 'audit',
    query: auditListQuerySchema,
    policy: { operation: 'audit.list', tenancy: 'reach' },
    handle: async (c, { query }) => c.json(await listAuditRows(c.var.deps.db, c.var.user, query)),
  }),
  endpoint({
    method: 'get',
    path: '/api/export/audit-log',
    summary: 'The audit rows of the same filters as an .xlsx, labelled in `lang` (id, en), in Jakarta time',
    tag: 'audit',
    query: auditExportQuerySchema,
    policy: { operation: 'audit.list', tenancy: 'reach' },
    handle: async (c, { query }) => {
      const now = c.var.deps.clock();
      return streamWorkbook({
        fileName: exportFileName(now, 'audit-log'),
        sheetName: 'Audit',
        columns: columnsIn(query.lang),
        batches: auditBatches(c.var.deps.db, c.var.user, query),
        now,
      });
    },
  }),
]);
