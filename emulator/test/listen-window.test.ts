/**
 * Limit listeners at the edge of their window, through the JS SDK: a document entering above the
 * edge pushes the last one out, one arriving past the edge changes nothing, one leaving (deleted,
 * filtered out, moved past the edge) lets the next one in, moves inside the window reorder it, and
 * several changes in one batch land as one snapshot. The emulator keeps these windows from the
 * commit's changes (src/engine/streams/window.ts) instead of re-running the query. The writes come
 * from firebase-admin, so the listening SDK knows only what the server sent it (its own writes
 * would let it fill a short window from its local cache).
 */
import {
  collection,
  limit,
  limitToLast,
  onSnapshot,
  orderBy,
  query,
  startAfter,
  where,
  type Firestore,
  type Query,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { useEmulator, waitFor } from './support/emulator.js';

const PROJECT = 'demo-listen-window';
const env = useEmulator(PROJECT);

/** Every snapshot of a query as `id:n` strings, in the order the SDK gives. */
function watch(q: Query) {
  const seen: string[][] = [];
  const stop = onSnapshot(q, (s) => seen.push(s.docs.map((d) => `${d.id}:${String(d.get('n'))}`)));
  return {
    seen,
    stop,
    /** Waits for the latest snapshot to be `expected`. */
    until: async (expected: string[]) => {
      await waitFor(() => JSON.stringify(seen.at(-1)) === JSON.stringify(expected), 15_000).catch(
        () => expect(seen.at(-1)).toEqual(expected),
      );
    },
  };
}

async function seed(coll: string, ns: number[]): Promise<void> {
  const batch = env.admin.batch();
  for (const n of ns) batch.set(env.admin.doc(`${coll}/n${n}`), { n, open: true });
  await batch.commit();
}

const at = (coll: string, id: string) => env.admin.doc(`${coll}/${id}`);
let listener: Firestore | undefined;
/** A JS SDK client that only listens. */
const web = () => (listener ??= env.newWeb());

describe('limit listeners at the window edge (JS SDK)', () => {
  it('follow entries, exits and moves across the edge', async () => {
    const coll = 'edge';
    await seed(coll, [1, 2, 3, 4, 5, 6]);
    const w = watch(
      query(collection(web(), coll), where('open', '==', true), orderBy('n', 'desc'), limit(3)),
    );
    await w.until(['n6:6', 'n5:5', 'n4:4']);

    // Above the edge: the last one leaves.
    await at(coll, 'n10').set({ n: 10, open: true });
    await w.until(['n10:10', 'n6:6', 'n5:5']);

    // Past the edge: nothing to show; then a move inside the window.
    await at(coll, 'n0').set({ n: 0, open: true });
    await at(coll, 'n6').update({ n: 11 });
    await w.until(['n6:11', 'n10:10', 'n5:5']);
    expect(w.seen.flat().some((e) => e.startsWith('n0:'))).toBe(false);

    // A deletion in the window: the first document past the edge comes in.
    await at(coll, 'n10').delete();
    await w.until(['n6:11', 'n5:5', 'n4:4']);

    // Filtered out, then moved past the edge: each time the next one comes in.
    await at(coll, 'n6').update({ open: false });
    await w.until(['n5:5', 'n4:4', 'n3:3']);
    await at(coll, 'n5').update({ n: -1 });
    await w.until(['n4:4', 'n3:3', 'n2:2']);

    // The edge document moves but stays the edge; a document from past the edge moves in.
    await at(coll, 'n2').update({ n: 2.5 });
    await w.until(['n4:4', 'n3:3', 'n2:2.5']);
    await at(coll, 'n1').update({ n: 3.5 });
    await w.until(['n4:4', 'n1:3.5', 'n3:3']);

    // One batch: the top leaves, one enters past the edge, one enters in the middle.
    const batch = env.admin.batch();
    batch.delete(at(coll, 'n4'));
    batch.set(at(coll, 'n7'), { n: 3.2, open: true });
    batch.set(at(coll, 'n8'), { n: 1, open: true });
    await batch.commit();
    await w.until(['n1:3.5', 'n7:3.2', 'n3:3']);

    // One batch: a window document leaves and one arrives far past the edge; the first one
    // past the edge (not the new one) comes in.
    const far = env.admin.batch();
    far.delete(at(coll, 'n7'));
    far.set(at(coll, 'n9'), { n: 0.5, open: true });
    await far.commit();
    await w.until(['n1:3.5', 'n3:3', 'n2:2.5']);

    // Everything leaves: the window shrinks to what is left.
    await Promise.all(['n1', 'n3', 'n2'].map((id) => at(coll, id).delete()));
    await w.until(['n8:1', 'n9:0.5', 'n0:0']);
    await Promise.all(['n9'].map((id) => at(coll, id).delete()));
    await w.until(['n8:1', 'n0:0', 'n5:-1']);
    await Promise.all(['n8', 'n0'].map((id) => at(coll, id).delete()));
    await w.until(['n5:-1']);
    w.stop();
  });

  it('keep limitToLast and cursor pages in step', async () => {
    const coll = 'pages';
    await seed(coll, [1, 2, 3, 4, 5, 6, 7, 8]);
    const last = watch(query(collection(web(), coll), orderBy('n'), limitToLast(2)));
    const page2 = watch(
      query(collection(web(), coll), orderBy('n', 'desc'), startAfter(6), limit(2)),
    );
    await last.until(['n7:7', 'n8:8']);
    await page2.until(['n5:5', 'n4:4']);

    await at(coll, 'n9').set({ n: 5.5, open: true });
    await page2.until(['n9:5.5', 'n5:5']);
    await last.until(['n7:7', 'n8:8']);

    await at(coll, 'n8').delete();
    await last.until(['n6:6', 'n7:7']);
    await at(coll, 'n5').delete();
    await page2.until(['n9:5.5', 'n4:4']);

    await at(coll, 'n9').update({ n: 100 });
    await last.until(['n7:7', 'n9:100']);
    await page2.until(['n4:4', 'n3:3']);
    last.stop();
    page2.stop();
  });

  it('follow the same window in every stream that listens to the same query', async () => {
    // firebase-admin opens a stream per listener, so these are separate server targets with the
    // same query (the JS SDK would share one target): the emulator computes a commit's update of
    // their window once for all of them, and each must still see its own changes.
    const coll = 'shared';
    await seed(coll, [1, 2, 3, 4, 5, 6]);
    const admin = env.newAdmin();
    const page = (n: number) =>
      admin.collection(coll).where('open', '==', true).orderBy('n', 'desc').limit(n);
    const watchAdmin = (q: ReturnType<typeof page>) => {
      const seen: string[][] = [];
      const stop = q.onSnapshot((s) =>
        seen.push(s.docs.map((d) => `${d.id}:${String(d.get('n'))}`)),
      );
      const until = async (expected: string[]) => {
        await waitFor(() => JSON.stringify(seen.at(-1)) === JSON.stringify(expected), 15_000).catch(
          () => expect(seen.at(-1)).toEqual(expected),
        );
      };
      return { stop, until };
    };
    const a = watchAdmin(page(3));
    const b = watchAdmin(page(3));
    const two = watchAdmin(page(2));
    await Promise.all([a.until(['n6:6', 'n5:5', 'n4:4']), b.until(['n6:6', 'n5:5', 'n4:4'])]);
    await two.until(['n6:6', 'n5:5']);

    await at(coll, 'n10').set({ n: 10, open: true });
    await Promise.all([a, b].map((w) => w.until(['n10:10', 'n6:6', 'n5:5'])));
    await two.until(['n10:10', 'n6:6']);
    // One more listener of the same query, after that commit.
    const c = watchAdmin(page(3));
    await c.until(['n10:10', 'n6:6', 'n5:5']);

    // A deletion in the window leaves it short: the query runs again, once for all of them.
    await at(coll, 'n10').delete();
    await Promise.all([a, b, c].map((w) => w.until(['n6:6', 'n5:5', 'n4:4'])));
    await two.until(['n6:6', 'n5:5']);

    // One stops; the others still follow.
    a.stop();
    await at(coll, 'n5').update({ open: false });
    await Promise.all([b, c].map((w) => w.until(['n6:6', 'n4:4', 'n3:3'])));
    await two.until(['n6:6', 'n4:4']);
    for (const w of [b, c, two]) w.stop();
  });
});
