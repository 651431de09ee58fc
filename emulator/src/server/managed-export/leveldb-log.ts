/**
 * The LevelDB log format the export files use (leveldb's doc/log_format.md): the file is a
 * sequence of 32 KiB blocks; a record is written as fragments, each with a 7-byte header
 * (masked CRC-32C of the type byte and the data, little-endian; data length, 2 bytes; type:
 * FULL 1, FIRST 2, MIDDLE 3, LAST 4). A block's tail shorter than a header is zero-filled.
 */

export const BLOCK_SIZE = 32 * 1024;
const HEADER = 7;
const FULL = 1;
const FIRST = 2;
const MIDDLE = 3;
const LAST = 4;

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32C (Castagnoli) of `data`, continuing from `crc`. */
export function crc32c(data: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

/** The masked form stored in headers (so a CRC of data holding CRCs is not trivially related). */
function mask(crc: number): number {
  return (((crc >>> 15) | (crc << 17)) + 0xa282ead8) >>> 0;
}

function fragmentCrc(type: number, data: Uint8Array): number {
  return mask(crc32c(data, crc32c(Uint8Array.of(type))));
}

/** Writes records into the log format, block by block. */
export class LogWriter {
  private readonly chunks: Buffer[] = [];
  /** Bytes written into the current block. */
  private offset = 0;
  private total = 0;

  private emit(b: Buffer): void {
    this.chunks.push(b);
    this.total += b.length;
  }

  add(record: Uint8Array): void {
    let pos = 0;
    let first = true;
    do {
      const left = BLOCK_SIZE - this.offset;
      if (left < HEADER) {
        if (left > 0) this.emit(Buffer.alloc(left));
        this.offset = 0;
        continue;
      }
      const n = Math.min(record.length - pos, left - HEADER);
      const last = pos + n === record.length;
      const type = first ? (last ? FULL : FIRST) : last ? LAST : MIDDLE;
      const data = record.subarray(pos, pos + n);
      const header = Buffer.allocUnsafe(HEADER);
      header.writeUInt32LE(fragmentCrc(type, data), 0);
      header.writeUInt16LE(n, 4);
      header[6] = type;
      this.emit(header);
      this.emit(Buffer.from(data.buffer, data.byteOffset, data.length));
      this.offset += HEADER + n;
      pos += n;
      first = false;
    } while (pos < record.length);
  }

  /** The bytes written so far. */
  get size(): number {
    return this.total;
  }

  finish(): Buffer {
    return Buffer.concat(this.chunks, this.total);
  }
}

/** Encodes records into one log file's bytes. */
export function writeLog(records: Uint8Array[]): Buffer {
  const w = new LogWriter();
  for (const r of records) w.add(r);
  return w.finish();
}

/** Why a log file could not be read: the offset of the bad fragment and what is wrong. */
export class LogError extends Error {}

/**
 * Calls `onRecord` with every record of a log file, in order. A bad checksum, a fragment that
 * runs past its block, or fragments out of order fail the read (an export is never torn).
 */
export function readLog(buf: Uint8Array, onRecord: (record: Uint8Array) => void): void {
  let pos = 0;
  let parts: Uint8Array[] | null = null;
  while (pos < buf.length) {
    const left = BLOCK_SIZE - (pos % BLOCK_SIZE);
    if (left < HEADER) {
      pos += left;
      continue;
    }
    if (pos + HEADER > buf.length) throw new LogError(`truncated header at byte ${pos}`);
    const view = Buffer.from(buf.buffer, buf.byteOffset + pos, HEADER);
    const crc = view.readUInt32LE(0);
    const n = view.readUInt16LE(4);
    const type = view[6];
    if (type === 0 && n === 0 && crc === 0) {
      // Zero padding (a writer that pre-allocated the block): skip to the next block.
      pos += left;
      continue;
    }
    if (HEADER + n > left) throw new LogError(`fragment at byte ${pos} runs past its block`);
    if (pos + HEADER + n > buf.length) throw new LogError(`truncated fragment at byte ${pos}`);
    const data = buf.subarray(pos + HEADER, pos + HEADER + n);
    if (fragmentCrc(type, data) !== crc) throw new LogError(`checksum mismatch at byte ${pos}`);
    if (type === FULL || type === FIRST) {
      if (parts) throw new LogError(`record at byte ${pos} starts inside another`);
      if (type === FULL) onRecord(data);
      else parts = [data];
    } else if (type === MIDDLE || type === LAST) {
      if (!parts) throw new LogError(`fragment at byte ${pos} continues no record`);
      parts.push(data);
      if (type === LAST) {
        onRecord(Buffer.concat(parts));
        parts = null;
      }
    } else {
      throw new LogError(`unknown fragment type ${type} at byte ${pos}`);
    }
    pos += HEADER + n;
  }
  if (parts) throw new LogError('the last record is incomplete');
}
