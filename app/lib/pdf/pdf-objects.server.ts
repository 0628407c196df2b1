/**
 * The few PDF object types the joiner needs (ISO 32000-1 §7.3), read from and written back to bytes. Scalars
 * (numbers, names, strings, booleans, null) keep their source text, so nothing is reformatted on the way
 * through; only references, arrays and dictionaries are taken apart.
 */
export class PdfAtom {
  constructor(readonly text: string) {}
}

export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen = 0,
  ) {}
}

export type PdfDict = Map<string, PdfValue>;
export type PdfValue = PdfAtom | PdfRef | PdfValue[] | PdfDict;

export function isDict(value: PdfValue | undefined): value is PdfDict {
  return value instanceof Map;
}

export function nameOf(value: PdfValue | undefined): string | null {
  return value instanceof PdfAtom && value.text.startsWith('/') ? value.text : null;
}

export function integerOf(value: PdfValue | undefined): number | null {
  if (!(value instanceof PdfAtom) || !/^[+-]?\d+$/.test(value.text)) return null;
  return Number(value.text);
}

export function numberOf(value: PdfValue | undefined): number | null {
  if (!(value instanceof PdfAtom) || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(value.text)) return null;
  return Number(value.text);
}

export class PdfSyntaxError extends Error {
  constructor(message: string, at: number) {
    super(`${message} at byte ${at}`);
    this.name = 'PdfSyntaxError';
  }
}

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

/** Reads PDF syntax from `bytes`, starting wherever `at` is set. */
export class PdfReader {
  at = 0;

  constructor(readonly bytes: Buffer) {}

  skipSpace() {
    const { bytes } = this;
    while (this.at < bytes.length) {
      const byte = bytes[this.at];
      if (WHITESPACE.has(byte)) this.at++;
      else if (byte === 0x25) {
        while (this.at < bytes.length && bytes[this.at] !== 0x0a && bytes[this.at] !== 0x0d) this.at++;
      } else break;
    }
  }

  /** A regular token (a number, keyword or the body of a name), without moving past whitespace after it. */
  token(): string {
    const start = this.at;
    const { bytes } = this;
    while (this.at < bytes.length && !WHITESPACE.has(bytes[this.at]) && !DELIMITERS.has(bytes[this.at])) {
      this.at++;
    }
    return bytes.toString('latin1', start, this.at);
  }

  /** The keyword or number next, after whitespace, without consuming it. */
  peekToken(): string {
    const saved = this.at;
    this.skipSpace();
    const token = this.token();
    this.at = saved;
    return token;
  }

  expect(keyword: string) {
    this.skipSpace();
    const start = this.at;
    const token = this.token();
    if (token !== keyword)
      throw new PdfSyntaxError(`expected ${keyword}, found "${token.slice(0, 20)}"`, start);
  }

  value(): PdfValue {
    this.skipSpace();
    const { bytes } = this;
    const start = this.at;
    const byte = bytes[this.at];
    if (byte === undefined) throw new PdfSyntaxError('unexpected end of data', start);
    if (byte === 0x3c && bytes[this.at + 1] === 0x3c) return this.dict();
    if (byte === 0x3c) {
      const end = bytes.indexOf(0x3e, this.at);
      if (end < 0) throw new PdfSyntaxError('unterminated hex string', start);
      this.at = end + 1;
      return new PdfAtom(bytes.toString('latin1', start, this.at));
    }
    if (byte === 0x28) return this.literalString();
    if (byte === 0x5b) {
      this.at++;
      const items: PdfValue[] = [];
      for (;;) {
        this.skipSpace();
        if (bytes[this.at] === 0x5d) {
          this.at++;
          return items;
        }
        if (this.at >= bytes.length) throw new PdfSyntaxError('unterminated array', start);
        items.push(this.value());
      }
    }
    if (byte === 0x2f) {
      this.at++;
      return new PdfAtom(`/${this.token()}`);
    }
    const token = this.token();
    if (token === '') throw new PdfSyntaxError(`unexpected "${String.fromCharCode(byte)}"`, start);
    if (/^\d+$/.test(token)) {
      // `num gen R` is a reference; anything else leaves the reader after the number.
      const after = this.at;
      this.skipSpace();
      const gen = this.token();
      if (/^\d+$/.test(gen)) {
        this.skipSpace();
        if (this.token() === 'R') return new PdfRef(Number(token), Number(gen));
      }
      this.at = after;
    }
    return new PdfAtom(token);
  }

  private dict(): PdfDict {
    const { bytes } = this;
    const start = this.at;
    this.at += 2;
    const dict: PdfDict = new Map();
    for (;;) {
      this.skipSpace();
      if (bytes[this.at] === 0x3e && bytes[this.at + 1] === 0x3e) {
        this.at += 2;
        return dict;
      }
      if (this.at >= bytes.length) throw new PdfSyntaxError('unterminated dictionary', start);
      const key = this.value();
      const name = nameOf(key);
      if (!name) throw new PdfSyntaxError('a dictionary key must be a name', this.at);
      dict.set(name, this.value());
    }
  }

  private literalString(): PdfAtom {
    const { bytes } = this;
    const start = this.at;
    let depth = 0;
    while (this.at < bytes.length) {
      const byte = bytes[this.at++];
      if (byte === 0x5c) this.at++;
      else if (byte === 0x28) depth++;
      else if (byte === 0x29 && --depth === 0) return new PdfAtom(bytes.toString('latin1', start, this.at));
    }
    throw new PdfSyntaxError('unterminated string', start);
  }
}

/** PDF syntax for `value`; entries and items are separated by whitespace, so no token runs into the next. */
export function writeValue(value: PdfValue): string {
  if (value instanceof PdfAtom) return value.text;
  if (value instanceof PdfRef) return `${value.num} ${value.gen} R`;
  if (Array.isArray(value)) return `[${value.map(writeValue).join(' ')}]`;
  const entries: string[] = [];
  for (const [key, item] of value) entries.push(`${key} ${writeValue(item)}`);
  return `<<${entries.join('\n')}>>`;
}

/** `value` with every reference passed through `map`; dictionaries and arrays are copied, scalars shared. */
export function mapRefs(value: PdfValue, map: (ref: PdfRef) => PdfRef): PdfValue {
  if (value instanceof PdfRef) return map(value);
  if (value instanceof PdfAtom) return value;
  if (Array.isArray(value)) return value.map((item) => mapRefs(item, map));
  const copy: PdfDict = new Map();
  for (const [key, item] of value) copy.set(key, mapRefs(item, map));
  return copy;
}
