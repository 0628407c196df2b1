import { jakartaTimestamp } from '../../db/jakarta';
import { endpoint, endpointGroup } from '../../http/endpoints';
import { requirePermission } from '../access/permissions';
import { isPlatformStaff } from '../access/roles';
import type { AuthUser } from '../../http/context';
import { exportFileName, streamWorkbook, type ExportColumn } from '../export/workbook';
import { auditExportQuerySchema, auditListQuerySchema } from './schema';
import { auditBatches, listAuditRows, type serializeAuditRow } from './service';

/** Who may see the accounts may see what they did: `user.index`, or `vendor.user.index` on the brand and vendor side. */
function requireAuditReader(user: AuthUser) {
  requirePermission(user, isPlatformStaff(user.roleId) ? 'user.index' : 'vendor.user.index');
}

type Row = ReturnType<typeof serializeAuditRow>;

function changesText(row: Row) {
  return Object.entries(row.changes)
    .map(([field, { before, after }]) => `${field}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`)
    .join('\n');
}

const COLUMNS: ExportColumn<Row>[] = [
  { header: 'Waktu', width: 20, value: (row) => jakartaTimestamp(new Date(row.created_at)) },
  { header: 'Pengguna', width: 24, value: (row) => row.actor?.name ?? '' },
  { header: 'Email', width: 28, value: (row) => row.actor?.email ?? '' },
  { header: 'Aksi', width: 24, value: (row) => row.action },
  { header: 'Jenis Data', width: 16, value: (row) => row.entity },
  { header: 'ID Data', width: 10, value: (row) => row.entity_id },
  { header: 'Perubahan', width: 60, value: changesText },
  { header: 'IP', width: 16, value: (row) => row.ip },
];

/** The audit log (beyond the spec): who changed what and when, filtered, scoped, and exported. */
export const auditEndpoints = endpointGroup([
  endpoint({
    method: 'get',
    path: '/api/audit-log',
    summary: 'Audit rows, newest first (actor, entity, entity_id, action, date-from, date-to)',
    tag: 'audit',
    query: auditListQuerySchema,
    handle: async (c, { query }) => {
      requireAuditReader(c.var.user);
      return c.json(await listAuditRows(c.var.deps.db, c.var.user, query));
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/export/audit-log',
    summary: 'The audit rows of the same filters as an .xlsx',
    tag: 'audit',
    query: auditExportQuerySchema,
    handle: async (c, { query }) => {
      requireAuditReader(c.var.user);
      const now = c.var.deps.clock();
      return streamWorkbook({
        fileName: exportFileName(now, 'audit-log'),
        sheetName: 'Audit',
        columns: COLUMNS,
        batches: auditBatches(c.var.deps.db, c.var.user, query),
        now,
      });
    },
  }),
]);
