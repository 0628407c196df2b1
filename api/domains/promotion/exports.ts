import { jakartaTimestamp } from '../../db/jakarta';
import type { Executor } from '../../db/client';
import { exportFileName, streamWorkbook, type ExportColumn } from '../export/workbook';
import { promotionBatches } from './reads';
import type { PromotionListQuery } from './schema';
import type { serializePromotion } from './serializers';

type Row = ReturnType<typeof serializePromotion>;

const at = (iso: string | null) => (iso ? jakartaTimestamp(new Date(iso)).slice(0, 16) : null);

const COLUMNS: ExportColumn<Row>[] = [
  { header: 'ID', type: 'number', width: 8, value: (row) => row.id },
  { header: 'Nama Promosi', width: 36, value: (row) => row.name },
  { header: 'Tipe', width: 16, value: (row) => row.type_label },
  {
    header: 'Diskon (%)',
    type: 'number',
    width: 12,
    value: (row) => (row.type === 'discount' ? row.value : null),
  },
  { header: 'Potongan Harga', type: 'money', value: (row) => (row.type === 'amount' ? row.value : null) },
  { header: 'Channel', width: 12, value: (row) => row.channel_name },
  { header: 'Mulai', width: 18, value: (row) => at(row.start_at) },
  { header: 'Berakhir', width: 18, value: (row) => at(row.end_at) },
  { header: 'Diakhiri', width: 18, value: (row) => at(row.ended_at) },
  { header: 'Status', width: 16, value: (row) => row.status },
  { header: 'Jumlah Produk', type: 'number', width: 14, value: (row) => row.product_count },
];

/** The promotion list as a spreadsheet: every promotion its filters keep, with the status of `now` (Jakarta times). */
export function exportPromotions(db: Executor, brandId: number, query: PromotionListQuery, now: Date) {
  return streamWorkbook({
    fileName: exportFileName(now, 'promotion'),
    sheetName: 'Promosi',
    columns: COLUMNS,
    batches: promotionBatches(db, brandId, query, now),
    now,
  });
}
