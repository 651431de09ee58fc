/**
 * firestore.rules for vacancies/{form~kind~value}, the public lists vacancy_lists/{form} and the
 * leads that name a vacancy: admins read, add, open, close and order vacancies, nobody deletes one or
 * forges another's value, anyone reads a form's list and no client writes one;
 * a new lead must name an open vacancy of its form, or one closed after the candidate pressed send
 * on a device that then waited (submitted_at): an application kept in the outbox while the admin
 * closed the job still arrives.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { callCenterVaga } from '../../web/src/domain/lead.js';
import { callCenterJobs, rootJobs, rootLocalities } from '../../web/src/domain/options.js';
import { newVacancy, vacancyId, type VacancyFields } from '../../web/src/domain/vacancies.js';
import { callCenterLead, rootLead, sendLead } from './support/leads.js';
import { useRulesEnvironment } from './support/rules-env.js';

const t = useRulesEnvironment('demo-rules-vacancies');

const rootJob = vacancyId('root', 'job', rootJobs[0]);
const callCenterJob = vacancyId('callCenter', 'job', callCenterVaga(callCenterJobs[0]));
const rootTown = vacancyId('root', 'locality', rootLocalities[0]);

/** What the panel writes for a new vacancy (data/vacancies.ts). */
function vacancyDocument(fields: VacancyFields): Record<string, unknown> {
  return { ...fields, closed_at: null, updated_at: serverTimestamp() };
}

/** The panel's new vacancy: its id and document. */
function panelVacancy(...args: Parameters<typeof newVacancy>) {
  const { id, ...fields } = newVacancy(...args);
  return { id, data: vacancyDocument(fields) };
}

const createVacancy = (db: Firestore, id: string, data: Record<string, unknown>) =>
  setDoc(doc(db, 'vacancies', id), data);

/** What the panel's 'Fechar' / 'Reabrir' writes. */
const setOpen = (db: Firestore, id: string, open: boolean) =>
  updateDoc(doc(db, 'vacancies', id), {
    open,
    ...(open ? {} : { closed_at: serverTimestamp() }),
    updated_at: serverTimestamp(),
  });

async function stored(id: string): Promise<Record<string, unknown> | undefined> {
  let data: Record<string, unknown> | undefined;
  await t.privileged(async (db) => {
    data = (await getDoc(doc(db, 'vacancies', id))).data();
  });
  return data;
}

async function closedAt(id: string): Promise<Timestamp> {
  const closed = (await stored(id))?.closed_at;
  if (!(closed instanceof Timestamp)) throw new Error(`${id} was not closed`);
  return closed;
}

/** Sends `data` as the pages send a lead (with its device's record in the batch). */
const createLead = (db: Firestore, data: Record<string, unknown>, id = 'lead-1') =>
  sendLead(db, data, id);

describe('reading vacancies and their public lists', () => {
  it('a visitor or a non-admin reads no vacancy document, open or closed', async () => {
    await setOpen(t.admin(), rootJob, false);
    for (const db of [t.anonymous(), t.user()]) {
      await assertFails(getDoc(doc(db, 'vacancies', rootJob)));
      await assertFails(getDoc(doc(db, 'vacancies', rootTown)));
      await assertFails(getDocs(collection(db, 'vacancies')));
      await assertFails(
        getDocs(
          query(
            collection(db, 'vacancies'),
            where('form', '==', 'root'),
            where('open', '==', true),
          ),
        ),
      );
    }
  });

  it('an admin lists every vacancy, open or closed', async () => {
    await setOpen(t.admin(), rootJob, false);
    const all = await assertSucceeds(getDocs(collection(t.admin(), 'vacancies')));
    expect(all.docs.map((d) => d.id)).toContain(rootJob);
    await assertSucceeds(getDoc(doc(t.admin(), 'vacancies', rootJob)));
  });

  it("anyone gets a form's public list; nobody lists them or writes one, admins neither", async () => {
    const list = { vacancies: [{ kind: 'job', value: 'Aux Serraria', label: 'Aux Serraria' }] };
    await t.privileged((db) => setDoc(doc(db, 'vacancy_lists', 'root'), list));
    const read = await assertSucceeds(getDoc(doc(t.anonymous(), 'vacancy_lists', 'root')));
    expect(read.data()).toEqual(list);
    await assertFails(getDocs(collection(t.anonymous(), 'vacancy_lists')));
    for (const db of [t.anonymous(), t.user(), t.admin()]) {
      await assertFails(setDoc(doc(db, 'vacancy_lists', 'root'), { vacancies: [] }));
      await assertFails(setDoc(doc(db, 'vacancy_lists', 'callCenter'), list));
      await assertFails(deleteDoc(doc(db, 'vacancy_lists', 'root')));
    }
  });
});

