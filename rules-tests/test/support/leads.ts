/**
 * Lead payloads exactly as the two public forms write them (see web/src/domain/lead.ts). Fields the
 * fixtures below do not name get their example from the lead table, so a field added there for a
 * form is filled here without a change.
 */
import { serverTimestamp } from 'firebase/firestore';
import {
  callCenterJobs,
  callCenterLocalities,
  experienceOptions,
  rootJobs,
  rootLocalities,
} from '../../../web/src/domain/options.js';
import { callCenterVaga, type LeadForm } from '../../../web/src/domain/lead.js';
import { toLead } from '../../../web/src/domain/lead-form.js';
import { exampleFormValues } from '../../../web/src/domain/testing/lead-samples.js';

/** Each field `form` sends, at the lead table's example, as the form stores it. */
export function validDefaults(form: LeadForm): Record<string, unknown> {
  return toLead(form, exampleFormValues(form));
}

/** What the root page writes. */
export const rootLead = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  ...validDefaults('root'),
  nome: 'Maria da Silva',
  whatsapp: '(75) 99876-5432',
  vaga: rootJobs[0],
  cidade: rootLocalities[0],
  status: 'novo',
  created_at: serverTimestamp(),
  deleted_at: null,
  ...overrides,
});

/** What the call-center page writes. */
export const callCenterLead = (
  overrides: Record<string, unknown> = {},
): Record<string, unknown> => ({
  ...validDefaults('callCenter'),
  nome: 'João Santos',
  whatsapp: '(79) 99999-9999',
  vaga: callCenterVaga(callCenterJobs[0]),
  cidade: callCenterLocalities[0],
  idade: 25,
  tempo_experiencia: experienceOptions[2],
  status: 'novo',
  created_at: serverTimestamp(),
  deleted_at: null,
  ...overrides,
});

/** `data` without `key`. */
export const without = (data: Record<string, unknown>, key: string): Record<string, unknown> =>
  Object.fromEntries(Object.entries(data).filter(([k]) => k !== key));
