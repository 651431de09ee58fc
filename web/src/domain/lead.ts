/**
 * The lead (candidate) as stored in `leads/{id}`: the one description of its shape. The forms'
 * field lists, the bounds, what the server pins and what admins may change are declared here;
 * firestore.rules gets its key lists and bounds generated from this module (rules-tests
 * `npm run sync-rules`, with a drift test), and the rules and browser tests derive from it too.
 * Adding a field: the form, this module, and the tests of the new behaviour.
 */
import { appConfig } from '../config/app-config';
import { whatsappLimits, type leadStatuses } from './options';

export type LeadStatus = (typeof leadStatuses)[number];

/** Fields the root page writes. */
export const rootLeadFields = ['nome', 'whatsapp', 'vaga', 'cidade'] as const;

/** Fields the call-center page writes. */
export const callCenterLeadFields = [...rootLeadFields, 'idade', 'tempo_experiencia'] as const;

/** Fields either page may add, or leave out. */
export const optionalLeadFields = ['source'] as const;

/** Fields every new lead carries with the value the rules pin (status 'novo', created_at = now, not in the trash). */
export const pinnedLeadFields = ['status', 'created_at', 'deleted_at'] as const;

/** The only fields an admin may change on a lead (classify, trash, restore). */
export const managedLeadFields = ['status', 'deleted_at'] as const;

/** Length bounds of the free-text fields (characters). */
export const leadTextLimits = {
  nome: { min: 1, max: 200 },
  whatsapp: { min: 1, max: whatsappLimits.maxLength },
} as const;

/**
 * Where the visit that led to an application came from: the landing URL's utm parameters and
 * whether it carried an fbclid (its value is never kept). Stored as `source` only when the visit
 * had at least one of them; firestore.rules accepts exactly this shape (isValidLeadSource).
 */
export interface LeadSource {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  fbclid: boolean;
}

/** The text fields of a source (the landing URL's parameters of the same names). */
export const leadSourceTextFields = ['utm_source', 'utm_medium', 'utm_campaign'] as const;

/** Length bounds of each source text (characters). */
export const leadSourceTextLimits = { min: 1, max: 100 } as const;

/** Fields the root page writes. */
export interface RootLeadInput {
  nome: string;
  whatsapp: string;
  vaga: string;
  cidade: string;
  source?: LeadSource;
}

/** Fields the call-center page writes (vaga already carries the `[{employer}] ` prefix). */
export interface CallCenterLeadInput extends RootLeadInput {
  idade: number;
  tempo_experiencia: string;
}

export interface Lead {
  id: string;
  nome: string;
  whatsapp: string;
  vaga: string;
  cidade: string;
  idade?: number;
  tempo_experiencia?: string;
  source?: LeadSource;
  status: LeadStatus;
  created_at: Date | null;
  deleted_at: Date | null;
}

/** The stored vaga of a call-center lead: '[{employer}] ' then the chosen job. */
export function callCenterVaga(job: string): string {
  return `[${appConfig.callCenterEmployer.name}] ${job}`;
}

// The interfaces and the field lists must name the same fields (required and optional): a field
// added to one and not the other is a compile error here.
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type OptionalKeys<T> = Exclude<keyof T, RequiredKeys<T>>;
type Optional = (typeof optionalLeadFields)[number];
const fieldListsMatch: [
  SameKeys<RequiredKeys<RootLeadInput>, (typeof rootLeadFields)[number]>,
  SameKeys<RequiredKeys<CallCenterLeadInput>, (typeof callCenterLeadFields)[number]>,
  SameKeys<OptionalKeys<RootLeadInput>, Optional>,
  SameKeys<OptionalKeys<CallCenterLeadInput>, Optional>,
] = [true, true, true, true];
void fieldListsMatch;
