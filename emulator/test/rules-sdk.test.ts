/**
 * The rules engine through @firebase/rules-unit-testing and the JS SDK against a started emulator:
 * one small rules file per topic (rules-fixtures/*.rules), each in its own project.
 */
import { readFileSync } from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  addDoc,
  Bytes,
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  GeoPoint,
  getDoc,
  getDocs,
  limit,
  onSnapshot,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`./rules-fixtures/${name}`, import.meta.url), 'utf8');

let emu: TestEmulator;
const envs: RulesTestEnvironment[] = [];

beforeAll(async () => {
  emu = await startTestEmulator();
});

afterAll(async () => {
  for (const env of envs) await env.cleanup();
  await emu?.stop();
});

async function environment(projectId: string, rulesFile: string): Promise<RulesTestEnvironment> {
  const env = await initializeTestEnvironment({
    projectId,
    firestore: { host: emu.host, port: emu.port, rules: fixture(rulesFile) },
  });
  envs.push(env);
  return env;
}

/** Seeds documents as the owner (rules bypassed). */
async function seed(env: RulesTestEnvironment, docs: Record<string, Record<string, unknown>>) {
  await env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore() as unknown as Firestore;
    for (const [path, data] of Object.entries(docs)) await setDoc(doc(db, path), data);
  });
}

function db(ctx: { firestore(): unknown }): Firestore {
  return ctx.firestore() as Firestore;
}

describe('loading rules', () => {
  it('rejects a broken rules file with a located error and keeps the previous rules', async () => {
    const env = await environment('demo-rules-load', 'auth.rules');
    await expect(env.withSecurityRulesDisabled(async () => {})).resolves.toBeUndefined();
    await expect(
      initializeTestEnvironment({
        projectId: 'demo-rules-load',
        firestore: { host: emu.host, port: emu.port, rules: fixture('broken.rules') },
      }),
    ).rejects.toThrow(/firestore\.rules:5:39 /);
    await assertSucceeds(getDoc(doc(db(env.unauthenticatedContext()), 'public/x')));
  });
});

describe('auth: request.auth, custom claims and anonymous callers', () => {
  let env: RulesTestEnvironment;
  beforeAll(async () => {
    env = await environment('demo-rules-auth', 'auth.rules');
  });
  beforeEach(async () => {
    await env.clearFirestore();
  });

  it('lets signed-in users read profiles and write only their own', async () => {
    const alice = db(env.authenticatedContext('alice'));
    await assertSucceeds(setDoc(doc(alice, 'profiles/alice'), { name: 'Alice' }));
    await assertFails(setDoc(doc(alice, 'profiles/bob'), { name: 'Not Bob' }));
    await assertSucceeds(getDoc(doc(alice, 'profiles/alice')));
    await assertFails(getDoc(doc(db(env.unauthenticatedContext()), 'profiles/alice')));
  });

  it('grants admin paths by custom claim only', async () => {
    await seed(env, { 'admin/config': { on: true } });
    await assertSucceeds(
      getDoc(doc(db(env.authenticatedContext('root', { admin: true })), 'admin/config')),
    );
    await assertFails(
      getDoc(doc(db(env.authenticatedContext('eve', { admin: false })), 'admin/config')),
    );
    await assertFails(getDoc(doc(db(env.authenticatedContext('eve')), 'admin/config')));
    await assertFails(getDoc(doc(db(env.unauthenticatedContext()), 'admin/config')));
  });

  it('reads email, email_verified and firebase.sign_in_provider from the token', async () => {
    const verified = env.authenticatedContext('v', {
      email: 'v@vagas.test',
      email_verified: true,
      firebase: { sign_in_provider: 'password', identities: {} },
    });
    await assertSucceeds(setDoc(doc(db(verified), 'verified/1'), {}));
    const unverified = env.authenticatedContext('u', {
      email: 'u@vagas.test',
      email_verified: false,
      firebase: { sign_in_provider: 'password', identities: {} },
    });
    await assertFails(setDoc(doc(db(unverified), 'verified/2'), {}));
    const custom = env.authenticatedContext('c', { email: 'c@vagas.test', email_verified: true });
    await assertFails(setDoc(doc(db(custom), 'verified/3'), {}));
  });

  it('denies with PERMISSION_DENIED and the official message shape', async () => {
    const err = (await assertFails(
      setDoc(doc(db(env.authenticatedContext('alice')), 'profiles/bob'), {}),
    )) as { code: string; message: string };
    expect(err.code).toBe('permission-denied');
    expect(err.message).toContain("false for 'create' @ L13");
    const none = (await assertFails(
      getDoc(doc(db(env.authenticatedContext('a')), 'nowhere/x')),
    )) as {
      message: string;
    };
    expect(none.message).toContain('No matching allow statements');
  });
});

