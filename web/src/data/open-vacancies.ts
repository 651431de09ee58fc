/**
 * What a public form offers now: its open vacancies, read with Firestore Lite (REST, the public
 * pages' SDK; the rules let anyone list the open ones). One query per page load, billed a read
 * per open vacancy of the form (about 10 to 16). The build's prerenderer reads the same (the lists
 * in the HTML as they were at build time); the page corrects them with it after load.
 */
import { collection, getDocs, query, where, type Firestore } from 'firebase/firestore/lite';
import { collections } from '@vagas/common';
import type { LeadForm } from '../domain/lead';
import type { OpenLists } from '../domain/lead-form';
import { openLists, parseVacancy, type Vacancy } from '../domain/vacancies';

/** `form`'s open vacancies, in their lists' order, as its selects offer them. */
export async function readOpenLists(db: Firestore, form: LeadForm): Promise<OpenLists> {
  const snapshot = await getDocs(
    query(
      collection(db, collections.vacancies),
      where('form', '==', form),
      where('open', '==', true),
    ),
  );
  const open = snapshot.docs
    .map((d) => parseVacancy(d.id, d.data()))
    .filter((v): v is Vacancy => v !== null);
  return openLists(open, form);
}
