/**
 * The candidate's record beyond the form's fields: the follow-up fields admins write on the lead
 * (contact, responsible, the 'Desfazer' mark), notes (`leads/{id}/notes`), the timeline written by
 * the timeline function (`leads/{id}/timeline`) and WhatsApp message templates
 * (`message_templates`). The limits are the rules' (rules-tests/test/record-lists.test.ts checks
 * firestore.rules against this module). No React, no Firebase.
 */
import { leadField, leadFieldNames, type Lead } from './lead';
import { digitsOf, formatPhone, timelineKinds, type TimelineKind } from '@vagas/common';
import { whatsappLink } from './lead-list-view';

/**
 * Lead fields only admins write, after the lead exists (lead.ts `leadFields`, `writtenBy:
 * 'admin'`): when it was last contacted, who is responsible for it (an allow-listed email, or
 * null), and the time of a restore made by 'Desfazer' (so the timeline can tell it from a
 * restore in the Lixeira).
 */
export const leadRecordFields = leadFieldNames.filter(
  (name) => leadField(name).writtenBy === 'admin',
);

/** A lead as its record shows it: every field of the table, the follow-up ones included. */
export type RecordLead = Lead;

/** Longest note (characters). */
export const noteTextMaxLength = 2000;

/** Bounds of the responsible's email (characters). */
export const assigneeEmailLimits = { min: 3, max: 254 } as const;

/** Bounds of a message template's name and text (characters). */
export const messageTemplateLimits = {
  name: { min: 1, max: 80 },
  text: { min: 1, max: 1000 },
} as const;

/** A note as stored and shown. */
export interface LeadNote {
  id: string;
  text: string;
  author_uid: string;
  author_email: string;
  created_at: Date | null;
  updated_at: Date | null;
}

/** A WhatsApp message template. */
export interface MessageTemplate {
  id: string;
  name: string;
  text: string;
}

/** What a timeline entry records: the names the timeline function writes. */
export { timelineKinds, type TimelineKind };

/** One entry of a lead's timeline (written by the timeline function, read by the record). */
export interface TimelineEntry {
  id: string;
  kind: TimelineKind;
  at: Date | null;
  /** The admin's email; null when the change came from the server (admin SDK) or nobody. */
  actor_email: string | null;
  /** status: the statuses; assigned: the emails (null: nobody); next_step_*: the step's kinds. */
  from: string | null;
  to: string | null;
  /**
   * note_*: the note's text after the change (before it, for a deletion), shortened; next_step_*:
   * the step's text (the new one; the old one when done or removed).
   */
  excerpt: string | null;
  /** next_step_*: the step's date before and after the change (null: no step). */
  due_from: Date | null;
  due_to: Date | null;
}

/** The placeholders a template may use, and the lead value each stands for. */
export const templatePlaceholders = {
  '{nome}': (lead: Lead) => lead.nome,
  '{primeiro_nome}': (lead: Lead) => lead.nome.trim().split(/\s+/)[0] ?? '',
  '{vaga}': (lead: Lead) => jobName(lead.vaga),
  '{cidade}': (lead: Lead) => lead.cidade,
} as const;

/** A call-center vaga without its '[Employer] ' prefix. */
function jobName(vaga: string): string {
  return vaga.replace(/^\[[^\]]*\]\s*/, '');
}

/** The template's text with each known placeholder replaced by the lead's value. */
export function fillTemplate(text: string, lead: Lead): string {
  return text.replace(/\{[a-z_]+\}/g, (token) => {
    const value = (templatePlaceholders as Record<string, ((l: Lead) => string) | undefined>)[
      token
    ];
    return value ? value(lead) : token;
  });
}

/** The wa.me address of `whatsapp` (Brazilian number), with `text` as the message when given. */
export function whatsappMessageLink(whatsapp: string, text?: string): string {
  const base = whatsappLink(whatsapp);
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

/**
 * The other ways the same number may be stored: the form's mask '(DD) NNNNN-NNNN' and the bare
 * digits (the rules accept both), for the "other applications" query.
 */
export function whatsappVariants(whatsapp: string): string[] {
  const digits = digitsOf(whatsapp);
  return [...new Set([whatsapp, digits, formatPhone(digits)])].filter(Boolean);
}
