/**
 * Durable data for `--data DIR`: an append-only journal with group commit (one fsync per batch of
 * concurrent commits) and background compaction into a snapshot. A commit is one checksummed frame,
 * so after a crash it is either wholly replayed or not at all.
 */
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  openSync,
  fstatSync,
  fsyncSync,
  statSync,
  closeSync,
} from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { Engine } from '../engine/index.js';
import type { CommitSink } from '../engine/core.js';
import type { Database } from '../engine/database.js';
import type { DocChange, DocVersion } from '../model/document.js';
import { parseDatabaseName } from '../model/paths.js';
import { Code, RpcError } from '../service.js';
import type { Fields } from '../model/values.js';
import { Packer } from '../model/packed.js';
import type { Store } from '../engine/store.js';
import { readSnapshot, writeSnapshot, type PackedDoc, type SnapshotDatabase } from './snapshot.js';

type DocTuple = [Fields, number, number];
interface Record {
  d: string;
  t: number;
  w?: [string, DocTuple | null][];
  clear?: 1;
}

const COMPACT_MIN_BYTES = 64 * 1024 * 1024;

function journalName(gen: number): string {
  return `journal-${String(gen).padStart(8, '0')}.log`;
}
/** A snapshot as this version writes it (binary, see snapshot.ts). */
function snapshotName(gen: number): string {
  return `snapshot-${String(gen).padStart(8, '0')}.bin`;
}
/** A snapshot as earlier versions wrote it (JSON lines), still read. */
function jsonSnapshotName(gen: number): string {
  return `snapshot-${String(gen).padStart(8, '0')}.jsonl`;
}

function encodeFrame(rec: Record): Buffer {
  const payload = Buffer.from(JSON.stringify(rec), 'utf8');
  const out = Buffer.allocUnsafe(8 + payload.length);
  out.writeUInt32LE(payload.length, 0);
  out.writeUInt32LE(crc32(payload), 4);
  payload.copy(out, 8);
  return out;
}

/** Decodes the complete, intact frames of a journal file (stops at a torn or corrupt tail). */
function* decodeFrames(buf: Buffer): Generator<Record> {
  let off = 0;
  while (off + 8 <= buf.length) {
    const len = buf.readUInt32LE(off);
    const sum = buf.readUInt32LE(off + 4);
    if (off + 8 + len > buf.length) return;
    const payload = buf.subarray(off + 8, off + 8 + len);
    if (crc32(payload) !== sum) return;
    yield JSON.parse(payload.toString('utf8')) as Record;
    off += 8 + len;
  }
}

const READ_CHUNK = 16 * 1024 * 1024;

/**
 * Calls `f` with each line of a file (its bytes [start, end) of `buf`, valid only during the call;
 * a last line without its newline included, an empty last line not); returns the file's size.
 */
function forEachLine(file: string, f: (buf: Buffer, start: number, end: number) => void): number {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    let buf = Buffer.allocUnsafe(READ_CHUNK);
    let kept = 0; // bytes of an unfinished line at the start of buf
    for (;;) {
      if (kept === buf.length) {
        const bigger = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(bigger, 0, 0, kept);
        buf = bigger;
      }
      const n = readSync(fd, buf, kept, buf.length - kept, null);
      const filled = kept + n;
      if (n === 0) {
        if (filled > 0) f(buf, 0, filled);
        return size;
      }
      let start = 0;
      for (let nl = buf.indexOf(10, kept); nl !== -1 && nl < filled; nl = buf.indexOf(10, start)) {
        f(buf, start, nl);
        start = nl + 1;
      }
      kept = filled - start;
      buf.copy(buf, 0, start, filled);
    }
  } finally {
    closeSync(fd);
  }
}

interface Pending {
  buf: Buffer;
  resolve: () => void;
  reject: (e: Error) => void;
}

export class Journal implements CommitSink {
  private gen = 0;
  private handle?: FileHandle;
  private pending: Pending[] = [];
  private flushing?: Promise<void>;
  private bytesSinceSnapshot = 0;
  private lastSnapshotBytes = 0;
  private compacting?: Promise<void>;
  private engine?: Engine;
  private closed = false;

