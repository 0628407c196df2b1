import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { jakartaTimestamp } from '../rollup/service';

export type ExportColumn<T> = {
  header: string;
  width?: number;
  /** `money` and `number` become numeric cells; everything else text. */
  type?: 'text' | 'money' | 'number';
  value(row: T): string | number | null | undefined;
};

/** Rows per database read: large enough to keep round trips few, small enough to keep memory flat. */
export const EXPORT_BATCH = 2000;

/**
 * A text cell a spreadsheet would take for a formula (= + - @, or a tab or carriage return first) is
 * prefixed with `'`, so it reads as the text it is.
 */
export function safeText(value: string) {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cell<T>(column: ExportColumn<T>, row: T): string | number | null {
  const value = column.value(row);
  if (value === null || value === undefined) return null;
  if (column.type === 'money' || column.type === 'number') {
    const number = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(number) ? number : null;
  }
  return safeText(String(value));
}

/** `YYYY-MM-DD HH:mm:ss order.xlsx`, Jakarta time, as the spec names export files. */
export function exportFileName(now: Date, name: string) {
  return `${jakartaTimestamp(now)} ${name}.xlsx`;
}

/**
 * Streams an .xlsx: exceljs' streaming writer into a PassThrough that is the response body, fed batch by
 * batch from `batches` (keyset reads), waiting whenever the client reads slower than the rows come, so
 * memory stays flat however many rows there are. A client that goes away stops the reads.
 */
export function streamWorkbook<T>(input: {
  fileName: string;
  sheetName: string;
  columns: ExportColumn<T>[];
  batches: AsyncIterable<T[]>;
}): Response {
  const body = new PassThrough();
  let closed = false;
  body.once('close', () => {
    closed = true;
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: body,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(input.sheetName);
  sheet.columns = input.columns.map((column, index) => ({ key: String(index), width: column.width ?? 18 }));

  async function write() {
    sheet.addRow(input.columns.map((column) => column.header)).commit();
    for await (const batch of input.batches) {
      if (closed) return;
      for (const row of batch) sheet.addRow(input.columns.map((column) => cell(column, row))).commit();
      if (body.writableNeedDrain) await Promise.race([once(body, 'drain'), once(body, 'close')]);
    }
    sheet.commit();
    await workbook.commit();
  }
  write().catch((error: unknown) => {
    console.error('export failed', error);
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });

  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="${input.fileName}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    },
  });
}
