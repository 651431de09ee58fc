import type {
  DocumentSnapshot as AdminDocSnap,
  QuerySnapshot as AdminQuerySnap,
} from 'firebase-admin/firestore';
import {
  collection,
  disableNetwork,
  doc,
  enableNetwork,
  limit,
  onSnapshot,
  orderBy,
  query,
  where,
  type DocumentChangeType,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { useEmulator, waitFor } from './support/emulator.js';

const PROJECT = 'demo-grpc-listen';
const env = useEmulator(PROJECT);

describe('Listen with the JS SDK', () => {
  it('multiplexes many targets on one stream; documents enter and leave queries', async () => {
    await env.admin.doc('jobs/a').set({ status: 'novo', n: 1 });
    const novo: string[][] = [];
    const other: string[][] = [];
    const single: (string | null)[] = [];
    const u1 = onSnapshot(query(collection(env.web, 'jobs'), where('status', '==', 'novo')), (s) =>
      novo.push(s.docs.map((d) => d.id)),
    );
    const u2 = onSnapshot(query(collection(env.web, 'jobs'), where('status', '==', 'other')), (s) =>
      other.push(s.docs.map((d) => d.id)),
    );
    const u3 = onSnapshot(doc(env.web, 'jobs/a'), (s) =>
      single.push(s.exists() ? (s.get('status') as string) : null),
    );
    await waitFor(() => novo.length >= 1 && other.length >= 1 && single.length >= 1);
    expect(novo[0]).toEqual(['a']);
    expect(other[0]).toEqual([]);
    await env.admin.doc('jobs/a').update({ status: 'other' });
    await waitFor(() => other.at(-1)?.includes('a') === true && novo.at(-1)?.length === 0);
    await waitFor(() => single.at(-1) === 'other');
    await env.admin.doc('jobs/a').delete();
    await waitFor(() => other.at(-1)?.length === 0 && single.at(-1) === null);
    u1();
    u2();
    u3();
  });

  it('raises one snapshot per atomic batch (consistent global snapshots)', async () => {
    const sizes: number[] = [];
    const u = onSnapshot(collection(env.web, 'atomic-live'), (s) => sizes.push(s.size));
    await waitFor(() => sizes.length === 1);
    const batch = env.admin.batch();
    for (let i = 0; i < 5; i++) batch.set(env.admin.doc(`atomic-live/${i}`), { i });
    await batch.commit();
    await waitFor(() => sizes.at(-1) === 5);
    u();
    expect(sizes).toEqual([0, 5]);
  });

  it('keeps a limit query filled as documents leave it', async () => {
    for (let i = 1; i <= 4; i++) await env.admin.doc(`top/${i}`).set({ score: i * 10 });
    const seen: number[][] = [];
    const u = onSnapshot(
      query(collection(env.web, 'top'), orderBy('score', 'desc'), limit(2)),
      (s) => seen.push(s.docs.map((d) => d.get('score') as number)),
    );
    await waitFor(() => seen.length >= 1);
    expect(seen[0]).toEqual([40, 30]);
    await env.admin.doc('top/4').delete();
    await waitFor(() => JSON.stringify(seen.at(-1)) === '[30,20]');
    await env.admin.doc('top/1').update({ score: 99 });
    await waitFor(() => JSON.stringify(seen.at(-1)) === '[99,30]');
    u();
  });

  it('keeps limitToLast and collection-group listeners up to date', async () => {
    const { limitToLast, collectionGroup } = await import('firebase/firestore');
    for (let i = 1; i <= 3; i++) await env.admin.doc(`ltl/${i}`).set({ n: i });
    const last: number[][] = [];
    const u1 = onSnapshot(query(collection(env.web, 'ltl'), orderBy('n'), limitToLast(2)), (s) =>
      last.push(s.docs.map((d) => d.get('n') as number)),
    );
    const groups: string[][] = [];
    const u2 = onSnapshot(
      query(collectionGroup(env.web, 'notes'), where('open', '==', true)),
      (s) => groups.push(s.docs.map((d) => d.ref.path)),
    );
    await waitFor(() => last.length >= 1 && groups.length >= 1);
    expect(last[0]).toEqual([2, 3]);
    await env.admin.doc('ltl/9').set({ n: 9 });
    await waitFor(() => JSON.stringify(last.at(-1)) === '[3,9]');
    await env.admin.doc('users/u1/notes/a').set({ open: true });
    await env.admin.doc('notes/top').set({ open: true });
    await env.admin.doc('users/u2/notes/b').set({ open: false });
    await waitFor(() => groups.at(-1)?.length === 2);
    expect(groups.at(-1)).toEqual(['notes/top', 'users/u1/notes/a']);
    u1();
    u2();
  });

  it('resumes after going offline and drops documents deleted meanwhile', async () => {
    await env.admin.doc('resume/keep').set({ v: 1 });
    await env.admin.doc('resume/drop').set({ v: 2 });
    const seen: { ids: string[]; changes: DocumentChangeType[]; fromCache: boolean }[] = [];
    const u = onSnapshot(collection(env.web, 'resume'), { includeMetadataChanges: true }, (s) =>
      seen.push({
        ids: s.docs.map((d) => d.id),
        changes: s.docChanges().map((c) => c.type),
        fromCache: s.metadata.fromCache,
      }),
    );
    await waitFor(() => seen.some((s) => !s.fromCache && s.ids.length === 2));
    await disableNetwork(env.web);
    await env.admin.doc('resume/drop').delete();
    await env.admin.doc('resume/new').set({ v: 3 });
    await enableNetwork(env.web);
    await waitFor(() => {
      const last = seen.at(-1);
      return !!last && !last.fromCache && last.ids.join() === 'keep,new';
    });
    u();
  });
});

describe('Listen with firebase-admin', () => {
  it('streams query and document snapshots with changes', async () => {
    const snaps: AdminQuerySnap[] = [];
    const docs: AdminDocSnap[] = [];
    const u1 = env.admin
      .collection('admin-live')
      .where('n', '>=', 2)
      .onSnapshot((s) => snaps.push(s));
    const u2 = env.admin.doc('admin-live/x').onSnapshot((s) => docs.push(s));
    await waitFor(() => snaps.length === 1 && docs.length === 1);
    expect(docs[0].exists).toBe(false);
    await env.admin.doc('admin-live/x').set({ n: 1 });
    await env.admin.doc('admin-live/y').set({ n: 5 });
    await env.admin.doc('admin-live/x').update({ n: 3 });
    await waitFor(() => snaps.at(-1)?.size === 2);
    await waitFor(() => docs.at(-1)?.get('n') === 3);
    const last = snaps.at(-1) as AdminQuerySnap;
    expect(last.docs.map((d) => d.id)).toEqual(['x', 'y']);
    await env.admin.doc('admin-live/y').update({ n: 0 });
    await waitFor(() => snaps.at(-1)?.size === 1);
    expect((snaps.at(-1) as AdminQuerySnap).docChanges().map((c) => [c.type, c.doc.id])).toEqual([
      ['removed', 'y'],
    ]);
    u1();
    u2();
  });
});

/**
 * The emulator builds each message of a commit once for every stream that sends the same one (the
 * same document to the same target id), so these listeners share messages: two JS SDK clients
 * whose first targets have the same id but different queries, one client with two targets the
 * document enters and leaves at different times, and several firebase-admin listeners (one
 * stream each, the same target id). Each must still see its own query's results.
 */
describe('listeners of different queries getting the same changed document', () => {
  const coll = 'shared-commits';
  const byKind = () => query(collection(env.web, coll), where('kind', '==', 'a'));
  const top2 = (db = env.web) => query(collection(db, coll), orderBy('n', 'desc'), limit(2));
  /** The ids of every snapshot of a JS SDK query, from the server only. */
  const watchWeb = (q: ReturnType<typeof byKind>) => {
    const seen: string[][] = [];
    const stop = onSnapshot(q, (s) => {
      if (!s.metadata.fromCache) seen.push(s.docs.map((d) => d.id));
    });
    return { seen, stop };
  };
  const last = (seen: string[][], ids: string[]) => () => seen.at(-1)?.join() === ids.join();

  it('each listener sees its own query as the document enters and leaves them', async () => {
    const other = env.newWeb();
    await env.admin.doc(`${coll}/old1`).set({ kind: 'b', n: 1 });
    await env.admin.doc(`${coll}/old2`).set({ kind: 'a', n: 2 });
    // On `env.web`, `byKind` is the first target and `top2` the second; on `other`, `top2` is
    // the first: the same target id there as `byKind` here.
    const kindA = watchWeb(byKind());
    const topHere = watchWeb(top2());
    const topThere = watchWeb(top2(other));
    const adminSeen: { ids: string[]; changes: string[] }[][] = [[], [], []];
    const adminStops = adminSeen.map((seen) =>
      env.admin
        .collection(coll)
        .orderBy('n', 'desc')
        .limit(2)
        .onSnapshot((s) =>
          seen.push({
            ids: s.docs.map((d) => d.id),
            changes: s.docChanges().map((c) => `${c.type} ${c.doc.id}`),
          }),
        ),
    );
    const adminAt = (ids: string[]) => () =>
      adminSeen.every((s) => s.at(-1)?.ids.join() === ids.join());
    await waitFor(last(kindA.seen, ['old2']), 15_000);
    await waitFor(last(topHere.seen, ['old2', 'old1']), 15_000);
    await waitFor(last(topThere.seen, ['old2', 'old1']), 15_000);
    await waitFor(adminAt(['old2', 'old1']), 15_000);

    // Enters all of them; pushes old1 out of the limit windows.
    await env.admin.doc(`${coll}/x`).set({ kind: 'a', n: 10 });
    await waitFor(last(kindA.seen, ['old2', 'x']), 15_000);
    await waitFor(last(topHere.seen, ['x', 'old2']), 15_000);
    await waitFor(last(topThere.seen, ['x', 'old2']), 15_000);
    await waitFor(adminAt(['x', 'old2']), 15_000);
    for (const seen of adminSeen) {
      expect(seen.at(-1)?.changes).toEqual(['removed old1', 'added x']);
    }

    // Leaves `byKind`, stays first in the windows.
    await env.admin.doc(`${coll}/x`).update({ kind: 'b', n: 11 });
    await waitFor(last(kindA.seen, ['old2']), 15_000);
    await waitFor(adminAt(['x', 'old2']), 15_000);
    for (const seen of adminSeen) expect(seen.at(-1)?.changes).toEqual(['modified x']);

    // `other` misses the next commits while offline and resumes from its last token.
    await disableNetwork(other);
    await env.admin.doc(`${coll}/x`).update({ kind: 'a', n: 0 });
    await env.admin.doc(`${coll}/y`).set({ kind: 'a', n: 5 });
    await waitFor(last(kindA.seen, ['old2', 'x', 'y']), 15_000);
    await waitFor(last(topHere.seen, ['y', 'old2']), 15_000);
    await waitFor(adminAt(['y', 'old2']), 15_000);
    await enableNetwork(other);
    await waitFor(last(topThere.seen, ['y', 'old2']), 15_000);

    await env.admin.doc(`${coll}/y`).delete();
    await waitFor(last(kindA.seen, ['old2', 'x']), 15_000);
    await waitFor(last(topHere.seen, ['old2', 'old1']), 15_000);
    await waitFor(last(topThere.seen, ['old2', 'old1']), 15_000);
    await waitFor(adminAt(['old2', 'old1']), 15_000);
    for (const seen of adminSeen) {
      expect(seen.at(-1)?.changes).toEqual(['removed y', 'added old1']);
    }
    for (const stop of [kindA.stop, topHere.stop, topThere.stop, ...adminStops]) stop();
  });
});