describe('writes: get vs list, create/update/delete', () => {
  let env: RulesTestEnvironment;
  beforeAll(async () => {
    env = await environment('demo-rules-writes', 'writes.rules');
  });
  beforeEach(async () => {
    await env.clearFirestore();
    await seed(env, {
      'posts/pub': {
        owner: 'alice',
        title: 'Hello',
        visibility: 'public',
        createdAt: Timestamp.now(),
      },
      'posts/priv': {
        owner: 'alice',
        title: 'Secret',
        visibility: 'private',
        createdAt: Timestamp.now(),
      },
    });
  });

  it('distinguishes get (per document) from list (per query)', async () => {
    const bob = db(env.authenticatedContext('bob'));
    await assertSucceeds(getDoc(doc(bob, 'posts/pub')));
    await assertFails(getDoc(doc(bob, 'posts/priv')));
    await assertFails(getDoc(doc(bob, 'posts/missing')));
    await assertFails(getDocs(collection(bob, 'posts')));
    await assertFails(
      getDocs(query(collection(bob, 'posts'), where('visibility', '==', 'public'))),
    );
    const alice = db(env.authenticatedContext('alice'));
    const mine = await assertSucceeds(
      getDocs(query(collection(alice, 'posts'), where('owner', '==', 'alice'))),
    );
    expect(mine.size).toBe(2);
  });

  it('validates creates against request.resource and request.time', async () => {
    const alice = db(env.authenticatedContext('alice'));
    const valid = {
      owner: 'alice',
      title: 'New',
      visibility: 'public',
      createdAt: serverTimestamp(),
    };
    await assertSucceeds(setDoc(doc(alice, 'posts/new'), valid));
    await assertSucceeds(addDoc(collection(alice, 'posts'), { ...valid, tags: ['a', 'b'] }));
    // A client clock's time is not request.time (a minute off, so the two can never coincide).
    await assertFails(
      setDoc(doc(alice, 'posts/n1'), {
        ...valid,
        createdAt: Timestamp.fromMillis(Date.now() - 60_000),
      }),
    );
    await assertFails(setDoc(doc(alice, 'posts/n2'), { ...valid, owner: 'bob' }));
    await assertFails(setDoc(doc(alice, 'posts/n3'), { ...valid, title: 'x'.repeat(21) }));
    await assertFails(setDoc(doc(alice, 'posts/n4'), { ...valid, visibility: 'friends' }));
    await assertFails(setDoc(doc(alice, 'posts/n5'), { ...valid, extra: 1 }));
    await assertFails(setDoc(doc(alice, 'posts/n6'), { ...valid, tags: ['a', 'b', 'c', 'd'] }));
    await assertFails(setDoc(doc(db(env.unauthenticatedContext()), 'posts/n7'), valid));
  });

  it('limits updates to the keys the diff allows', async () => {
    const alice = db(env.authenticatedContext('alice'));
    await assertSucceeds(updateDoc(doc(alice, 'posts/pub'), { title: 'Renamed' }));
    await assertSucceeds(
      updateDoc(doc(alice, 'posts/pub'), { visibility: 'private', tags: ['x'] }),
    );
    await assertFails(updateDoc(doc(alice, 'posts/pub'), { owner: 'bob' }));
    await assertFails(updateDoc(doc(alice, 'posts/pub'), { createdAt: Timestamp.now() }));
    await assertFails(
      updateDoc(doc(db(env.authenticatedContext('bob')), 'posts/pub'), { title: 'Mine' }),
    );
  });

  it('checks deletes against the stored document', async () => {
    await assertFails(deleteDoc(doc(db(env.authenticatedContext('bob')), 'posts/priv')));
    await assertFails(deleteDoc(doc(db(env.authenticatedContext('alice')), 'posts/pub')));
    await assertSucceeds(deleteDoc(doc(db(env.authenticatedContext('alice')), 'posts/priv')));
  });
});