  constructor(
    private readonly dir: string,
    private readonly log: (line: string) => void,
    private readonly compactMinBytes = COMPACT_MIN_BYTES,
  ) {}

  private gens(prefix: string, suffix: string): number[] {
    return readdirSync(this.dir)
      .filter((f) => f.startsWith(prefix) && f.endsWith(suffix))
      .map((f) => Number(f.slice(prefix.length, f.length - suffix.length)))
      .filter((n) => Number.isInteger(n))
      .sort((a, b) => a - b);
  }

  /** Loads the newest snapshot and replays the journals after it into the engine. */
  async recover(engine: Engine): Promise<void> {
    this.engine = engine;
    mkdirSync(this.dir, { recursive: true });
    for (const f of readdirSync(this.dir)) if (f.endsWith('.tmp')) rmSync(path.join(this.dir, f));
    const binary = new Set(this.gens('snapshot-', '.bin'));
    const snaps = [...new Set([...binary, ...this.gens('snapshot-', '.jsonl')])].sort(
      (a, b) => a - b,
    );
    let base = 0;
    for (let i = snaps.length - 1; i >= 0; i--) {
      const g = snaps[i];
      if (binary.has(g) ? this.loadBinary(engine, g) : this.loadSnapshot(engine, g)) {
        base = snaps[i];
        break;
      }
    }
    const journals = this.gens('journal-', '.log').filter((g) => g >= base);
    for (const g of journals) {
      const buf = readFileSync(path.join(this.dir, journalName(g)));
      this.bytesSinceSnapshot += buf.length;
      for (const rec of decodeFrames(buf)) this.apply(engine, rec);
    }
    for (const g of this.gens('journal-', '.log')) {
      if (g < base) rmSync(path.join(this.dir, journalName(g)));
    }
    this.dropSnapshotsBefore(base);
    this.recoveryDbs.clear();
    this.gen = Math.max(base, ...journals, 0) + 1;
    this.handle = await open(path.join(this.dir, journalName(this.gen)), 'a');
    syncDir(this.dir);
  }

  private dropSnapshotsBefore(gen: number): void {
    for (const g of this.gens('snapshot-', '.bin')) {
      if (g < gen) rmSync(path.join(this.dir, snapshotName(g)));
    }
    for (const g of this.gens('snapshot-', '.jsonl')) {
      if (g < gen) rmSync(path.join(this.dir, jsonSnapshotName(g)));
    }
  }

  /**
   * Loads a binary snapshot: each document's packed bytes go into its store as they are when the
   * store's name table is still empty (it takes the snapshot's), else they are unpacked first.
   */
  private loadBinary(engine: Engine, gen: number): boolean {
    const file = path.join(this.dir, snapshotName(gen));
    let store: Store | undefined;
    let dbName = '';
    let unpacker: Packer | undefined;
    let latest = 0;
    const ok = readSnapshot(file, {
      database: (name, names) => {
        dbName = name;
        store = this.recoveryDb(engine, name)?.store;
        unpacker = undefined;
        if (!store) return;
        if (store.packer.names.names.length === 0)
          for (const n of names) store.packer.names.intern(n);
        else {
          unpacker = new Packer();
          for (const n of names) unpacker.names.intern(n);
        }
      },
      document: (p, bytes, createTime, updateTime) => {
        if (!store) return;
        if (updateTime > latest) latest = updateTime;
        if (!unpacker) {
          store.putPacked(p, bytes, createTime, updateTime);
          return;
        }
        const fields = unpacker.unpack(bytes);
        const doc = { name: `${dbName}/documents/${p}`, path: p, fields, createTime, updateTime };
        store.put(p, doc, updateTime, false);
      },
    });
    if (!ok) {
      this.log(`Ignoring incomplete snapshot ${snapshotName(gen)}`);
      return false;
    }
    engine.clock.advanceTo(latest);
    this.lastSnapshotBytes = statSync(file).size;
    return true;
  }

