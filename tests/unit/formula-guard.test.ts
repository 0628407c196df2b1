import { describe, expect, it } from 'vitest';
import { safeText } from '../../api/domains/export/workbook';

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