describe('lookups: get/exists before, getAfter/existsAfter after the batch', () => {
  let env: RulesTestEnvironment;
  beforeAll(async () => {
    env = await environment('demo-rules-lookups', 'lookups.rules');
  });
  beforeEach(async () => {
    await env.clearFirestore();
    await seed(env, {
      'groups/g1': { members: ['alice'] },
      'groups/g1/members/alice': {},
      'groups/g1/messages/m1': { from: 'alice', text: 'hi' },
    });
  });

  it('reads other documents with get() and exists()', async () => {
    const alice = db(env.authenticatedContext('alice'));
    const bob = db(env.authenticatedContext('bob'));
    await assertSucceeds(getDoc(doc(alice, 'groups/g1/messages/m1')));
    await assertFails(getDoc(doc(bob, 'groups/g1/messages/m1')));
    await assertSucceeds(getDocs(collection(alice, 'groups/g1/messages')));
    await assertFails(getDocs(collection(bob, 'groups/g1/messages')));
    await assertSucceeds(setDoc(doc(alice, 'groups/g1/messages/m2'), { from: 'alice' }));
    await assertFails(setDoc(doc(bob, 'groups/g1/messages/m3'), { from: 'bob' }));
  });

  it('sees the whole batch with getAfter() and existsAfter(), all or nothing', async () => {
    const alice = db(env.authenticatedContext('alice'));
    const both = writeBatch(alice);
    both.set(doc(alice, 'accounts/a1'), { balance: 0 });
    both.set(doc(alice, 'ledger/a1'), { opened: true, delta: 0 });
    await assertSucceeds(both.commit());

    const onlyAccount = writeBatch(alice);
    onlyAccount.set(doc(alice, 'accounts/a2'), { balance: 0 });
    await assertFails(onlyAccount.commit());
    await assertFails(setDoc(doc(alice, 'ledger/a3'), { opened: true }));

    const mixed = writeBatch(alice);
    mixed.set(doc(alice, 'accounts/a4'), { balance: 0 });
    mixed.set(doc(alice, 'ledger/a4'), { opened: false });
    await assertFails(mixed.commit());
    await env.withSecurityRulesDisabled(async (ctx) => {
      const owner = ctx.firestore() as unknown as Firestore;
      expect((await getDoc(doc(owner, 'accounts/a4'))).exists()).toBe(false);
      expect((await getDoc(doc(owner, 'ledger/a4'))).exists()).toBe(false);
    });
  });

  it('shares the limit of 20 distinct lookups across the writes of a batch', async () => {
    const refs: Record<string, Record<string, unknown>> = {};
    for (const t of ['x', 'y', 'z', 'p', 'q', 'r'])
      for (let i = 1; i <= 8; i++) refs[`refs/${t}-${i}`] = {};
    await seed(env, refs);
    const alice = db(env.authenticatedContext('alice'));
    await assertSucceeds(setDoc(doc(alice, 'tallies/x'), { n: 1 }));

    const two = writeBatch(alice); // 16 lookups
    two.set(doc(alice, 'tallies/y'), { n: 1 });
    two.set(doc(alice, 'tallies/z'), { n: 1 });
    await assertSucceeds(two.commit());

    const three = writeBatch(alice); // 24 lookups > 20
    for (const t of ['p', 'q', 'r']) three.set(doc(alice, `tallies/${t}`), { n: 1 });
    await assertFails(three.commit());
  });

  it('checks every write of a transaction against the state after it', async () => {
    await seed(env, { 'accounts/t': { balance: 10 }, 'ledger/t': { opened: true, delta: 0 } });
    const alice = db(env.authenticatedContext('alice'));
    await assertSucceeds(
      runTransaction(alice, async (tx) => {
        tx.update(doc(alice, 'accounts/t'), { balance: 15 });
        tx.update(doc(alice, 'ledger/t'), { delta: 5 });
      }),
    );
    await assertFails(
      runTransaction(alice, async (tx) => {
        tx.update(doc(alice, 'accounts/t'), { balance: 100 });
        tx.update(doc(alice, 'ledger/t'), { delta: 5 });
      }),
    );
  });
});

