/**
 * The console's JSON API on a started emulator: paging a 20,000-document collection, subcollections,
 * queries, and the request log (who, method incl. listen, outcome, traces, the 1,000-entry bound).
 */
import { collection, doc, getDoc, limit, onSnapshot, query, setDoc } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useEmulator, waitFor } from './support/emulator.js';

const PROJECT = 'demo-console-api';
const DB = `projects/${PROJECT}/databases/(default)`;
const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /leads/{id} {
      allow read: if request.auth.token.admin == true;
      allow create: if request.resource.data.status == 'novo';
    }
  }
}`;
const fx = useEmulator(PROJECT, { rules: RULES });

interface Entry {
  method: string;
  path: string;
  who: { kind: string; uid?: string; email?: string; claims?: object };
  allowed: boolean;
  basis: string;
  message?: string;
  trace?: {
    allows: { text: string; allowed: boolean; failed: { text: string; values: object[] }[] }[];
  };
}

async function api<T>(route: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`http://${fx.emu.hostAndPort}/console/api/${route}`, init);
  const body = (await res.json()) as T;
  if (!res.ok) throw new Error(JSON.stringify(body));
  return body;
}
const q = (o: { [k: string]: string }) => new URLSearchParams({ db: DB, ...o }).toString();
const requests = async () => (await api<{ requests: Entry[] }>('requests')).requests;

describe('data API', () => {
  beforeAll(async () => {
    const documents: { [path: string]: object } = {};
    for (let i = 0; i < 20_000; i++) {
      documents[`leads/lead-${String(i).padStart(5, '0')}`] = {
        n: { integerValue: String(i) },
        status: { stringValue: i % 2 ? 'novo' : 'contratado' },
      };
    }
    documents['leads/lead-00007/notes/n1'] = { text: { stringValue: 'called' } };
    documents['orphans/gone/notes/n1'] = { text: { stringValue: 'parent missing' } };
    await api(`import?${q({})}`, {
      method: 'POST',
      body: JSON.stringify({
        format: 'vagas-firestore-fixture',
        version: 1,
        database: DB,
        documents,
      }),
    });
  }, 120_000);

  it('lists root collections with their counts', async () => {
    const { collections } = await api<{ collections: object[] }>(
      `collections?${q({ parent: '' })}`,
    );
    expect(collections).toEqual([
      { id: 'leads', path: 'leads', count: 20_000 },
      { id: 'orphans', path: 'orphans', count: 0 },
    ]);
  });

  it('pages through 20,000 documents in id order', async () => {
    type Page = { documents: { id: string }[]; count: number; next: string | null };
    const first = await api<Page>(`documents?${q({ collection: 'leads', pageSize: '100' })}`);
    expect(first.count).toBe(20_000);
    expect(first.documents.map((d) => d.id).slice(0, 2)).toEqual(['lead-00000', 'lead-00001']);
    expect(first.next).toBe('lead-00099');
    const second = await api<Page>(
      `documents?${q({ collection: 'leads', pageSize: '100', after: first.next as string })}`,
    );
    expect(second.documents[0].id).toBe('lead-00100');
    const last = await api<Page>(
      `documents?${q({ collection: 'leads', pageSize: '100', after: 'lead-19949' })}`,
    );
    expect(last.documents.map((d) => d.id)).toHaveLength(50);
    expect(last.next).toBeNull();
  });

  it('shows a document with its subcollections, and parents that exist only through children', async () => {
    const doc = await api<{ document: { fields: object }; collections: object[] }>(
      `document?${q({ path: 'leads/lead-00007' })}`,
    );
    expect(doc.document.fields).toEqual({
      n: { integerValue: '7' },
      status: { stringValue: 'novo' },
    });
    expect(doc.collections).toEqual([{ id: 'notes', path: 'leads/lead-00007/notes', count: 1 }]);
    const orphans = await api<{ documents: object[] }>(`documents?${q({ collection: 'orphans' })}`);
    expect(orphans.documents).toEqual([{ id: 'gone', path: 'orphans/gone', missing: true }]);
  });

  it('runs a structured query as the owner', async () => {
    const { documents } = await api<{ documents: { path: string }[] }>(`query?${q({})}`, {
      method: 'POST',
      body: JSON.stringify({
        parent: '',
        structuredQuery: {
          from: [{ collectionId: 'leads' }],
          where: {
            fieldFilter: {
              field: { fieldPath: 'status' },
              op: 'EQUAL',
              value: { stringValue: 'novo' },
            },
          },
          orderBy: [{ field: { fieldPath: 'n' }, direction: 'DESCENDING' }],
          limit: 2,
        },
      }),
    });
    expect(documents.map((d) => d.path)).toEqual(['leads/lead-19999', 'leads/lead-19997']);
  });
});

