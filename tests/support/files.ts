import { randomBytes } from 'node:crypto';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import sharp from 'sharp';

/** A real 1×1 PNG image. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart upload form as the web app sends it: the file, disk 'public', path 'file'. */
export function uploadForm(
  bytes: Uint8Array<ArrayBuffer>,
  fileName: string,
  type = 'image/png',
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), fileName);
  for (const [name, value] of Object.entries({ disk: 'public', path: 'file', ...fields }))
    form.append(name, value);
  return form;
}

/** A real image of one colour, made with sharp, for uploads that must decode. */
export async function solidImage({
  format,
  width = 16,
  height = 12,
}: {
  format: 'png' | 'jpeg' | 'gif' | 'webp';
  width?: number;
  height?: number;
}) {
  const image = sharp({ create: { width, height, channels: 3, background: '#2563eb' } });
  return image.toFormat(format).toBuffer();
}

type ZipPart = { name: string; deflated: Buffer; declaredSize: number; crc: number };

/** A zip of deflated parts, each declaring `declaredSize` uncompressed bytes in both of its headers. */
function zipOf(parts: ZipPart[]) {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(part.crc, 14);
    local.writeUInt32LE(part.deflated.length, 18);
    local.writeUInt32LE(part.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(part.crc, 16);
    central.writeUInt32LE(part.deflated.length, 20);
    central.writeUInt32LE(part.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + part.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function honestPart(name: string, text: string): ZipPart {
  const bytes = Buffer.from(text);
  return { name, deflated: deflateRawSync(bytes), declaredSize: bytes.length, crc: crc32(bytes) };
}

const WORKBOOK_PARTS = [
  honestPart(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  ),
  honestPart(
    'xl/workbook.xml',
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
  ),
  honestPart(
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  ),
];

/**
 * An .xlsx whose one sheet declares 1 KiB in both zip headers but inflates to `inflatedBytes` (whitespace in its
 * sheet data): a few MB on the wire. Deflated as a stream, so making it holds no more than the output. With
 * `spreadsheetRatio`, every 64 KiB of whitespace carries a comment of random hex, so the sheet inflates only about
 * 50 times what it weighs, like a (very repetitive) real sheet, and only the total limit can stop it.
 */
export async function inflatingXlsx(inflatedBytes: number, { spreadsheetRatio = false } = {}) {
  const deflater = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => deflater.on('end', resolve));
  const head =
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  const tail = '</sheetData></worksheet>';
  const blank = Buffer.alloc(spreadsheetRatio ? 64 * 1024 : 1024 * 1024, 0x20);
  deflater.write(head);
  for (let written = 0; written < inflatedBytes; written += blank.length) {
    if (!deflater.write(blank)) await new Promise((resolve) => deflater.once('drain', resolve));
    if (spreadsheetRatio) deflater.write(`<!--${randomBytes(1280).toString('hex')}-->`);
  }
  deflater.end(tail);
  await done;
  const sheet = {
    name: 'xl/worksheets/sheet1.xml',
    deflated: Buffer.concat(out),
    declaredSize: 1024,
    crc: 0,
  };
  return zipOf([...WORKBOOK_PARTS, sheet]);
}

/** An .xlsx of `count` parts: the workbook's, then empty ones, each honest about its size. */
export function manyPartXlsx(count: number) {
  const filler = Array.from({ length: count - WORKBOOK_PARTS.length }, (_, index) =>
    honestPart(`xl/media/part${index}.xml`, ''),
  );
  return zipOf([...WORKBOOK_PARTS, ...filler]);
}

/** An .xlsx of one sheet holding `rows`, as a spreadsheet program saves it. */
export async function xlsxOf(rows: unknown[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Stok');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}
