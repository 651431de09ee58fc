/**
 * The record of the indexes a data directory's queries asked for (`built-indexes.json` beside the
 * snapshot): per database and collection id (a subcollection's last segment: every lead's
 * `timeline` shares one entry, as a declared index applies to every collection of its id, and the
 * record does not grow with the leads opened), in the order queries first asked, every index they
 * used, declared or built on first use, so that the next start builds them in the background
 * first, in that order, then the declared ones no query used (at a million leads, the postings of
 * a field that only the duplicates' `in` filter uses took over 2 s to build on the panel's first
 * open). It only grows: an index a query used once is built at every start.
 *
 * It is rewritten when it changes (checked every few seconds, so that a kill -9 loses at most the
 * last few seconds of it) and when the emulator stops. A directory without it loads as before;
 * one that cannot be read is reported in one log line and ignored.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Engine } from '../engine/index.js';
import { specName, type RecordedIndexes } from '../engine/index-build.js';
import type { IndexSpec } from '../engine/store-index.js';
import { formatFieldPath, parseFieldPath } from '../model/paths.js';

export const INDEX_RECORD_FILE = 'built-indexes.json';
const VERSION = 1;
const KINDS = new Set<IndexSpec['kind']>(['ordered', 'value', 'elements']);

/** Database name -> collection id -> the indexes' names (`specName`). */
type Recorded = Map<string, Map<string, string[]>>;

/** The spec a recorded name stands for; throws on a name this version cannot build. */
function specOf(name: unknown): IndexSpec {
  if (typeof name !== 'string') throw new Error(`${JSON.stringify(name)} is not an index name`);
  const space = name.indexOf(' ');
  const kind = name.slice(0, space) as IndexSpec['kind'];
  if (space < 0 || !KINDS.has(kind)) throw new Error(`unknown index kind in "${name}"`);
  let segs: string[];
  try {
    segs = parseFieldPath(name.slice(space + 1));
  } catch {
    throw new Error(`bad field path in "${name}"`);
  }
  return { segs, key: formatFieldPath(segs), kind };
}

function isObject(v: unknown): v is { [k: string]: unknown } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Parses a record's text; throws an Error saying what is wrong with it. */
export function parseIndexRecord(text: string): Recorded {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('not valid JSON');
  }
  if (!isObject(json) || json.version !== VERSION || !isObject(json.databases)) {
    throw new Error(`expected {"version": ${VERSION}, "databases": {...}}`);
  }
  const out: Recorded = new Map();
  for (const [db, colls] of Object.entries(json.databases)) {
    if (!/^projects\/[^/]+\/databases\/[^/]+$/.test(db) || !isObject(colls)) {
      throw new Error(`bad database entry "${db}"`);
    }
    const byColl = new Map<string, string[]>();
    for (const [coll, names] of Object.entries(colls)) {
      if (!coll || coll.includes('/') || !Array.isArray(names))
        throw new Error(`bad collection entry "${coll}" in ${db}`);
      // Names normalised (a field path written another way is the same index).
      byColl.set(coll, [...new Set(names.map((n) => specName(specOf(n))))]);
    }
    out.set(db, byColl);
  }
  return out;
}

/**
 * Reads the record of `dir` (undefined when there is none, or, after a log line, when it cannot
 * be used).
 */
function readRecord(dir: string, log: (line: string) => void): Recorded | undefined {
  const file = path.join(dir, INDEX_RECORD_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    log(`Ignoring ${file}: ${(e as Error).message}; its indexes are built on first use instead.`);
    return undefined;
  }
  try {
    return parseIndexRecord(text);
  } catch (e) {
    log(`Ignoring ${file}: ${(e as Error).message}; its indexes are built on first use instead.`);
    return undefined;
  }
}

/** Keeps the record of `dir` in step with the engine's indexes. */
export class IndexRecorder {
  private readonly loaded: Recorded;
  private written = '';
  private readonly timer: NodeJS.Timeout;
  private readonly file: string;

  constructor(
    dir: string,
    private readonly engine: Engine,
    private readonly log: (line: string) => void,
    intervalMs = 2_000,
  ) {
    this.file = path.join(dir, INDEX_RECORD_FILE);
    this.loaded = readRecord(dir, log) ?? new Map();
    this.written = this.loaded.size ? format(this.loaded) : '';
    this.timer = setInterval(() => this.save(), intervalMs);
    this.timer.unref();
  }

  /** What to build at load (for `Engine.startIndexing`). */
  readonly recorded: RecordedIndexes = (db, collPath) =>
    (this.loaded.get(db)?.get(idOf(collPath)) ?? []).map(specOf);

  /** The loaded record, then the indexes queries asked for since (each list in first-use order). */
  private current(): Recorded {
    const out: Recorded = new Map();
    for (const [db, colls] of this.loaded) out.set(db, new Map(colls));
    for (const c of this.engine.collectionIndexes()) {
      if (!c.used.length) continue;
      let byColl = out.get(c.database);
      if (!byColl) out.set(c.database, (byColl = new Map()));
      const id = idOf(c.collection);
      const before = byColl.get(id) ?? [];
      byColl.set(id, [...new Set([...before, ...c.used.map(specName)])]);
    }
    return out;
  }

  /** Rewrites the record when the indexes changed since it was last written. */
  save(): void {
    const rec = this.current();
    // No file until a query has asked for an index.
    if (!rec.size && !this.written) return;
    const text = format(rec);
    if (text === this.written) return;
    const tmp = `${this.file}.tmp`;
    try {
      writeFileSync(tmp, text);
      renameSync(tmp, this.file);
      this.written = text;
    } catch (e) {
      this.log(`Could not write ${this.file}: ${(e as Error).message}`);
    }
  }

  /** Stops watching, and writes the record a last time. */
  close(): void {
    clearInterval(this.timer);
    this.save();
  }
}

const idOf = (collPath: string) => collPath.slice(collPath.lastIndexOf('/') + 1);

/** The record's text (databases and collections sorted, each list in first-use order). */
function format(rec: Recorded): string {
  const databases: { [db: string]: { [coll: string]: string[] } } = {};
  for (const db of [...rec.keys()].sort()) {
    const colls = rec.get(db) as Map<string, string[]>;
    databases[db] = {};
    for (const coll of [...colls.keys()].sort()) {
      databases[db][coll] = colls.get(coll) as string[];
    }
  }
  return `${JSON.stringify({ version: VERSION, databases }, null, 2)}\n`;
}
