/**
 * firestore.rules for saved_views (the team's named filters of the Leads list): admins list them,
 * save them as themselves with the list's parameters only, and delete them; nobody changes one.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  getDocs,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { savedViewLimits, savedViewParamNames } from '../../web/src/domain/saved-view.js';
import { stored } from './support/record.js';
import { useRulesEnvironment } from './support/rules-env.js';

const t = useRulesEnvironment('demo-rules-saved-views');

/** A view as the panel saves it for the admin `uid` (harness emails are `${uid}@example.com`). */
const view = (uid: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Principais da serraria',
  params: { status: 'principal', vaga: 'Aux Serraria', ordem: 'nome-asc' },
  created_by: `${uid}@example.com`,
  created_by_uid: uid,
  created_at: serverTimestamp(),
  ...overrides,
});
const views = (db: Firestore) => collection(db, 'saved_views');
const withParams = (params: Record<string, unknown>) => view('boss', { params });

describe('saved views', () => {
  it('an admin saves one with every parameter, and the team lists it; a colleague deletes it', async () => {
    const params = {
      busca: 'fatima silva',
      status: 'separado',
      vaga: '[Conecta] Operador de Call Center',
      de: '2026-11-01',
      ate: '2026-11-30',
      meus: '1',
      'nao-contatados': '1',
      ordem: 'data-asc',
    };
    expect(Object.keys(params).sort()).toEqual([...savedViewParamNames].sort());
    const ref = await assertSucceeds(addDoc(views(t.admin('boss')), withParams(params)));
    const listed = await assertSucceeds(
      getDocs(query(views(t.admin('colleague')), orderBy('name'))),
    );
    expect(listed.docs.map((d) => d.data().params)).toEqual([params]);
    await assertSucceeds(deleteDoc(doc(t.admin('colleague'), 'saved_views', ref.id)));
    expect(await stored(t, 'saved_views', ref.id)).toBeUndefined();
  });

  it('nobody else reads, saves or deletes one', async () => {
    await t.privileged((db) =>
      setDoc(doc(db, 'saved_views', 'v1'), { ...view('boss'), created_at: Timestamp.now() }),
    );
    for (const db of [t.anonymous(), t.user('alice')]) {
      await assertFails(getDocs(views(db)));
      await assertFails(addDoc(views(db), view('alice')));
      await assertFails(deleteDoc(doc(db, 'saved_views', 'v1')));
    }
  });

  it('is saved as its caller, at the request time, and never changed afterwards', async () => {
    const db = t.admin('boss');
    await assertFails(addDoc(views(db), view('boss', { created_by: 'colleague@example.com' })));
    await assertFails(addDoc(views(db), view('boss', { created_by_uid: 'colleague' })));
    await assertFails(addDoc(views(db), view('boss', { created_at: Timestamp.now() })));
    await assertFails(addDoc(views(db), { ...view('boss'), extra: true }));
    const { created_at: _at, ...noTime } = view('boss');
    await assertFails(addDoc(views(db), noTime));
    const ref = await assertSucceeds(addDoc(views(db), view('boss')));
    await assertFails(updateDoc(ref, { name: 'Outro nome' }));
    await assertFails(setDoc(ref, view('boss', { name: 'Outro nome' })));
  });

  it('keeps a name of 1 to 60 characters', async () => {
    const db = t.admin('boss');
    const { min, max } = savedViewLimits.name;
    await assertSucceeds(addDoc(views(db), view('boss', { name: 'x'.repeat(max) })));
    await assertFails(addDoc(views(db), view('boss', { name: 'x'.repeat(max + 1) })));
    await assertFails(addDoc(views(db), view('boss', { name: 'x'.repeat(min - 1) })));
    await assertFails(addDoc(views(db), view('boss', { name: 7 })));
  });

  it("keeps the list's parameters only, each in its format", async () => {
    const db = t.admin('boss');
    await assertSucceeds(addDoc(views(db), withParams({})));
    for (const params of [
      { pagina: '2' },
      { aba: 'lixeira' },
      { status: 'aprovado' },
      { busca: '' },
      { busca: 'x'.repeat(savedViewLimits.value.max + 1) },
      { vaga: 12 },
      { de: '01/11/2026' },
      { ate: '2026-11-30' },
      { meus: 'sim' },
      { 'nao-contatados': true },
      { ordem: 'idade-asc' },
      { ordem: 'nome' },
    ]) {
      await assertFails(addDoc(views(db), withParams(params)));
    }
    await assertFails(addDoc(views(db), view('boss', { params: 'status=principal' })));
  });
});
