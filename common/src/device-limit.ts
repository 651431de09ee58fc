/**
 * The per-device limit: one device sends at most `applications` leads in any `windowMinutes`.
 * firestore.rules enforces it on the device's record, `devices/{id}` (its functions
 * deviceSlotKeys() and deviceWindowMinutes() are generated from here by `npm run sync-rules -w
 * rules-tests`); the web app's outbox (web/src/lib/outbox) keeps what goes past it on the device and sends it once a
 * slot is free again. The record has one slot per application of the window: a lead takes a slot
 * that is free (never used, or last used a whole window ago) and writes this moment into it.
 */
export const deviceLimit = {
  applications: 3,
  windowMinutes: 10,
} as const;

/** The record's slot fields, in order: s0, s1, ... */
export const deviceSlotKeys: readonly string[] = Array.from(
  { length: deviceLimit.applications },
  (_, slot) => `s${slot}`,
);

/** The length of the window, in ms. */
export const deviceWindowMs = deviceLimit.windowMinutes * 60_000;
