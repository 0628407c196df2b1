import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { validationFailed, type FieldErrors } from '../../http/errors';
import type { Work } from '../../work/unit-of-work';
import { MAX_STOCK } from './schema';
import type { StockScope } from './scope';
import type { SheetRow } from './spreadsheet';
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

type Candidate = { id: number; brandId: number; name: string; sku: string };

/** Products of `brandIds` by SKU: one indexed lookup per SKU (products_brand_sku_unique), a few statements per file. */
async function productsBySku(db: Executor, brandIds: number[], skus: string[]) {
  const bySku = new Map<string, Candidate[]>();
  const unique = [...new Set(skus.filter((sku) => sku !== ''))];
  const brands = sql.join(
    (brandIds.length ? brandIds : [0]).map((id) => sql`${id}`),
    sql`, `,
  );
  for (let start = 0; start < unique.length; start += 5000) {
    const slice = JSON.stringify(unique.slice(start, start + 5000));
    const result = await db.execute(sql`select p.id, p.brand_id, p.name, p.sku
      from jsonb_array_elements_text(${slice}::jsonb) as x(sku)
      join products p on p.sku = x.sku and p.brand_id in (${brands}) and p.deleted_at is null`);
    for (const row of (result as unknown as { rows: Record<string, unknown>[] }).rows) {
      const candidate = {
        id: Number(row.id),
        brandId: Number(row.brand_id),
        name: String(row.name),
        sku: String(row.sku),
      };
      bySku.set(candidate.sku, [...(bySku.get(candidate.sku) ?? []), candidate]);
    }
  }
  return bySku;
}

/**
 * Checks every row of a stock import before anything is written: a known SKU of the vendor's brands (with
 * `product_id` to tell apart a SKU two of its brands share), each product once, a whole quantity from 0.
 * Every bad row is reported; any bad row means nothing is written.
 */
export async function checkStockRows(db: Executor, scope: StockScope, rows: SheetRow[]) {
  const bySku = await productsBySku(
    db,
    scope.brandIds,
    rows.map((row) => row.cells.sku ?? ''),
  );
  const errors: FieldErrors = Object.create(null);
  const firstRowOf = new Map<number, number>();
  const lines: { product: Candidate; quantity: number; row: number }[] = [];
  for (const { row, cells } of rows) {
    const sku = cells.sku ?? '';
    const quantity = wholeNumber(cells.quantity ?? '', MAX_STOCK);
    let product: Candidate | undefined;
    if (sku === '') errors[rowField(row, 'sku')] = ['Kolom sku wajib diisi.'];
    else {
      const candidates = bySku.get(sku) ?? [];
      const wanted = cells.product_id ? Number(cells.product_id) : null;
      product = wanted !== null ? candidates.find((candidate) => candidate.id === wanted) : candidates[0];
      if (candidates.length === 0) errors[rowField(row, 'sku')] = [`SKU ${sku} tidak ditemukan.`];
      else if (wanted === null && candidates.length > 1) {
        errors[rowField(row, 'product_id')] = [
          `SKU ${sku} dipakai lebih dari satu brand; isi kolom product_id.`,
        ];
        product = undefined;
      } else if (!product) errors[rowField(row, 'product_id')] = ['product_id tidak cocok dengan SKU.'];
    }
    if ((cells.quantity ?? '') === '') errors[rowField(row, 'quantity')] = ['Kolom quantity wajib diisi.'];
    else if (quantity === null) {
      errors[rowField(row, 'quantity')] = [`Kolom quantity harus bilangan bulat 0 sampai ${MAX_STOCK}.`];
    }
    if (product) {
      const first = firstRowOf.get(product.id);
      if (first !== undefined) {
        errors[rowField(row, 'sku')] = [`SKU ${sku} sudah ada di baris ${first}.`];
      } else firstRowOf.set(product.id, row);
    }
    if (product && quantity !== null) lines.push({ product, quantity, row });
  }
  if (rows.length === 0) errors.file = ['The file has no rows.'];
  if (Object.keys(errors).length) throw validationFailed(errors);
  return lines;
}

/** A vendor's stock import: all rows in one unit of work, as a vendor update of kind import. */
export async function importVendorStock(
  work: Work,
  input: { vendorId: number; lines: { product: Candidate; quantity: number; row: number }[] },
) {
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
    const product = bySku.get(sku)?.[0];
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
  work.audit({
    action: 'product.import-price',
    entity: 'brand',
    entityId: input.brandId,
    after: { rows: input.lines.length, changed },
  });
  return { rows: input.lines.length, changed };
}
