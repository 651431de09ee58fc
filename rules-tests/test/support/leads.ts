/** Lead payloads exactly as the two public forms write them (see web/src/domain/lead.ts). */
import { serverTimestamp } from 'firebase/firestore';
import {
  callCenterJobs,
  callCenterLocalities,
  experienceOptions,
  rootJobs,
  rootLocalities,
} from '../../../web/src/domain/options.js';
import { callCenterVaga } from '../../../web/src/domain/lead.js';

/** What the root page writes. */
export const rootLead = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
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
