import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { ApiError, validationFailed } from '../../http/errors';

/** Largest import file accepted. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Rows of data an import may carry (the header row aside). */
export const IMPORT_MAX_ROWS = 100_000;
/** What the parts of an .xlsx may add up to once inflated, and how many parts it may have. */
const ZIP_MAX_UNCOMPRESSED = 200 * 1024 * 1024;
const ZIP_MAX_ENTRIES = 500;
const CELL_MAX_CHARS = 1000;

/** One data row of an uploaded sheet: its row number as the spreadsheet shows it, and its cells by header. */
export type SheetRow = { row: number; cells: Record<string, string> };

function refuse(message: string): never {
  throw validationFailed({ file: [message] });
}

/**
 * Checks an .xlsx as the zip it is before any parser opens it (DESIGN §8): the central directory's entry count
 * and the sum of its declared uncompressed sizes. ZIP64 archives, which no spreadsheet of this size needs,
 * are refused. Only the directory is read; the entries are inflated by exceljs afterwards.
 */
export function checkZip(bytes: Buffer) {
  const searchFrom = Math.max(0, bytes.length - 65_557);
  let end = -1;
  for (let at = bytes.length - 22; at >= searchFrom; at--) {
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) refuse('The file is not a valid xlsx file.');
  const entries = bytes.readUInt16LE(end + 10);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff) refuse('The file is not a valid xlsx file.');
  if (entries > ZIP_MAX_ENTRIES) refuse('The file has too many parts to be a spreadsheet.');
  let at = directoryOffset;
  let inflated = 0;
  for (let index = 0; index < entries; index++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) {
      refuse('The file is not a valid xlsx file.');
    }
    const size = bytes.readUInt32LE(at + 24);
    if (size === 0xffffffff) refuse('The file is not a valid xlsx file.');
    inflated += size;
    if (inflated > ZIP_MAX_UNCOMPRESSED) refuse('The file is too large once uncompressed.');
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
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
 * Rows as cells by header: the first non-empty row names the columns; every `required` column must be there.
 * Empty rows are skipped; row numbers stay those of the file.
 */
async function collect(
  rows: AsyncIterable<{ row: number; values: string[] }>,
  required: readonly string[],
): Promise<SheetRow[]> {
  let headers: string[] | null = null;
  const out: SheetRow[] = [];
  for await (const { row, values } of rows) {
    if (values.every((value) => value === '')) continue;
    if (values.some((value) => value.length > CELL_MAX_CHARS)) {
      refuse(`Row ${row} has a cell longer than ${CELL_MAX_CHARS} characters.`);
    }
    if (!headers) {
      headers = values.map(headerKey);
      const missing = required.filter((name) => !headers?.includes(name));
      if (missing.length)
        refuse(`The file must have the columns: ${required.join(', ')} (missing ${missing.join(', ')}).`);
      continue;
    }
    if (out.length >= IMPORT_MAX_ROWS) refuse(`The file must not have more than ${IMPORT_MAX_ROWS} rows.`);
    const cells: Record<string, string> = Object.create(null);
    headers.forEach((name, index) => {
      if (name) cells[name] = values[index] ?? '';
    });
    out.push({ row, cells });
  }
  if (!headers) refuse('The file is empty.');
  return out;
}

async function* xlsxRows(bytes: Buffer) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = (row.values as unknown[]).slice(1).map(cellText);
      yield { row: row.number, values };
    }
    // The first sheet only: templates have one, and a second would be a different list.
    return;
  }
}

async function* csvRows(bytes: Buffer) {
  const firstLine = bytes.subarray(0, 4096).toString('utf8').split(/\r?\n/)[0] ?? '';
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const parser = Readable.from([bytes]).pipe(
    parse({
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: 64 * 1024,
      info: true,
    }),
  );
  for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    yield { row: record.info.lines, values: record.record.map((value) => value.trim()) };
  }
}

function looksLikeText(bytes: Buffer) {
  return !bytes.subarray(0, 8192).includes(0);
}

/**
 * Reads an uploaded import (csv or xlsx), told apart by content, not by name: an .xlsx is a zip (checked as
 * one first) read with exceljs's streaming reader; anything else must be text and is read with csv-parse. A
 * malformed file is a 422 on `file`, never a 500.
 */
export async function readImportFile(file: unknown, required: readonly string[]): Promise<SheetRow[]> {
  if (!(file instanceof File)) refuse('The file field is required.');
  if (file.size === 0) refuse('The file is empty.');
  if (file.size > IMPORT_MAX_BYTES)
    refuse(`The file must not be greater than ${IMPORT_MAX_BYTES / 1024} kilobytes.`);
  const bytes = Buffer.from(await file.arrayBuffer());
  const isZip = bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
  try {
    if (isZip) {
      checkZip(bytes);
      return await collect(xlsxRows(bytes), required);
    }
    if (!looksLikeText(bytes)) refuse('The file must be a file of type: csv, xlsx.');
    return await collect(csvRows(bytes), required);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    refuse(isZip ? 'The file is not a valid xlsx file.' : 'The file is not a valid csv file.');
  }
}