describe('a new lead and the vacancy lists', () => {
  it('names an open vacancy of its form', async () => {
    await assertSucceeds(createLead(t.anonymous(), rootLead()));
    await assertSucceeds(createLead(t.anonymous(), callCenterLead(), 'lead-2'));
  });

  it('a job or a locality that no vacancy has is refused', async () => {
    await assertFails(createLead(t.anonymous(), rootLead({ vaga: 'Aux Pintor' })));
    await assertFails(createLead(t.anonymous(), rootLead({ cidade: 'Serrinha' })));
    await assertFails(createLead(t.anonymous(), rootLead({ vaga: 7 })));
    // The form's value is looked up for its own form only.
    await assertFails(createLead(t.anonymous(), callCenterLead({ vaga: rootJobs[0] })));
  });

  it('a job added by an admin is accepted at once; closed, it is refused', async () => {
    const added = panelVacancy('callCenter', 'job', 'Monitor de Qualidade', null, 9);
    await assertSucceeds(createVacancy(t.admin(), added.id, added.data));
    const vaga = callCenterVaga('Monitor de Qualidade');
    await assertSucceeds(createLead(t.anonymous(), callCenterLead({ vaga })));
    await assertSucceeds(setOpen(t.admin(), added.id, false));
    await assertFails(createLead(t.anonymous(), callCenterLead({ vaga }), 'lead-2'));
    await assertSucceeds(setOpen(t.admin(), added.id, true));
    await assertSucceeds(createLead(t.anonymous(), callCenterLead({ vaga }), 'lead-3'));
  });

  it('a closed job or locality refuses a lead sent at once', async () => {
    await setOpen(t.admin(), rootJob, false);
    await assertFails(createLead(t.anonymous(), rootLead()));
    await setOpen(t.admin(), rootJob, true);
    await setOpen(t.admin(), rootTown, false);
    await assertFails(createLead(t.anonymous(), rootLead()));
  });

  it('an application that waited offline while the job closed is accepted', async () => {
    // The candidate presses send with no connection; the outbox keeps the lead and its time.
    const pressedSend = Timestamp.fromMillis(Date.now() - 5 * 60_000);
    // Meanwhile an admin closes the job and the locality it names.
    await setOpen(t.admin('ana'), callCenterJob, false);
    await setOpen(t.admin('ana'), vacancyId('callCenter', 'locality', 'Aracaju - Centro'), false);
    expect((await closedAt(callCenterJob)).toMillis()).toBeGreaterThan(pressedSend.toMillis());
    // The connection returns: the outbox sends it with its submit time.
    await assertSucceeds(createLead(t.anonymous(), callCenterLead({ submitted_at: pressedSend })));
    // Sent at once it would be refused; claimed after the closing, too.
    await assertFails(createLead(t.anonymous(), callCenterLead(), 'lead-2'));
    const afterClosing = Timestamp.fromMillis((await closedAt(callCenterJob)).toMillis() + 1_000);
    await assertFails(
      createLead(t.anonymous(), callCenterLead({ submitted_at: afterClosing }), 'lead-3'),
    );
  });

  it('a vacancy closed, reopened and closed again takes what was sent before the last closing', async () => {
    const pressedSend = Timestamp.fromMillis(Date.now() - 60_000);
    await setOpen(t.admin(), rootJob, false);
    await setOpen(t.admin(), rootJob, true);
    await setOpen(t.admin(), rootJob, false);
    await assertSucceeds(createLead(t.anonymous(), rootLead({ submitted_at: pressedSend })));
  });
});

