/**
 * Snapshots of durable data in binary: each database's table of field names, then each document
 * as the packed bytes the store keeps (model/packed.ts), so that loading one copies each document
 * into the arena instead of parsing JSON and packing it again (at a million leads, 2.9 GB of JSON
 * lines took minutes to parse and pack; the packed form is about 640 bytes a lead).
 *
 * Layout: the 8-byte magic, then records `[kind u8][length u32 LE][payload]`:
 * - 1, a database: its name, a newline, and its name table as a JSON array of strings;
 * - 2, a document of the last database: create time and update time (f64 LE, microseconds), the
 *   path's UTF-8 length (u32 LE), the path, the packed bytes;
 * - 3, the end: the number of documents (f64 LE). Only a complete file ends with it.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

const MAGIC = Buffer.from('FSEMUSN1', 'latin1');
const DB = 1;
const DOC = 2;
const END = 3;
const HEAD = 5;
const END_BYTES = HEAD + 8;
const FLUSH_AT = 4 << 20;
const READ_CHUNK = 16 << 20;

/** A document as a snapshot holds it. */
export interface PackedDoc {
  path: string;
  bytes: Uint8Array;
  createTime: number;
  updateTime: number;
}

/** One database of a snapshot: its name table (the packed bytes' field names) and documents. */
export interface SnapshotDatabase {
  name: string;
  names: readonly string[];
  docs: Iterable<PackedDoc>;
}

/** Writes a snapshot of `dbs` to `h` (from its current position); returns the bytes written. */
export async function writeSnapshot(
  h: FileHandle,
  dbs: Iterable<SnapshotDatabase>,
): Promise<number> {
  let buf = Buffer.allocUnsafe(FLUSH_AT * 2);
  let pos = 0;
  let total = 0;
  let count = 0;
  const room = (n: number) => {
    if (pos + n <= buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(buf.length * 2, pos + n));
    buf.copy(bigger, 0, 0, pos);
    buf = bigger;
  };
  const flush = async () => {
    await h.write(buf, 0, pos);
    total += pos;
    pos = 0;
  };
  const head = (kind: number, length: number) => {
    room(HEAD + length);
    buf[pos] = kind;
    buf.writeUInt32LE(length, pos + 1);
    pos += HEAD;
  };
  room(MAGIC.length);
  pos += MAGIC.copy(buf, pos);
  for (const db of dbs) {
    const header = Buffer.from(`${db.name}\n${JSON.stringify(db.names)}`, 'utf8');
    head(DB, header.length);
    pos += header.copy(buf, pos);
    for (const d of db.docs) {
      const pathBytes = Buffer.byteLength(d.path);
      head(DOC, 20 + pathBytes + d.bytes.length);
      buf.writeDoubleLE(d.createTime, pos);
      buf.writeDoubleLE(d.updateTime, pos + 8);
      buf.writeUInt32LE(pathBytes, pos + 16);
      pos += 20;
      pos += buf.write(d.path, pos, 'utf8');
      buf.set(d.bytes, pos);
      pos += d.bytes.length;
      count++;
      if (pos >= FLUSH_AT) await flush();
    }
  }
  head(END, 8);
  buf.writeDoubleLE(count, pos);
  pos += 8;
  await flush();
  return total;
}

/** What reading a snapshot hands on. `bytes` is valid during the call only. */
export interface SnapshotReader {
  database(name: string, names: string[]): void;
  document(path: string, bytes: Buffer, createTime: number, updateTime: number): void;
}

/**
 * Reads a snapshot into `into`, in large reads; false (and nothing handed on) when the file is not
 * a complete snapshot, as one cut short.
 */
export function readSnapshot(file: string, into: SnapshotReader): boolean {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size < MAGIC.length + END_BYTES) return false;
    const probe = Buffer.alloc(Math.max(MAGIC.length, END_BYTES));
    readSync(fd, probe, 0, MAGIC.length, 0);
    if (!probe.subarray(0, MAGIC.length).equals(MAGIC)) return false;
    readSync(fd, probe, 0, END_BYTES, size - END_BYTES);
    if (probe[0] !== END || probe.readUInt32LE(1) !== 8) return false;
    const expected = probe.readDoubleLE(HEAD);

    let buf = Buffer.allocUnsafe(READ_CHUNK);
    let filled = 0;
    let start = 0;
    let fileAt = MAGIC.length;
    let count = 0;
    let inDb = false;
    for (;;) {
      // A whole record in [start, filled)? Else move what is left to the front and read more.
      if (filled - start >= HEAD) {
        const kind = buf[start];
        const len = buf.readUInt32LE(start + 1);
        if (filled - start >= HEAD + len) {
          const at = start + HEAD;
          start = at + len;
          if (kind === END) return count === expected;
          if (kind === DB) {
            const text = buf.toString('utf8', at, at + len);
            const nl = text.indexOf('\n');
            into.database(text.slice(0, nl), JSON.parse(text.slice(nl + 1)) as string[]);
            inDb = true;
          } else if (kind === DOC && inDb) {
            const pathLen = buf.readUInt32LE(at + 16);
            const path = buf.toString('utf8', at + 20, at + 20 + pathLen);
            const bytes = buf.subarray(at + 20 + pathLen, at + len);
            into.document(path, bytes, buf.readDoubleLE(at), buf.readDoubleLE(at + 8));
            count++;
          } else return false;
          continue;
        }
        if (HEAD + len > buf.length) {
          const bigger = Buffer.allocUnsafe(HEAD + len);
          buf.copy(bigger, 0, start, filled);
          buf = bigger;
          filled -= start;
          start = 0;
        }
      }
      if (start > 0) {
        buf.copy(buf, 0, start, filled);
        filled -= start;
        start = 0;
      }
      const n = readSync(fd, buf, filled, buf.length - filled, fileAt);
      if (n === 0) return false;
      fileAt += n;
      filled += n;
    }
  } finally {
    closeSync(fd);
  }
}
