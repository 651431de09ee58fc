/**
 * Lead payloads exactly as the two public forms write them (see web/src/domain/lead.ts): each
 * field at the lead table's example, so a field added there for a form is filled here without a
 * change.
 */
import { serverTimestamp } from 'firebase/firestore';
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
