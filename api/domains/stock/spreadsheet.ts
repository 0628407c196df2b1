import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { ApiError, validationFailed } from '../../api-error';
import { LONE_SURROGATE } from '../../http/validation';
import { unguardText } from '../export/workbook';
import { guardInflation } from './inflation-guard';

/** Largest import file accepted. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Rows of data an import may carry (the header row aside). */
export const IMPORT_MAX_ROWS = 200_000;
const CELL_MAX_CHARS = 1000;

/** One data row of an uploaded sheet: its row number as the spreadsheet shows it, and its cells by header. */
export type SheetRow = { row: number; cells: Record<string, string> };

/**
 * An uploaded sheet by column: the row number of each data row as the spreadsheet shows it, and the cells of each
 * column asked for (a column the file lacks is absent). Arrays rather than an object per row: a 200,000-row
 * import keeps a few arrays instead of 200,000 objects.
 */
export type SheetColumns = { rows: number[]; columns: Partial<Record<string, string[]>> };

function refuse(message: string): never {
  throw validationFailed({ file: [message] });
}

/**
 * A cell as text. A formula cell reads as the value the spreadsheet last computed and saved with it; no
 * formula is ever evaluated here. Rich text and links read as their text; an error value reads as itself.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const cell = value as Record<string, unknown>;
    if ('result' in cell || 'formula' in cell || 'sharedFormula' in cell) return cellText(cell.result);
    if (Array.isArray(cell.richText)) {
      return (cell.richText as { text?: unknown }[])
        .map((part) => String(part.text ?? ''))
        .join('')
        .trim();
    }
    if ('text' in cell) return cellText(cell.text);
    if ('error' in cell) return String(cell.error);
  }
  return '';
}

function headerKey(text: string) {
  return text.trim().toLowerCase().replace(/\s+/g, '_');
}

/**
 * Hands each data row to `take` with its cells by header: the first non-empty row names the columns; every
 * `required` column must be there. Empty rows are skipped; row numbers stay those of the file.
 */
async function scan(
  rows: AsyncIterable<{ row: number; values: string[] }>,
  required: readonly string[],
  take: (row: number, values: string[], headers: string[]) => void,
) {
  let headers: string[] | null = null;
  let count = 0;
  for await (const { row, values } of rows) {
    if (values.every((value) => value === '')) continue;
    if (values.some((value) => value.length > CELL_MAX_CHARS)) {
      refuse(`Row ${row} has a cell longer than ${CELL_MAX_CHARS} characters.`);
    }
    // Text no column can hold, anywhere in the file (the check for a binary file reads only its start).
    if (values.some((value) => value.includes('\0'))) refuse(`Row ${row} has a null character.`);
    if (values.some((value) => LONE_SURROGATE.test(value))) refuse(`Row ${row} is not valid UTF-8 text.`);
    if (!headers) {
      headers = values.map(headerKey);
      const missing = required.filter((name) => !headers?.includes(name));
      if (missing.length)
        refuse(`The file must have the columns: ${required.join(', ')} (missing ${missing.join(', ')}).`);
      continue;
    }
    if (count++ >= IMPORT_MAX_ROWS) refuse(`The file must not have more than ${IMPORT_MAX_ROWS} rows.`);
    take(row, values, headers);
  }
  if (!headers) refuse('The file is empty.');
}

function collect(rows: AsyncIterable<{ row: number; values: string[] }>, required: readonly string[]) {
  const out: SheetRow[] = [];
  return scan(rows, required, (row, values, headers) => {
    const cells: Record<string, string> = Object.create(null);
    headers.forEach((name, index) => {
      if (name) cells[name] = values[index] ?? '';
    });
    out.push({ row, cells });
  }).then(() => out);
}

function collectColumns(
  rows: AsyncIterable<{ row: number; values: string[] }>,
  required: readonly string[],
  wanted: readonly string[],
) {
  const sheet: SheetColumns = { rows: [], columns: {} };
  let indexes: [string[], number][] | null = null;
  return scan(rows, required, (row, values, headers) => {
    indexes ??= wanted.flatMap((name) => {
      const index = headers.indexOf(name);
      if (index < 0) return [];
      const column: string[] = [];
      sheet.columns[name] = column;
      return [[column, index] as [string[], number]];
    });
    sheet.rows.push(row);
    for (const [column, index] of indexes) column.push(values[index] ?? '');
  }).then(() => sheet);
}