describe('queries: rules are not filters', () => {
  let env: RulesTestEnvironment;
  beforeAll(async () => {
    env = await environment('demo-rules-queries', 'queries.rules');
  });
  beforeEach(async () => {
    await env.clearFirestore();
    await seed(env, {
      'stories/s1': { published: true, author: 'bob' },
      'stories/s2': { published: false, author: 'alice' },
      'scores/a': { points: 5 },
      'posts/p1/comments/c1': { visible: true },
      'jobs/j1': { status: 'open', salary: 2000 },
    });
  });

  it('accepts queries whose filters guarantee the rule, whatever the data', async () => {
    const alice = db(env.authenticatedContext('alice'));
    const stories = collection(alice, 'stories');
    expect(
      (await assertSucceeds(getDocs(query(stories, where('published', '==', true))))).size,
    ).toBe(1);
    expect(
      (await assertSucceeds(getDocs(query(stories, where('author', '==', 'alice'))))).size,
    ).toBe(1);
    await assertSucceeds(getDocs(query(stories, where('author', 'in', ['alice']))));
    await assertFails(getDocs(stories));
    await assertFails(getDocs(query(stories, where('author', '==', 'bob'))));
    await assertFails(getDocs(query(stories, where('author', 'in', ['alice', 'bob']))));
    await assertFails(getDocs(query(collection(db(env.unauthenticatedContext()), 'stories'))));
  });

  it('compares request.query.limit and range filters', async () => {
    const alice = db(env.authenticatedContext('alice'));
    const scores = collection(alice, 'scores');
    await assertSucceeds(getDocs(query(scores, where('points', '>=', 0), limit(10))));
    await assertSucceeds(
      getDocs(query(scores, where('points', '>', 3), orderBy('points'), limit(5))),
    );
    await assertFails(getDocs(query(scores, where('points', '>=', 0), limit(11))));
    await assertFails(getDocs(query(scores, where('points', '>=', -1), limit(5))));
    await assertFails(getDocs(query(scores, limit(5))));
    const jobs = collection(alice, 'jobs');
    await assertSucceeds(
      getDocs(query(jobs, where('status', 'in', ['open', 'paused']), where('salary', '>', 1500))),
    );
    await assertFails(
      getDocs(query(jobs, where('status', 'in', ['open', 'closed']), where('salary', '>', 1500))),
    );
    await assertFails(
      getDocs(query(jobs, where('status', '==', 'open'), where('salary', '>', 500))),
    );
  });

  it('applies {path=**} rules to collection group queries', async () => {
    const alice = db(env.authenticatedContext('alice'));
    const visible = await assertSucceeds(
      getDocs(query(collectionGroup(alice, 'comments'), where('visible', '==', true))),
    );
    expect(visible.size).toBe(1);
    await assertFails(getDocs(collectionGroup(alice, 'comments')));
  });

  it('rejects a listener on a query the rules do not allow', async () => {
    const alice = db(env.authenticatedContext('alice'));
    const code = await new Promise<string>((resolve) => {
      const stop = onSnapshot(
        collection(alice, 'stories'),
        () => resolve('snapshot'),
        (e) => {
          stop();
          resolve((e as { code: string }).code);
        },
      );
    });
    expect(code).toBe('permission-denied');
    const ok = await new Promise<number>((resolve, reject) => {
      const stop = onSnapshot(
        query(collection(alice, 'stories'), where('published', '==', true)),
        (s) => {
          stop();
          resolve(s.size);
        },
        reject,
      );
    });
    expect(ok).toBe(1);
  });
});

