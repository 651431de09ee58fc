/**
 * `vacancyLists`: after every write of a vacancy (Configurações → 'Vagas e localidades'), the
 * form's public list `vacancy_lists/{form}` is written again from the vacancy documents: its open
 * vacancies in their lists' order (@vagas/common vacancy-lists.ts). The public pages read that one
 * document instead of querying the vacancies (one read a page view, and no query code in their
 * bundle); the rules still check each new lead against the vacancy documents themselves.
 */
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { onDocumentWritten } from 'firebase-functions/firestore';
import { collections, openVacancyList, type VacancyListSource } from '@vagas/common';

/**
 * Writes `form`'s public list from its vacancies, in a transaction: the query's documents are
 * locked until the list is written, so two changes at once end with the list of both.
 */
export async function writeOpenList(db: Firestore, form: string): Promise<number> {
  return db.runTransaction(async (tx) => {
    const vacancies = await tx.get(db.collection(collections.vacancies).where('form', '==', form));
    const open = openVacancyList(vacancies.docs.map((d) => d.data() as VacancyListSource));
    tx.set(db.collection(collections.vacancyLists).doc(form), {
      vacancies: open,
      updated_at: FieldValue.serverTimestamp(),
    });
    return open.length;
  });
}

/** vacancies/{id}: the form of the vacancy written (before or after), its list written again. */
export function vacancyListsTrigger(db: Firestore) {
  return onDocumentWritten(
    { document: `${collections.vacancies}/{vacancyId}`, retry: true },
    async (event) => {
      const form = event.data?.after.get('form') ?? event.data?.before.get('form');
      if (typeof form === 'string' && form !== '') await writeOpenList(db, form);
    },
  );
}
