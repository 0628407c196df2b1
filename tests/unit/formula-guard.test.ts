import { describe, expect, it } from 'vitest';
import { safeText, unguardText } from '../../api/domains/export/workbook';

describe('a text cell of an export', () => {
  it.each(['=', '+', '-', '@', '\t', '\r'])(
    'starting with %j is written as text, behind an apostrophe',
    (first) => {
      expect(safeText(`${first}HYPERLINK("http://evil.test")`)).toBe(
        `'${first}HYPERLINK("http://evil.test")`,
      );
    },
  );

  it('is left as it is when nothing a spreadsheet evaluates leads it', () => {
    for (const text of ['Siti Rahayu', '0812-3456', ' =1+1', "'quoted", ''])
      expect(safeText(text)).toBe(text);
  });
});

describe('a text cell read back from an upload', () => {
  it('loses exactly the apostrophe the export put before it, so every text reads back as written', () => {
    for (const text of [
      '=1+1',
      '+62812',
      '-SKU',
      '@user',
      '\tTAB',
      '\rCR',
      "'=1+1",
      "''@x",
      "'quoted",
      "'",
      'SKU-1',
      '',
    ])
      expect(unguardText(safeText(text))).toBe(text);
  });

  it('keeps an apostrophe the export did not add', () => {
    for (const text of ["'quoted", "'", "' =1", "'0812"]) expect(unguardText(text)).toBe(text);
  });
});
