/// <reference lib="dom" />
/** Test page on the full firebase 12 browser SDK (WebChannel); tests drive it through window.api. */
import { initializeApp } from 'firebase/app';
import {
  addDoc,
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getCountFromServer,
  getDoc,
  getDocFromServer,
  getDocs,
  getDocsFromServer,
  increment,
  initializeFirestore,
  limit,
  onSnapshot,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  setLogLevel,
  updateDoc,
  waitForPendingWrites,
  where,
  writeBatch,
  type DocumentData,
  type FirestoreSettings,
  type Query,
  type Unsubscribe,
  type WhereFilterOp,
} from 'firebase/firestore';
import {
  mockToken,
  readConfig,
  toFirestore,
  toPlain,
  type PlainData,
  type QuerySpec,
} from './shared.js';

const config = readConfig();
if (new URLSearchParams(location.search).get('debug') === '1') setLogLevel('debug');
const app = initializeApp({ projectId: config.projectId, apiKey: 'fake-api-key' });
// `xhr=1`: XMLHttpRequest instead of fetch under WebChannel (the SDK's internal useFetchStreams
// setting), as Google's SDK test suites run it; the browser then logs refused response headers.
const settings: FirestoreSettings & { useFetchStreams?: boolean } = {
  ...(config.longPolling
    ? { experimentalForceLongPolling: true }
    : { experimentalAutoDetectLongPolling: config.autoDetect }),
  ...(new URLSearchParams(location.search).get('xhr') === '1' ? { useFetchStreams: false } : {}),
};
const db = initializeFirestore(app, settings);
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

interface SnapshotRecord {
  /** When the snapshot reached the page (ms since the epoch, sub-ms precision). */
  at: number;
  docs: Array<{ id: string; data: PlainData }>;
  fromCache: boolean;
  hasPendingWrites: boolean;
}

const listeners = new Map<string, Unsubscribe>();
const snapshots: { [id: string]: SnapshotRecord[] } = {};
const errors: { [id: string]: string } = {};

const api = {
  async set(path: string, value: PlainData, merge = false) {
    await setDoc(doc(db, path), data(value), { merge });
  },
  async add(collectionPath: string, value: PlainData) {
    return (await addDoc(collection(db, collectionPath), data(value))).id;
  },
  async update(path: string, value: PlainData) {
    await updateDoc(doc(db, path), data(value));
  },
  async remove(path: string) {
    await deleteDoc(doc(db, path));
  },
  async get(path: string, fromServer = false) {
    const snapshot = fromServer
      ? await getDocFromServer(doc(db, path))
      : await getDoc(doc(db, path));
    return {
      exists: snapshot.exists(),
      data: snapshot.exists() ? (toPlain(snapshot.data()) as PlainData) : null,
    };
  },
  async query(spec: QuerySpec) {
    const snapshot = await getDocsFromServer(buildQuery(spec));
    return snapshot.docs.map((d) => ({ id: d.id, data: toPlain(d.data()) as PlainData }));
  },
  async queryCached(spec: QuerySpec) {
    const snapshot = await getDocs(buildQuery(spec));
    return snapshot.docs.map((d) => ({ id: d.id, data: toPlain(d.data()) as PlainData }));
  },
  async count(spec: QuerySpec) {
    return (await getCountFromServer(buildQuery(spec))).data().count;
  },
  /** Adds `by` to a numeric field in a transaction; returns the new value. */
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
  listenDoc(id: string, path: string) {
    snapshots[id] = [];
    listeners.set(
      id,
      onSnapshot(
        doc(db, path),
        { includeMetadataChanges: false },
        (snapshot) =>
          snapshots[id].push({
            at: performance.timeOrigin + performance.now(),
            docs: snapshot.exists()
              ? [{ id: snapshot.id, data: toPlain(snapshot.data()) as PlainData }]
              : [],
            fromCache: snapshot.metadata.fromCache,
            hasPendingWrites: snapshot.metadata.hasPendingWrites,
          }),
        (error) => (errors[id] = `${error.code}: ${error.message}`),
      ),
    );
  },
  listenQuery(id: string, spec: QuerySpec) {
    snapshots[id] = [];
    listeners.set(
      id,
      onSnapshot(
        buildQuery(spec),
        (snapshot) =>
          snapshots[id].push({
            at: performance.timeOrigin + performance.now(),
            docs: snapshot.docs.map((d) => ({ id: d.id, data: toPlain(d.data()) as PlainData })),
            fromCache: snapshot.metadata.fromCache,
            hasPendingWrites: snapshot.metadata.hasPendingWrites,
          }),
        (error) => (errors[id] = `${error.code}: ${error.message}`),
      ),
    );
  },
  unlisten(id: string) {
    listeners.get(id)?.();
    listeners.delete(id);
  },
  snapshots(id: string) {
    return snapshots[id] ?? [];
  },
  error(id: string) {
    return errors[id] ?? null;
  },
  /** Now, on the clock `at` uses. */
  now() {
    return performance.timeOrigin + performance.now();
  },
  async waitForPendingWrites() {
    await waitForPendingWrites(db);
  },
};

declare global {
  interface Window {
    api: typeof api;
    apiReady: boolean;
  }
}
window.api = api;
window.apiReady = true;