describe('console API', () => {
  it('refuses requests from other origins (a web page cannot wipe the data)', async () => {
    const res = await fetch(`http://${fx.emu.hostAndPort}/console/api/data`, {
      method: 'DELETE',
      headers: { origin: 'http://evil.test' },
    });
    expect(res.status).toBe(403);
    const { collections } = await api<{ collections: unknown[] }>(
      `collections?${q({ parent: '' })}`,
    );
    expect(collections.length).toBeGreaterThan(0);
  });
});

describe('request log', () => {
  afterAll(async () => {
    await api('requests', { method: 'DELETE' });
  });

  it('records who asked, the method (listen included) and the outcome, with a trace for a denial', async () => {
    await api('requests', { method: 'DELETE' });
    const admin = fx.newWeb({ user_id: 'u1', email: 'ana@vagas.test', admin: true });
    const seen: number[] = [];
    // A small query: the collection holds the 20,000 documents of the data tests.
    const unsubscribe = onSnapshot(query(collection(admin, 'leads'), limit(2)), (s) =>
      seen.push(s.size),
    );
    await waitFor(() => seen.length > 0, 10_000);
    unsubscribe();
    await fx.admin.doc('leads/by-admin').set({ status: 'x' });
    const denied = fx.web;
    await expect(setDoc(doc(denied, 'leads/bad'), { status: 'principal' })).rejects.toMatchObject({
      code: 'permission-denied',
    });
    const log = await requests();
    const listen = log.find((e) => e.method === 'listen');
    expect(listen).toMatchObject({
      path: 'leads',
      allowed: true,
      basis: 'rules',
      who: { kind: 'user', uid: 'u1', email: 'ana@vagas.test', claims: { admin: true } },
    });
    expect(log.find((e) => e.path === 'leads/by-admin')).toMatchObject({
      method: 'create',
      who: { kind: 'owner' },
      allowed: true,
      basis: 'owner',
    });
    const bad = log.find((e) => e.path === 'leads/bad');
    expect(bad).toMatchObject({ method: 'create', who: { kind: 'anonymous' }, allowed: false });
    expect(bad?.message).toMatch(/^false for 'create' @ L\d+$/);
    expect(bad?.trace?.allows[0]).toMatchObject({
      text: "allow create: if request.resource.data.status == 'novo'",
      allowed: false,
      failed: [
        {
          text: "request.resource.data.status == 'novo'",
          values: [{ expr: 'request.resource.data.status', value: "'principal'" }],
        },
      ],
    });
  });

  it('traces allowed requests only while a console is connected', async () => {
    await api('requests', { method: 'DELETE' });
    const user = fx.newWeb({ user_id: 'u2', admin: true });
    await getDoc(doc(user, 'leads/lead-00001'));
    const controller = new AbortController();
    const events = await fetch(`http://${fx.emu.hostAndPort}/console/api/events`, {
      signal: controller.signal,
    });
    const reader = (events.body as ReadableStream<Uint8Array>).getReader();
    await reader.read(); // the stream is open: the log is watched from here on
    await getDoc(doc(user, 'leads/lead-00002'));
    controller.abort();
    const log = await requests();
    expect(log.find((e) => e.path === 'leads/lead-00001')?.trace).toBeUndefined();
    expect(log.find((e) => e.path === 'leads/lead-00002')?.trace?.allows[0]).toMatchObject({
      text: 'allow read: if request.auth.token.admin == true',
      allowed: true,
    });
  });

  it('keeps only the last 1,000 requests', async () => {
    const batch = fx.admin.batch();
    for (let i = 0; i < 450; i++) batch.set(fx.admin.doc(`bulk/a${i}`), { i });
    await batch.commit();
    const batch2 = fx.admin.batch();
    for (let i = 0; i < 450; i++) batch2.set(fx.admin.doc(`bulk/b${i}`), { i });
    await batch2.commit();
    const batch3 = fx.admin.batch();
    for (let i = 0; i < 450; i++) batch3.set(fx.admin.doc(`bulk/c${i}`), { i });
    await batch3.commit();
    const log = await requests();
    expect(log).toHaveLength(1000);
    expect(log[log.length - 1].path).toBe('bulk/c449');
  });
});
