/**
 * What a public form offers now: its public list `vacancy_lists/{form}` (the form's open vacancies
 * in their lists' order, kept by the vacancyLists function from the vacancy documents), read with
 * Firestore Lite: one document read a page view. The build's prerenderer reads the same (the lists
 * in the HTML as they were at build time); the page corrects them with it after load.
 */
import { doc, getDoc, type Firestore } from 'firebase/firestore/lite';
import type { OpenVacancy } from '@vagas/common';
import { vacancyFields, type LeadForm } from '@/domain/lead';
import type { Choice, OpenLists } from '@/domain/lead-form';
import { firestoreLite } from '@/lib/firebase/firestore-lite';

/**
 * `form`'s open lists as its selects offer them; null when the form has no public list yet. On the
 * page's own database unless told another.
 */
export async function readOpenLists(
  form: LeadForm,
  db: Firestore = firestoreLite,
): Promise<OpenLists | null> {
  // @vagas/common collections.vacancyLists, written out: its module would be one more chunk of the
  // public pages (open-vacancies.test.ts holds them equal).
  const snapshot = await getDoc(doc(db, 'vacancy_lists', form));
  const stored: unknown = snapshot.get('vacancies');
  if (!Array.isArray(stored)) return null;
  const lists: OpenLists = {};
  for (const { name, kind } of vacancyFields(form)) {
    lists[name] = (stored as OpenVacancy[])
      .filter((v) => v.kind === kind)
      .map(({ value, label, group }): Choice =>
        group ? { value, label, group } : { value, label },
      );
  }
  return lists;
}
