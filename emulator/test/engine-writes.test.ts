import { FieldPath, FieldValue, Timestamp } from 'firebase-admin/firestore';
import {
  arrayRemove,
  arrayUnion,
  doc,
  getDoc,
  increment,
  setDoc,
  updateDoc,
  writeBatch,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { useEmulator } from './support/emulator.js';

const PROJECT = 'demo-engine-writes';
const env = useEmulator(PROJECT);

async function codeOf(p: Promise<unknown>): Promise<number | string> {
  try {
    await p;
  } catch (e) {
    return (e as { code: number | string }).code;
  }
  throw new Error('expected the call to fail');
}

async function errorOf(p: Promise<unknown>): Promise<{ code: number | string; message: string }> {
  try {
    await p;
  } catch (e) {
    return e as { code: number | string; message: string };
  }
  throw new Error('expected the call to fail');
}

describe('field transforms', () => {
  it('increments with integer and double semantics', async () => {
    const ref = env.admin.doc('tx/inc');
    await ref.set({ i: 1, d: 1.5, s: 'text' });
    await ref.update({
      i: FieldValue.increment(2),
      d: FieldValue.increment(1),
      s: FieldValue.increment(3),
      missing: FieldValue.increment(4.5),
    });
    const data = (await ref.get()).data();
    expect(data).toEqual({ i: 3, d: 2.5, s: 3, missing: 4.5 });
    await ref.update({ i: FieldValue.increment(0.5) });
    expect((await ref.get()).get('i')).toBe(3.5);
  });

  it('applies arrayUnion and arrayRemove', async () => {
    const ref = env.admin.doc('tx/arr');
    await ref.set({ a: [1, 2, 2, 3], b: 'not an array' });
    await ref.update({
      a: FieldValue.arrayUnion(3, 4, 4),
      b: FieldValue.arrayUnion('x'),
      c: FieldValue.arrayRemove(1),
    });
    expect((await ref.get()).data()).toEqual({ a: [1, 2, 2, 3, 4], b: ['x'], c: [] });
    await ref.update({ a: FieldValue.arrayRemove(2, 4) });
    expect((await ref.get()).get('a')).toEqual([1, 3]);
  });

  it('sets server timestamps equal to the commit time, also nested', async () => {
    const ref = env.admin.doc('tx/ts');
    const wr = await ref.set({
      at: FieldValue.serverTimestamp(),
      m: { at: FieldValue.serverTimestamp() },
    });
    const snap = await ref.get();
    expect((snap.get('at') as Timestamp).isEqual(wr.writeTime)).toBe(true);
    expect((snap.get('m.at') as Timestamp).isEqual(wr.writeTime)).toBe(true);
  });

  it('applies transforms from the JS SDK Write stream', async () => {
    const ref = doc(env.web, 'tx/web');
    await setDoc(ref, { n: 1, tags: ['a'] });
    await updateDoc(ref, { n: increment(5), tags: arrayUnion('b') });
    await updateDoc(ref, { tags: arrayRemove('a') });
    const snap = await getDoc(ref);
    expect(snap.data()).toEqual({ n: 6, tags: ['b'] });
  });
});

describe('preconditions and masks', () => {
  it('create fails with ALREADY_EXISTS when the document exists', async () => {
    await env.admin.doc('pre/a').create({ v: 1 });
    const err = await errorOf(env.admin.doc('pre/a').create({ v: 2 }));
    expect(err.code).toBe(6);
    expect(err.message).toContain('Document already exists');
    expect((await env.admin.doc('pre/a').get()).get('v')).toBe(1);
  });

  it('update fails with NOT_FOUND when the document is missing', async () => {
    const err = await errorOf(env.admin.doc('pre/missing').update({ v: 1 }));
    expect(err.code).toBe(5);
    expect(err.message).toContain('No document to update');
  });

  it('checks lastUpdateTime preconditions', async () => {
    const ref = env.admin.doc('pre/time');
    const w1 = await ref.set({ v: 1 });
    await ref.update({ v: 2 });
    expect(await codeOf(ref.update({ v: 3 }, { lastUpdateTime: w1.writeTime }))).toBe(9);
    const cur = await ref.get();
    await ref.update({ v: 4 }, { lastUpdateTime: cur.updateTime });
    expect((await ref.get()).get('v')).toBe(4);
    expect(await codeOf(ref.delete({ lastUpdateTime: w1.writeTime }))).toBe(9);
  });

  it('updates nested paths with masks, keeping the rest', async () => {
    const ref = env.admin.doc('mask/a');
    await ref.set({ m: { x: 1, y: 2 }, keep: true, gone: 1 });
    await ref.update({ 'm.x': 10, gone: FieldValue.delete() });
    expect((await ref.get()).data()).toEqual({ m: { x: 10, y: 2 }, keep: true });
    await ref.update(new FieldPath('m', 'z.w'), 5);
    expect((await ref.get()).get(new FieldPath('m', 'z.w'))).toBe(5);
    await ref.set({ m: { y: 20 } }, { merge: true });
    expect((await ref.get()).get('m')).toEqual({ x: 10, y: 20, 'z.w': 5 });
    await ref.set({ m: { x: 0 }, keep: false }, { mergeFields: ['keep'] });
    expect((await ref.get()).get('keep')).toBe(false);
    expect((await ref.get()).get('m.x')).toBe(10);
  });

  it('keeps createTime and changes updateTime only when the document changes', async () => {
    const ref = env.admin.doc('times/a');
    const w1 = await ref.set({ v: 1 });
    const w2 = await ref.set({ v: 2 });
    const s2 = await ref.get();
    expect(s2.createTime?.isEqual(w1.writeTime)).toBe(true);
    expect(s2.updateTime?.isEqual(w2.writeTime)).toBe(true);
    const w3 = await ref.set({ v: 2 });
    expect(w3.writeTime.isEqual(w2.writeTime)).toBe(true);
  });
});

describe('batches and limits', () => {
  it('applies a batch atomically: a failing write leaves nothing behind', async () => {
    const batch = env.admin.batch();
    batch.set(env.admin.doc('atomic/a'), { v: 1 });
    batch.update(env.admin.doc('atomic/missing'), { v: 2 });
    expect(await codeOf(batch.commit())).toBe(5);
    expect((await env.admin.doc('atomic/a').get()).exists).toBe(false);
  });

  it('commits a JS SDK write batch', async () => {
    const b = writeBatch(env.web);
    b.set(doc(env.web, 'wb/1'), { n: 1 });
    b.set(doc(env.web, 'wb/2'), { n: 2 });
    b.delete(doc(env.web, 'wb/1'));
    await b.commit();
    expect((await env.admin.doc('wb/1').get()).exists).toBe(false);
    expect((await env.admin.doc('wb/2').get()).get('n')).toBe(2);
  });

  it('rejects documents over 1 MiB with INVALID_ARGUMENT', async () => {
    const err = await errorOf(env.admin.doc('big/a').set({ s: 'x'.repeat(1_048_576) }));
    expect(err.code).toBe(3);
    expect(err.message).toMatch(/exceeds the maximum allowed size/);
    await env.admin.doc('big/b').set({ s: 'x'.repeat(1_000_000) });
    expect(((await env.admin.doc('big/b').get()).get('s') as string).length).toBe(1_000_000);
  });

  it('rejects requests over 10 MiB with INVALID_ARGUMENT', async () => {
    const batch = env.admin.batch();
    for (let i = 0; i < 11; i++)
      batch.set(env.admin.doc(`huge/${i}`), { s: 'y'.repeat(1_000_000) });
    const err = await errorOf(batch.commit());
    expect(err.code).toBe(3);
    expect(err.message).toContain('Request payload size exceeds the limit');
    expect((await env.admin.collection('huge').get()).size).toBe(0);
  });

  it('rejects reserved field names and ids with INVALID_ARGUMENT', async () => {
    expect(await codeOf(env.admin.doc('bad/a').set({ __reserved__: 1 }))).toBe(3);
    expect(await codeOf(env.admin.doc('bad/__id__').set({ a: 1 }))).toBe(3);
  });

  it('writes with BulkWriter (BatchWrite), reporting per-write failures', async () => {
    const writer = env.admin.bulkWriter();
    writer.onWriteError(() => false);
    const ok = writer.set(env.admin.doc('bulk/1'), { n: 1 });
    const bad = writer.update(env.admin.doc('bulk/missing'), { n: 2 });
    await writer.close();
    await expect(ok).resolves.toBeTruthy();
    await expect(bad).rejects.toMatchObject({ code: 5 });
    expect((await env.admin.doc('bulk/1').get()).get('n')).toBe(1);
  });
});

describe('listing', () => {
  it('lists documents (including missing parents) and collection ids', async () => {
    const db = env.admin;
    await db.doc('list/a').set({ v: 1 });
    await db.doc('list/b/sub/c').set({ v: 2 });
    await db.doc('list/a/kids/k').set({ v: 3 });
    const refs = await db.collection('list').listDocuments();
    expect(refs.map((r) => r.id).sort()).toEqual(['a', 'b']);
    const cols = await db.doc('list/a').listCollections();
    expect(cols.map((c) => c.id)).toEqual(['kids']);
    const root = await db.listCollections();
    expect(root.map((c) => c.id)).toContain('list');
  });

  it('deletes recursively', async () => {
    const db = env.admin;
    await db.doc('rec/a').set({ v: 1 });
    await db.doc('rec/a/sub/b').set({ v: 2 });
    await db.doc('rec/a/sub/b/deeper/c').set({ v: 3 });
    await db.recursiveDelete(db.collection('rec'));
    expect((await db.collection('rec').get()).size).toBe(0);
    expect((await db.collectionGroup('deeper').get()).size).toBe(0);
  });
});
