import { and, asc, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { marketplaceListings } from '../../db/schema';
import { validationFailed, type FieldErrors } from '../../api-error';
import type { Work } from '../../work/unit-of-work';
import { exportFileName, streamWorkbook, type ExportColumn } from '../export/workbook';
import { rowField } from '../stock/imports';
import type { SheetRow } from '../stock/spreadsheet';
import type { ChannelProduct } from './channel-adapter';
import { lockListingsHoldingSkus, pushUpdate, type Channel } from './listings';
import { rawOf } from './payload';
import { MAX_PRICE } from './schema';
import { serializeChannelAnswerRow } from './serializers';
import { inShop, lockShop, type Shop } from './shop';
import { combinationLabel } from './sku-links';

export const PRICE_COLUMNS = ['sku', 'price'] as const;

type ListingRow = typeof marketplaceListings.$inferSelect;
type PriceRow = { listing_id: number; sku: string; name: string; price: number | null };

/** Each SKU of a listing with its price: the listing's own, or each combination's. */
function priceRowsOf(row: ListingRow): PriceRow[] {
  const { product } = rawOf(row);
  if (!product.variant) {
    return row.sku ? [{ listing_id: row.id, sku: row.sku, name: row.name, price: row.price }] : [];
  }
  return product.variant.products.flatMap((combination) =>
    combination.sku
      ? [
          {
            listing_id: row.id,
            sku: combination.sku,
            name: `${row.name} - ${combinationLabel(product, combination.combination)}`,
            price: combination.price,
          },
        ]
      : [],
  );
}

async function* shopPriceRows(db: Executor, shop: Shop) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(marketplaceListings)
      .where(and(inShop(shop), gt(marketplaceListings.id, after)))
      .orderBy(asc(marketplaceListings.id))
      .limit(1000);
    if (rows.length === 0) return;
    after = rows[rows.length - 1].id;
    yield rows.flatMap(priceRowsOf);
  }
}

const TEMPLATE_COLUMNS: ExportColumn<PriceRow>[] = [
  { header: 'listing_id', type: 'number', width: 12, value: (row) => row.listing_id },
  { header: 'sku', width: 24, value: (row) => row.sku },
  { header: 'name', width: 48, value: (row) => row.name },
  { header: 'price', type: 'money', width: 14, value: (row) => row.price },
];

/** The price template (`… product.xlsx`): every SKU of the shop with its price, as the import reads it back. */
export function priceTemplate(db: Executor, shop: Shop, now: Date) {
  return streamWorkbook({
    fileName: exportFileName(now, 'product'),
    sheetName: 'Harga',
    columns: TEMPLATE_COLUMNS,
    batches: shopPriceRows(db, shop),
    now,
  });
}

export type PriceLine = { row: number; sku: string; price: number };

function wholeNumber(text: string) {
  const normalised = text.replace(/\.0+$/, '');
  if (!/^\d{1,13}$/.test(normalised)) return null;
  const value = Number(normalised);
  return value <= MAX_PRICE ? value : null;
}

/**
 * Checks every row before anything is pushed: a SKU the shop holds, each once, a whole price. Any bad row
 * refuses the file with every bad row named (`rows.{row}.{column}`).
 */
export async function checkPriceRows(db: Executor, shop: Shop, rows: SheetRow[]) {
  const known = new Set<string>();
  for await (const batch of shopPriceRows(db, shop)) for (const row of batch) known.add(row.sku);
  const errors: FieldErrors = Object.create(null);
  const firstRowOf = new Map<string, number>();
  const lines: PriceLine[] = [];
  for (const { row, cells } of rows) {
    const sku = cells.sku ?? '';
    const price = wholeNumber(cells.price ?? '');
    if (sku === '') errors[rowField(row, 'sku')] = ['Kolom sku wajib diisi.'];
    else if (!known.has(sku)) errors[rowField(row, 'sku')] = [`SKU ${sku} tidak ada di toko ini.`];
    else if (firstRowOf.has(sku))
      errors[rowField(row, 'sku')] = [`SKU ${sku} sudah ada di baris ${firstRowOf.get(sku)}.`];
    else firstRowOf.set(sku, row);
    if ((cells.price ?? '') === '') errors[rowField(row, 'price')] = ['Kolom price wajib diisi.'];
    else if (price === null)
      errors[rowField(row, 'price')] = ['Kolom price harus bilangan bulat 0 atau lebih.'];
    if (sku !== '' && price !== null) lines.push({ row, sku, price });
  }
  if (rows.length === 0) errors.file = ['The file has no rows.'];
  if (Object.keys(errors).length) throw validationFailed(errors);
  return lines;
}

function repriced(product: ChannelProduct, prices: Map<string, number>) {
  if (!product.variant) {
    const price = product.sku ? prices.get(product.sku) : undefined;
    return price === undefined || price === product.price ? null : { ...product, price };
  }
  let changed = false;
  const products = product.variant.products.map((combination) => {
    const price = combination.sku ? prices.get(combination.sku) : undefined;
    if (price === undefined || price === combination.price) return combination;
    changed = true;
    return { ...combination, price };
  });
  return changed ? { ...product, variant: { ...product.variant, products } } : null;
}

/**
 * Pushes each listing whose prices change, one push per listing, in one unit of work. A listing the channel
 * refuses keeps its prices and is reported with its rows; the others are saved (the channel has them).
 */
export async function importPrices(work: Work, input: Channel & { lines: PriceLine[] }) {
  const { shop } = input;
  await lockShop(work.tx, shop);
  const prices = new Map(input.lines.map((line) => [line.sku, line.price]));
  const rowsOf = new Map(input.lines.map((line) => [line.sku, line.row]));
  const listings = await lockListingsHoldingSkus(work.tx, shop, [...prices.keys()]);
  let changed = 0;
  const failed: (ReturnType<typeof serializeChannelAnswerRow> & { rows: number[] })[] = [];
  for (const before of listings) {
    const product = repriced(rawOf(before).product, prices);
    if (!product) continue;
    const result = await pushUpdate(work, { ...input, before, product });
    if (result.ok) changed++;
    else {
      const rows = before.skus.filter((sku) => rowsOf.has(sku)).map((sku) => rowsOf.get(sku) as number);
      failed.push({ ...serializeChannelAnswerRow(result), rows });
    }
  }
  // Every price as it was and nothing refused (the template uploaded again): nothing was pushed to record.
  if (changed === 0 && failed.length === 0) work.unchanged();
  else
    work.audit({
      action: 'marketplace-listing.import-price',
      entity: 'brand',
      entityId: shop.brandId,
      after: { rows: input.lines.length, changed, failed: failed.length },
    });
  return { rows: input.lines.length, changed, failed_rows_data: failed };
}
