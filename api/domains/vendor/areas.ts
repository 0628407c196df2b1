import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { vendorAreas } from '../../db/schema';
import { ApiError, validationFailed, type FieldErrors } from '../../api-error';
import type { Work } from '../../work/unit-of-work';
import { readImportFile } from '../stock/spreadsheet';

/** The columns of the vendor-area template, in order; `city` is the one the offer router matches. */
export const AREA_COLUMNS = ['province', 'city', 'sub_district', 'postal_code'] as const;

/** More areas than any vendor covers; a file beyond it is refused rather than half read. */
const MAX_AREAS = 5000;
const MAX_TEXT = 100;

export type AreaInput = {
  province: string | null;
  city: string;
  subDistrict: string | null;
  postalCode: string | null;
};

const FIELD = 'vendor_area_file';

/**
 * The areas of an uploaded vendor-area file (csv or xlsx, checked as a zip before parsing): every row is
 * checked, and any bad row refuses the whole file with each problem as `vendor_area_file.{row}.{column}`.
 */
export async function readAreaFile(file: File): Promise<AreaInput[]> {
  let rows;
  try {
    rows = await readImportFile(file, ['city']);
  } catch (error) {
    if (error instanceof ApiError && error.errors?.file)
      throw validationFailed({ [FIELD]: error.errors.file });
    throw error;
  }
  if (rows.length > MAX_AREAS) {
    throw validationFailed({ [FIELD]: [`The file must not have more than ${MAX_AREAS} areas.`] });
  }
  const errors: FieldErrors = Object.create(null);
  const problem = (row: number, column: string, message: string) => {
    (errors[`${FIELD}.${row}.${column}`] ??= []).push(`Baris ${row}, kolom ${column}: ${message}`);
  };
  const seen = new Map<string, number>();
  const areas: AreaInput[] = [];
  for (const { row, cells } of rows) {
    const text = (column: string) => (cells[column] ?? '').trim();
    for (const column of AREA_COLUMNS) {
      if (text(column).length > MAX_TEXT) problem(row, column, `paling banyak ${MAX_TEXT} karakter.`);
    }
    if (!text('city')) problem(row, 'city', 'wajib diisi.');
    const postal = text('postal_code');
    if (postal && !/^\d{5}$/.test(postal)) problem(row, 'postal_code', 'harus 5 angka.');
    const key = [text('province'), text('city'), text('sub_district'), postal].join('|').toLowerCase();
    const earlier = seen.get(key);
    if (earlier) problem(row, 'city', `sama dengan baris ${earlier}.`);
    else seen.set(key, row);
    areas.push({
      province: text('province') || null,
      city: text('city'),
      subDistrict: text('sub_district') || null,
      postalCode: postal || null,
    });
  }
  const count = Object.keys(errors).length;
  if (count) {
    throw validationFailed({
      [FIELD]: [`Berkas area memiliki ${count} kesalahan; tidak ada area yang disimpan.`],
      ...errors,
    });
  }
  if (!areas.length) throw validationFailed({ [FIELD]: ['The file has no areas.'] });
  return areas;
}

export async function areasOf(executor: Executor, vendorId: number) {
  return executor
    .select()
    .from(vendorAreas)
    .where(eq(vendorAreas.vendorId, vendorId))
    .orderBy(asc(vendorAreas.province), asc(vendorAreas.city), asc(vendorAreas.id));
}

function areaKey(area: Pick<AreaInput, 'province' | 'city' | 'subDistrict' | 'postalCode'>) {
  return JSON.stringify([area.province, area.city, area.subDistrict, area.postalCode]);
}

/**
 * The file's areas take the place of the vendor's, in the vendor's unit of work: areas the file no longer
 * lists go, areas it adds come, and the ones it keeps stay as they are, so the template uploaded again
 * unchanged changes nothing.
 */
export async function replaceAreas(work: Work, vendorId: number, areas: AreaInput[]) {
  const before = await areasOf(work.tx, vendorId);
  const wanted = new Set(areas.map(areaKey));
  const held = new Set(before.map(areaKey));
  const gone = before.filter((area) => !wanted.has(areaKey(area))).map((area) => area.id);
  const added = areas.filter((area) => !held.has(areaKey(area)));
  if (gone.length === 0 && added.length === 0) return;
  for (let start = 0; start < gone.length; start += 1000) {
    await work.tx.delete(vendorAreas).where(inArray(vendorAreas.id, gone.slice(start, start + 1000)));
  }
  for (let start = 0; start < added.length; start += 1000) {
    await work.tx.insert(vendorAreas).values(
      added.slice(start, start + 1000).map((area) => ({
        vendorId,
        ...area,
        createdAt: work.at,
        updatedAt: work.at,
      })),
    );
  }
  const cities = (list: { city: string }[]) => [...new Set(list.map((area) => area.city))].sort();
  work.audit({
    action: 'vendor-area.import',
    entity: 'vendor',
    entityId: vendorId,
    before: { areas: before.length, cities: cities(before) },
    after: { areas: areas.length, cities: cities(areas) },
  });
}
