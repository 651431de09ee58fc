/** Documents with every Firestore type (microsecond timestamps, all 256 byte values) and a field-by-field comparison. */
import {
  GeoPoint,
  Timestamp,
  type DocumentReference,
  type Firestore,
} from 'firebase-admin/firestore';
import { expect } from 'vitest';

/** Writes the typed documents (one in a subcollection) through firebase-admin; returns their paths. */
export async function writeTypedDocs(db: Firestore): Promise<string[]> {
  const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  await db.doc('campaigns/busy').set({
    name: 'Busy campaign',
    empty: '',
    unicode: 'Conceição do Coité ✓ 😀',
    count: 20000,
    ratio: 0.1,
    negative: -1.5e-300,
    yes: true,
    no: false,
    nothing: null,
    at: new Timestamp(1767225600, 123456000),
    before_epoch: new Timestamp(-1, 999999000),
    where: new GeoPoint(-11.5631, -39.2811),
    raw: bytes,
    ref: db.doc('campaigns/empty'),
    tags: ['a', 1, 2.5, null, { nested: true }],
    deep: { level1: { level2: { at: new Timestamp(1, 1000), list: [] } }, empty: {} },
  });
  await db
    .doc('campaigns/busy/leads/00001')
    .set({ nome: 'Ana', created_at: new Timestamp(1795413192, 104000) });
  await db.doc('campaigns/empty').set({});
  return ['campaigns/busy', 'campaigns/busy/leads/00001', 'campaigns/empty'];
}

function same(a: unknown, b: unknown, at: string): void {
  if (a instanceof Timestamp) {
    expect(b, at).toBeInstanceOf(Timestamp);
    expect([(b as Timestamp).seconds, (b as Timestamp).nanoseconds], at).toEqual([
      a.seconds,
      a.nanoseconds,
    ]);
  } else if (a instanceof GeoPoint) {
    expect((b as GeoPoint).isEqual(a), at).toBe(true);
  } else if (Buffer.isBuffer(a)) {
    expect(Buffer.isBuffer(b) && a.equals(b), at).toBe(true);
  } else if (a && typeof a === 'object' && 'path' in a && 'firestore' in a) {
    expect((b as DocumentReference).path, at).toBe((a as DocumentReference).path);
  } else if (Array.isArray(a)) {
    expect(Array.isArray(b) && b.length === a.length, at).toBe(true);
    a.forEach((x, i) => same(x, (b as unknown[])[i], `${at}[${i}]`));
  } else if (a && typeof a === 'object') {
    const bo = b as { [k: string]: unknown };
    expect(Object.keys(bo).sort(), at).toEqual(Object.keys(a).sort());
    for (const [k, v] of Object.entries(a)) same(v, bo[k], `${at}.${k}`);
  } else {
    expect(Object.is(a, b), `${at}: ${String(a)} vs ${String(b)}`).toBe(true);
  }
}

/** Reads `paths` from both databases through firebase-admin and compares every field. */
export async function expectSameDocs(a: Firestore, b: Firestore, paths: string[]): Promise<void> {
  for (const p of paths) {
    const [x, y] = await Promise.all([a.doc(p).get(), b.doc(p).get()]);
    expect(y.exists, p).toBe(x.exists);
    same(x.data(), y.data(), p);
  }
}