  private loadSnapshot(engine: Engine, gen: number): boolean {
    // Read line by line, never as one string: V8 caps a string at 512 MB, which a snapshot passes
    // at about 170,000 leads. A first pass counts the lines, so that a snapshot cut short (its last
    // line is the count of the documents before it) is ignored before any of it is applied.
    const file = path.join(this.dir, jsonSnapshotName(gen));
    let lines = 0;
    let last = '';
    const bytes = forEachLine(file, (buf, start, end) => {
      lines++;
      last = end - start < 64 ? buf.toString('utf8', start, end) : '';
    });
    let marker: { end?: number } = {};
    try {
      marker = JSON.parse(last) as { end?: number };
    } catch {
      /* a document's line, or a torn one: no marker */
    }
    if (typeof marker.end !== 'number' || marker.end !== lines - 2) {
      this.log(`Ignoring incomplete snapshot ${jsonSnapshotName(gen)}`);
      return false;
    }
    this.lastSnapshotBytes = bytes;
    let i = 0;
    forEachLine(file, (buf, start, end) => {
      i++;
      if (i === 1 || i === lines) return;
      const line = buf.toString('utf8', start, end);
      const [d, p, fields, c, u] = JSON.parse(line) as [string, string, Fields, number, number];
      this.put(engine, d, p, [fields, c, u], u);
    });
    return true;
  }

  private readonly recoveryDbs = new Map<string, Database | null>();

  /** The database of a name during recovery, or null for a project this run does not serve. */
  private recoveryDb(engine: Engine, d: string): Database | null {
    let db = this.recoveryDbs.get(d);
    if (db === undefined) {
      try {
        db = engine.database(parseDatabaseName(d));
      } catch {
        db = null;
      }
      this.recoveryDbs.set(d, db);
    }
    return db;
  }

  private put(engine: Engine, d: string, p: string, t: DocTuple | null, time: number): void {
    const db = this.recoveryDb(engine, d);
    if (!db) return;
    const doc: DocVersion | null = t
      ? { name: `${d}/documents/${p}`, path: p, fields: t[0], createTime: t[1], updateTime: t[2] }
      : null;
    db.store.put(p, doc, time, false);
    engine.clock.advanceTo(time);
  }

  private apply(engine: Engine, rec: Record): void {
    if (rec.clear) {
      try {
        engine.database(parseDatabaseName(rec.d)).store.clear();
      } catch {
        /* not served */
      }
      engine.clock.advanceTo(rec.t);
      return;
    }
    for (const [p, t] of rec.w ?? []) this.put(engine, rec.d, p, t, rec.t);
  }

  append(dbName: string, time: number, changes: DocChange[]): Promise<void> {
    const w: [string, DocTuple | null][] = changes.map((c) => [
      c.path,
      c.after ? [c.after.fields, c.after.createTime, c.after.updateTime] : null,
    ]);
    return this.enqueue(encodeFrame({ d: dbName, t: time, w }));
  }

  appendClear(dbName: string, time: number): Promise<void> {
    return this.enqueue(encodeFrame({ d: dbName, t: time, clear: 1 }));
  }

