/**
 * The admin panel's queries on a large `leads` collection, in process on the engine (numbers only,
 * never pass/fail): each query answered from the in-memory indexes (`queryDocs`) and by the plain
 * scan (`scanQueryDocs`, what every query did before), median of several runs; the first query's
 * index build; commits (Store.put) per second with and without the panel's indexes to keep; and a
 * limit listener's update per commit, kept window (window.ts) against re-running the query.
 * Run: node --import tsx emulator/bench/lead-queries.ts [--active 100000] [--trashed 20000]
 */
import { Database } from '../src/engine/database.js';
import { countDocs, queryDocs, scanQueryDocs } from '../src/engine/reads.js';
import { nextWindow } from '../src/engine/streams/window.js';
import type { DocVersion } from '../src/model/document.js';
import { compileQuery, type CompiledQuery } from '../src/query/index.js';
import type { JsonObject } from '../src/service.js';
import type { Fields, Value } from '../src/model/values.js';
import { report } from '../../bench/lib/report.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const active = arg('active', 100_000);
const trashed = arg('trashed', 20_000);
const DB = 'projects/demo-bench/databases/(default)';
const statuses = ['novo', 'principal', 'separado', 'descartado'];
const vagas = ['Aux Eletricista', 'Aux Serraria', 'Aux Metalúgica', 'Sem Experiencia'];
const names = ['ana', 'joao', 'maria', 'jose', 'erica', 'luis', 'claudia', 'rai', 'bruna', 'tania'];
const T0 = Date.parse('2026-01-01T00:00:00Z');

let seed = 42;
/** xorshift32: reproducible data whose fields are independent of each other. */
const rand = (n: number) => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) % n;
};
const ts = (ms: number): Value => ({ timestampValue: new Date(ms).toISOString() });
const str = (s: string): Value => ({ stringValue: s });

function lead(i: number, deleted: boolean): Fields {
  const first = names[rand(names.length)];
  const last = names[rand(names.length)];
  return {
    name: str(`${first} ${last}`),
    status: str(statuses[rand(4)]),
    vaga: str(vagas[rand(4)]),
    assigned_to: rand(2) ? { nullValue: null } : str(`admin${rand(3)}`),
    contacted: { booleanValue: rand(3) === 0 },
    search_keys: { arrayValue: { values: [first, last, `${first} ${last}`].map(str) } },
    phone_key: str(`55119${String(10_000_000 + i)}`),
    created_at: ts(T0 + i * 60_000 + rand(60_000)),
    deleted_at: deleted ? ts(T0 + i * 60_000 + 3_600_000) : { nullValue: null },
  };
}

let time = 1_000_000;
function put(db: Database, id: string, fields: Fields): DocVersion {
  const path = `leads/${id}`;
  const before = db.store.get(path);
  time += 1;
  const doc: DocVersion = {
    name: `${DB}/documents/${path}`,
    path,
    fields,
    createTime: before?.createTime ?? time,
    updateTime: time,
  };
  db.store.put(path, doc, time);
  return doc;
}

const where = (...filters: JsonObject[]): JsonObject =>
  filters.length === 1 ? filters[0] : { compositeFilter: { op: 'AND', filters } };
const eq = (field: string, value: Value): JsonObject => ({
  fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value },
});
const op = (field: string, o: string, value: Value): JsonObject => ({
  fieldFilter: { field: { fieldPath: field }, op: o, value },
});
const notDeleted = eq('deleted_at', { nullValue: null });
const byCreated = [{ field: { fieldPath: 'created_at' }, direction: 'DESCENDING' }];
const q = (sq: JsonObject): CompiledQuery =>
  compileQuery({ from: [{ collectionId: 'leads' }], ...sq }, '', DB);

function median(f: () => unknown, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    f();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[runs >> 1];
}

const fmt = (n: number) => (n < 10 ? n.toFixed(3) : n.toFixed(1));

