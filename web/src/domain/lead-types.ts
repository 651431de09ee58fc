/**
 * The types derived from the lead table (`leadFields` in lead.ts): a stored `Lead`, what each form
 * writes, a field's value. Apart from the table so that lead.ts stays readable; importers read
 * them from lead.ts, which re-exports them. Type-only both ways: nothing of this runs.
 */
import type { HeldStatus } from '@vagas/common';
import type { leadFields } from './lead';
import type { LeadForm, LeadStatus } from './lead-field-types';

export type Fields = typeof leadFields;
export type LeadFieldName = keyof Fields;

export type Simplify<T> = { [K in keyof T]: T[K] } & {};
/** The value a field of this description holds. */
export type ValueOf<F> = F extends { type: 'text' | 'option' }
  ? string
  : F extends { type: 'int' }
    ? number
    : F extends { type: 'bool' }
      ? boolean
      : F extends { type: 'status' }
        ? LeadStatus | HeldStatus
        : F extends { type: 'timestamp' }
          ? Date | null
          : F extends { type: 'deviceTime' }
            ? Date
            : F extends { type: 'admin' | 'batch' }
              ? string | null
              : F extends { type: 'time' }
                ? Date
                : F extends { type: 'map'; fields: infer S; nullable: true }
                  ? Shape<S, RequiredIn<S>> | null
                  : F extends { type: 'map'; fields: infer S }
                    ? Shape<S, RequiredIn<S>>
                    : never;
/** An object of the values of `S`'s fields: the `Present` ones always, the others optional. */
export type Shape<S, Present extends keyof S> = Simplify<
  { -readonly [K in Present]: ValueOf<S[K]> } & {
    -readonly [K in Exclude<keyof S, Present>]?: ValueOf<S[K]>;
  }
>;
type RequiredIn<S> = { [K in keyof S]: S[K] extends { optional: true } ? never : K }[keyof S];
/** Fields `Form` writes (optional ones included; not those the page attaches as it sends). */
type WrittenBy<Form extends LeadForm> = Exclude<
  {
    [K in LeadFieldName]: Fields[K]['writtenBy'] extends readonly (infer W)[]
      ? Form extends W
        ? K
        : never
      : never;
  }[LeadFieldName],
  AttachedName
>;
/** Fields the page attaches to every lead as it sends it (the device's id). */
export type AttachedName = {
  [K in LeadFieldName]: Fields[K] extends { attached: true } ? K : never;
}[LeadFieldName];
/**
 * Fields every stored lead has: the system's, and those every form must send but the preset ones
 * (leads stored before the consent record have no consent_version).
 */
type AlwaysStored = {
  [K in LeadFieldName]: Fields[K]['writtenBy'] extends 'system'
    ? K
    : LeadForm extends WrittenByAll<K>
      ? Fields[K] extends { optional: true } | { preset: true } | { attached: true }
        ? never
        : K
      : never;
}[LeadFieldName];
type WrittenByAll<K extends LeadFieldName> = Fields[K]['writtenBy'] extends readonly (infer W)[]
  ? W
  : never;

type InputOf<Form extends LeadForm> = Shape<
  Pick<Fields, WrittenBy<Form>>,
  Exclude<
    WrittenBy<Form>,
    { [K in LeadFieldName]: Fields[K] extends { optional: true } ? K : never }[LeadFieldName]
  >
>;

/** What `Form` writes (its optional fields may be left out). */
export type LeadInput<Form extends LeadForm> = InputOf<Form>;
/** The fields a candidate fills in on `Form`: those it writes that have an input (no honeypot). */
export type FormInputName<Form extends LeadForm> = {
  [K in WrittenBy<Form>]: Fields[K] extends { input: { kind: 'honeypot' } }
    ? never
    : Fields[K] extends { input: object }
      ? K
      : never;
}[WrittenBy<Form>];
/** Fields the root page writes. */
export type RootLeadInput = InputOf<'root'>;
/** Fields the call-center page writes (vaga already carries the `[{employer}] ` prefix). */
export type CallCenterLeadInput = InputOf<'callCenter'>;
/** What the page attaches to a form's lead as it sends it (`device`). */
export type AttachedLeadFields = Shape<Pick<Fields, AttachedName>, AttachedName>;
/** A stored lead, as the panel reads it. */
export type Lead = Simplify<{ id: string } & Shape<Fields, AlwaysStored>>;
/** The visit's source (`source`): utm texts, each optional, and whether the URL had an fbclid. */
export type LeadSource = ValueOf<Fields['source']>;
/** A next step as stored (`next_step`, when set). */
export type NextStep = NonNullable<ValueOf<Fields['next_step']>>;
