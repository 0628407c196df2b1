import { Readable, type Transform, type TransformCallback, type Writable } from 'node:stream';

/** What the parts of an .xlsx may add up to once inflated, and how many parts it may have. */
export const ZIP_MAX_INFLATED_BYTES = 200 * 1024 * 1024;
export const ZIP_MAX_ENTRIES = 500;
/**
 * How far one part may inflate beyond its compressed bytes, once it has inflated past a grace size. A
 * spreadsheet's XML deflates about 4 to 15 times (200,000 identical rows: 14 ×); a part that inflates 100 times
 * what it read is a bomb, and stops within a megabyte or so rather than at the total limit (Apache POI's
 * ZipSecureFile keeps the same 1 % floor). Whatever the archive declares plays no part.
 */
export const ZIP_MAX_INFLATION_RATIO = 100;
export const ZIP_RATIO_GRACE_BYTES = 128 * 1024;

export type InflationLimit = 'inflated' | 'ratio' | 'entries';

export type InflationGuard = {
  /** The archive's bytes for the reader: the reader's own unzip is watched as it inflates them. */
  input: Readable;
  /** Why reading stopped, once a limit was passed. */
  exceeded(): InflationLimit | null;
  /** The bytes inflated so far, over every part. */
  inflated(): number;
};

type ZipEntry = Transform & { path?: string };

/**
 * Counts the bytes an .xlsx reader actually inflates, on the one stream it reads (docs/decisions/047): a zip's own
 * directory may declare any sizes, so only what comes out of the inflater counts. exceljs's WorkbookReader
 * pipes its input into an unzip parser that pushes one pass-through stream per entry, fed by that entry's
 * inflater; the guard sees the parser as it is piped to, each entry as it is pushed, and each inflated piece
 * as it passes. Past either limit it stops the inflater, ends the entry (so whatever reads it finishes rather
 * than waits) and fails the parser, so the reader's next step throws and nothing more is inflated.
 */
export function guardInflation(bytes: Buffer): InflationGuard {
  const input = Readable.from([bytes]);
  let inflated = 0;
  let entries = 0;
  let exceeded: InflationLimit | null = null;
  let parser: Writable | null = null;

  function stop(reason: InflationLimit, entry?: ZipEntry, inflater?: Readable) {
    exceeded ??= reason;
    inflater?.destroy();
    entry?.push(null);
    parser?.destroy(new Error(`the archive passed its ${reason} limit`));
    input.destroy();
  }

  function watchEntry(entry: ZipEntry) {
    // The part's inflater (zlib's, whose bytesWritten counts the compressed bytes it has read) or, for a stored
    // part, a pass-through that inflates nothing.
    let inflater: (Readable & { bytesWritten?: number }) | undefined;
    let part = 0;
    entry.once('pipe', (source: Readable) => {
      inflater = source;
    });
    entry._transform = (chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) => {
      if (exceeded) return done();
      inflated += chunk.length;
      part += chunk.length;
      const read = inflater?.bytesWritten;
      if (inflated > ZIP_MAX_INFLATED_BYTES) {
        stop('inflated', entry, inflater);
        return done();
      }
      if (part > ZIP_RATIO_GRACE_BYTES && read !== undefined && part > read * ZIP_MAX_INFLATION_RATIO) {
        stop('ratio', entry, inflater);
        return done();
      }
      done(null, chunk);
    };
  }

  const pipe = input.pipe.bind(input);
  input.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }) => {
    const unzip = destination as unknown as Writable & { push(entry: unknown): boolean };
    parser = unzip;
    const push = unzip.push.bind(unzip);
    unzip.push = (entry: unknown) => {
      if (entry && typeof entry === 'object' && 'path' in entry) {
        entries += 1;
        if (entries > ZIP_MAX_ENTRIES) stop('entries', entry as ZipEntry);
        else watchEntry(entry as ZipEntry);
      }
      return push(entry);
    };
    return pipe(destination, options);
  };

  return { input, exceeded: () => exceeded, inflated: () => inflated };
}