  private enqueue(buf: Buffer): Promise<void> {
    if (this.closed)
      return Promise.reject(new RpcError(Code.UNAVAILABLE, 'The emulator is stopping.'));
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ buf, resolve, reject });
      this.flushing ??= this.flushLoop();
    });
  }

  private async flushLoop(): Promise<void> {
    while (this.pending.length) {
      const batch = this.pending;
      this.pending = [];
      const data = batch.length === 1 ? batch[0].buf : Buffer.concat(batch.map((b) => b.buf));
      try {
        const h = this.handle as FileHandle;
        await h.write(data);
        await h.datasync();
        this.bytesSinceSnapshot += data.length;
        for (const b of batch) b.resolve();
      } catch (e) {
        const err = new RpcError(
          Code.UNAVAILABLE,
          `Could not persist the commit: ${(e as Error).message}`,
        );
        for (const b of batch) b.reject(err);
      }
      if (
        !this.compacting &&
        !this.closed &&
        this.bytesSinceSnapshot > Math.max(this.compactMinBytes, 2 * this.lastSnapshotBytes)
      ) {
        await this.rotate();
        this.compacting = this.compact(this.gen).finally(() => (this.compacting = undefined));
      }
    }
    this.flushing = undefined;
  }

  /** Starts a new journal file; later commits go there. */
  private async rotate(): Promise<void> {
    const old = this.handle as FileHandle;
    this.gen++;
    this.handle = await open(path.join(this.dir, journalName(this.gen)), 'a');
    this.bytesSinceSnapshot = 0;
    syncDir(this.dir);
    await old.close();
  }

  /**
   * Writes a snapshot for generation `gen` from the live state as of the call: every document is
   * taken synchronously, before the first await, so the snapshot holds whole commits only. (Taken
   * while it is written, a commit landing between two chunks could be half in it; if that commit's
   * frame then never reached journal `gen`, as after a kill -9, recovery would restore half a batch
   * or transaction.) It may include commits newer than the rotation, each whole; replaying journal
   * `gen` over it converges, since every record is an idempotent put.
   */
  private async compact(gen: number): Promise<void> {
    const engine = this.engine as Engine;
    // The arena never overwrites bytes, so the views taken here keep this moment's documents.
    const dbs: SnapshotDatabase[] = engine.allDatabases().map((db) => ({
      name: db.name,
      names: [...db.store.packer.names.names],
      docs: db.store.packedDocs(),
    }));
    const tmp = path.join(this.dir, snapshotName(gen) + '.tmp');
    const h = await open(tmp, 'w');
    let bytes: number;
    try {
      bytes = await writeSnapshot(h, dbs);
      await h.datasync();
    } finally {
      await h.close();
    }
    renameSync(tmp, path.join(this.dir, snapshotName(gen)));
    syncDir(this.dir);
    this.lastSnapshotBytes = bytes;
    for (const g of this.gens('journal-', '.log')) {
      if (g < gen) rmSync(path.join(this.dir, journalName(g)));
    }
    this.dropSnapshotsBefore(gen);
  }

  async close(): Promise<void> {
    await this.flushing;
    this.closed = true;
    await this.compacting?.catch(() => {});
    await this.handle?.close();
    this.handle = undefined;
  }
}

/** A document for `writeDataDir`. Times are microseconds since the epoch. */
export interface SeedDocument {
  /** `projects/{p}/databases/{d}`. */
  database: string;
  /** Path below `documents`. */
  path: string;
  fields: Fields;
  createTime: number;
  updateTime: number;
}

/**
 * Writes a data directory (`--data DIR`, which must be empty or missing) holding `docs`, as a
 * compaction would have written it: how a benchmark gets a million documents in without a
 * million commits.
 */
export async function writeDataDir(dir: string, docs: Iterable<SeedDocument>): Promise<number> {
  mkdirSync(dir, { recursive: true });
  if (readdirSync(dir).length) throw new Error(`${dir} is not empty.`);
  // Each database's documents packed with a name table of its own, as its store would hold them.
  const byDb = new Map<string, { packer: Packer; docs: PackedDoc[] }>();
  let count = 0;
  for (const d of docs) {
    let db = byDb.get(d.database);
    if (!db) byDb.set(d.database, (db = { packer: new Packer(), docs: [] }));
    const { path: p, createTime, updateTime } = d;
    db.docs.push({ path: p, bytes: Buffer.from(db.packer.pack(d.fields)), createTime, updateTime });
    count++;
  }
  const tmp = path.join(dir, snapshotName(1) + '.tmp');
  const h = await open(tmp, 'w');
  try {
    await writeSnapshot(
      h,
      [...byDb].map(([name, db]) => ({ name, names: db.packer.names.names, docs: db.docs })),
    );
    await h.datasync();
  } finally {
    await h.close();
  }
  renameSync(tmp, path.join(dir, snapshotName(1)));
  return count;
}

function syncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    /* directories cannot be fsynced on every platform */
  }
}
