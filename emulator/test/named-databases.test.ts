// Named databases configured as deployed: firebase.json's array form gives each database its own
// rules and indexes (reloaded on change), seen through the Node and web SDKs' getFirestore(app,
// 'name'), firebase-admin's getFirestore(app, 'name'), the console API and the CLI's --config.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  collection,
  doc,
  getDoc,
  getDocs,
  orderBy,
  query,
  setDoc,
  where,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, spawnCli } from './support/cli.js';
import {
  adminClient,
  failureOf,
  startTestEmulator,
  waitFor,
  webClient,
  type TestEmulator,
} from './support/emulator.js';

const PROJECT = 'demo-named-dbs';
const dir = mkdtempSync(path.join(tmpdir(), 'fs-emu-named-'));
const file = (name: string) => path.join(dir, name);

/** Rules where only `open/*` may be written by anyone, plus `cond` for `guarded/*`. */
const rules = (cond: string) => `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /open/{id} { allow read, write: if true; }
    match /jobs/{id} { allow read: if true; }
    match /guarded/{id} { allow read, write: if ${cond}; }
  }
}
`;
const JOBS_INDEX = {
  collectionGroup: 'jobs',
  queryScope: 'COLLECTION',
  fields: [
    { fieldPath: 'status', order: 'ASCENDING' },
    { fieldPath: 'at', order: 'DESCENDING' },
  ],
};

const closers: (() => Promise<void>)[] = [];
let emu: TestEmulator;
let logLines: string[];

function web(databaseId?: string) {
  const c = webClient(emu, PROJECT, undefined, databaseId);
  closers.push(c.close);
  return c.db;
}
function admin(databaseId?: string) {
  const c = adminClient(emu, PROJECT, databaseId);
  closers.push(c.close);
  return c.db;
}

