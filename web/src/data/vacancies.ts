/**
 * The vacancy lists for the panel (full Firestore SDK): every vacancy live (Configurações → 'Vagas
 * e localidades'), or read once (the Vaga filter, Relatórios); an admin's add, open, close and
 * move; the seed for a deployment that has none; and each job's counts. The documents and their
 * rules: domain/vacancies.ts, firestore.rules. The public pages read the open ones with Firestore
 * Lite (open-vacancies.ts).
 */
import {
  collection,
  doc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type DocumentData,
  type Firestore,
  type FirestoreDataConverter,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { useEffect, useMemo, useState } from 'react';
import { useFirestore } from 'reactfire';
import { collections, statsAddDays, statsDayKey, statsDayStart } from '@vagas/common';
import {
  byListOrder,
  parseVacancy,
  seedVacancies,
  type Vacancy,
  type VacancyFields,
} from '@/domain/vacancies';
import { filterJobs, jobsToFilter } from '@/domain/lead-query';
import { afterFirstContent } from '@/lib/page/when-idle';
import { useLiveQuery, type LiveState } from './live';
import { panelWrite } from './panel-write';
import { countOnServer } from './server-count';

/** A document the app did not write reads as a closed vacancy nobody can choose. */
const vacancyConverter: FirestoreDataConverter<Vacancy | null, DocumentData> = {
  toFirestore: () => {
    throw new Error('vacancies are written with the functions of data/vacancies.ts');
  },
  fromFirestore: (snapshot: QueryDocumentSnapshot) => parseVacancy(snapshot.id, snapshot.data()),
};

const vacancies = (db: Firestore) =>
  collection(db, collections.vacancies).withConverter(vacancyConverter);

const known = (list: (Vacancy | null)[]): Vacancy[] =>
  list.filter((v): v is Vacancy => v !== null).sort(byListOrder);

/** Every vacancy, open or closed, live (one listener while mounted). */
export function useVacancies(): LiveState<Vacancy[]> {
  const db = useFirestore();
  const q = useMemo(() => vacancies(db), [db]);
  const live = useLiveQuery(q);
  return useMemo(
    () => (live.status === 'success' ? { ...live, data: known(live.data) } : live),
    [live],
  );
}

/** Every vacancy, open or closed, read once. */
export async function readVacancies(db: Firestore): Promise<Vacancy[]> {
  const snapshot = await getDocs(vacancies(db));
  return known(snapshot.docs.map((d) => d.data()));
}

/**
 * The jobs the Leads tab's 'Vaga' filter offers: the seed's at once, then with every job of the
 * vacancy lists, open or closed (read once, after the panel's first rows: one read per vacancy).
 */
export function useFilterJobs(): readonly string[] {
  const db = useFirestore();
  const [jobs, setJobs] = useState(filterJobs);
  useEffect(() => {
    let active = true;
    const cancel = afterFirstContent(() => {
      readVacancies(db).then(
        (all) => {
          const values = all.filter((v) => v.kind === 'job').map((v) => v.value);
          if (active) setJobs(jobsToFilter(values));
        },
        (error: unknown) =>
          console.warn('The vacancy lists were not read for the job filter', error),
      );
    });
    return () => {
      active = false;
      cancel();
    };
  }, [db]);
  return jobs;
}

/** What a new vacancy document holds (the rules pin the times). */
function newDocument(fields: VacancyFields): DocumentData {
  return {
    ...fields,
    closed_at: fields.open ? null : serverTimestamp(),
    updated_at: serverTimestamp(),
  };
}

/** Adds a vacancy to its list (its id: domain/vacancies.ts newVacancy). */
export function addVacancy(db: Firestore, vacancy: VacancyFields & { id: string }): Promise<void> {
  const { id, ...fields } = vacancy;
  return panelWrite(
    db,
    setDoc(doc(db, collections.vacancies, id), newDocument(fields)),
    'add vacancy',
  );
}

/** Opens or closes a vacancy; a closing is stamped with the server's time (the rules require it). */
export function setVacancyOpen(db: Firestore, id: string, open: boolean): Promise<void> {
  const write = updateDoc(doc(db, collections.vacancies, id), {
    open,
    ...(open ? {} : { closed_at: serverTimestamp() }),
    updated_at: serverTimestamp(),
  });
  return panelWrite(db, write, open ? 'open vacancy' : 'close vacancy');
}

/**
 * Puts `list` (one form's list of one kind, in the order it is to have) at places 0, 1, 2...:
 * only the vacancies whose place changes are written (two for a move up or down).
 */
export function orderVacancies(db: Firestore, list: readonly Vacancy[]): Promise<void> {
  const batch = writeBatch(db);
  let changed = 0;
  list.forEach((vacancy, place) => {
    if (vacancy.order === place) return;
    changed += 1;
    batch.update(doc(db, collections.vacancies, vacancy.id), {
      order: place,
      updated_at: serverTimestamp(),
    });
  });
  return changed ? panelWrite(db, batch.commit(), 'order vacancies') : Promise.resolve();
}

/** Writes the lists every deployment starts with (a deployment that has no vacancy yet). */
export function createSeedVacancies(db: Firestore): Promise<void> {
  const batch = writeBatch(db);
  for (const { id, ...fields } of seedVacancies()) {
    batch.set(doc(db, collections.vacancies, id), newDocument(fields));
  }
  return panelWrite(db, batch.commit(), 'create the initial vacancies');
}

/** A job's leads: active ones, active 'principal' ones, and those received in the last 7 days. */
export interface JobCounts {
  active: number;
  principal: number;
  lastWeek: number;
}

/**
 * Counts `vaga`'s leads on the server (three count aggregations, each billed a read per 1,000
 * matches): where the functions' counters are not there yet (data/job-counts.ts reads those).
 * 'Últimos 7 dias' counts every lead received today and the six São Paulo days before, trashed
 * ones too, as Relatórios' 'Últimos 7 dias' does.
 */
export async function countJobLeads(db: Firestore, vaga: string, now: number): Promise<JobCounts> {
  const leads = collection(db, collections.leads);
  const job = where('vaga', '==', vaga);
  const active = where('deleted_at', '==', null);
  const since = statsDayStart(statsAddDays(statsDayKey(new Date(now)), -6));
  const [activeCount, principal, lastWeek] = await Promise.all([
    countOnServer(query(leads, job, active)),
    countOnServer(query(leads, job, active, where('status', '==', 'principal'))),
    countOnServer(query(leads, job, where('created_at', '>=', Timestamp.fromDate(since)))),
  ]);
  return { active: activeCount, principal, lastWeek };
}
