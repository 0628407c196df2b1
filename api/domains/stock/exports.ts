import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { flatRows } from '../export/keyset';
import { exportFileName, streamWorkbook, type ExportColumn } from '../export/workbook';
import type { StockScope } from './scope';
import { catalogueWhere, stockFigures, type CatalogueFilters, type StockFigures } from './stock-list';

type ProductRow = {
  id: number;
  name: string;
  sku: string;
  brand_name: string;
  category_name: string | null;
  vendor_price: number | string;
};

/** The products the filters keep, in id order, batch by batch. */
async function* productBatches(db: Executor, scope: StockScope, filters: CatalogueFilters = {}) {
  yield* flatRows<ProductRow>(db, {
    columns: sql`p.id, p.name, p.sku, b.name as brand_name, c.name as category_name, p.vendor_price`,
    from: sql`products p join brands b on b.id = p.brand_id left join categories c on c.id = p.category_id`,
    where: await catalogueWhere(db, scope, filters),
    id: sql`p.id`,
    range: { after: 0 },
  });
}

async function* withFigures(db: Executor, scope: StockScope, now: Date, filters: CatalogueFilters = {}) {
  for await (const batch of productBatches(db, scope, filters)) {
    const ids = batch.map((row) => Number(row.id));
    const figures: StockFigures[] = [];
    for (let start = 0; start < ids.length; start += 1000) {
      figures.push(...(await stockFigures(db, scope, ids.slice(start, start + 1000), now, filters.vendor)));
    }
    yield batch.map((row, index) => ({ ...row, ...figures[index] }));
  }
}

type ExportRow = ProductRow & StockFigures;

const EXPORT_COLUMNS: ExportColumn<ExportRow>[] = [
  { header: 'Nama Produk', width: 36, value: (row) => row.name },
  { header: 'SKU', width: 20, value: (row) => row.sku },
  { header: 'Brand', width: 18, value: (row) => row.brand_name },
  { header: 'Kategori', width: 20, value: (row) => row.category_name },
  { header: 'Harga Vendor', type: 'money', value: (row) => row.vendor_price },
  { header: 'Stok', type: 'number', value: (row) => row.quantity },
  { header: 'Dipesan', type: 'number', value: (row) => row.reserved },
  { header: 'Tersedia', type: 'number', value: (row) => row.available_stock },
  { header: 'Run Rate', type: 'number', value: (row) => row.run_rate },
  { header: 'Weeks of Supply', type: 'number', value: (row) => row.weeks_of_supply },
  { header: 'In-Stock Rate (%)', type: 'number', value: (row) => row.in_stock_rate },
];

/** The stock list as a spreadsheet: every product the list's filters keep, with the list's figures. */
export function exportProductStock(db: Executor, scope: StockScope, now: Date, filters: CatalogueFilters) {
  return streamWorkbook({
    fileName: exportFileName(now, 'product-stock'),
    sheetName: 'Stok',
    columns: EXPORT_COLUMNS,
    batches: withFigures(db, scope, now, filters),
    now,
  });
}

/**
 * The vendor's import template (current-product-stock): its products with the quantity on hand now, in the
 * columns the import reads back (product_id, sku, quantity; name and brand are for the reader).
 */
export function currentStockTemplate(db: Executor, scope: StockScope, now: Date) {
  const columns: ExportColumn<ExportRow>[] = [
    { header: 'product_id', type: 'number', width: 12, value: (row) => row.id },
    { header: 'sku', width: 20, value: (row) => row.sku },
    { header: 'name', width: 36, value: (row) => row.name },
    { header: 'brand', width: 18, value: (row) => row.brand_name },
    { header: 'quantity', type: 'number', width: 12, value: (row) => row.quantity },
  ];
  return streamWorkbook({
    fileName: exportFileName(now, 'current-product-stock'),
    sheetName: 'Stok',
    columns,
    batches: withFigures(db, scope, now),
    now,
  });
}

/** The brand's price template: its products with their vendor price, as the price import reads them. */
export function priceTemplate(db: Executor, scope: StockScope, now: Date) {
  const columns: ExportColumn<ProductRow>[] = [
    { header: 'sku', width: 20, value: (row) => row.sku },
    { header: 'name', width: 36, value: (row) => row.name },
    { header: 'vendor_price', type: 'money', width: 14, value: (row) => row.vendor_price },
  ];
  return streamWorkbook({
    fileName: exportFileName(now, 'product-price'),
    sheetName: 'Harga',
    columns,
    batches: productBatches(db, scope),
    now,
  });
}
