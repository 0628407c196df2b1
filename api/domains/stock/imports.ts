import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { validationFailed, type FieldErrors } from '../../api-error';
import type { Work } from '../../work/unit-of-work';
import { MAX_STOCK } from './schema';
import type { StockScope } from './scope';
import type { SheetColumns, SheetRow } from './spreadsheet';
import { recordVendorUpdate } from './updates';

/**
 * Import errors name the file's row and column (docs/decisions/017): `rows.{row}.{column}`, the row number as
 * the spreadsheet shows it (the header is row 1), so every bad row of a file is answered at once.
 */
export function rowField(row: number, column: string) {
  return `rows.${row}.${column}`;
}

export const STOCK_IMPORT_COLUMNS = ['sku', 'quantity'] as const;
export const PRICE_IMPORT_COLUMNS = ['sku', 'vendor_price'] as const;

function wholeNumber(text: string, max: number) {
  const normalised = text.replace(/\.0+$/, '');
  if (!/^\d+$/.test(normalised)) return null;
  const value = Number(normalised);
  return value <= max ? value : null;
}

type Candidate = { id: number; brandId: number; sku: string };

/**
 * Live products of `brandIds` by SKU, in one statement: the SKUs go as one JSON array and each is one indexed
 * lookup (products_brand_sku_unique).
 */
async function productsBySku(db: Executor, brandIds: number[], skus: readonly string[]) {
  const bySku = new Map<string, Candidate | Candidate[]>();
  const unique = [...new Set(skus)].filter((sku) => sku !== '');
  if (unique.length === 0) return bySku;
  const brands = JSON.stringify(brandIds.length ? brandIds : [0]);
  const result = (await db.execute(sql`select p.id, p.brand_id, p.sku
      from jsonb_array_elements_text(${JSON.stringify(unique)}::jsonb) as x(sku)
      join products p on p.sku = x.sku and p.deleted_at is null
        and p.brand_id in (select (b.id)::int from jsonb_array_elements_text(${brands}::jsonb) as b(id))`)) as unknown as {
    rows: { id: number | string; brand_id: number | string; sku: string }[];
  };
  for (const row of result.rows) {
    const candidate = { id: Number(row.id), brandId: Number(row.brand_id), sku: String(row.sku) };
    const known = bySku.get(candidate.sku);
    // Almost every SKU names one product: keep it bare, an array only for a SKU two brands share.
    bySku.set(
      candidate.sku,
      known === undefined ? candidate : [...(Array.isArray(known) ? known : [known]), candidate],
    );
  }
  return bySku;
}

function candidatesOf(bySku: Map<string, Candidate | Candidate[]>, sku: string): Candidate[] {
  const found = bySku.get(sku);
  return found === undefined ? [] : Array.isArray(found) ? found : [found];
}

/** The columns a stock import reads: `product_id` tells apart a SKU two of the vendor's brands share. */
export const STOCK_IMPORT_READ = [...STOCK_IMPORT_COLUMNS, 'product_id'] as const;

export type StockImportLine = { product: { id: number; brandId: number }; quantity: number; row: number };

/**
 * Checks every row of a stock import before anything is written: a known SKU of the vendor's brands (with
 * `product_id` to tell apart a SKU two of its brands share), each product once, a whole quantity from 0.
 * Every bad row is reported; any bad row means nothing is written. One pass over the rows.
 */
