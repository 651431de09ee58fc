/**
 * The public pages' lead write: `setNewLead(db, id, input)` stores `leads/{id}` as a new lead, the
 * form's fields plus the values the rules pin on every new lead (each system field's `initial` in
 * lead.ts), set aside ('suspeito') when what the page sends is doubtful by itself
 * (domain/screening.ts). Firestore Lite (REST). The outbox (lib/outbox/send-lead.ts) calls it with the page's
 * database and timeout; bench/load.ts calls it with each simulated candidate's database. It loads
 * no app instance, and its imports are relative so bench/load.ts can run it under tsx (which does
 * not resolve `@/`).
 */
import {
  doc,
  serverTimestamp,
  setDoc,
  type FieldValue,
  type Firestore,
} from 'firebase/firestore/lite';
import {
  leadField,
  pinnedLeadFields,
  type CallCenterLeadInput,
  type RootLeadInput,
} from '../domain/lead';
import { statusOnArrival } from '../domain/screening';

/** A public write that has not completed after this long fails (the outbox tries again later). */
export const leadWriteTimeoutMs = 10_000;

/** The document a public page writes: the page's fields plus the fields the rules pin. */
export type NewLeadDocument = (RootLeadInput | CallCenterLeadInput) & {
  status: ReturnType<typeof statusOnArrival>;
  created_at: FieldValue;
  deleted_at: null;
};

/** The pinned fields' values, from the lead table ('serverTime' is the server's time of the write). */
function pinnedValues(): Record<string, unknown> {
  return Object.fromEntries(
    pinnedLeadFields.map((name) => {
      const field = leadField(name);
      const initial = 'initial' in field ? field.initial : null;
      return [name, initial === 'serverTime' ? serverTimestamp() : initial];
    }),
  );
}

/** The document `setNewLead` writes for `input`. */
export function newLeadDocument(input: RootLeadInput | CallCenterLeadInput): NewLeadDocument {
  return { ...input, ...pinnedValues(), status: statusOnArrival(input) } as NewLeadDocument;
}

/**
 * Writes `leads/{id}` as a new lead. With a client-chosen id a retry of a write whose answer was
 * lost is harmless: the rules let it change nothing but `created_at`, within 10 minutes.
 */
export function setNewLead(
  db: Firestore,
  id: string,
  input: RootLeadInput | CallCenterLeadInput,
): Promise<void> {
  return setDoc(doc(db, 'leads', id), newLeadDocument(input));
}
