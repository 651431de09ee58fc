/**
 * The shapes of the lead table's entries (lead.ts `leadFields`): what a field holds, who writes it,
 * the input that asks for it and where its column is shown. lead.ts re-exports them.
 */
import type { HeldStatus, TextFormatName } from '@vagas/common';
import type { leadStatuses } from './options';

export type LeadStatus = (typeof leadStatuses)[number];

/** The public forms that write leads: the root page ('/') and the call-center page. */
export type LeadForm = 'root' | 'callCenter';
export const leadForms: readonly LeadForm[] = ['root', 'callCenter'];

/** Where a field's column appears: the Leads list (table and cards), the CSV export, Lixeira. */
export type LeadColumnPlace = 'list' | 'export' | 'trash';

/** What a field inside a map field holds; `optional` ones may be left out. */
export type LeadSubField = (
  | { type: 'text'; min: number; max: number }
  | { type: 'int'; min: number; max: number }
  | { type: 'bool' }
  | { type: 'option'; options: readonly string[] }
  /** A date chosen by an admin: at most `maxAheadDays` after the write (a typo in the year). */
  | { type: 'time'; maxAheadDays: number }
) & { optional?: true };

/** What a field holds, and the bounds the forms and the rules hold it to. */
export type LeadFieldType =
  /** A string of `min..max` characters, of a `format` when it has one (a phone, an e-mail). */
  | { type: 'text'; min: number; max: number; format?: TextFormatName }
  | { type: 'int'; min: number; max: number }
  | { type: 'bool' }
  /**
   * One of `options`: one list, or one per form when the forms offer different values. With
   * `vacancies`, the options are the form's open vacancies of that kind (vacancies/{id}, opened
   * and closed by admins; the rules check a new lead against them), and `options` are their seed:
   * the lists a new deployment starts with.
   */
  | {
      type: 'option';
      options: readonly string[] | Readonly<Partial<Record<LeadForm, readonly string[]>>>;
      vacancies?: VacancyKind;
    }
  /**
   * The lead's status: `initial` on create, then one of `options` (set by admins). A lead whose
   * page signals doubt (`doubtful` fields) is created `held` instead, and the screening may set a
   * new lead `held`; admins only take a lead out of it (release), never put one in.
   */
  | { type: 'status'; options: readonly LeadStatus[]; initial: LeadStatus; held: HeldStatus }
  /**
   * A date: `initial` is the server's time of the write ('serverTime') or null. An admin-written
   * one (`writtenBy: 'admin'`) with `setTo: 'serverTime'` is only ever set to the write's time.
   */
  | { type: 'timestamp'; initial: 'serverTime' | null; nullable?: true; setTo?: 'serverTime' }
  /** An admin of the team: their allow-listed email (firestore.rules isAssignableAdmin), or null. */
  | { type: 'admin'; nullable: true }
  /**
   * The bulk write that moved the lead to the trash: an id of at most `max` characters that every
   * lead it moved shares, or null (firestore.rules isValidTrashBatch: set only by a move to the
   * trash, cleared by a restore).
   */
  | { type: 'batch'; max: number }
  /** A map with exactly these fields (the optional ones may be missing); `nullable`: or null. */
  | { type: 'map'; fields: Readonly<Record<string, LeadSubField>>; nullable?: true }
  /**
   * A time taken from the candidate's device clock, which the rules hold near the server's: at
   * most `maxAheadMinutes` after the write (clocks drift) and at most `maxAgeDays` before it.
   */
  | { type: 'deviceTime'; maxAheadMinutes: number; maxAgeDays: number };

/** A list of vacancies admins keep: the jobs a form offers, or its localities. */
export type VacancyKind = 'job' | 'locality';

/** How a stored option reads in a select: its text, and the group it is listed under. */
export interface OptionChoice {
  label: string;
  group?: string;
}

/**
 * How a select's stored option is written from what the select shows: a form's text before the
 * label (the call-center employer's '[Conecta] '), and, for an option listed under a group, the
 * group then `groupSeparator` ('Aracaju - Centro'). `groups` are the seed's groups, which tell a
 * stored option's group when nothing else does.
 */
export interface OptionStyle {
  prefix?: Readonly<Partial<Record<LeadForm, string>>>;
  groupSeparator?: string;
  groups?: readonly string[];
}

/**
 * The input that asks a candidate for a field: a text (with the browser's autofill hint), a
 * WhatsApp number (the phone's mask), an e-mail, a number of a few digits, or a select of the
 * field's options (`choice` says how a stored option reads).
 */
export type LeadFieldInput =
  | { kind: 'text'; autoComplete?: string }
  | { kind: 'phone' }
  | { kind: 'email' }
  | { kind: 'number' }
  | { kind: 'select'; style?: OptionStyle }
  /**
   * Not asked of anyone: a honeypot, an input hidden from sight, screen readers and the tab
   * order that form-filling scripts fill. `name` is the input's name, one such scripts look for.
   */
  | { kind: 'honeypot'; name: string };

export type LeadField = LeadFieldType & {
  /**
   * Who writes it: the forms that send it, 'system' (its `initial` value is pinned by the rules
   * on create; only admins change it afterwards, when `managed`), 'admin' (no lead has it when
   * created; only admins set it later, and the rules check it when a write changes it), or
   * 'server' (only the functions write it, after the lead is stored; no client may, and a form's
   * retry, which rewrites the whole lead, drops it until the function writes it again).
   */
  writtenBy: readonly LeadForm[] | 'system' | 'admin' | 'server';
  /**
   * A value that makes a new lead doubtful at write time, so the form stores it set aside and the
   * rules refuse it as new: the field filled at all ('filled', a honeypot), or a phone whose DDD
   * is not in use ('unknownDdd'). @vagas/common screening.ts `writeTimeSignals` tells the same.
   */
  doubtful?: 'filled' | 'unknownDdd';
  /** The forms may leave it out. */
  optional?: true;
  /** Admins may change it (classify, trash, restore). */
  managed?: true;
  /**
   * An option field the form fills itself with its current (last) option, never typed by the
   * candidate (the consent note's version): the form starts with it and keeps it.
   */
  preset?: true;
  /**
   * Not in the form at all: the page adds it as it sends the lead (the device's id). Every new
   * lead carries it, leads stored before it existed do not.
   */
  attached?: true;
  /** The input that asks the candidate for it, on each form that writes it. */
  input?: LeadFieldInput;
  /**
   * A value a candidate could give, for test data and the benches' leads; an option field's
   * example is the form's first option.
   */
  example?: string | number;
  /** Its column header, and where the column is shown (in the table's order). */
  label?: string;
  shownIn?: readonly LeadColumnPlace[];
};
