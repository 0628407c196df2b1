import type { ZipEntry } from './zip';

/** A cell as the sheet holds it: a number, a text, or nothing. */
export type Cell = string | number | null;

const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';

function contentTypes(sheets: number) {
  let overrides = '';
  for (let sheet = 1; sheet <= sheets; sheet++) {
    overrides += `<Override PartName="/xl/worksheets/sheet${sheet}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`;
  }
  return (
    `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    overrides +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    '</Types>'
  );
}

const PACKAGE_RELS =
  `${HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
  `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

/** rId1 … rIdN are the sheets, rIdN+1 the styles. */
function workbookRels(sheets: number) {
  let relationships = '';
  for (let sheet = 1; sheet <= sheets; sheet++) {
    relationships += `<Relationship Id="rId${sheet}" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet${sheet}.xml"/>`;
  }
  return (
    `${HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">${relationships}` +
    `<Relationship Id="rId${sheets + 1}" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/>` +
    '</Relationships>'
  );
}

function workbook(sheetNames: string[]) {
  const sheets = sheetNames
    .map(
      (name, index) =>
        `<sheet name="${escapeAttribute(name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`,
    )
    .join('');
  return `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets>${sheets}</sheets></workbook>`;
}

/** Only the default cell format (one font, the two fills every styles part starts with, no border). */
const STYLES =
  `${HEAD}<styleSheet xmlns="${MAIN}">` +
  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** Sheet XML is handed to the zip in pieces of about this many characters. */
const PIECE = 64 * 1024;

/** `&`, `<`, `>`, a carriage return (kept as such), and the control characters XML 1.0 cannot hold (dropped). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SPECIAL = /[&<>\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };

function escapeXml(text: string) {
  return text.replace(SPECIAL, (character) => ESCAPES[character] ?? '');
}

function escapeAttribute(text: string) {
  return escapeXml(text).replace(/"/g, '&quot;');
}

/** A, B, … Z, AA, AB, … */
function columnName(index: number) {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

/** Spreadsheets trim a text's outer whitespace unless told to keep it. */
function hasOuterSpace(text: string) {
  return text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32;
}

function rowXml(number: number, references: string[], cells: Cell[]) {
  let xml = `<row r="${number}">`;
  for (let index = 0; index < cells.length; index++) {
    const value = cells[index];
    if (value === null || value === '') continue;
    const reference = `${references[index]}${number}`;
    if (typeof value === 'number') {
      xml += `<c r="${reference}"><v>${value}</v></c>`;
    } else {
      const space = hasOuterSpace(value) ? ' xml:space="preserve"' : '';
      xml += `<c r="${reference}" t="inlineStr"><is><t${space}>${escapeXml(value)}</t></is></c>`;
    }
  }
  return `${xml}</row>`;
}

async function* sheetXml(widths: number[], rows: AsyncIterable<Cell[][]>): AsyncGenerator<Buffer> {
  const references = widths.map((_, index) => columnName(index));
  const columns = widths
    .map((width, index) => `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`)
    .join('');
  let xml = `${HEAD}<worksheet xmlns="${MAIN}"><cols>${columns}</cols><sheetData>`;
  let number = 0;
  for await (const batch of rows) {
    for (const cells of batch) {
      number += 1;
      xml += rowXml(number, references, cells);
      if (xml.length >= PIECE) {
        yield Buffer.from(xml);
        xml = '';
      }
    }
  }
  yield Buffer.from(`${xml}</sheetData></worksheet>`);
}

/** The most rows a sheet can hold, its header included (Excel's limit). */
export const SHEET_ROWS = 1_048_576;

/**
 * The parts of an .xlsx: strings inline (no shared-strings table to hold in memory), no styles beyond the
 * default, and each sheet's XML produced only as the zip asks for it. Rows beyond what one sheet holds go on
 * to the next sheet (`Penjualan`, `Penjualan (2)`, …), each starting with the header; the parts that list
 * the sheets come last, once their number is known.
 */
export async function* xlsxEntries(input: {
  sheetName: string;
  widths: number[];
  header: Cell[];
  rows: AsyncIterable<Cell[][]>;
  rowsPerSheet?: number;
}): AsyncGenerator<ZipEntry> {
  const rowsPerSheet = (input.rowsPerSheet ?? SHEET_ROWS) - 1;
  const source = input.rows[Symbol.asyncIterator]();
  let pending: Cell[][] = [];
  let exhausted = false;
  /** Whether rows are left for another sheet, reading the next batch if need be. */
  async function more() {
    while (pending.length === 0 && !exhausted) {
      const next = await source.next();
      if (next.done) exhausted = true;
      else pending = next.value;
    }
    return pending.length > 0;
  }
  async function* sheetRows(): AsyncGenerator<Cell[][]> {
    yield [input.header];
    let left = rowsPerSheet;
    while (left > 0 && (await more())) {
      const rows = pending.length <= left ? pending : pending.slice(0, left);
      pending = pending.slice(rows.length);
      left -= rows.length;
      yield rows;
    }
  }

  const sheetNames: string[] = [];
  try {
    do {
      sheetNames.push(sheetNames.length ? `${input.sheetName} (${sheetNames.length + 1})` : input.sheetName);
      yield {
        name: `xl/worksheets/sheet${sheetNames.length}.xml`,
        content: sheetXml(input.widths, sheetRows()),
      };
    } while (await more());
  } finally {
    if (!exhausted) await source.return?.();
  }
  yield { name: 'xl/workbook.xml', content: workbook(sheetNames) };
  yield { name: 'xl/_rels/workbook.xml.rels', content: workbookRels(sheetNames.length) };
  yield { name: 'xl/styles.xml', content: STYLES };
  yield { name: '_rels/.rels', content: PACKAGE_RELS };
  yield { name: '[Content_Types].xml', content: contentTypes(sheetNames.length) };
}
