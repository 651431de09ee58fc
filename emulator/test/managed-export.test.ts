// Managed exports (the format of `gcloud firestore export` and `firebase emulators:export`): every
// Firestore value type survives export -> import through firebase-admin and the JS SDK, the files
// follow the published layout (LevelDB log format: leveldb's doc/log_format.md; entities: the App
// Engine SDK's entity.proto), metadata written by the official emulator is read, and variants
// production writes (s~ app ids, numeric ids, indexed properties) import too.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DocumentReference,
  FieldValue,
  GeoPoint,
  Timestamp,
  type CollectionReference,
  type DocumentData,
  type Firestore as AdminFirestore,
} from 'firebase-admin/firestore';
import { doc, getDoc } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32c, readLog, writeLog, BLOCK_SIZE } from '../src/server/managed-export/leveldb-log.js';
import { decodeDocument } from '../src/server/managed-export/entity.js';
import { decodePartition, encodePartition } from '../src/server/managed-export/metadata.js';
import { ProtoWriter } from '../src/server/managed-export/wire.js';
import { runCli } from './support/cli.js';
import {
  adminClient,
  startTestEmulator,
  webClient,
  type TestEmulator,
} from './support/emulator.js';

const PROJECT = 'demo-export';
const dir = mkdtempSync(path.join(tmpdir(), 'fs-emu-export-'));
const closers: (() => Promise<void>)[] = [];
let source: TestEmulator;
let admin: AdminFirestore;

/** A value in a form toEqual compares exactly (references by path, NaN and -0 kept apart). */
function plain(v: unknown): unknown {
  if (v instanceof DocumentReference) return { ref: v.path };
  if (v instanceof Timestamp) return { ts: [v.seconds, v.nanoseconds] };
  if (v instanceof GeoPoint) return { geo: [v.latitude, v.longitude] };
  if (v && typeof (v as { toArray?: unknown }).toArray === 'function') {
    return { vector: (v as { toArray(): number[] }).toArray() };
  }
  if (Buffer.isBuffer(v) || v instanceof Uint8Array)
    return { bytes: Buffer.from(v).toString('hex') };
  // Long strings as their length and hash, so a failure does not print them whole.
  if (typeof v === 'string' && v.length > 200) {
    return { long: v.length, sha256: createHash('sha256').update(v).digest('hex') };
  }
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : Number.isNaN(v) ? 'NaN' : v;
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v as DocumentData).map(([k, x]) => [k, plain(x)]));
  }
  return v;
}

/** Every document (below missing ones too), by path. */
async function allDocs(db: AdminFirestore): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  const walk = async (refs: CollectionReference[]) => {
    for (const c of refs) {
      for (const ref of await c.listDocuments()) {
        const snap = await ref.get();
        if (snap.exists) out.set(ref.path, plain(snap.data()));
        await walk(await ref.listCollections());
      }
    }
  };
  await walk(await db.listCollections());
  return out;
}

const longText = 'Ação é cadastro 🚀 '.repeat(4000); // ~76 KB: FIRST, MIDDLE and LAST fragments

