/**
 * Queries that name their documents (`documentId() == id`, `documentId() in [ids]`), as the
 * panel's listener on its ticked leads does: the named documents that match the rest of the
 * query, in its order, live.
 */
import { FieldPath } from 'firebase-admin/firestore';
import {
  collection,
  documentId,
  onSnapshot,
  query,
  where,
  type QuerySnapshot,
} from 'firebase/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { useEmulator, waitFor } from './support/emulator.js';

const env = useEmulator('demo-name-lookups');

beforeAll(async () => {
  const batch = env.admin.batch();
  for (let i = 0; i < 60; i++) {
    const id = `lead${String(i).padStart(2, '0')}`;
    batch.set(env.admin.doc(`named/${id}`), { n: i, status: i % 3 ? 'novo' : 'principal' });
  }
  batch.set(env.admin.doc('other/lead01'), { n: -1, status: 'novo' });
  await batch.commit();
});

const ids = (snapshot: { docs: { id: string }[] }) => snapshot.docs.map((d) => d.id);

describe('queries on the document name', () => {
  const named = () => env.admin.collection('named');

  it('give the named documents that exist and match, in the query order', async () => {
    const wanted = ['lead05', 'lead03', 'missing', 'lead03', 'lead30', 'lead07'];
    expect(ids(await named().where(FieldPath.documentId(), 'in', wanted).get())).toEqual([
      'lead03',
      'lead05',
      'lead07',
      'lead30',
    ]);
    const filtered = named()
      .where(FieldPath.documentId(), 'in', wanted)
      .where('status', '==', 'principal');
    expect(ids(await filtered.get())).toEqual(['lead03', 'lead30']);
    const ordered = named()
      .where(FieldPath.documentId(), 'in', wanted)
      .orderBy('n', 'desc')
      .limit(2);
    expect(ids(await ordered.get())).toEqual(['lead30', 'lead07']);
    expect(ids(await named().where(FieldPath.documentId(), '==', 'lead01').get())).toEqual([
      'lead01',
    ]);
    expect((await named().where(FieldPath.documentId(), '==', 'nope').get()).size).toBe(0);
    expect(
      (await named().where(FieldPath.documentId(), 'in', ['lead01']).count().get()).data().count,
    ).toBe(1);
  });

  it('follow the named documents live (the JS SDK)', async () => {
    const snapshots: QuerySnapshot[] = [];
    const watched = query(
      collection(env.web, 'named'),
      where(documentId(), 'in', ['lead10', 'lead11']),
    );
    const stop = onSnapshot(watched, (s) => snapshots.push(s));
    try {
      await waitFor(() => snapshots.length > 0);
      expect(ids(snapshots.at(-1)!)).toEqual(['lead10', 'lead11']);
      await env.admin.doc('named/lead11').delete();
      await waitFor(() => ids(snapshots.at(-1)!).length === 1);
      expect(ids(snapshots.at(-1)!)).toEqual(['lead10']);
      await env.admin.doc('named/lead11').set({ n: 11, status: 'novo' });
      await waitFor(() => ids(snapshots.at(-1)!).length === 2);
      expect(snapshots.at(-1)!.docs[1]!.get('n')).toBe(11);
    } finally {
      stop();
    }
  });
});
