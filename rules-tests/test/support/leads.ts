/**
 * Lead payloads exactly as the two public forms write them (see web/src/domain/lead.ts): each
 * field at the lead table's example, so a field added there for a form is filled here without a
 * change. `sendLead` writes one as the pages do: with the sending device's id, and its device
 * record's slot in the same batch (web/src/data/lead-write.ts).
 */
import {
  doc,
  serverTimestamp,
  writeBatch,
  type Firestore,
  type WriteBatch,
} from 'firebase/firestore';
import { deviceSlotKeys } from '../../../web/src/domain/device-limit.js';
import type { LeadForm } from '../../../web/src/domain/lead.js';
import { toLead } from '../../../web/src/domain/lead-form.js';
import { exampleFormValues } from '../../../web/src/domain/testing/lead-samples.js';

/** Each field `form` sends, at the lead table's example, as the form stores it. */
export function validDefaults(form: LeadForm): Record<string, unknown> {
  return toLead(form, exampleFormValues(form));
}

/** What `form` writes: its fields and the values the rules pin on a new lead, then `overrides`. */
const newLead =
  (form: LeadForm) =>
  (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
    ...validDefaults(form),
    status: 'novo',
    created_at: serverTimestamp(),
    deleted_at: null,
    ...overrides,
  });

/** What the root page writes. */
export const rootLead = newLead('root');

/** What the call-center page writes. */
export const callCenterLead = newLead('callCenter');

/** `data` without `key`. */
export const without = (data: Record<string, unknown>, key: string): Record<string, unknown> =>
  Object.fromEntries(Object.entries(data).filter(([k]) => k !== key));

/**
 * A device id of the lead table's format drawn from `seed` (the same seed, the same id): each test
 * lead gets a device of its own, so the per-device limit never stands in the way of a test about
 * something else, and a retry of a lead comes from the same device.
 */
export function deviceOf(seed: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let hash = 2166136261;
  let id = '';
  for (let i = 0; id.length < 20; i++) {
    hash = Math.imul(hash ^ seed.charCodeAt(i % Math.max(1, seed.length)) ^ i, 16777619) >>> 0;
    id += alphabet[hash % 62];
  }
  return id;
}

/**
 * Whether `value` can name a document (printable ASCII, no slash, not `.`, `..` or `__x__`): a
 * malformed device id that cannot is sent with another device's record.
 */
function isDocumentId(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    /^[\x20-\x2e\x30-\x7e]{1,100}$/.test(value) &&
    value !== '.' &&
    value !== '..' &&
    !/^__.*__$/.test(value)
  );
}

/** Adds to `batch` what the page writes to the device's record with lead `leadId`. */
export function takeSlot(
  batch: WriteBatch,
  db: Firestore,
  device: string,
  leadId: string,
  slot = 0,
): WriteBatch {
  return batch.set(
    doc(db, 'devices', device),
    { lead: leadId, slot, [deviceSlotKeys[slot]]: serverTimestamp() },
    { merge: true },
  );
}

/**
 * Sends `data` as `leads/{id}` exactly as given, in one batch with the slot `slot` of the record
 * of its `device` (of `deviceOf(id)` when its device is missing or cannot name a document, as a
 * malformed one may: that record names another device).
 */
export function sendAsIs(
  db: Firestore,
  data: Record<string, unknown>,
  id: string,
  slot = 0,
): Promise<void> {
  const device = isDocumentId(data.device) ? data.device : deviceOf(id);
  const batch = writeBatch(db);
  batch.set(doc(db, 'leads', id), data);
  return takeSlot(batch, db, device, id, slot).commit();
}

/** Sends `data` as a public page does (`sendAsIs`), with `device: deviceOf(id)` when it has none. */
export function sendLead(
  db: Firestore,
  data: Record<string, unknown>,
  id = 'lead-1',
  slot = 0,
): Promise<void> {
  return sendAsIs(db, 'device' in data ? data : { ...data, device: deviceOf(id) }, id, slot);
}

/**
 * Stores `data` as a lead a page sent earlier, with rules disabled (`db` a privileged context):
 * the lead with its device's id, and the record's slot taken at the lead's `created_at`.
 */
export function storeSentLead(db: Firestore, id: string, data: Record<string, unknown>) {
  const lead = 'device' in data ? data : { ...data, device: deviceOf(id) };
  const batch = writeBatch(db);
  batch.set(doc(db, 'leads', id), lead);
  batch.set(doc(db, 'devices', String(lead.device)), {
    lead: id,
    slot: 0,
    [deviceSlotKeys[0]]: lead.created_at ?? serverTimestamp(),
  });
  return batch.commit();
}
