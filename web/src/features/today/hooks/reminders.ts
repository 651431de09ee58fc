/**
 * Which next steps to remind of, and when (pure, so it is tested without timers): a step of the
 * admin falls due while the panel is open; one already past when the panel opened is not reminded
 * (the 'Para hoje' view lists it), but one that was set, moved or handed to the admin while the
 * panel is open is reminded at once. A reminder is given once per step and date, in every tab of
 * this browser together (the keys given are kept in localStorage).
 */
import type { Lead } from '@/domain/lead';
import { reminderKey } from '@/domain/next-step';

/** localStorage key of the reminders given (keys of steps). */
export const remindersGivenKey = 'vagas:lembretes-dados';
/** How many given reminders are remembered (the oldest are forgotten). */
const remembered = 300;
/** A step due this long before the panel's first answer is still reminded (it just fell due). */
export const reminderSlackMs = 60_000;

export interface DueLead {
  lead: Lead;
  key: string;
  due: Date;
}

/** The leads with a next step, with their reminder keys. */
export function dueLeads(leads: readonly Lead[]): DueLead[] {
  return leads.flatMap((lead) =>
    lead.next_step
      ? [{ lead, key: reminderKey(lead.id, lead.next_step.due_at), due: lead.next_step.due_at }]
      : [],
  );
}

/** The steps already past when the panel first saw them: never reminded. */
export function pastAtOpen(leads: readonly Lead[], now: Date): Set<string> {
  return new Set(
    dueLeads(leads)
      .filter(({ due }) => due.getTime() < now.getTime() - reminderSlackMs)
      .map(({ key }) => key),
  );
}

/** The reminders to give now, and in how many ms the next one falls due (null: none). */
export function remindersAt(
  leads: readonly Lead[],
  now: Date,
  skip: (key: string) => boolean,
): { due: DueLead[]; nextInMs: number | null } {
  const due: DueLead[] = [];
  let nextInMs: number | null = null;
  for (const item of dueLeads(leads)) {
    if (skip(item.key)) continue;
    const wait = item.due.getTime() - now.getTime();
    if (wait <= 0) due.push(item);
    else nextInMs = nextInMs === null ? wait : Math.min(nextInMs, wait);
  }
  return { due, nextInMs };
}

/** The keys of reminders this browser gave. */
export function givenReminders(storage: Storage | null): Set<string> {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(remindersGivenKey) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((k) => typeof k === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Records `key` as given; false when another tab gave it first. */
export function claimReminder(storage: Storage | null, key: string): boolean {
  const given = givenReminders(storage);
  if (given.has(key)) return false;
  const next = [...given, key].slice(-remembered);
  try {
    storage?.setItem(remindersGivenKey, JSON.stringify(next));
  } catch {
    // A full or blocked storage: the reminder is still given, once in this tab.
  }
  return true;
}
