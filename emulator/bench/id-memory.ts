/**
 * What a store's document ids cost in memory (numbers only): `--size` random 20-character ids of
 * one collection, held as the store once held them (each id a slice of its path as a snapshot's
 * load decodes it, an array by ordinal and a `Map` from id to ordinal) and as it holds them now
 * (`DocIds` bytes in an arena, an `IdTable`), each measured after a full collection as JS heap
 * and bytes outside it; then the time to look every id up, and to rank them all by id.
 * Run: node --expose-gc --import tsx emulator/bench/id-memory.ts [--size 1000000]
 */
import { DocIds, byPosition, idRanks } from '../src/engine/doc-ids.js';
import { IdTable } from '../src/engine/id-table.js';
import { compareSegments } from '../src/model/values.js';
import { argOf } from './_bench-args.js';

const size = Number(argOf('size') ?? 1_000_000);
const MiB = 2 ** 20;
const gc = () => (globalThis as { gc?: () => void }).gc?.();
const fmt = (n: number, digits = 1) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/**
 * The documents' paths as a snapshot's load gives them: flat strings decoded from bytes (the same
 * ones at each call), dropped once the ids are taken from them.
 */
function paths(): string[] {
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: size }, () => {
    let id = '';
    for (let k = 0; k < 20; k++) id += CHARS[Math.floor(rand() * CHARS.length)];
    return Buffer.from(`leads/${id}`).toString();
  });
}

function usage(): { heap: number; outside: number } {
  gc();
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, outside: m.arrayBuffers };
}

function measure(what: string, build: () => unknown): unknown {
  const before = usage();
  const held = build();
  const after = usage();
  console.log(
    `  ${what.padEnd(34)} heap +${fmt((after.heap - before.heap) / MiB)} MiB, ` +
      `outside +${fmt((after.outside - before.outside) / MiB)} MiB`,
  );
  return held;
}

function timed(what: string, run: () => void): void {
  const t = performance.now();
  run();
  console.log(`  ${what.padEnd(34)} ${fmt(performance.now() - t, 0)} ms`);
}

console.log(`Document ids, ${size.toLocaleString('en-US')} of one collection:`);
const strings = measure('as strings (array + Map)', () => {
  const idOf: string[] = [];
  const ords = new Map<string, number>();
  paths().forEach((p, ord) => {
    const id = p.slice(p.lastIndexOf('/') + 1);
    idOf[ord] = id;
    ords.set(id, ord);
  });
  return { idOf, ords };
}) as { idOf: string[]; ords: Map<string, number> };
const ids = measure('as bytes (DocIds + IdTable)', () => {
  const docIds = new DocIds();
  const table = new IdTable(docIds);
  paths().forEach((p, ord) => {
    docIds.set(ord, p.slice(p.lastIndexOf('/') + 1));
    table.add(ord);
  });
  return { docIds, table };
}) as { docIds: DocIds; table: IdTable };

const queries = paths().map((p) => p.slice(p.lastIndexOf('/') + 1));
timed('look every id up (Map)', () => {
  for (const id of queries) if (strings.ords.get(id) === undefined) throw new Error(id);
});
timed('look every id up (IdTable)', () => {
  for (const id of queries) if (ids.table.get(id) === undefined) throw new Error(id);
});
timed('decode every id (DocIds.id)', () => {
  for (let ord = 0; ord < size; ord++) if (!ids.docIds.id(ord)) throw new Error(String(ord));
});
const ords = Int32Array.from({ length: size }, (_, i) => i);
timed('rank by id (strings)', () => {
  const idx = Array.from({ length: size }, (_, i) => i);
  const s = strings.idOf;
  idx.sort((a, b) => (s[a] < s[b] ? -1 : s[a] > s[b] ? 1 : compareSegments(s[a], s[b])));
});
timed('rank by id (bytes, idRanks)', () => {
  idRanks(byPosition(ids.docIds.bytes, ords), size);
});