function main(): void {
  const db = new Database(DB, { projectId: 'demo-bench', databaseId: '(default)' });
  const total = active + trashed;
  // Trashed leads spread evenly among the active ones.
  const isTrashed = (i: number) =>
    Math.floor(((i + 1) * trashed) / total) > Math.floor((i * trashed) / total);
  for (let i = 0; i < total; i++) put(db, `lead${i}`, lead(i, isTrashed(i)));
  const page = q({ where: notDeleted, orderBy: byCreated, limit: 25 });
  const first = queryDocs(db, page);
  const edge = first[first.length - 1];
  const phones = Array.from({ length: 25 }, (_, i) => str(`55119${10_000_000 + i * 997}`));
  const cases: [string, CompiledQuery, boolean][] = [
    ['page 1 (deleted_at == null, created_at desc, 25)', page, false],
    [
      'page 2 (startAfter the last row)',
      q({
        where: notDeleted,
        orderBy: byCreated,
        limit: 25,
        startAt: { values: [edge.fields.created_at, { referenceValue: edge.name }] },
      }),
      false,
    ],
    [
      'status + vaga + contacted filter, 25',
      q({
        where: where(
          notDeleted,
          eq('status', str('novo')),
          eq('vaga', str(vagas[1])),
          eq('contacted', { booleanValue: true }),
        ),
        orderBy: byCreated,
        limit: 25,
      }),
      false,
    ],
    [
      'search_keys array-contains, 25',
      q({
        where: where(notDeleted, op('search_keys', 'ARRAY_CONTAINS', str('maria tania'))),
        orderBy: byCreated,
        limit: 25,
      }),
      false,
    ],
    [
      'arrivals (created_at >= last hour)',
      q({
        where: where(
          notDeleted,
          op('created_at', 'GREATER_THAN_OR_EQUAL', ts(T0 + (total - 60) * 60_000)),
        ),
        orderBy: byCreated,
      }),
      false,
    ],
    [
      'phone_key in [25 phones]',
      q({ where: op('phone_key', 'IN', { arrayValue: { values: phones } }) }),
      false,
    ],
    [
      'Lixeira page (deleted_at != null, deleted_at desc, 25)',
      q({
        where: op('deleted_at', 'NOT_EQUAL', { nullValue: null }),
        orderBy: [{ field: { fieldPath: 'deleted_at' }, direction: 'DESCENDING' }],
        limit: 25,
      }),
      false,
    ],
    ['count deleted_at == null', q({ where: notDeleted, orderBy: byCreated }), true],
    [
      'count status == novo',
      q({ where: where(notDeleted, eq('status', str('novo'))), orderBy: byCreated }),
      true,
    ],
    [
      'count Lixeira (deleted_at != null)',
      q({ where: op('deleted_at', 'NOT_EQUAL', { nullValue: null }) }),
      true,
    ],
  ];
  console.log(`leads: ${active} active + ${trashed} trashed, engine in process (median ms)`);
  console.log('query'.padEnd(58) + 'first (build)  indexed      scan   scan/indexed');
  for (const [label, cq, count] of cases) {
    const t = performance.now();
    const indexedRun = () => (count ? countDocs(db, cq) : queryDocs(db, cq).length);
    const got = indexedRun();
    const firstMs = performance.now() - t;
    const expected = scanQueryDocs(db, cq, undefined, count).length;
    if (got !== expected) throw new Error(`${label}: ${got} != ${expected}`);
    const indexed = median(indexedRun, 21);
    const scan = median(() => scanQueryDocs(db, cq, undefined, count), 3);
    console.log(
      `${label.padEnd(58)}${fmt(firstMs).padStart(12)}${fmt(indexed).padStart(10)}` +
        `${fmt(scan).padStart(10)}${(scan / indexed).toFixed(0).padStart(14)}x  (${got} docs)`,
    );
    report({
      section: 'emulator',
      measure: `${label}, indexed`,
      value: indexed,
      unit: 'ms',
    });
  }
  commits(db, page);
}

/** Store.put per second with the panel's indexes kept, and a page listener's update per commit. */
function commits(db: Database, page: CompiledQuery): void {
  const n = 20_000;
  const plain = new Database(DB, { projectId: 'demo-bench', databaseId: '(default)' });
  for (let i = 0; i < active; i++) put(plain, `lead${i}`, lead(i, false));
  const ids = Array.from({ length: n }, () => `lead${rand(active)}`);
  const rate = (target: Database) => {
    const t = performance.now();
    for (const id of ids) {
      const cur = target.store.get(`leads/${id}`) as DocVersion;
      put(target, id, { ...cur.fields, status: str(statuses[rand(4)]) });
    }
    return n / ((performance.now() - t) / 1000);
  };
  const bare = rate(plain);
  const kept = rate(db);
  console.log(
    `status updates (Store.put), ${n}: ${bare.toFixed(0)}/s without indexes, ${kept.toFixed(0)}/s ` +
      `keeping the indexes the queries above built`,
  );
  // A new lead arriving at the top of the open page: the kept window against a re-run.
  let window = queryDocs(db, page);
  let windowMs = 0;
  let rerunMs = 0;
  for (let i = 0; i < 200; i++) {
    const after = put(db, `new${i}`, lead(active + trashed + i, false));
    const changes = [{ path: after.path, before: null, after }];
    let t = performance.now();
    window = nextWindow(page, window, changes, 25) ?? queryDocs(db, page);
    windowMs += performance.now() - t;
    t = performance.now();
    queryDocs(db, page);
    rerunMs += performance.now() - t;
  }
  console.log(
    `page listener per arriving lead: kept window ${fmt(windowMs / 200)} ms, indexed re-run ` +
      `${fmt(rerunMs / 200)} ms (a scan re-run is the 'page 1' scan above)`,
  );
}

main();
