import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxEntries, type Cell } from '../../api/domains/export/xlsx';
import { zipStream } from '../../api/domains/export/zip';

async function* batchesOf(rows: Cell[][], size: number) {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

async function sheetsOf(rows: Cell[][], batchSize: number, rowsPerSheet: number) {
  const chunks: Buffer[] = [];
  const entries = xlsxEntries({
    sheetName: 'Data',
    widths: [10, 10],
    header: ['Nomor', 'Total'],
    rows: batchesOf(rows, batchSize),
    rowsPerSheet,
  });
  for await (const chunk of zipStream(entries, new Date('2026-06-02T03:00:00Z'))) chunks.push(chunk);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => ({
    name: sheet.name,
    rows: sheet
      .getSheetValues()
      .filter(Boolean)
      .map((row) => (row as Cell[]).slice(1)),
  }));
}

const rows = (count: number): Cell[][] =>
  Array.from({ length: count }, (_, index) => [`SO-${index + 1}`, index]);

describe('xlsxEntries', () => {
  it('goes on to a new sheet, header first, when a sheet is full, keeping every row in order', async () => {
    const sheets = await sheetsOf(rows(7), 3, 4);

    expect(sheets.map((sheet) => sheet.name)).toEqual(['Data', 'Data (2)', 'Data (3)']);
    for (const sheet of sheets) expect(sheet.rows[0]).toEqual(['Nomor', 'Total']);
    expect(sheets.flatMap((sheet) => sheet.rows.slice(1))).toEqual(rows(7));
    expect(sheets.map((sheet) => sheet.rows.length)).toEqual([4, 4, 2]);
  });

  it('starts no empty sheet when the rows fill the last one exactly', async () => {
    const sheets = await sheetsOf(rows(6), 4, 4);

    expect(sheets.map((sheet) => sheet.rows.length)).toEqual([4, 4]);
    expect(sheets.flatMap((sheet) => sheet.rows.slice(1))).toEqual(rows(6));
  });

  it('stops reading rows, and closes their source, when the zip is abandoned part way', async () => {
    let read = 0;
    let closed = false;
    async function* source() {
      try {
        for (let batch = 0; batch < 1000; batch++) {
          read += 1;
          yield Array.from({ length: 100 }, (): Cell[] => [randomBytes(512).toString('hex'), batch]);
        }
      } finally {
        closed = true;
      }
    }
    const entries = xlsxEntries({ sheetName: 'Data', widths: [10, 10], header: ['A', 'B'], rows: source() });
    const zip = zipStream(entries, new Date());
    for (let piece = 0; piece < 20; piece++) await zip.next();

    await zip.return(undefined);

    expect(closed).toBe(true);
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(100);
  });

  it('writes one sheet with only the header when there are no rows', async () => {
    const sheets = await sheetsOf([], 3, 4);

    expect(sheets).toEqual([{ name: 'Data', rows: [['Nomor', 'Total']] }]);
  });
});
