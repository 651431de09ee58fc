/**
 * A query that comes before the index it needs is built, at a size (in-process, numbers only): the
 * panel's shapes (its page, a status's page, its three counters, in the order it sends them) read
 * around the indexes still queued (the project's declared ones, as right after ready), twice, and
 * the same shapes once built.
 * Also the duplicates' `phone_key in [25]` with no index named for it (a first start): read around
 * (one lookup of each document's value, or a compare per key) against its postings' build.
 * Run: node --import tsx emulator/bench/read-around.ts [--size 1000000]
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Database } from '../src/engine/database.js';
import { indexSpecsOf } from '../src/engine/index-build.js';
import { readAround } from '../src/engine/index-sources.js';
import { countDocs, queryDocs } from '../src/engine/reads.js';
import type { CollectionIndex, IndexSpec } from '../src/engine/store-index.js';
import { postingKey } from '../src/model/values.js';
import { compileQuery, type CompiledQuery } from '../src/query/index.js';
import type { IndexDef } from '../src/query/index-plan.js';
import type { Json } from '../src/service.js';
import { argOf, PROJECT_INDEXES } from './_bench-args.js';
import { volumeLeadDocuments } from './_lead-volume.js';

const DB = 'projects/demo-bench/databases/(default)';
const size = Number(argOf('size') ?? 100_000);
const NOW = Date.parse('2026-11-26T12:00:00Z');
const fmt = (n: number) =>
  n.toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
const load = () => `load ${loadavg()[0].toFixed(1)}`;

function timed<T>(f: () => T): [number, T] {
  const t = performance.now();
  const out = f();
  return [performance.now() - t, out];
}

const db = new Database(DB, { projectId: 'demo-bench', databaseId: '(default)' }, new Set());
const phones: string[] = [];
let t = performance.now();
for (const d of volumeLeadDocuments(DB, size, { now: NOW, days: 365, trashedShare: 0.2 })) {
  db.store.put(d.path, { name: `${DB}/documents/${d.path}`, ...d }, d.updateTime, false);
  if (phones.length < 25 && d.fields.phone_key) phones.push(String(d.fields.phone_key.stringValue));
}
console.log(
  `Read around at ${size.toLocaleString('en-US')} leads: loaded in ${fmt((performance.now() - t) / 1000)} s (${load()})`,
);

const eq = (field: string, op: string, value: Json): Json => ({
  fieldFilter: { field: { fieldPath: field }, op, value },
});
const active = eq('deleted_at', 'EQUAL', { nullValue: null });
const q = (where: Json[], limit?: number): CompiledQuery =>
  compileQuery(
    {
      from: [{ collectionId: 'leads' }],
      where: { compositeFilter: { op: 'AND', filters: where } },
      orderBy: [{ field: { fieldPath: 'created_at' }, direction: 'DESCENDING' }],
      ...(limit ? { limit } : {}),
    },
    '',
    DB,
  );
const page = q([active], 25);
const principal = q([active, eq('status', 'EQUAL', { stringValue: 'principal' })], 25);
/** The panel's three counters: the active leads, and those of two statuses. */
const counters = [
  q([active]),
  ...['principal', 'separado'].map((v) => q([active, eq('status', 'EQUAL', { stringValue: v })])),
];
const dupKeys = phones.map((p) => postingKey({ stringValue: p }));
const duplicates = compileQuery(
  {
    from: [{ collectionId: 'leads' }],
    where: {
      compositeFilter: {
        op: 'AND',
        filters: [
          active,
          eq('phone_key', 'IN', {
            arrayValue: { values: phones.map((p) => ({ stringValue: p })) },
          }),
        ],
      },
    },
  },
  '',
  DB,
);

function shapes(label: string): void {
  const [p] = timed(() => queryDocs(db, page));
  const [s] = timed(() => queryDocs(db, principal));
  const counts = counters.map((c) => timed(() => countDocs(db, c)));
  console.log(
    `  ${label}: page ${fmt(p)} ms, page of a status ${fmt(s)} ms, counters ` +
      counts.map(([ms, n]) => `${fmt(ms)} ms (${n.toLocaleString('en-US')})`).join(' + ') +
      ` (${load()})`,
  );
}

// As right after ready: the declared indexes queued, the builder not yet at them.
const defs = (JSON.parse(readFileSync(PROJECT_INDEXES, 'utf8')) as { indexes: IndexDef[] }).indexes;
db.store.indexSpecs = (coll) => indexSpecsOf(defs, coll);
const [ix] = db.store.scheduleIndexes() as [CollectionIndex];
db.store.onIndexBuild = () => {};
shapes('read around the queued builds');
shapes('again');

// The duplicates with no index named for `phone_key` (a first start): read around, two ways.
const [activeMs, activeList] = timed(() =>
  ix.postingsOf(['deleted_at'], 'deleted_at', false).lookup(postingKey({ nullValue: null })),
);
console.log(`  build value deleted_at (finishing it): ${fmt(activeMs)} ms (${load()})`);
const around = readAround(ix, ['phone_key'], false, dupKeys, ix.ords().length);
const check = ix.keyCheck(['phone_key'], false);
let hits = 0;
const [setMs] = timed(() => activeList.forEach((o) => void (around.has(o) && hits++)));
const [keyMs] = timed(() =>
  activeList.forEach((o) => void (dupKeys.some((k) => check.holds(o, k)) && hits++)),
);
console.log(
  `  duplicates read around (${hits / 2} found): a lookup of each value ${fmt(setMs)} ms, a compare per key ${fmt(keyMs)} ms`,
);

const spec = (kind: IndexSpec['kind'], key: string): IndexSpec => ({ segs: [key], key, kind });
for (const s of [
  spec('value', 'status'),
  spec('ordered', 'created_at'),
  spec('value', 'phone_key'),
]) {
  t = performance.now();
  ix.ensure([s]);
  console.log(`  build ${s.kind} ${s.key}: ${fmt(performance.now() - t)} ms (${load()})`);
}
const [dupMs, dups] = timed(() => queryDocs(db, duplicates));
console.log(`  duplicates from the built postings: ${fmt(dupMs)} ms (${dups.length})`);
shapes('from the built indexes');