export async function checkStockRows(db: Executor, scope: StockScope, sheet: SheetColumns) {
  const count = sheet.rows.length;
  const column = (name: string) => sheet.columns[name] ?? [];
  const skus = column('sku');
  const quantities = column('quantity');
  const productIds = column('product_id');
  const bySku = await productsBySku(db, scope.brandIds, skus);
  const errors: FieldErrors = Object.create(null);
  const firstRowOf = new Map<number, number>();
  const lines: StockImportLine[] = [];
  for (let index = 0; index < count; index++) {
    const row = sheet.rows[index];
    const sku = skus[index] ?? '';
    const quantityText = quantities[index] ?? '';
    const quantity = wholeNumber(quantityText, MAX_STOCK);
    let product: Candidate | undefined;
    if (sku === '') errors[rowField(row, 'sku')] = ['Kolom sku wajib diisi.'];
    else {
      const candidates = candidatesOf(bySku, sku);
      const wanted = productIds[index] ? Number(productIds[index]) : null;
      product = wanted !== null ? candidates.find((candidate) => candidate.id === wanted) : candidates[0];
      if (candidates.length === 0) errors[rowField(row, 'sku')] = [`SKU ${sku} tidak ditemukan.`];
      else if (wanted === null && candidates.length > 1) {
        errors[rowField(row, 'product_id')] = [
          `SKU ${sku} dipakai lebih dari satu brand; isi kolom product_id.`,
        ];
        product = undefined;
      } else if (!product) errors[rowField(row, 'product_id')] = ['product_id tidak cocok dengan SKU.'];
    }
    if (quantityText === '') errors[rowField(row, 'quantity')] = ['Kolom quantity wajib diisi.'];
    else if (quantity === null) {
      errors[rowField(row, 'quantity')] = [`Kolom quantity harus bilangan bulat 0 sampai ${MAX_STOCK}.`];
    }
    if (product) {
      const first = firstRowOf.get(product.id);
      if (first !== undefined) {
        errors[rowField(row, 'sku')] = [`SKU ${sku} sudah ada di baris ${first}.`];
      } else firstRowOf.set(product.id, row);
    }
    if (product && quantity !== null) {
      lines.push({ product: { id: product.id, brandId: product.brandId }, quantity, row });
    }
  }
  if (count === 0) errors.file = ['The file has no rows.'];
  if (Object.keys(errors).length) throw validationFailed(errors);
  return lines;
}

/** A vendor's stock import: all rows in one unit of work, as a vendor update of kind import. */
export async function importVendorStock(work: Work, input: { vendorId: number; lines: StockImportLine[] }) {
  const result = await recordVendorUpdate(work, {
    vendorId: input.vendorId,
    kind: 'import',
    note: 'Impor stok',
    lines: input.lines,
    fieldOf: (index) => rowField(input.lines[index].row, 'quantity'),
  });
  return { rows: input.lines.length, changed: result.changed, histories: result.histories };
}

/** Checks a price import: a known SKU of the brand, each once, a whole price from 0. */
export async function checkPriceRows(db: Executor, brandId: number, rows: SheetRow[]) {
  const bySku = await productsBySku(
    db,
    [brandId],
    rows.map((row) => row.cells.sku ?? ''),
  );
  const errors: FieldErrors = Object.create(null);
  const seen = new Map<string, number>();
  const lines: { productId: number; price: number }[] = [];
  for (const { row, cells } of rows) {
    const sku = cells.sku ?? '';
    const price = wholeNumber(cells.vendor_price ?? '', 1_000_000_000_000);
    const product = candidatesOf(bySku, sku)[0];
    if (sku === '') errors[rowField(row, 'sku')] = ['Kolom sku wajib diisi.'];
    else if (!product) errors[rowField(row, 'sku')] = [`SKU ${sku} tidak ditemukan.`];
    else if (seen.has(sku))
      errors[rowField(row, 'sku')] = [`SKU ${sku} sudah ada di baris ${seen.get(sku)}.`];
    else seen.set(sku, row);
    if (price === null)
      errors[rowField(row, 'vendor_price')] = ['Kolom vendor_price harus bilangan bulat 0 atau lebih.'];
    if (product && price !== null) lines.push({ productId: product.id, price });
  }
  if (rows.length === 0) errors.file = ['The file has no rows.'];
  if (Object.keys(errors).length) throw validationFailed(errors);
  return lines;
}

export async function importPrices(
  work: Work,
  input: { brandId: number; lines: { productId: number; price: number }[] },
) {
  let changed = 0;
  for (let start = 0; start < input.lines.length; start += 5000) {
    const slice = JSON.stringify(
      input.lines.slice(start, start + 5000).map((line) => ({ p: line.productId, v: line.price })),
    );
    const result = (await work.tx
      .execute(sql`update products set vendor_price = x.v, updated_at = ${work.at.toISOString()}::timestamptz
      from jsonb_to_recordset(${slice}::jsonb) as x(p int, v bigint)
      where products.id = x.p and products.brand_id = ${input.brandId} and products.vendor_price <> x.v
      returning products.id`)) as unknown as { rows: unknown[] };
    changed += result.rows.length;
  }
  // A file that sets every price to what it is (the template uploaded again) changed nothing to record.
  if (changed === 0) {
    work.unchanged();
    return { rows: input.lines.length, changed };
  }
  work.audit({
    action: 'product.import-price',
    entity: 'brand',
    entityId: input.brandId,
    after: { rows: input.lines.length, changed },
  });
  return { rows: input.lines.length, changed };
}
