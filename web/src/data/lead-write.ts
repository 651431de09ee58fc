/**
 * The public pages' lead write: `setNewLead(db, id, input, device)` stores `leads/{id}` as a new
 * lead, the form's fields plus the sending device's id and the values the rules pin on every new
 * lead (each system field's `initial` in lead.ts), set aside ('suspeito') when what the page sends
 * is doubtful by itself (domain/screening.ts), and, in the same batch, the slot of the device's
 * record the lead takes (domain/device-limit.ts; firestore.rules isDeviceSend). Firestore Lite
 * (REST). The outbox (lib/outbox/send-lead.ts) calls it with the page's
 * database and timeout; bench/load.ts calls it with each simulated candidate's database. It loads
 * no app instance, and its imports are relative so bench/load.ts can run it under tsx (which does
 * not resolve `@/`).
 */
import { collections } from '@vagas/common';
import {
  doc,
  serverTimestamp,
  writeBatch,
  type FieldValue,
  type Firestore,
} from 'firebase/firestore/lite';
import { deviceSlotKeys } from '../domain/device-limit';
import {
  leadField,
  pinnedLeadFields,
  type AttachedLeadFields,
  type CallCenterLeadInput,
  type RootLeadInput,
} from '../domain/lead';
import { statusOnArrival } from '../domain/screening';

/** A public write that has not completed after this long fails (the outbox tries again later). */
export const leadWriteTimeoutMs = 10_000;

/** The device that sends a lead (its id, kept on the device) and the slot of its record the lead takes. */
export interface DeviceSend {
  id: string;
  slot: number;
}

/** The document a public page writes: the page's fields, the device's id, the fields the rules pin. */
export type NewLeadDocument = (RootLeadInput | CallCenterLeadInput) &
  AttachedLeadFields & {
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

/** The document `setNewLead` writes for `input` sent from device `deviceId`. */
export function newLeadDocument(
  input: RootLeadInput | CallCenterLeadInput,
  deviceId: string,
): NewLeadDocument {
  return {
    ...input,
    device: deviceId,
    ...pinnedValues(),
    status: statusOnArrival(input),
  } as NewLeadDocument;
}

/**
 * Writes `leads/{id}` as a new lead, and takes `device.slot` of the device's record for it, in
 * one batch. With a client-chosen id a retry of a write whose answer was lost is harmless: the
 * rules let it change nothing but `created_at` within 10 minutes, and the record's same slot.
 */
export function setNewLead(
  db: Firestore,
  id: string,
  input: RootLeadInput | CallCenterLeadInput,
  device: DeviceSend,
): Promise<void> {
  const batch = writeBatch(db);
  batch.set(doc(db, collections.leads, id), newLeadDocument(input, device.id));
  batch.set(
    doc(db, collections.devices, device.id),
    { lead: id, slot: device.slot, [deviceSlotKeys[device.slot]]: serverTimestamp() },
    // The other slots stay as they are.
    { merge: true },
  );
  return batch.commit();
}
