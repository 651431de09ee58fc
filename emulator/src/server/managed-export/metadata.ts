/**
 * The two metadata files of a managed export (layout as written by `gcloud firestore export` and
 * the official emulator's export):
 *
 * - `{name}.overall_export_metadata`: a LevelDB log of two records, the marker `3` and a message
 *   listing each partition: `{1: {1: version 2, 3: version 3}, 2: its metadata file (relative),
 *   3: entity count, 4: byte count}`.
 * - `all_namespaces/all_kinds/all_namespaces_all_kinds.export_metadata` (or `kind_X/...` for an
 *   export of some collections): a bare message `{1: {1: export name, 2: start µs, 3: end µs},
 *   2: {1: namespace "", 2: output file, 2: output file...}}`.
 */
import { LogError, readLog, writeLog } from './leveldb-log.js';
import { ProtoReader, ProtoWriter, WireError, WireType } from './wire.js';

export interface PartitionEntry {
  /** The partition's metadata file, relative to the overall file's directory. */
  file: string;
  entities: number;
  bytes: number;
}

export interface PartitionMetadata {
  exportName: string;
  startMicros: number;
  endMicros: number;
  /** Output files, relative to the partition metadata's directory. */
  outputs: string[];
}

const MARKER = 0x33;

/** A relative path that stays inside the export directory. */
function checkRelative(file: string, what: string): string {
  if (!file || file.startsWith('/') || file.includes('\\') || file.split('/').includes('..')) {
    throw new WireError(`${what} names ${JSON.stringify(file)}, which is not inside the export`);
  }
  return file;
}

export function encodeOverall(entries: PartitionEntry[]): Buffer {
  const w = new ProtoWriter();
  for (const e of entries) {
    w.message(1, (m) => {
      m.message(1, (v) => {
        v.uint(1, 2);
        v.uint(3, 3);
      });
      m.string(2, e.file);
      m.uint(3, e.entities);
      m.uint(4, e.bytes);
    });
  }
  return writeLog([Uint8Array.of(MARKER), w.finish()]);
}

export function decodeOverall(bytes: Uint8Array): PartitionEntry[] {
  const records: Uint8Array[] = [];
  readLog(bytes, (r) => records.push(r));
  const body = records.find((r) => !(r.length === 1 && r[0] === MARKER));
  if (!body) throw new LogError('the overall export metadata lists no partition');
  const out: PartitionEntry[] = [];
  const r = new ProtoReader(body);
  for (let t = r.next(); t; t = r.next()) {
    if (t.field !== 1 || t.type !== WireType.Delimited) {
      r.skip(t.field, t.type);
      continue;
    }
    const e = new ProtoReader(r.delimited());
    const entry: PartitionEntry = { file: '', entities: 0, bytes: 0 };
    for (let f = e.next(); f; f = e.next()) {
      if (f.field === 2 && f.type === WireType.Delimited) entry.file = e.string();
      else if (f.field === 3 && f.type === WireType.Varint) entry.entities = e.varintNumber();
      else if (f.field === 4 && f.type === WireType.Varint) entry.bytes = e.varintNumber();
      else e.skip(f.field, f.type);
    }
    checkRelative(entry.file, 'the overall export metadata');
    out.push(entry);
  }
  if (!out.length) throw new WireError('the overall export metadata lists no partition');
  return out;
}

export function encodePartition(m: PartitionMetadata): Buffer {
  const w = new ProtoWriter();
  w.message(1, (h) => {
    h.string(1, m.exportName);
    h.uint(2, m.startMicros);
    h.uint(3, m.endMicros);
  });
  w.message(2, (o) => {
    o.string(1, '');
    for (const f of m.outputs) o.string(2, f);
  });
  return w.finish();
}

export function decodePartition(bytes: Uint8Array): PartitionMetadata {
  const m: PartitionMetadata = { exportName: '', startMicros: 0, endMicros: 0, outputs: [] };
  const r = new ProtoReader(bytes);
  for (let t = r.next(); t; t = r.next()) {
    if (t.field === 1 && t.type === WireType.Delimited) {
      const h = new ProtoReader(r.delimited());
      for (let f = h.next(); f; f = h.next()) {
        if (f.field === 1 && f.type === WireType.Delimited) m.exportName = h.string();
        else if (f.field === 2 && f.type === WireType.Varint) m.startMicros = h.varintNumber();
        else if (f.field === 3 && f.type === WireType.Varint) m.endMicros = h.varintNumber();
        else h.skip(f.field, f.type);
      }
    } else if (t.field === 2 && t.type === WireType.Delimited) {
      const o = new ProtoReader(r.delimited());
      for (let f = o.next(); f; f = o.next()) {
        if (f.field === 2 && f.type === WireType.Delimited) {
          m.outputs.push(checkRelative(o.string(), 'the partition metadata'));
        } else o.skip(f.field, f.type);
      }
    } else r.skip(t.field, t.type);
  }
  if (!m.outputs.length) throw new WireError('the partition metadata names no output file');
  return m;
}
