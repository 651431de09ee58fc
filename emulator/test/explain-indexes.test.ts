/**
 * Query explain (`explain_options`) over gRPC and REST, and `--indexes` enforcement: queries the
 * automatic single-field indexes and the listed composite indexes do not serve fail as in production.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AggregateField,
  FieldPath,
  type Firestore as AdminFirestore,
  type Query,
  type QuerySnapshot,
} from 'firebase-admin/firestore';
import { collection, onSnapshot, orderBy, query, where } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { adminClient, failureOf, startTestEmulator, useEmulator } from './support/emulator.js';

const PROJECT = 'demo-explain';
const INDEXES = {
  indexes: [
    {
      collectionGroup: 'leads',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'deleted_at', order: 'ASCENDING' },
        { fieldPath: 'created_at', order: 'DESCENDING' },
      ],
    },
    {
      collectionGroup: 'leads',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'status', order: 'ASCENDING' },
        { fieldPath: 'idade', order: 'ASCENDING' },
      ],
    },
  ],
  fieldOverrides: [],
};
const env = useEmulator(PROJECT, { indexes: JSON.stringify(INDEXES) });
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const ids = (s: QuerySnapshot) => s.docs.map((d) => d.id);

async function seed(db: AdminFirestore): Promise<void> {
  const leads = db.collection('leads');
  await Promise.all([
    leads.doc('a').set({ status: 'novo', idade: 20, deleted_at: null, created_at: 1, tags: ['x'] }),
    leads.doc('b').set({ status: 'novo', idade: 30, deleted_at: null, created_at: 2, tags: [] }),
    leads.doc('c').set({ status: 'separado', idade: 40, deleted_at: 5, created_at: 3, tags: [] }),
  ]);
}

describe('query explain', () => {
  it('answers a plan naming the index, and with analyze the results and execution stats (gRPC and REST)', async () => {
    await seed(env.admin);
    for (const db of [env.admin, env.newRestAdmin()]) {
      const leads = db.collection('leads');
      const plain = await leads.explain({ analyze: false });
      expect(plain.snapshot).toBeNull();
      expect(plain.metrics.planSummary.indexesUsed).toEqual([
        { query_scope: 'Collection', properties: '(__name__ ASC)' },
      ]);
      expect(plain.metrics.executionStats).toBeNull();

      const panel = leads.where('deleted_at', '==', null).orderBy('created_at', 'desc');
      const analyzed = await panel.explain({ analyze: true });
      expect(analyzed.snapshot?.docs.map((d) => d.id)).toEqual(['b', 'a']);
      expect(analyzed.metrics.planSummary.indexesUsed).toEqual([
        {
          query_scope: 'Collection',
          properties: '(deleted_at ASC, created_at DESC, __name__ DESC)',
        },
      ]);
      const stats = analyzed.metrics.executionStats;
      expect(stats?.resultsReturned).toBe(2);
      expect(stats?.readOperations).toBe(2);
      expect(stats?.executionDuration).toMatchObject({ seconds: 0 });
      expect(stats?.debugStats).toMatchObject({ documents_scanned: '2' });

      const ranged = await leads.where('idade', '>', 25).explain({ analyze: false });
      expect(ranged.metrics.planSummary.indexesUsed).toEqual([
        { query_scope: 'Collection', properties: '(idade ASC, __name__ ASC)' },
      ]);
    }
  });

  it('explains aggregations too', async () => {
    await seed(env.admin);
    for (const db of [env.admin, env.newRestAdmin()]) {
      const count = db.collection('leads').where('status', '==', 'novo').count();
      const plan = await count.explain({ analyze: false });
      expect(plan.snapshot).toBeNull();
      expect(plan.metrics.planSummary.indexesUsed).toEqual([
        { query_scope: 'Collection', properties: '(status ASC, __name__ ASC)' },
      ]);
      const run = await count.explain({ analyze: true });
      expect(run.snapshot?.data().count).toBe(2);
      expect(run.metrics.executionStats?.resultsReturned).toBe(1);
      expect(run.metrics.executionStats?.readOperations).toBe(1);
      const sum = db
        .collection('leads')
        .where('status', '==', 'novo')
        .aggregate({ total: AggregateField.sum('idade') });
      const summed = await sum.explain({ analyze: true });
      expect(summed.snapshot?.data().total).toBe(50);
      expect(summed.metrics.planSummary.indexesUsed).toEqual([
        { query_scope: 'Collection', properties: '(status ASC, idade ASC, __name__ ASC)' },
      ]);
    }
  });
});

describe('--indexes enforcement', () => {
  it('accepts every query the automatic single-field indexes serve, with its results', async () => {
    await seed(env.admin);
    const leads = env.admin.collection('leads');
    const served: [Query, string[]][] = [
      [leads, ['a', 'b', 'c']],
      [leads.where('status', '==', 'novo').where('idade', '==', 20), ['a']],
      [leads.where('status', '==', 'novo').where('tags', 'array-contains', 'x'), ['a']],
      [leads.where('status', 'in', ['novo', 'separado']).where('idade', '==', 20), ['a']],
      [leads.orderBy('created_at', 'desc'), ['c', 'b', 'a']],
      [leads.where('idade', '>', 25), ['b', 'c']],
      [leads.where('deleted_at', '!=', null).orderBy('deleted_at', 'desc'), ['c']],
      [leads.where('status', 'not-in', ['separado']), ['a', 'b']],
      [leads.where('status', '==', 'novo').orderBy(FieldPath.documentId(), 'desc'), ['b', 'a']],
      [leads.where('status', '==', 'novo').orderBy('status'), ['a', 'b']],
    ];
    for (const [q, expected] of served) expect(ids(await q.get())).toEqual(expected);
    expect((await leads.where('deleted_at', '!=', null).count().get()).data().count).toBe(1);
    const total = await leads.aggregate({ total: AggregateField.sum('idade') }).get();
    expect(total.data().total).toBe(90);
  });

  it('accepts queries a listed composite index serves, in its directions only', async () => {
    await seed(env.admin);
    const leads = env.admin.collection('leads');
    const panel = leads.where('deleted_at', '==', null).orderBy('created_at', 'desc');
    expect(ids(await panel.get())).toEqual(['b', 'a']);
    const reversed = leads.where('deleted_at', '==', null).orderBy('created_at').get();
    expect((await failureOf(reversed)).code).toBe(9);
    const adults = leads.where('status', '==', 'novo').where('idade', '>', 25);
    expect(ids(await adults.get())).toEqual(['b']);
    const novo = leads.where('status', '==', 'novo');
    const total = await novo.aggregate({ total: AggregateField.sum('idade') }).get();
    expect(total.data().total).toBe(50);
  });

  it("fails a query production would refuse with production's message and the index to add", async () => {
    const q = env.admin
      .collection('leads')
      .where('status', '==', 'novo')
      .orderBy('created_at', 'desc');
    const err = await failureOf(q.get());
    expect(err.code).toBe(9);
    expect(err.message).toContain(
      `The query requires an index. You can create it here: https://console.firebase.google.com/v1/r/project/${PROJECT}/firestore/indexes?create_composite=`,
    );
    const link = /create_composite=([\w-]+)/.exec(err.message)?.[1] ?? '';
    const encoded = Buffer.from(link, 'base64url').toString('latin1');
    expect(encoded).toContain(`projects/${PROJECT}/databases/(default)/collectionGroups/leads`);
    expect(encoded).toContain('status');
    const json = err.message.slice(err.message.indexOf('{'));
    expect(JSON.parse(json)).toEqual({
      collectionGroup: 'leads',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'status', order: 'ASCENDING' },
        { fieldPath: 'created_at', order: 'DESCENDING' },
      ],
    });
  });

  it('fails aggregations, != with another order, and several inequalities without their index', async () => {
    const leads = env.admin.collection('leads');
    const refused = [
      leads.where('deleted_at', '==', null).orderBy('idade').count().get(),
      leads
        .where('deleted_at', '==', null)
        .aggregate({ total: AggregateField.sum('idade') })
        .get(),
      leads.where('deleted_at', '!=', null).orderBy('created_at').get(),
      leads.where('idade', '>', 1).where('created_at', '>', 0).get(),
      leads.where('tags', 'array-contains', 'x').orderBy('created_at').get(),
    ];
    for (const p of refused) expect((await failureOf(p)).code).toBe(9);
  });

  it('fails a JS SDK listener without its index with failed-precondition', async () => {
    const web = env.newWeb();
    const q = query(
      collection(web, 'leads'),
      where('status', '==', 'novo'),
      orderBy('idade', 'desc'),
    );
    const code = await new Promise<string>((resolve) => {
      const stop = onSnapshot(
        q,
        () => undefined,
        (e) => {
          stop();
          resolve(e.code);
        },
      );
    });
    expect(code).toBe('failed-precondition');
  });

  it("serves the app's own panel queries with the project's firestore.indexes.json", async () => {
    const emu = await startTestEmulator({
      indexesFile: path.join(root, 'firestore.indexes.json'),
    });
    const admin = adminClient(emu, PROJECT);
    try {
      await seed(admin.db);
      const leads = admin.db.collection('leads');
      const active = leads.where('deleted_at', '==', null).orderBy('created_at', 'desc');
      expect(ids(await active.get())).toEqual(['b', 'a']);
      const trash = leads.where('deleted_at', '!=', null).orderBy('deleted_at', 'desc');
      expect(ids(await trash.get())).toEqual(['c']);
      expect((await leads.where('deleted_at', '!=', null).count().get()).data().count).toBe(1);
      // The same emulator still refuses a query that file has no index for.
      const unindexed = leads.where('status', '==', 'novo').orderBy('idade', 'desc').get();
      expect((await failureOf(unindexed)).code).toBe(9);
    } finally {
      await admin.close();
      await emu.stop();
    }
  });
});
