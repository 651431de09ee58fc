/// <reference lib="dom" />
/** Test page on `firebase/firestore/lite` (REST); tests drive it through window.lite. */
import { initializeApp } from 'firebase/app';
import {
  addDoc,
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getCount,
  getDoc,
  getDocs,
  getFirestore,
  increment,
  limit,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  writeBatch,
  type DocumentData,
  type Query,
  type WhereFilterOp,
} from 'firebase/firestore/lite';
import {
  mockToken,
  readConfig,
  toFirestore,
  toPlain,
  type PlainData,
  type QuerySpec,
} from './shared.js';

const config = readConfig();
const app = initializeApp({ projectId: config.projectId, apiKey: 'fake-api-key' });
const db = getFirestore(app);
connectFirestoreEmulator(
  db,
  config.host,
  config.port,
  config.user ? { mockUserToken: mockToken(config) } : {},
);

const sentinels = { serverTimestamp, increment };
const data = (value: PlainData) => toFirestore(value, sentinels) as DocumentData;

function buildQuery(spec: QuerySpec): Query {
  const constraints = [
    ...(spec.where ?? []).map(([field, op, value]) => where(field, op as WhereFilterOp, value)),
    ...(spec.orderBy ?? []).map(([field, direction]) => orderBy(field, direction)),
    ...(spec.limit !== undefined ? [limit(spec.limit)] : []),
  ];
  return query(collection(db, spec.collection), ...constraints);
}

const lite = {
  async add(collectionPath: string, value: PlainData) {
    return (await addDoc(collection(db, collectionPath), data(value))).id;
  },
  async set(path: string, value: PlainData, merge = false) {
    await setDoc(doc(db, path), data(value), { merge });
  },
  async update(path: string, value: PlainData) {
    await updateDoc(doc(db, path), data(value));
  },
  async remove(path: string) {
    await deleteDoc(doc(db, path));
  },
  async get(path: string) {
    const snapshot = await getDoc(doc(db, path));
    return {
      exists: snapshot.exists(),
      data: snapshot.exists() ? (toPlain(snapshot.data()) as PlainData) : null,
    };
  },
  async query(spec: QuerySpec) {
    const snapshot = await getDocs(buildQuery(spec));
    return snapshot.docs.map((d) => ({ id: d.id, data: toPlain(d.data()) as PlainData }));
  },
  async count(spec: QuerySpec) {
    return (await getCount(buildQuery(spec))).data().count;
  },
  async transactionIncrement(path: string, field: string, by: number) {
    return runTransaction(db, async (tx) => {
      const ref = doc(db, path);
      const snapshot = await tx.get(ref);
      const next = Number(snapshot.exists() ? (snapshot.get(field) ?? 0) : 0) + by;
      if (snapshot.exists()) tx.update(ref, { [field]: next });
      else tx.set(ref, { [field]: next });
      return next;
    });
  },
  async batch(ops: Array<{ op: 'set' | 'update' | 'delete'; path: string; data?: PlainData }>) {
    const batch = writeBatch(db);
    for (const op of ops) {
      const ref = doc(db, op.path);
      if (op.op === 'set') batch.set(ref, data(op.data ?? {}));
      else if (op.op === 'update') batch.update(ref, data(op.data ?? {}));
      else batch.delete(ref);
    }
    await batch.commit();
  },
};

declare global {
  interface Window {
    lite: typeof lite;
    liteReady: boolean;
  }
}
window.lite = lite;
window.liteReady = true;
