/**
 * Binary snapshots of durable data (src/server/snapshot.ts, journal.ts): every kind of value and
 * both times come back exactly, several databases keep their own documents, a snapshot of the
 * earlier JSON-lines format still loads, and a kill -9 while a snapshot is being written loses
 * nothing (the previous snapshot and the journals still hold every commit).
 */
import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../src/engine/index.js';
import { Journal, writeDataDir } from '../src/server/journal.js';
import type { CallContext } from '../src/service.js';
import type { Fields } from '../src/model/values.js';

const PROJECT = 'demo-snapshot';
const DEFAULT = `projects/${PROJECT}/databases/(default)`;
const OTHER = `projects/${PROJECT}/databases/reports`;
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'fs-emu-snap-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** One field of every type, with the edge values that a format can lose. */
const everyType: Fields = {
  nil: { nullValue: null },
  yes: { booleanValue: true },
  big: { integerValue: '-9223372036854775808' },
  nan: { doubleValue: 'NaN' },
  negZero: { doubleValue: -0 },
  when: { timestampValue: '2026-11-26T12:00:00.123456Z' },
  text: { stringValue: 'Érica 🙂 \u0000 fim' },
  raw: { bytesValue: 'AAEC/w==' },
  ref: { referenceValue: `${DEFAULT}/documents/leads/a` },
  geo: { geoPointValue: { latitude: -12.97, longitude: -38.5 } },
  list: {
    arrayValue: {
      values: [{ stringValue: 'maria' }, { stringValue: 'maria jose' }, { integerValue: '1' }],
    },
  },
  empty: { arrayValue: {} },
  nested: {
    mapValue: { fields: { 'a.b': { mapValue: { fields: { c: { stringValue: 'd' } } } } } },
  },
};

/** The same without -0, which JSON (the journal's frames, the earlier snapshots) writes as 0. */
const { negZero: _negZero, ...jsonSafe } = everyType;

async function recovered(dir: string): Promise<Engine> {
  const engine = new Engine();
  const journal = new Journal(dir, () => {});
  await journal.recover(engine);
  await journal.close();
  return engine;
}

const dbOf = (engine: Engine, databaseId: string) =>
  engine.database({ projectId: PROJECT, databaseId }).store;

