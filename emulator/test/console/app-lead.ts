/** Writes leads from Node exactly as the public page does (firebase/firestore/lite, anonymous, REST). */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  doc,
  getFirestore,
  serverTimestamp,
  terminate,
  writeBatch,
  type EmulatorMockTokenOptions,
  type Firestore,
} from 'firebase/firestore/lite';

let seq = 0;

/** A visitor's (anonymous unless a mock token is given) Firestore Lite, as web/src/lib/firebase/firestore-lite.ts makes it. */
export function visitor(
  host: string,
  port: number,
  projectId: string,
  mockUserToken?: EmulatorMockTokenOptions,
): {
  db: Firestore;
  close(): Promise<void>;
} {
  const app: FirebaseApp = initializeApp({ projectId, apiKey: 'fake' }, `visitor-${++seq}`);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, host, port, mockUserToken ? { mockUserToken } : {});
  return {
    db,
    close: async () => {
      await terminate(db);
      await deleteApp(app);
    },
  };
}

/** The root page's job and locality the leads below name. */
export const leadVacancies = { job: 'Aux Eletricista', locality: 'Salgadália' } as const;

/**
 * Opens `leadVacancies` (vacancies/{form~kind~value}) as the owner, past the rules: the app's
 * rules take a new lead only for open vacancies of its form.
 */
export async function openLeadVacancies(hostAndPort: string, projectId: string): Promise<void> {
  const base = `http://${hostAndPort}/v1/projects/${projectId}/databases/(default)/documents`;
  for (const [kind, value] of Object.entries(leadVacancies)) {
    const response = await fetch(
      `${base}/vacancies/${encodeURIComponent(`root~${kind}~${value}`)}`,
      {
        method: 'PATCH',
        headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
        body: JSON.stringify({ fields: { open: { booleanValue: true } } }),
      },
    );
    if (!response.ok)
      throw new Error(`opening ${value}: ${response.status} ${await response.text()}`);
  }
}

/**
 * web/src/data/lead-write.ts setNewLead for the root page, with `status` overridable: the lead
 * with its device's id and, in the same batch, the slot of the device's record it takes (the
 * app's rules require both). Each lead from a device of its own.
 */
export function writeLead(db: Firestore, id: string, nome: string, status = 'novo'): Promise<void> {
  const device = `Device${id.replace(/[^A-Za-z0-9]/g, '')}`.padEnd(20, '0').slice(0, 20);
  return writeBatch(db)
    .set(doc(db, 'leads', id), {
      nome,
      whatsapp: '(75) 99999-0000',
      vaga: leadVacancies.job,
      cidade: leadVacancies.locality,
      // The root page's consent note (web/src/domain/consent.ts), which the app's rules require.
      consent_version: 'raiz-2026-11-25',
      device,
      status,
      created_at: serverTimestamp(),
      deleted_at: null,
    })
    .set(doc(db, 'devices', device), { lead: id, slot: 0, s0: serverTimestamp() })
    .commit();
}
