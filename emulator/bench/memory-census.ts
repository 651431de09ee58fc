/**
 * Where the emulator's memory goes at volume (numbers only): the engine in this process on a
 * `--data` directory of `panel-memory.ts`'s leads (written by it, or `--dir` an existing one such
 * as the panel bench's snapshot), its indexes built as the CLI builds them with the project's
 * indexes file; then the bytes outside the JS heap (typed arrays, buffers) summed by owner: the
 * arena, the store's per-ordinal arrays, each ordered index and each field's postings (exact sets
 * and the rare keys' runs), and the JS heap after a collection.
 * Run: node --expose-gc --import tsx emulator/bench/memory-census.ts [--active 200000]
 *   [--dir DIR --project demo-vagas]
 */
import { linkSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Engine } from '../src/engine/index.js';
import { DatabaseSources } from '../src/server/database-sources.js';
import { Journal, writeDataDir } from '../src/server/journal.js';
import { leadDocuments, PROJECT } from './_panel-leads.js';
import { argOf, PROJECT_INDEXES } from './_bench-args.js';

const active = Number(argOf('active') ?? 200_000);
const trashed = Number(argOf('trashed') ?? Math.round(active / 50));
/** The project of `--dir`'s data (the panel bench's snapshot: demo-vagas). */
const project = argOf('project') ?? PROJECT;
const MiB = 2 ** 20;
const fmt = (n: number) =>
  (n / MiB).toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** Bytes of array buffers reachable from `root` not yet counted (`seen` is shared by owners). */
function bytesOf(root: unknown, seen: Set<object>): number {
  let total = 0;
  const stack: unknown[] = [root];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (ArrayBuffer.isView(v)) {
      if (!seen.has(v.buffer)) {
        seen.add(v.buffer);
        total += v.buffer.byteLength;
      }
    } else if (v instanceof Map) {
      for (const [k, x] of v) stack.push(k, x);
    } else if (v instanceof Set) {
      for (const x of v) stack.push(x);
    } else if (Array.isArray(v)) {
      for (const x of v) if (x !== null && typeof x === 'object') stack.push(x);
    } else {
      for (const x of Object.values(v)) stack.push(x);
    }
  }
  return total;
}

type Loose = Record<string, unknown>;

async function main(): Promise<void> {
  const from = argOf('dir');
  const dir = mkdtempSync(path.join(tmpdir(), 'fs-emu-census-'));
  // An existing directory's files are hard-linked into a fresh one: the engine writes only there.
  if (from) {
    for (const f of readdirSync(from)) {
      if (/^(snapshot|journal)-/.test(f)) linkSync(path.join(from, f), path.join(dir, f));
    }
  } else await writeDataDir(dir, leadDocuments(active, trashed));
  try {
    gc();
    const m0 = process.memoryUsage();
    const sources = new DatabaseSources({ indexesFile: PROJECT_INDEXES }, () => {});
    const journal = new Journal(dir, () => {});
    const engine = new Engine({ projectId: project, indexes: sources.indexesFor, sink: journal });
    await journal.recover(engine);
    gc();
    const m1 = process.memoryUsage();
    const t = performance.now();
    engine.startIndexing();
    // The build under way and the memory at its highest while it ran (sampled every 50 ms).
    const peaks = new Map<string, NodeJS.MemoryUsage>();
    while (engine.indexBuilder.pending) {
      await new Promise((r) => setTimeout(r, 50));
      for (const db of engine.allDatabases()) {
        const colls = (db.store as unknown as Loose).collections as Map<string, Loose>;
        for (const c of colls.values()) {
          const builds = (c.index as Loose | undefined)?.builds as Map<string, unknown> | undefined;
          const key = builds?.keys().next().value;
          if (key === undefined) continue;
          const m = process.memoryUsage();
          const top = peaks.get(key);
          if (!top || m.rss > top.rss) peaks.set(key, m);
        }
      }
    }
    const buildMs = performance.now() - t;
    gc();
    const m2 = process.memoryUsage();
    const line = (what: string, m: NodeJS.MemoryUsage) =>
      console.log(
        `${what.padEnd(24)} RSS ${fmt(m.rss)} MiB, heap ${fmt(m.heapUsed)}, outside it ${fmt(m.external)} (array buffers ${fmt(m.arrayBuffers)})`,
      );
    line('before the data', m0);
    line('data loaded', m1);
    line(`indexes built (${(buildMs / 1000).toFixed(1)} s)`, m2);
    for (const [key, m] of peaks) line(`  building ${key}`, m);
    const seen = new Set<object>();
    for (const db of engine.allDatabases()) {
      const store = db.store as unknown as Loose;
      const rows: [string, number][] = [];
      rows.push(['arena', bytesOf(store.arena, seen)]);
      for (const k of ['createTimes', 'updateTimes', 'sinces'])
        rows.push([k, bytesOf(store[k], seen)]);
      const colls = store.collections as Map<string, Loose>;
      for (const [p, c] of colls) {
        const index = c.index as Loose | undefined;
        if (!index) continue;
        for (const [key, o] of index.ordered as Map<string, Loose>) {
          rows.push([`${p} ordered ${key}`, bytesOf(o.list, seen)]);
        }
        for (const [key, post] of index.postings as Map<string, Loose>) {
          rows.push([`${p} postings ${key} sets`, bytesOf(post.dense, seen)]);
          rows.push([`${p} postings ${key} runs`, bytesOf(post.sparse, seen)]);
        }
      }
      for (const [k, v] of Object.entries(store)) rows.push([`store's ${k}`, bytesOf(v, seen)]);
      rows.sort((a, b) => b[1] - a[1]);
      const sum = rows.reduce((s, r) => s + r[1], 0);
      console.log(`${db.name}: ${fmt(sum)} MiB in typed arrays and buffers`);
      for (const [k, b] of rows) if (b > MiB / 2) console.log(`  ${fmt(b).padStart(7)}  ${k}`);
    }
    engine.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