describe('binary snapshots', () => {
  it('give back every value and both times exactly, each database its own documents', async () => {
    const dir = tempDir();
    const docs = [
      {
        database: DEFAULT,
        path: 'leads/a',
        fields: everyType,
        createTime: 1_000_001,
        updateTime: 2_000_002,
      },
      {
        database: DEFAULT,
        path: 'leads/b',
        fields: { x: { integerValue: '1' } },
        createTime: 5,
        updateTime: 6,
      },
      {
        database: OTHER,
        path: 'reports/r',
        fields: { y: { stringValue: 'só aqui' } },
        createTime: 7,
        updateTime: 8,
      },
    ];
    await writeDataDir(dir, docs);
    expect(readdirSync(dir)).toEqual(['snapshot-00000001.bin']);
    const engine = await recovered(dir);
    const a = dbOf(engine, '(default)').get('leads/a');
    expect(a?.fields).toEqual(everyType);
    expect(JSON.stringify(a?.fields)).toBe(JSON.stringify(everyType));
    expect([a?.createTime, a?.updateTime]).toEqual([1_000_001, 2_000_002]);
    expect(dbOf(engine, '(default)').collectionSize('leads')).toBe(2);
    expect(dbOf(engine, '(default)').get('reports/r')).toBeNull();
    expect(dbOf(engine, 'reports').get('reports/r')?.fields).toEqual(docs[2].fields);
    // New commits get later times than everything recovered.
    expect(engine.clock.now()).toBeGreaterThanOrEqual(2_000_002);
    engine.close();
  });

  it('are what compaction writes, and a restart from one has every commit', async () => {
    const dir = tempDir();
    const journal = new Journal(dir, () => {}, 1);
    const engine = new Engine({ sink: journal });
    await journal.recover(engine);
    const db = engine.database({ projectId: PROJECT, databaseId: '(default)' });
    const ctx: CallContext = {
      projectId: PROJECT,
      databaseId: '(default)',
      caller: { kind: 'owner' },
    };
    for (let i = 0; i < 30; i++) {
      await engine.commit(ctx, db, [
        {
          update: {
            name: `${db.name}/documents/leads/${i % 10}`,
            fields: { ...jsonSafe, i: { integerValue: String(i) } },
          },
        },
      ]);
    }
    await engine.commit(ctx, db, [{ delete: `${db.name}/documents/leads/0` }]);
    await journal.close();
    engine.close();
    expect(readdirSync(dir).some((f) => f.endsWith('.bin'))).toBe(true);
    const again = await recovered(dir);
    const store = dbOf(again, '(default)');
    expect(store.collectionSize('leads')).toBe(9);
    expect(store.get('leads/0')).toBeNull();
    expect(store.get('leads/9')?.fields).toEqual({ ...jsonSafe, i: { integerValue: '29' } });
    again.close();
  });

  it('load beside a snapshot of the earlier JSON-lines format, which still loads', async () => {
    const dir = tempDir();
    const line = (p: string, f: Fields) => JSON.stringify([DEFAULT, p, f, 10, 20]);
    writeFileSync(
      path.join(dir, 'snapshot-00000001.jsonl'),
      ['{"v":1}', line('leads/old', jsonSafe), '{"end":1}', ''].join('\n'),
    );
    const engine = await recovered(dir);
    expect(dbOf(engine, '(default)').get('leads/old')?.fields).toEqual(jsonSafe);
    engine.close();
  });

  it('survive a kill -9 while the next snapshot is written: the previous one and the journals recover everything', async () => {
    const dir = tempDir();
    // A snapshot, then commits in the journal after it.
    await writeDataDir(
      dir,
      Array.from({ length: 200 }, (_, i) => ({
        database: DEFAULT,
        path: `leads/${i}`,
        fields: { i: { integerValue: String(i) }, pad: { stringValue: 'x'.repeat(200) } },
        createTime: 100 + i,
        updateTime: 100 + i,
      })),
    );
    const journal = new Journal(dir, () => {}, Number.MAX_SAFE_INTEGER);
    const engine = new Engine({ sink: journal });
    await journal.recover(engine);
    const db = engine.database({ projectId: PROJECT, databaseId: '(default)' });
    const ctx: CallContext = {
      projectId: PROJECT,
      databaseId: '(default)',
      caller: { kind: 'owner' },
    };
    await engine.commit(ctx, db, [
      { update: { name: `${db.name}/documents/leads/late`, fields: jsonSafe } },
      { delete: `${db.name}/documents/leads/3` },
    ]);
    await journal.close();
    engine.close();
    const snapshot = readdirSync(dir).find((f) => f.endsWith('.bin')) as string;
    const whole = statSync(path.join(dir, snapshot)).size;

    // The kill came in the middle of writing the next snapshot: a temporary file cut short, and
    // (had the rename come first) a snapshot file cut short; neither may be taken for one.
    for (const name of ['snapshot-00000009.bin.tmp', 'snapshot-00000009.bin']) {
      const at = path.join(dir, name);
      copyFileSync(path.join(dir, snapshot), at);
      truncateSync(at, Math.floor(whole / 2));
    }
    const again = await recovered(dir);
    const store = dbOf(again, '(default)');
    expect(store.collectionSize('leads')).toBe(200);
    expect(store.get('leads/3')).toBeNull();
    expect(store.get('leads/late')?.fields).toEqual(jsonSafe);
    expect(store.get('leads/199')?.fields.i).toEqual({ integerValue: '199' });
    expect(readdirSync(dir).some((f) => f.endsWith('.tmp'))).toBe(false);
    again.close();
  });
});