export async function* xlsxRows(input: Readable) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      // A template's own text cells come back as written: the export's formula guard is taken off.
      const values = (row.values as unknown[]).slice(1).map((value) => unguardText(cellText(value)));
      yield { row: row.number, values };
    }
    // The first sheet only: templates have one, and a second would be a different list.
    return;
  }
}

/**
 * The records of a csv with the line each ends on, as a spreadsheet numbers rows. The line is counted here
 * rather than asked of csv-parse (`info`), which builds an object per record and halves the reader's speed:
 * a record ends one line after the last, plus the line breaks quoted inside its fields. Empty lines come
 * through as empty records, so they are counted too (and skipped by `scan`).
 */
async function* csvRows(bytes: Buffer) {
  const firstLine = bytes.subarray(0, 4096).toString('utf8').split(/\r?\n/)[0] ?? '';
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const parser = Readable.from([bytes]).pipe(
    parse({
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      max_record_size: 64 * 1024,
    }),
  );
  let line = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    line += 1;
    for (const value of record) {
      for (let at = value.indexOf('\n'); at >= 0; at = value.indexOf('\n', at + 1)) line++;
    }
    // A template saved as csv keeps the guard's apostrophes; they come off as they do from an xlsx.
    yield { row: line, values: record.map((value) => unguardText(value.trim())) };
  }
}

function looksLikeText(bytes: Buffer) {
  return !bytes.subarray(0, 8192).includes(0);
}

/** The bytes of an uploaded import, after the checks every import shares; whether it is a zip (an .xlsx). */
async function uploadedBytes(file: unknown) {
  if (!(file instanceof File)) refuse('The file field is required.');
  if (file.size === 0) refuse('The file is empty.');
  if (file.size > IMPORT_MAX_BYTES)
    refuse(`The file must not be greater than ${IMPORT_MAX_BYTES / 1024} kilobytes.`);
  const bytes = Buffer.from(await file.arrayBuffer());
  return { bytes, isZip: bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50 };
}

/**
 * The rows of an uploaded import (csv or xlsx), told apart by content, not by name: an .xlsx is a zip read with
 * exceljs's streaming reader, its inflated bytes and parts counted as they are read (inflation-guard.ts); anything
 * else must be text and is read with csv-parse. A malformed file is a 422 on `file`, never a 500.
 */
async function readRows<T>(
  file: unknown,
  read: (rows: AsyncIterable<{ row: number; values: string[] }>) => Promise<T>,
): Promise<T> {
  const { bytes, isZip } = await uploadedBytes(file);
  const guard = isZip ? guardInflation(bytes) : null;
  try {
    if (guard) return await read(xlsxRows(guard.input));
    if (!looksLikeText(bytes)) refuse('The file must be a file of type: csv, xlsx.');
    return await read(csvRows(bytes));
  } catch (error) {
    // A guard that stopped the reader explains its failure, whatever the reader made of the cut-off part.
    const limit = guard?.exceeded();
    if (limit === 'inflated' || limit === 'ratio') refuse('The file is too large once uncompressed.');
    if (limit === 'entries') refuse('The file has too many parts to be a spreadsheet.');
    if (error instanceof ApiError) throw error;
    // What the reader made of the file stays in the server's log: the user reads only that the file is not valid.
    console.warn(
      `an uploaded ${isZip ? 'xlsx' : 'csv'} file was unreadable: ${(error as Error)?.message ?? error}`,
    );
    refuse(isZip ? 'The file is not a valid xlsx file.' : 'The file is not a valid csv file.');
  }
}

/** An uploaded import as a row of cells by header per data row. */
export function readImportFile(file: unknown, required: readonly string[]): Promise<SheetRow[]> {
  return readRows(file, (rows) => collect(rows, required));
}

/** An uploaded import by column, keeping only the columns `wanted` (the required ones among them). */
export function readImportColumns(
  file: unknown,
  required: readonly string[],
  wanted: readonly string[],
): Promise<SheetColumns> {
  return readRows(file, (rows) => collectColumns(rows, required, wanted));
}
