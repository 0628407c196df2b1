import { pipeline, Readable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/** One file of a zip: its text whole, or its bytes as they come. */
export type ZipEntry = { name: string; content: string | AsyncIterable<Buffer> };

type Written = {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
  streamed: boolean;
};

/**
 * zlib level 1. On the sheet of 101,429 orders (65 MiB of XML) it deflates in 0.7 s to 9.9 MiB; level 3 takes
 * 1.1 s for 9.2 MiB, the default 6 takes 2.8 s for 8.2 MiB, longer than the rest of the export together.
 */
const LEVEL = 1;
const DEFLATE = 8;
/** Sizes and crc follow the data (general purpose flag bit 3), so a streamed entry needs no buffering. */
const STREAMED = 0x0008;
const UINT32_MAX = 0xffffffff;

/** Zip times carry no zone; these are UTC. */
function dosTime(date: Date) {
  const time = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1);
  const day = ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  return { time, day };
}

function within32Bits(entry: Written) {
  if (entry.size > UINT32_MAX || entry.compressed > UINT32_MAX || entry.offset > UINT32_MAX) {
    throw new Error(`zip entry ${entry.name.toString()} is past 4 GiB, which needs zip64`);
  }
}

function localHeader(entry: Written, modified: Date) {
  const { time, day } = dosTime(modified);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(entry.streamed ? STREAMED : 0, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(day, 12);
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(entry.compressed, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  return Buffer.concat([header, entry.name]);
}

function dataDescriptor(entry: Written) {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  descriptor.writeUInt32LE(entry.compressed, 8);
  descriptor.writeUInt32LE(entry.size, 12);
  return descriptor;
}

function centralDirectory(entries: Written[], offset: number, modified: Date) {
  const { time, day } = dosTime(modified);
  const records = entries.map((entry) => {
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(entry.streamed ? STREAMED : 0, 8);
    record.writeUInt16LE(DEFLATE, 10);
    record.writeUInt16LE(time, 12);
    record.writeUInt16LE(day, 14);
    record.writeUInt32LE(entry.crc, 16);
    record.writeUInt32LE(entry.compressed, 20);
    record.writeUInt32LE(entry.size, 24);
    record.writeUInt16LE(entry.name.length, 28);
    record.writeUInt32LE(entry.offset, 42);
    return Buffer.concat([record, entry.name]);
  });
  const directory = Buffer.concat(records);
  if (offset > UINT32_MAX) throw new Error('zip central directory is past 4 GiB, which needs zip64');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([directory, end]);
}

/** Counts and checksums the bytes on their way to the deflater. */
async function* measured(source: AsyncIterable<Buffer>, entry: Written) {
  for await (const chunk of source) {
    entry.crc = crc32(chunk, entry.crc);
    entry.size += chunk.length;
    yield chunk;
  }
}

/**
 * A zip archive as it is written, entry after entry. A streamed entry is read only as fast as the zip is
 * consumed (the deflater pulls from it), and stopping the iteration stops the entry's source too.
 */
export async function* zipStream(
  entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>,
  modified: Date,
): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  for await (const { name, content } of entries) {
    const entry: Written = {
      name: Buffer.from(name),
      offset,
      crc: 0,
      compressed: 0,
      size: 0,
      streamed: typeof content !== 'string',
    };
    written.push(entry);
    if (typeof content === 'string') {
      const bytes = Buffer.from(content);
      const data = deflateRawSync(bytes, { level: LEVEL });
      Object.assign(entry, { crc: crc32(bytes), size: bytes.length, compressed: data.length });
      const header = localHeader(entry, modified);
      offset += header.length + data.length;
      yield Buffer.concat([header, data]);
      continue;
    }
    const header = localHeader(entry, modified);
    offset += header.length;
    yield header;
    const deflater = createDeflateRaw({ level: LEVEL });
    // Errors reach the loop below: pipeline destroys the deflater with them.
    pipeline(Readable.from(measured(content, entry)), deflater, () => undefined);
    for await (const chunk of deflater as AsyncIterable<Buffer>) {
      entry.compressed += chunk.length;
      yield chunk;
    }
    within32Bits(entry);
    const descriptor = dataDescriptor(entry);
    offset += entry.compressed + descriptor.length;
    yield descriptor;
  }
  written.forEach(within32Bits);
  yield centralDirectory(written, offset, modified);
}
