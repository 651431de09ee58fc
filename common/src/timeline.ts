/**
 * What a lead's timeline entry records (`leads/{id}/timeline`, written only by the timeline
 * function). The record reads these names and shows an unknown one as a status change.
 */
export const timelineKinds = [
  'status',
  'trashed',
  'restored',
  'restored_undo',
  'note_added',
  'note_edited',
  'note_deleted',
  'contacted',
  'assigned',
  'next_step_set',
  'next_step_changed',
  'next_step_done',
  'next_step_cleared',
  // The screening (screening.ts): set aside by the server, released by an admin, and the same
  // candidate applying again for the same job (merged into this lead, not a new one).
  'held',
  'released',
  'reapplied',
] as const;

export type TimelineKind = (typeof timelineKinds)[number];