describe('types: values the SDK sends, as the rules see them', () => {
  let env: RulesTestEnvironment;
  beforeAll(async () => {
    env = await environment('demo-rules-types', 'types.rules');
  });

  it('converts every value type of a write and of a stored document', async () => {
    const alice = db(env.authenticatedContext('alice'));
    const sample = {
      count: 3,
      ratio: 0.75,
      label: 'abc-12',
      flag: true,
      nothing: null,
      at: Timestamp.fromMillis(Date.now() - 60_000),
      blob: Bytes.fromUint8Array(new Uint8Array([1, 2, 3])),
      place: new GeoPoint(-23.551, -46.631),
      ref: doc(alice, 'users/alice'),
      tags: ['a', 'b'],
      nested: { inner: { deep: 1 } },
    };
    await assertSucceeds(setDoc(doc(alice, 'samples/ok'), sample));
    await assertSucceeds(getDoc(doc(alice, 'samples/ok')));
    await assertFails(setDoc(doc(alice, 'samples/float'), { ...sample, count: 3.5 }));
    await assertFails(setDoc(doc(alice, 'samples/int'), { ...sample, ratio: 1 }));
    await assertFails(setDoc(doc(alice, 'samples/label'), { ...sample, label: 'ABC-12' }));
    await assertFails(
      setDoc(doc(alice, 'samples/old'), {
        ...sample,
        at: Timestamp.fromMillis(Date.now() - 7_200_000),
      }),
    );
    await assertFails(setDoc(doc(alice, 'samples/far'), { ...sample, place: new GeoPoint(0, 0) }));
    await assertFails(
      setDoc(doc(alice, 'samples/ref'), { ...sample, ref: doc(alice, 'users/bob') }),
    );
    await assertFails(
      setDoc(doc(alice, 'samples/bytes'), {
        ...sample,
        blob: Bytes.fromUint8Array(new Uint8Array([1])),
      }),
    );
    await assertFails(
      setDoc(doc(alice, 'samples/nested'), { ...sample, nested: { inner: { deep: 2 } } }),
    );
  });
});

describe('matching: nested and recursive matches, functions, read/write groups', () => {
  let env: RulesTestEnvironment;
  beforeAll(async () => {
    env = await environment('demo-rules-matching', 'matching.rules');
  });
  beforeEach(async () => {
    await env.clearFirestore();
    await seed(env, {
      'users/alice': { name: 'Alice' },
      'users/alice/notes/open': { shared: true },
      'users/alice/notes/closed': { shared: false },
      'users/alice/archive/2024/items/x': { v: 1 },
    });
  });

  it('applies the read and write groups of a user document', async () => {
    const alice = db(env.authenticatedContext('alice'));
    const bob = db(env.authenticatedContext('bob'));
    await assertSucceeds(getDoc(doc(alice, 'users/alice')));
    await assertFails(getDoc(doc(bob, 'users/alice')));
    await assertSucceeds(updateDoc(doc(alice, 'users/alice'), { name: 'Al' }));
    await assertFails(updateDoc(doc(alice, 'users/alice'), { role: 'admin' }));
    // `write` covers delete, where request.resource is null: the rule errors and denies.
    const err = (await assertFails(deleteDoc(doc(alice, 'users/alice')))) as { message: string };
    expect(err.message).toContain("Null value error. for 'delete' @ L11");
  });

  it('evaluates nested functions that see the outer wildcards', async () => {
    const bob = db(env.authenticatedContext('bob'));
    await assertSucceeds(getDoc(doc(bob, 'users/alice/notes/open')));
    await assertFails(getDoc(doc(bob, 'users/alice/notes/closed')));
    await assertFails(getDocs(collection(bob, 'users/alice/notes')));
    const alice = db(env.authenticatedContext('alice'));
    await assertSucceeds(getDocs(collection(alice, 'users/alice/notes')));
    await assertSucceeds(setDoc(doc(alice, 'users/alice/notes/short'), { shared: false }));
    await assertFails(setDoc(doc(alice, 'users/alice/notes/much-too-long-id'), { shared: false }));
    await assertFails(deleteDoc(doc(alice, 'users/alice/notes/open')));
  });

  it('matches any depth below a recursive wildcard', async () => {
    const alice = db(env.authenticatedContext('alice'));
    await assertSucceeds(getDoc(doc(alice, 'users/alice/archive/2024/items/x')));
    await assertSucceeds(getDocs(collection(alice, 'users/alice/archive/2024/items')));
    await assertFails(
      getDoc(doc(db(env.authenticatedContext('bob')), 'users/alice/archive/2024/items/x')),
    );
    await assertFails(setDoc(doc(alice, 'users/alice/archive/2024/items/y'), { v: 2 }));
  });
});
