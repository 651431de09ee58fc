/**
 * The lead's timeline (`leads/{id}/timeline/{entryId}`): what one write of a lead or of a note
 * changed, as timeline entries, and who wrote it (from the event's auth context). Pure functions
 * here; timeline-writer.ts stores the entries and index.ts wires the triggers. No client can write
 * the timeline (firestore.rules); this module is its only author.
 */

import { heldStatus, type TimelineKind } from '@vagas/common';

/** One change: its kind and, for status and responsible, the values before and after. */
export interface TimelineChange {
  kind: TimelineKind;
  from: string | null;
  to: string | null;
  /** note_*: the note's text after the change (before it, for a deletion), shortened. */
  excerpt: string | null;
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
