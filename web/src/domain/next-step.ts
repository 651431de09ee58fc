/**
 * A lead's next step (`next_step` in lead.ts): what happens next with the candidate and when. The
 * kinds, their labels, the bounds the rules hold it to, and the pure logic of the 'Para hoje' view
 * and the reminders (what is due, what is late, today's bounds). No React, no Firebase.
 */

/** A next step as the panel reads it (lead.ts `NextStep`, the `next_step` field when set). */
export interface NextStepValue {
  kind: string;
  due_at: Date;
  text?: string;
}

import { nextStepKinds, nextStepLimits, type NextStepKind } from './next-step-kinds';

export { nextStepKinds, nextStepLimits, type NextStepKind };

/** How each kind reads before its date ('Retornar em 27/11/2026 14:00'). */
export const nextStepLabels: Record<NextStepKind, string> = {
  retornar: 'Retornar em',
  entrevista: 'Entrevista em',
};

const two = (n: number) => String(n).padStart(2, '0');

/** `dd/mm/aaaa hh:mm` in the browser's time zone. */
export function formatDue(date: Date): string {
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()} ${two(
    date.getHours(),
  )}:${two(date.getMinutes())}`;
}

/** The kind's label; an unknown stored kind reads as itself. */
export function nextStepLabel(kind: string): string {
  return (nextStepLabels as Record<string, string | undefined>)[kind] ?? kind;
}

/** 'Retornar em 27/11/2026 14:00'. */
export function describeNextStep(step: Pick<NextStepValue, 'kind' | 'due_at'>): string {
  return `${nextStepLabel(step.kind)} ${formatDue(step.due_at)}`;
}

/** 'Retornar em 27/11/2026 14:00 · Ligar depois do almoço' (the list's cell). */
export function nextStepCell(step: NextStepValue): string {
  return step.text ? `${describeNextStep(step)} · ${step.text}` : describeNextStep(step);
}

/** Midnight starting `date`'s day, and the next one (local time). */
export function dayBounds(date: Date): { start: Date; end: Date } {
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const end = new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1);
  return { start, end };
}

/** Whether a step due at `due` is late at `now` (its time has passed). */
export const isLate = (due: Date, now: Date): boolean => due.getTime() <= now.getTime();

/**
 * A date and a time as the form's inputs give them ('2026-11-27', '14:00'), in local time; null
 * when either is missing or not a real date.
 */
export function dueFromInputs(date: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const [hours, minutes] = [Number(t[1]), Number(t[2])];
  const due = new Date(year, month - 1, day, hours, minutes);
  const real =
    due.getFullYear() === year &&
    due.getMonth() === month - 1 &&
    due.getDate() === day &&
    hours < 24 &&
    minutes < 60;
  return real ? due : null;
}

/** The form's inputs for `due` ('2026-11-27', '14:00'). */
export function inputsOf(due: Date): { date: string; time: string } {
  return {
    date: `${due.getFullYear()}-${two(due.getMonth() + 1)}-${two(due.getDate())}`,
    time: `${two(due.getHours())}:${two(due.getMinutes())}`,
  };
}

/** Why a next step cannot be saved as typed, or null: the texts the form shows. */
export function nextStepProblem(
  due: Date | null,
  text: string,
  now: Date,
): 'noDate' | 'tooFar' | 'tooLong' | null {
  if (!due) return 'noDate';
  if (due.getTime() > now.getTime() + nextStepLimits.maxAheadDays * 86_400_000) return 'tooFar';
  if ([...text.trim()].length > nextStepLimits.textMax) return 'tooLong';
  return null;
}

/** What a reminder is about: one next step of one lead (a changed date is a new reminder). */
export const reminderKey = (leadId: string, due: Date): string => `${leadId}@${due.getTime()}`;