beforeAll(async () => {
  writeFileSync(file('alpha.rules'), rules('false'));
  writeFileSync(file('beta.rules'), rules('true'));
  writeFileSync(file('default.rules'), rules("request.auth != null && request.auth.uid == 'ana'"));
  writeFileSync(file('alpha.indexes.json'), JSON.stringify({ indexes: [JOBS_INDEX] }));
  writeFileSync(file('beta.indexes.json'), JSON.stringify({ indexes: [] }));
  writeFileSync(
    file('firebase.json'),
    JSON.stringify({
      firestore: [
        { database: '(default)', rules: 'default.rules', indexes: 'alpha.indexes.json' },
        { database: 'alpha', rules: 'alpha.rules', indexes: 'alpha.indexes.json' },
        { database: 'beta', rules: 'beta.rules', indexes: 'beta.indexes.json' },
      ],
      emulators: { firestore: { port: 8080 } },
    }),
  );
  logLines = [];
  emu = await startTestEmulator({
    projectId: PROJECT,
    firebaseConfig: file('firebase.json'),
    log: (line) => logLines.push(line),
  });
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await emu?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('rules per database', () => {
  it("one database's rules do not apply to another (web SDK getFirestore(app, name))", async () => {
    const alpha = web('alpha');
    const beta = web('beta');
    await setDoc(doc(alpha, 'open/a'), { n: 1 });
    const denied = await failureOf(setDoc(doc(alpha, 'guarded/g'), { n: 1 }));
    expect(denied.code).toBe('permission-denied');
    await setDoc(doc(beta, 'guarded/g'), { n: 2 });
    expect((await getDoc(doc(beta, 'guarded/g'))).data()).toEqual({ n: 2 });
    // The databases keep their data apart: alpha never got the document beta accepted.
    expect((await admin('alpha').doc('guarded/g').get()).exists).toBe(false);
    // The default database has its own rules: anonymous is refused, the user 'ana' allowed.
    expect((await failureOf(setDoc(doc(web(), 'guarded/g'), { n: 3 }))).code).toBe(
      'permission-denied',
    );
    const ana = webClient(emu, PROJECT, { sub: 'ana', user_id: 'ana' });
    closers.push(ana.close);
    await setDoc(doc(ana.db, 'guarded/g'), { n: 3 });
  });

  it('reloads one database’s rules file without touching the others', async () => {
    const alpha = web('alpha');
    const beta = web('beta');
    writeFileSync(file('alpha.rules'), rules('request.resource.data.n > 10'));
    let allowed = false;
    await waitFor(() => {
      void setDoc(doc(alpha, 'guarded/reload'), { n: 11 }).then(
        () => (allowed = true),
        () => {},
      );
      return allowed;
    }, 30_000);
    expect((await failureOf(setDoc(doc(alpha, 'guarded/small'), { n: 1 }))).code).toBe(
      'permission-denied',
    );
    await setDoc(doc(beta, 'guarded/small'), { n: 1 });

    // A version that does not compile is reported and the previous rules stay.
    writeFileSync(file('alpha.rules'), rules('request.resource.data.n >'));
    await waitFor(() => logLines.some((l) => l.includes('did not load')), 30_000);
    expect(logLines.join('\n')).toMatch(/alpha\.rules:\d+:\d+ /);
    await setDoc(doc(alpha, 'guarded/still'), { n: 12 });
    writeFileSync(file('alpha.rules'), rules('false'));
    await waitFor(() => logLines.filter((l) => l.startsWith('Reloaded rules')).length >= 2, 30_000);
  });
});

describe('indexes per database', () => {
  it("an index missing only in one database's file refuses only that database's query", async () => {
    const q = (db: ReturnType<typeof web>) =>
      query(collection(db, 'jobs'), where('status', '==', 'open'), orderBy('at', 'desc'));
    await setDoc(doc(web('alpha'), 'open/x'), { ok: true });
    await admin('alpha').doc('jobs/1').set({ status: 'open', at: 1 });
    await admin('beta').doc('jobs/1').set({ status: 'open', at: 1 });
    expect((await getDocs(q(web('alpha')))).size).toBe(1);
    const refused = await failureOf(getDocs(q(web('beta'))));
    expect(refused.code).toBe('failed-precondition');
    expect(refused.message).toContain('The query requires an index');
    expect(refused.message).toContain(`/project/${PROJECT}/firestore/databases/beta/indexes?`);

    // firebase-admin (gRPC) is held to the same indexes: the owner bypasses rules, not indexes.
    const adminQuery = (databaseId: string) =>
      admin(databaseId)
        .collection('jobs')
        .where('status', '==', 'open')
        .orderBy('at', 'desc')
        .get();
    expect((await adminQuery('alpha')).size).toBe(1);
    expect((await failureOf(adminQuery('beta'))).code).toBe(9);

    writeFileSync(file('beta.indexes.json'), JSON.stringify({ indexes: [JOBS_INDEX] }));
    await waitFor(() => logLines.some((l) => l.includes('beta.indexes.json')), 30_000);
    expect((await adminQuery('beta')).size).toBe(1);
  });
});

describe('the console', () => {
  it('lists every configured database with its rules and indexes files', async () => {
    const res = await fetch(`http://${emu.hostAndPort}/console/api/databases`);
    const { databases } = (await res.json()) as {
      databases: {
        name: string;
        config: { configured: boolean; rules: { file: string }; indexes: { file: string } };
      }[];
    };
    const byName = new Map(databases.map((d) => [d.name.split('/').pop(), d.config]));
    expect([...byName.keys()].sort()).toEqual(['(default)', 'alpha', 'beta']);
    expect(byName.get('alpha')).toMatchObject({
      configured: true,
      rules: { file: file('alpha.rules') },
      indexes: { file: file('alpha.indexes.json') },
    });
    expect(byName.get('beta')?.rules.file).toBe(file('beta.rules'));
    expect(byName.get('(default)')?.rules.file).toBe(file('default.rules'));
  });
});

describe('configuration errors', () => {
  it('a database the config does not name uses the default database’s rules', async () => {
    const other = web('gamma');
    expect((await failureOf(setDoc(doc(other, 'guarded/g'), { n: 1 }))).code).toBe(
      'permission-denied',
    );
    await setDoc(doc(other, 'open/g'), { n: 1 });
  });

  it('--config on the CLI serves the configured databases; a malformed config fails the start', async () => {
    const p = await spawnCli([
      '--port',
      '0',
      '--project',
      PROJECT,
      '--config',
      file('firebase.json'),
    ]);
    try {
      const c = webClient(p, PROJECT, undefined, 'beta');
      await setDoc(doc(c.db, 'guarded/cli'), { n: 1 });
      const a = webClient(p, PROJECT, undefined, 'alpha');
      expect((await failureOf(setDoc(doc(a.db, 'guarded/cli'), { n: 1 }))).code).toBe(
        'permission-denied',
      );
      await c.close();
      await a.close();
    } finally {
      p.child.kill('SIGTERM');
      await p.exited;
    }
    writeFileSync(file('bad.json'), JSON.stringify({ firestore: [{ rules: 'alpha.rules' }] }));
    const bad = await runCli(['--port', '0', '--config', file('bad.json')]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('"database" is required in the array form');
    writeFileSync(
      file('missing.json'),
      JSON.stringify({ firestore: [{ database: 'missing-db', rules: 'nope.rules' }] }),
    );
    const missing = await runCli(['--port', '0', '--config', file('missing.json')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('nope.rules');
  });
});
