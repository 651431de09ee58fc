/**
 * firestore.rules for the counters the leadStats functions keep: `stats/leads` and
 * `stats_daily/{day}` (admins read them: the panel's counters and Relatórios), and the ledger
 * `stats_events/{event id}` (no client). No client writes any of them, admin or not: a forged
 * count would show in every admin's panel.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  FieldPath,
  getDoc,
  getDocs,
  increment,
  orderBy,
  query,
  setDoc,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { useRulesEnvironment } from './support/rules-env.js';

const t = useRulesEnvironment('demo-rules-stats');

const counters = {
  active: { novo: 3, principal: 1, separado: 0, descartado: 0, suspeito: 2 },
  trashed: 4,
  vaga_all_time: { 'Aux Serraria': 10 },
  active_by_vaga: { 'Aux Serraria': { novo: 3, principal: 1 } },
};
const day = { day: '2026-11-26', total: 7, status: { novo: 7 }, sourced: 2, source: { ig: 2 } };

async function seedStats(): Promise<void> {
  await t.privileged(async (db) => {
    await setDoc(doc(db, 'stats', 'leads'), counters);
    await setDoc(doc(db, 'stats_daily', '2026-11-26'), day);
    await setDoc(doc(db, 'stats_daily', '2026-11-25'), { ...day, day: '2026-11-25' });
    await setDoc(doc(db, 'stats_events', 'event-1'), { expire_at: new Date() });
  });
}

/** What is stored, read past the rules. */
async function storedStats() {
  let stored: unknown[] = [];
  await t.privileged(async (db) => {
    stored = [
      (await getDoc(doc(db, 'stats', 'leads'))).data(),
      (await getDocs(collection(db, 'stats_daily'))).docs.map((d) => [d.id, d.data()]),
      (await getDocs(collection(db, 'stats_events'))).docs.map((d) => d.id),
    ];
  });
  return stored;
}

const nonAdmins: [string, () => Firestore][] = [
  ['an anonymous visitor', () => t.anonymous()],
  ['a signed-in user', () => t.user('alice')],
  ["a user whose admin claim is the string 'true'", () => t.user('eve', { admin: 'true' })],
];
const callers: [string, () => Firestore][] = [...nonAdmins, ['an admin', () => t.admin('boss')]];

describe('the counters stats/leads and stats_daily/{day}', () => {
  it('an admin reads the panel counters and a period of days (Relatórios)', async () => {
    await seedStats();
    const db = t.admin('boss');
    const leads = await assertSucceeds(getDoc(doc(db, 'stats', 'leads')));
    expect(leads.data()).toEqual(counters);
    const days = await assertSucceeds(
      getDocs(
        query(
          collection(db, 'stats_daily'),
          where('day', '>=', '2026-11-25'),
          where('day', '<=', '2026-11-26'),
          orderBy('day'),
        ),
      ),
    );
    expect(days.docs.map((d) => d.get('total'))).toEqual([7, 7]);
  });

  it.each(nonAdmins)('%s reads neither', async (_label, dbFor) => {
    await seedStats();
    const db = dbFor();
    await assertFails(getDoc(doc(db, 'stats', 'leads')));
    await assertFails(getDocs(collection(db, 'stats')));
    await assertFails(getDoc(doc(db, 'stats_daily', '2026-11-26')));
    await assertFails(getDocs(collection(db, 'stats_daily')));
  });

  it.each(callers)('%s cannot create, change or delete a counter', async (_label, dbFor) => {
    await seedStats();
    const before = await storedStats();
    const db = dbFor();
    await assertFails(updateDoc(doc(db, 'stats', 'leads'), { trashed: increment(1) }));
    // The counts per job and status: what a filtered list and Configurações show.
    const jobPrincipal = new FieldPath('active_by_vaga', 'Aux Serraria', 'principal');
    await assertFails(updateDoc(doc(db, 'stats', 'leads'), jobPrincipal, increment(1000)));
    await assertFails(updateDoc(doc(db, 'stats', 'leads'), { active_by_vaga: {} }));
    await assertFails(setDoc(doc(db, 'stats', 'leads'), { ...counters, trashed: 0 }));
    await assertFails(setDoc(doc(db, 'stats', 'other'), counters));
    await assertFails(deleteDoc(doc(db, 'stats', 'leads')));
    await assertFails(updateDoc(doc(db, 'stats_daily', '2026-11-26'), { total: 1000 }));
    await assertFails(setDoc(doc(db, 'stats_daily', '2026-11-27'), day));
    await assertFails(addDoc(collection(db, 'stats_daily'), day));
    await assertFails(deleteDoc(doc(db, 'stats_daily', '2026-11-25')));
    expect(await storedStats()).toEqual(before);
  });
});

describe('the ledger stats_events/{id}', () => {
  it.each(callers)('%s cannot read or write it', async (_label, dbFor) => {
    await seedStats();
    const before = await storedStats();
    const db = dbFor();
    await assertFails(getDoc(doc(db, 'stats_events', 'event-1')));
    await assertFails(getDocs(collection(db, 'stats_events')));
    // A forged entry would make the trigger skip a real event's counts.
    await assertFails(setDoc(doc(db, 'stats_events', 'event-2'), { expire_at: new Date() }));
    await assertFails(deleteDoc(doc(db, 'stats_events', 'event-1')));
    expect(await storedStats()).toEqual(before);
  });
});