describe('forged vacancies', () => {
  const valid = () => panelVacancy('root', 'job', 'Aux Pintor', null, 4);

  it('an admin adds a vacancy to each list, open or already closed', async () => {
    for (const v of [
      valid(),
      panelVacancy('callCenter', 'job', 'Monitor de Qualidade', null, 5),
      panelVacancy('callCenter', 'locality', 'Siqueira Campos', 'Aracaju', 11),
      panelVacancy('root', 'locality', 'Serrinha', null, 6),
    ]) {
      await assertSucceeds(createVacancy(t.admin(), v.id, v.data));
    }
    const closed = panelVacancy('root', 'job', 'Aux Solda', null, 7);
    await assertSucceeds(
      createVacancy(t.admin(), closed.id, {
        ...closed.data,
        open: false,
        closed_at: serverTimestamp(),
      }),
    );
    expect((await stored(closed.id))?.open).toBe(false);
  });

  it('nobody but an admin adds, opens, closes, moves or deletes one', async () => {
    const v = valid();
    for (const db of [t.anonymous(), t.user(), t.user('eve', { admin: 'true' })]) {
      await assertFails(createVacancy(db, v.id, v.data));
      await assertFails(setOpen(db, rootJob, false));
      await assertFails(
        updateDoc(doc(db, 'vacancies', rootJob), { order: 9, updated_at: serverTimestamp() }),
      );
      await assertFails(deleteDoc(doc(db, 'vacancies', rootJob)));
    }
    expect(await stored(v.id)).toBeUndefined();
    expect((await stored(rootJob))?.open).toBe(true);
  });

  it('no one deletes a vacancy, not even an admin: a waiting application may name it', async () => {
    await assertFails(deleteDoc(doc(t.admin(), 'vacancies', rootJob)));
    await setOpen(t.admin(), rootJob, false);
    await assertFails(deleteDoc(doc(t.admin(), 'vacancies', rootJob)));
  });

  it.each([
    [
      'an id of another value',
      (v: Record<string, unknown>) => ({ id: vacancyId('root', 'job', 'Aux Solda'), data: v }),
    ],
    [
      'an id of another form',
      (v: Record<string, unknown>) => ({
        id: vacancyId('callCenter', 'job', 'Aux Pintor'),
        data: v,
      }),
    ],
    [
      'an id that is the value alone',
      (v: Record<string, unknown>) => ({ id: 'Aux Pintor', data: v }),
    ],
    [
      'an unknown form',
      (v: Record<string, unknown>) => ({ id: 'site~job~Aux Pintor', data: { ...v, form: 'site' } }),
    ],
    [
      'an unknown kind',
      (v: Record<string, unknown>) => ({
        id: 'root~turno~Aux Pintor',
        data: { ...v, kind: 'turno' },
      }),
    ],
    [
      'a value that is not its label',
      (v: Record<string, unknown>) => ({
        id: 'root~job~Aux Pintor',
        data: { ...v, label: 'Pintor' },
      }),
    ],
    [
      'a group on a job',
      (v: Record<string, unknown>) => ({
        id: 'root~job~Aux Pintor',
        data: { ...v, group: 'Obras' },
      }),
    ],
    [
      'an empty label',
      (v: Record<string, unknown>) => ({ id: 'root~job~', data: { ...v, label: '', value: '' } }),
    ],
    [
      'a label too long',
      (v: Record<string, unknown>) => {
        const label = 'x'.repeat(81);
        return { id: `root~job~${label}`, data: { ...v, label, value: label } };
      },
    ],
    [
      'open as text',
      (v: Record<string, unknown>) => ({ id: 'root~job~Aux Pintor', data: { ...v, open: 'true' } }),
    ],
    [
      'a negative place',
      (v: Record<string, unknown>) => ({ id: 'root~job~Aux Pintor', data: { ...v, order: -1 } }),
    ],
    [
      'a fractional place',
      (v: Record<string, unknown>) => ({ id: 'root~job~Aux Pintor', data: { ...v, order: 1.5 } }),
    ],
    [
      'a closing time on an open one',
      (v: Record<string, unknown>) => ({
        id: 'root~job~Aux Pintor',
        data: { ...v, closed_at: serverTimestamp() },
      }),
    ],
    [
      'closed without its closing time',
      (v: Record<string, unknown>) => ({ id: 'root~job~Aux Pintor', data: { ...v, open: false } }),
    ],
    [
      'an old update time',
      (v: Record<string, unknown>) => ({
        id: 'root~job~Aux Pintor',
        data: { ...v, updated_at: Timestamp.fromMillis(0) },
      }),
    ],
    [
      'an extra key',
      (v: Record<string, unknown>) => ({ id: 'root~job~Aux Pintor', data: { ...v, leads: 0 } }),
    ],
    [
      'a missing key',
      (v: Record<string, unknown>) => {
        const { order: _order, ...rest } = v;
        return { id: 'root~job~Aux Pintor', data: rest };
      },
    ],
  ])('an admin cannot add one with %s', async (_label, forge) => {
    const { id, data } = forge(valid().data);
    await assertFails(createVacancy(t.admin(), id, data));
    expect(await stored(id)).toBeUndefined();
  });

  it.each([
    [
      'a call-center job without the employer prefix',
      'callCenter',
      'job',
      { value: 'Monitor', label: 'Monitor' },
    ],
    [
      'a call-center job with another employer',
      'callCenter',
      'job',
      { value: '[Outra] Monitor', label: 'Monitor' },
    ],
    [
      'a locality whose value is not its group and label',
      'callCenter',
      'locality',
      { value: 'Aracaju - Bugio', label: 'Atalaia', group: 'Aracaju' },
    ],
    [
      'a grouped locality without its group',
      'callCenter',
      'locality',
      { value: 'Aracaju - Bugio', label: 'Bugio', group: null },
    ],
    [
      'a group too long',
      'root',
      'locality',
      { value: `${'g'.repeat(41)} - Sede`, label: 'Sede', group: 'g'.repeat(41) },
    ],
  ] as const)('an admin cannot add %s', async (_label, form, kind, fields) => {
    const { id: _id, ...valid } = newVacancy(form, kind, 'x', null, 3);
    const data = { ...vacancyDocument(valid), ...fields };
    const id = vacancyId(form, kind, fields.value);
    expect(await stored(id)).toBeUndefined();
    await assertFails(createVacancy(t.admin(), id, data));
    expect(await stored(id)).toBeUndefined();
  });

  it('a change opens, closes or moves it, nothing else', async () => {
    const db = t.admin();
    const ref = doc(db, 'vacancies', rootJob);
    await assertSucceeds(updateDoc(ref, { order: 12, updated_at: serverTimestamp() }));
    for (const change of [
      { value: 'Aux Pintor' },
      { label: 'Eletricista' },
      { form: 'callCenter' },
      { kind: 'locality' },
      { group: 'Obras' },
      { order: -2 },
      { order: 'first' },
      { open: 'no' },
      { extra: true },
    ]) {
      await assertFails(updateDoc(ref, { ...change, updated_at: serverTimestamp() }));
    }
    await assertFails(updateDoc(ref, { order: 3, updated_at: Timestamp.fromMillis(0) }));
    expect(await stored(rootJob)).toMatchObject({
      value: rootJobs[0],
      label: rootJobs[0],
      order: 12,
    });
  });

  it('closing stamps the closing time; nothing else moves it', async () => {
    const ref = doc(t.admin(), 'vacancies', rootJob);
    // A closing without its time, or with another one, would let leads in after it.
    await assertFails(updateDoc(ref, { open: false, updated_at: serverTimestamp() }));
    await assertFails(
      updateDoc(ref, {
        open: false,
        closed_at: Timestamp.fromMillis(Date.now() + 86_400_000),
        updated_at: serverTimestamp(),
      }),
    );
    await assertSucceeds(setOpen(t.admin(), rootJob, false));
    const first = await closedAt(rootJob);
    // Reopened, it keeps the time of its last closing; a later one cannot be written meanwhile.
    await assertSucceeds(setOpen(t.admin(), rootJob, true));
    await assertFails(
      updateDoc(ref, { closed_at: serverTimestamp(), updated_at: serverTimestamp() }),
    );
    await assertFails(updateDoc(ref, { closed_at: null, updated_at: serverTimestamp() }));
    expect((await closedAt(rootJob)).isEqual(first)).toBe(true);
    // Closed again, a closed one's time stays.
    await assertSucceeds(setOpen(t.admin(), rootJob, false));
    await assertFails(
      updateDoc(ref, {
        closed_at: Timestamp.fromMillis(Date.now() + 86_400_000),
        updated_at: serverTimestamp(),
      }),
    );
  });
});