beforeAll(async () => {
  source = await startTestEmulator({ projectId: PROJECT });
  const a = adminClient(source, PROJECT);
  closers.push(a.close);
  admin = a.db;
  const ref = admin.doc('people/ana');
  await ref.set({
    nothing: null,
    yes: true,
    no: false,
    int: 42,
    negative: -7,
    max: Number.MAX_SAFE_INTEGER,
    double: 3.25,
    nan: NaN,
    inf: Infinity,
    minusInf: -Infinity,
    text: 'olá, mundo',
    empty: '',
    long: longText,
    bytes: Buffer.from([0, 1, 2, 254, 255]),
    when: Timestamp.fromMillis(Date.UTC(2026, 4, 1, 12, 0, 0) + 123).toDate(),
    precise: new Timestamp(1_777_777_777, 123_456_000),
    before1970: new Timestamp(-86_400 * 365, 0),
    where: new GeoPoint(-23.55, -46.63),
    boss: admin.doc('people/bia'),
    map: { a: 1, nested: { deep: ['x', { y: null }] }, emptyList: [], emptyMap: {} },
    list: [1, 'two', null, 3.5, { four: 4 }, true, admin.doc('jobs/1')],
    emptyList: [],
    emptyMap: {},
    embedding: FieldValue.vector([0.25, -1, 3]),
    'field with spaces': 'ok',
    'dots.in.name': 1,
  });
  await admin.doc('people/bia').set({ name: 'Bia' });
  await admin
    .doc('people/ana/notes/n1')
    .set({ body: 'subcollection', at: FieldValue.serverTimestamp() });
  await admin.doc('jobs/1').set({ title: 'Vaga', tags: ['a', 'b'] });
  await admin.doc('orphans/missing/kids/k1').set({ n: 1 });
  await admin.doc('unicode/ação 100% #1').set({ ok: true });
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await source?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('export -> import round trip', () => {
  it('the CLI writes firebase-tools’ layout and --import reads every value type back', async () => {
    const out = path.join(dir, 'cli-export');
    const r = await runCli(['export', out, '--format', 'firestore', '--from', source.hostAndPort]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /Exported \d+ documents of projects\/demo-export\/databases\/\(default\)/,
    );
    const meta = JSON.parse(readFileSync(path.join(out, 'firebase-export-metadata.json'), 'utf8'));
    expect(meta.firestore).toMatchObject({
      path: 'firestore_export',
      metadata_file: 'firestore_export/firestore_export.overall_export_metadata',
    });
    expect(readdirSync(path.join(out, 'firestore_export/all_namespaces/all_kinds')).sort()).toEqual(
      ['all_namespaces_all_kinds.export_metadata', 'output-0'],
    );

    const target = await startTestEmulator({ projectId: PROJECT, importDir: out });
    const t = adminClient(target, PROJECT);
    try {
      const before = await allDocs(admin);
      const after = await allDocs(t.db);
      expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
      for (const [p, data] of before) expect(after.get(p), p).toEqual(data);
      const ana = after.get('people/ana') as Record<string, unknown>;
      expect(ana.long).toEqual(plain(longText));
      expect(ana.nan).toBe('NaN');
      expect(ana.boss).toEqual({ ref: 'people/bia' });
    } finally {
      await t.close();
      await target.stop();
    }
  });

  it('the :import endpoint loads an export into a named database, read with the JS SDK', async () => {
    const out = path.join(dir, 'endpoint-export');
    const exp = await fetch(`http://${source.hostAndPort}/emulator/v1/projects/${PROJECT}:export`, {
      method: 'POST',
      body: JSON.stringify({ export_directory: out, export_name: 'nightly' }),
    });
    expect(exp.status).toBe(200);
    const target = await startTestEmulator();
    try {
      const imp = await fetch(
        `http://${target.hostAndPort}/emulator/v1/projects/${PROJECT}:import`,
        {
          method: 'POST',
          body: JSON.stringify({
            database: `projects/${PROJECT}/databases/restored`,
            export_directory: path.join(out, 'nightly', 'nightly.overall_export_metadata'),
          }),
        },
      );
      expect(await imp.json()).toMatchObject({ documents: (await allDocs(admin)).size });
      const web = webClient(target, PROJECT, undefined, 'restored');
      closers.push(web.close);
      const snap = await getDoc(doc(web.db, 'people/ana'));
      expect(snap.get('map.nested.deep')).toEqual(['x', { y: null }]);
      expect(snap.get('embedding').toArray()).toEqual([0.25, -1, 3]);
      expect(snap.get('precise').nanoseconds).toBe(123_456_000);
      expect(snap.get('bytes').toUint8Array()).toEqual(Uint8Array.from([0, 1, 2, 254, 255]));
      expect(snap.get('where').latitude).toBe(-23.55);
      expect(snap.get('emptyList')).toEqual([]);
      expect(snap.get('emptyMap')).toEqual({});
    } finally {
      await target.stop();
    }
  });
});

describe('the files', () => {
  it('LevelDB log: CRC-32C, fragments across 32 KiB blocks, padding, and a corrupt byte', () => {
    // The CRC-32C check value of "123456789" (RFC 3720, appendix B.4).
    expect(crc32c(Buffer.from('123456789'))).toBe(0xe3069283);
    const big = Buffer.alloc(3 * BLOCK_SIZE, 7);
    // The first record leaves 5 bytes in its block: too few for a header, so they are padding.
    const records = [Buffer.alloc(BLOCK_SIZE - 7 - 5, 1), big, Buffer.from('after')];
    const file = writeLog(records);
    expect(file.readUInt8(BLOCK_SIZE + 6)).toBe(2); // FIRST at the start of the second block
    const back: Buffer[] = [];
    readLog(file, (r) => back.push(Buffer.from(r)));
    expect(back).toEqual(records);
    file[BLOCK_SIZE + 100] ^= 1;
    expect(() => readLog(file, () => {})).toThrow(/checksum mismatch at byte 32768/);
  });

  it('reads partition metadata the official emulator imported (four output files)', () => {
    // kindMetadataHex of sanjevirau/fireside, conformance/fixtures/firebase-suite-v1/
    // firestore-multi-shard-export-metadata/fixture.json: accepted by the official emulator 1.22.0.
    const hex =
      '0a240a106669726573746f72655f6578706f727410a8a3b3c59dc0960318c3c1b3c59dc09603122a0a00' +
      '12086f75747075742d3012086f75747075742d3112086f75747075742d3212086f75747075742d33';
    const m = decodePartition(Buffer.from(hex, 'hex'));
    expect(m.exportName).toBe('firestore_export');
    expect(m.outputs).toEqual(['output-0', 'output-1', 'output-2', 'output-3']);
    expect(m.endMicros).toBeGreaterThan(m.startMicros);
    // Written back, it is the same bytes: our exports' partition metadata has the official shape.
    expect(encodePartition(m).toString('hex')).toBe(hex);
  });

  it('reads what production writes beyond our own files: s~ app ids, numeric ids, indexed properties', () => {
    // EntityProto built field by field from entity.proto: key {app 13, path 14 {Element group 1
    // {type 2, id 3 | name 4}}}, property 14 (indexed) and raw_property 15 {meaning 1, name 3,
    // multiple 4, value 5}.
    const w = new ProtoWriter();
    w.message(13, (k) => {
      k.string(13, 's~prod-project');
      k.message(14, (p) => {
        p.group(1, (e) => {
          e.string(2, 'leads');
          e.int64(3, 5629499534213120n);
        });
      });
    });
    w.message(14, (p) => {
      p.uint(1, 16); // BYTESTRING: short indexed bytes
      p.string(3, 'hash');
      p.bool(4, false);
      p.message(5, (v) => v.bytes(3, Buffer.from([9, 8])));
    });
    w.message(14, (p) => {
      p.string(3, 'count');
      p.bool(4, false);
      p.message(5, (v) => v.int64(1, -3n));
    });
    w.message(15, (p) => {
      p.string(3, 'owner');
      p.bool(4, false);
      p.message(5, (v) =>
        v.group(12, (r) => {
          r.string(13, 's~prod-project');
          r.group(14, (e) => {
            e.string(15, 'users');
            e.string(17, 'ana');
          });
        }),
      );
    });
    w.message(16, (p) => p.group(1, (e) => e.string(2, 'leads')));
    const d = decodeDocument(w.finish());
    expect(d).toEqual({
      project: 'prod-project',
      path: 'leads/__id5629499534213120__',
      fields: {
        hash: { bytesValue: Buffer.from([9, 8]).toString('base64') },
        count: { integerValue: '-3' },
        owner: { referenceValue: 'projects/prod-project/databases/(default)/documents/users/ana' },
      },
    });
  });
});

describe('bad input', () => {
  it('a corrupt output file is refused with the file and the offset, and nothing is half-loaded', async () => {
    const out = path.join(dir, 'corrupt');
    await fetch(`http://${source.hostAndPort}/emulator/v1/projects/${PROJECT}:export`, {
      method: 'POST',
      body: JSON.stringify({ export_directory: out }),
    });
    const output = path.join(out, 'firestore_export/all_namespaces/all_kinds/output-0');
    const bytes = readFileSync(output);
    bytes[bytes.length - 3] ^= 0xff;
    writeFileSync(output, bytes);
    const target = await startTestEmulator();
    try {
      const res = await fetch(
        `http://${target.hostAndPort}/emulator/v1/projects/${PROJECT}:import`,
        {
          method: 'POST',
          body: JSON.stringify({ export_directory: out + '/firestore_export' }),
        },
      );
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { message: string } };
      expect(body.error.message).toMatch(/output-0: checksum mismatch at byte \d+/);
      const t = adminClient(target, PROJECT);
      expect((await t.db.collection('people').get()).size).toBe(0);
      await t.close();
    } finally {
      await target.stop();
    }
    const start = await runCli(['--port', '0', '--import', out]);
    expect(start.code).toBe(1);
    expect(start.stderr).toContain('checksum mismatch');
  });

  it('refuses web pages, unknown directories and bad names', async () => {
    const url = `http://${source.hostAndPort}/emulator/v1/projects/${PROJECT}`;
    const fromPage = await fetch(`${url}:export`, {
      method: 'POST',
      headers: { origin: 'http://evil.example' },
      body: JSON.stringify({ export_directory: dir }),
    });
    expect(fromPage.status).toBe(403);
    const nothing = await fetch(`${url}:import`, {
      method: 'POST',
      body: JSON.stringify({ export_directory: path.join(dir, 'nope') }),
    });
    expect(nothing.status).toBe(400);
    expect(await nothing.text()).toContain('holds no Firestore export');
    const badName = await fetch(`${url}:export`, {
      method: 'POST',
      body: JSON.stringify({ export_directory: dir, export_name: '../up' }),
    });
    expect(badName.status).toBe(400);
  });
});
