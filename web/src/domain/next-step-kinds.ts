/**
 * What the lead table (lead.ts) needs of a next step: its kinds and bounds, apart from the rest of
 * next-step.ts (labels, dates, the form's checks), which only the panel uses: the public pages load
 * lead.ts, and a module the panel shares with them is downloaded whole.
 */

/** What a next step is: call the candidate back, or an interview. */
export const nextStepKinds = ['retornar', 'entrevista'] as const;
export type NextStepKind = (typeof nextStepKinds)[number];

export const nextStepLimits = {
  /** Longest text (characters): a line, not a note (notes are for the rest). */
  textMax: 140,
  /** Furthest date (days after the write): a mistyped year is refused. */
  maxAheadDays: 730,
} as const;
