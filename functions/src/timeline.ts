/**
 * The lead's timeline (`leads/{id}/timeline/{entryId}`): what one write of a lead or of a note
 * changed, as timeline entries, and who wrote it (from the event's auth context). Pure functions
 * here; timeline-writer.ts stores the entries and index.ts wires the triggers. No client can write
 * the timeline (firestore.rules); this module is its only author.
 */

import { heldStatus, type TimelineKind } from '@vagas/common';

/**
 * One change: its kind and, for status and responsible, the values before and after; for a next
 * step, its kind before and after ('retornar', 'entrevista'), its dates and its text.
 */
export interface TimelineChange {
  kind: TimelineKind;
  from: string | null;
  to: string | null;
  /**
   * note_*: the note's text after the change (before it, for a deletion), shortened; next_step_*:
   * the step's text (the new one; the old one when it was done or removed).
   */
  excerpt: string | null;
  /** next_step_*: the step's date before the change and after it (null: no step). */
  due_from?: Date | null;
  due_to?: Date | null;
}

/** Who made a write, from the event's auth context. */
export interface Actor {
  /** The event's authType: 'app_user', 'admin', 'service_account', 'unauthenticated', 'unknown'… */
  type: string;
  /** The end user's uid (app_user) or the principal's id; null when unknown. */
  id: string | null;
  /** The admin's email (looked up in Auth for an app_user); null for the server or nobody. */
  email: string | null;
}

/** A stored timeline entry. `at` is the time of the write (the event's time). */
export interface TimelineEntryData extends TimelineChange {
  at: Date;
  actor_type: string;
  actor_uid: string | null;
  actor_email: string | null;
}

/** Longest note excerpt kept in an entry (characters). */
export const excerptMaxLength = 280;

type Data = Record<string, unknown> | undefined;

/** A Firestore Timestamp (anything with toMillis and nanoseconds) or another value. */
interface TimestampLike {
  toMillis(): number;
  nanoseconds?: number;
}

const isTimestamp = (value: unknown): value is TimestampLike =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { toMillis?: unknown }).toMillis === 'function';

/** Whether two stored values are the same (timestamps by instant, the rest by identity). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isTimestamp(a) && isTimestamp(b)) {
    return a.toMillis() === b.toMillis() && (a.nanoseconds ?? 0) === (b.nanoseconds ?? 0);
  }
  return a === b;
}

const present = (value: unknown) => value !== undefined && value !== null;
const asText = (value: unknown): string | null =>
  typeof value === 'string' ? value : value === undefined || value === null ? null : String(value);
const excerptOf = (text: unknown): string | null => {
  const value = asText(text);
  if (value === null) return null;
  const chars = [...value];
  return chars.length <= excerptMaxLength
    ? value
    : `${chars.slice(0, excerptMaxLength - 1).join('')}…`;
};

/** A stored next step's parts (anything else reads as no step). */
function stepOf(
  value: unknown,
): { kind: string | null; due: Date | null; text: string | null } | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const step = value as Record<string, unknown>;
  return {
    kind: asText(step.kind),
    due: isTimestamp(step.due_at) ? new Date(step.due_at.toMillis()) : null,
    text: excerptOf(step.text),
  };
}

const sameStep = (a: unknown, b: unknown): boolean => {
  const [x, y] = [stepOf(a), stepOf(b)];
  if (!x || !y) return x === y;
  return x.kind === y.kind && x.due?.getTime() === y.due?.getTime() && x.text === y.text;
};

/**
 * The next step's change: set (there was none), changed, or gone: done when 'Concluir' stamped
 * next_step_done_at in the same write, removed otherwise.
 */
function nextStepChange(before: Record<string, unknown>, after: Record<string, unknown>) {
  if (sameStep(before.next_step, after.next_step)) return null;
  const [was, is] = [stepOf(before.next_step), stepOf(after.next_step)];
  const change = (kind: TimelineKind, excerpt: string | null): TimelineChange => ({
    kind,
    from: was?.kind ?? null,
    to: is?.kind ?? null,
    excerpt,
    due_from: was?.due ?? null,
    due_to: is?.due ?? null,
  });
  if (!was) return change('next_step_set', is?.text ?? null);
  if (is) return change('next_step_changed', is.text);
  const done =
    !sameValue(before.next_step_done_at, after.next_step_done_at) &&
    present(after.next_step_done_at);
  return change(done ? 'next_step_done' : 'next_step_cleared', was.text);
}

/**
 * What an update of a lead changed, in a fixed order. A create (a new application) and a delete
 * (the lead leaves with its timeline) change nothing here.
 */
export function leadChanges(before: Data, after: Data): TimelineChange[] {
  if (!before || !after) return [];
  const changes: TimelineChange[] = [];
  const add = (kind: TimelineKind, from: unknown = null, to: unknown = null) =>
    changes.push({ kind, from: asText(from), to: asText(to), excerpt: null });
  const changed = (field: string) => !sameValue(before[field], after[field]);

  if (present(before.deleted_at) && !present(after.deleted_at)) {
    add(
      changed('trash_undone_at') && present(after.trash_undone_at) ? 'restored_undo' : 'restored',
    );
  } else if (!present(before.deleted_at) && present(after.deleted_at)) {
    add('trashed');
  }
  if (changed('status')) {
    // Set aside by the screening, which wrote its own entry with the reasons; out of it by an
    // admin (firestore.rules lets no admin set a lead aside).
    if (before.status === heldStatus) add('released', before.status, after.status);
    else if (after.status !== heldStatus) add('status', before.status, after.status);
  }
  if (changed('last_contacted_at') && present(after.last_contacted_at)) add('contacted');
  if (changed('assigned_to')) add('assigned', before.assigned_to, after.assigned_to);
  const step = nextStepChange(before, after);
  if (step) changes.push(step);
  return changes;
}

/** What a write of a note changed: added, its text edited, or deleted. */
export function noteChanges(before: Data, after: Data): TimelineChange[] {
  const change = (kind: TimelineKind, text: unknown): TimelineChange[] => [
    { kind, from: null, to: null, excerpt: excerptOf(text) },
  ];
  if (!before && after) return change('note_added', after.text);
  if (before && !after) return change('note_deleted', before.text);
  if (before && after && !sameValue(before.text, after.text)) {
    return change('note_edited', after.text);
  }
  return [];
}

/** The stored entries of `changes`, made by `actor` at `at`. */
export function timelineEntries(
  changes: readonly TimelineChange[],
  actor: Actor,
  at: Date,
): TimelineEntryData[] {
  return changes.map((change) => ({
    ...change,
    at,
    actor_type: actor.type,
    actor_uid: actor.type === 'app_user' ? actor.id : null,
    actor_email: actor.email,
  }));
}

/**
 * The id of the `index`-th entry of one event: the same event (delivered twice, or retried)
 * writes the same documents, never a second copy.
 */
export function entryId(eventId: string, index: number): string {
  return `${eventId.replace(/[^A-Za-z0-9_-]/g, '_')}-${index}`;
}
