/**
 * Property tests of the team's rules with fast-check: no client, admin or not, whatever claims
 * its token carries, can write the allow-list (admins/{email}), the audit (admin_audit/{id}) or
 * the counters the functions keep (stats/leads, stats_daily/{day}), in any shape (create,
 * overwrite, merge, update, delete), and nothing it tried is stored; only a token whose admin
 * claim is exactly `true` reads them. VAGAS_FC_SEED=<seed> replays a run.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dbOf, useRulesEnvironment } from './support/rules-env.js';

const t = useRulesEnvironment('demo-rules-team-property');
const seed = process.env.VAGAS_FC_SEED ? Number(process.env.VAGAS_FC_SEED) : undefined;

const collections = ['admins', 'admin_audit', 'stats', 'stats_daily'] as const;
type TeamCollection = (typeof collections)[number];

/** A caller: anonymous, or signed in with random claims (admin of any value, or none). */
const caller = fc.oneof(
  fc.constant({ kind: 'anonymous' as const }),
  fc.record(
    {
      uid: fc.constantFrom('alice', 'boss', 'eve'),
      admin: fc.oneof(
        fc.constant(true),
        fc.constant(false),
        fc.constant('true'),
        fc.constant(1),
        fc.constant(null),
      ),
      email_verified: fc.boolean(),
    },
    { requiredKeys: ['uid'] },
  ),
);
type Caller = typeof caller extends fc.Arbitrary<infer C> ? C : never;

const isAdminToken = (c: Caller) => 'admin' in c && c.admin === true;

/** One client per distinct caller (a new SDK instance per run would dominate the test's time). */
const clients = new Map<string, Firestore>();
function dbFor(c: Caller): Firestore {
  const key = JSON.stringify(c);
  let db = clients.get(key);
  if (!db) {
    if ('uid' in c) {
      const { uid, ...claims } = c;
      db = dbOf(t.env.authenticatedContext(uid, { email: `${uid}@example.com`, ...claims }));
    } else {
      db = t.anonymous();
    }
    clients.set(key, db);
  }
  return db;
}

/** Plausible and implausible document ids and bodies (what a forger would send). */
const docId = fc.oneof(
  fc.constantFrom('boss@example.com', 'a1', 'new@example.com'),
  fc.emailAddress().filter((email) => !email.includes('/')),
  fc.stringMatching(/^[a-zA-Z0-9][a-zA-Z0-9_-]{0,19}$/),
);
const body = fc.oneof(
  fc.record({
    email: fc.emailAddress(),
    uid: fc.oneof(fc.constant(null), fc.string({ maxLength: 10 })),
    granted_at: fc.constant(serverTimestamp()),
    added_by: fc.oneof(fc.constant(null), fc.emailAddress()),
  }),
  fc.record({
    action: fc.constantFrom('added', 'removed', 'anything'),
    email: fc.emailAddress(),
    by: fc.oneof(fc.constant(null), fc.emailAddress()),
    at: fc.constant(serverTimestamp()),
  }),
  fc.dictionary(
    fc.stringMatching(/^[a-z][a-z_]{0,9}$/),
    fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null)),
    { maxKeys: 4 },
  ),
);
const write = fc.constantFrom('create', 'overwrite', 'merge', 'update', 'delete');

const seededId: Record<TeamCollection, string> = {
  admins: 'boss@example.com',
  admin_audit: 'a1',
  stats: 'leads',
  stats_daily: '2026-11-26',
};

async function seedTeam(): Promise<void> {
  await t.privileged(async (db) => {
    await setDoc(doc(db, 'admins', 'boss@example.com'), {
      email: 'boss@example.com',
      uid: 'boss',
      granted_at: new Date(0),
      added_by: null,
    });
    await setDoc(doc(db, 'admin_audit', 'a1'), {
      action: 'added',
      email: 'boss@example.com',
      by: null,
      at: new Date(0),
    });
    await setDoc(doc(db, 'stats', 'leads'), { active: { novo: 1 }, trashed: 0 });
    await setDoc(doc(db, 'stats_daily', '2026-11-26'), { day: '2026-11-26', total: 1 });
  });
}

/** Every stored document of these collections, as `path → JSON`. */
async function snapshotTeam(): Promise<Record<string, string>> {
  const stored: Record<string, string> = {};
  await t.privileged(async (db) => {
    for (const name of collections) {
      for (const d of (await getDocs(collection(db, name))).docs) {
        stored[`${name}/${d.id}`] = JSON.stringify(d.data());
      }
    }
  });
  return stored;
}

function attempt(
  db: Firestore,
  name: TeamCollection,
  id: string,
  kind: string,
  data: Record<string, unknown>,
) {
  const ref = doc(db, name, id);
  if (kind === 'delete') return deleteDoc(ref);
  // An update needs a document to exist (else NOT_FOUND, whatever the rules say): the seeded one.
  if (kind === 'update') return updateDoc(doc(db, name, seededId[name]), data);
  return setDoc(ref, data, kind === 'merge' ? { merge: true } : {});
}

describe('team rules, property-based', () => {
  it('300 random writes by random callers are all denied and change nothing', async () => {
    await seedTeam();
    const before = await snapshotTeam();
    await fc.assert(
      fc.asyncProperty(
        caller,
        fc.constantFrom(...collections),
        docId,
        write,
        body,
        async (c, name, id, kind, data) => {
          await assertFails(attempt(dbFor(c), name, id, kind, data));
        },
      ),
      { numRuns: 300, seed, endOnFailure: true },
    );
    expect(await snapshotTeam()).toEqual(before);
  }, 300_000);

  it('150 random reads: allowed exactly when the admin claim is true', async () => {
    await seedTeam();
    await fc.assert(
      fc.asyncProperty(
        caller,
        fc.constantFrom(...collections),
        fc.boolean(),
        async (c, name, list) => {
          const db = dbFor(c);
          const read: Promise<unknown> = list
            ? getDocs(collection(db, name))
            : getDoc(doc(db, name, seededId[name]));
          if (isAdminToken(c)) await assertSucceeds(read);
          else await assertFails(read);
        },
      ),
      { numRuns: 150, seed, endOnFailure: true },
    );
  }, 300_000);
});
