import {
  integerOf,
  isDict,
  PdfReader,
  PdfRef,
  PdfSyntaxError,
  type PdfDict,
  type PdfValue,
} from './pdf-objects.server';

/** One indirect object: its value and, for a stream, the stream's bytes exactly as stored (still encoded). */
export type PdfObject = { value: PdfValue; stream: Buffer | null };

/**
 * A PDF as Chromium writes it (Skia: a classic cross-reference table, no object streams), read object by object
 * on demand. A file with cross-reference streams (PDF 1.5+) is refused: nothing this app renders makes one.
 */
export class PdfDocument {
  readonly trailer: PdfDict;
  /** Byte offset of each object in use, by object number. */
  readonly offsets = new Map<number, number>();
  private readonly cache = new Map<number, PdfObject>();
  private readonly reader: PdfReader;

  constructor(readonly bytes: Buffer) {
    this.reader = new PdfReader(bytes);
    const tail = bytes.toString('latin1', Math.max(0, bytes.length - 1024));
    const match = /startxref\s+(\d+)\s*%%EOF\s*$/.exec(tail);
    if (!match) throw new PdfSyntaxError('no startxref', bytes.length);
    let trailer: PdfDict | null = null;
    let next: number | null = Number(match[1]);
    const seen = new Set<number>();
    while (next !== null && !seen.has(next)) {
      seen.add(next);
      const section = this.readXref(next);
      trailer ??= section;
      next = integerOf(section.get('/Prev'));
    }
    if (!trailer) throw new PdfSyntaxError('no trailer', bytes.length);
    this.trailer = trailer;
  }

  /** Reads one xref section at `at` (older sections, read later, never override newer entries). */
  private readXref(at: number): PdfDict {
    const reader = this.reader;
    reader.at = at;
    reader.expect('xref');
    for (;;) {
      reader.skipSpace();
      const first = reader.token();
      if (first === 'trailer') break;
      reader.skipSpace();
      const count = Number(reader.token());
      if (!/^\d+$/.test(first) || !Number.isInteger(count)) {
        throw new PdfSyntaxError('malformed cross-reference table', reader.at);
      }
      for (let index = 0; index < count; index++) {
        reader.skipSpace();
        const offset = Number(reader.token());
        reader.skipSpace();
        reader.token();
        reader.skipSpace();
        const kind = reader.token();
        const num = Number(first) + index;
        if (kind === 'n' && !this.offsets.has(num)) this.offsets.set(num, offset);
      }
    }
    const trailer = reader.value();
    if (!isDict(trailer)) throw new PdfSyntaxError('the trailer is not a dictionary', reader.at);
    return trailer;
  }

  get(num: number): PdfObject {
    const cached = this.cache.get(num);
    if (cached) return cached;
    const offset = this.offsets.get(num);
    if (offset === undefined) throw new PdfSyntaxError(`object ${num} is not in the table`, 0);
    const reader = new PdfReader(this.bytes);
    reader.at = offset;
    reader.expect(String(num));
    reader.skipSpace();
    reader.token();
    reader.expect('obj');
    const value = reader.value();
    let stream: Buffer | null = null;
    if (reader.peekToken() === 'stream') {
      reader.expect('stream');
      // The keyword is followed by CRLF or LF, then the data (ISO 32000-1 §7.3.8.1).
      if (this.bytes[reader.at] === 0x0d) reader.at++;
      if (this.bytes[reader.at] === 0x0a) reader.at++;
      const length = this.resolveInteger(isDict(value) ? value.get('/Length') : undefined);
      if (length === null) throw new PdfSyntaxError(`stream ${num} has no length`, reader.at);
      stream = this.bytes.subarray(reader.at, reader.at + length);
      reader.at += length;
      reader.expect('endstream');
    }
    const object = { value, stream };
    this.cache.set(num, object);
    return object;
  }

  /** `value`, or the object it refers to. */
  resolve(value: PdfValue | undefined): PdfValue | undefined {
    return value instanceof PdfRef ? this.get(value.num).value : value;
  }

  resolveDict(value: PdfValue | undefined): PdfDict | null {
    const resolved = this.resolve(value);
    return isDict(resolved) ? resolved : null;
  }

  private resolveInteger(value: PdfValue | undefined): number | null {
    return integerOf(this.resolve(value));
  }

  /** The number one past the highest object number in use. */
  get size(): number {
    let highest = 0;
    for (const num of this.offsets.keys()) highest = Math.max(highest, num);
    return highest + 1;
  }
}
