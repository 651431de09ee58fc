/**
 * This device's side of the per-device limit (domain/device-limit.ts): its id, drawn once and kept
 * on the device, and when it last took each slot of its record `devices/{id}`, by its own clock.
 * The rules refuse a lead whose slot is not free; the outbox asks here first, so a candidate past
 * the limit is told at once and the application waits on the device until a slot is free, instead
 * of being sent and refused.
 *
 * Each slot's time is taken when an attempt leaves, before the server's: the device frees a slot a
 * margin later than the server does, so what it sends the server accepts. An application keeps
 * the slot it took for every retry, and a slot held by an application still waiting is never given
 * to another (the server would refuse one of them).
 */
// From the shared package, not web's alias: the benches load the outbox under tsx, without Vite.
import { deviceLimit, deviceWindowMs } from '@vagas/common';

/** What the device keeps: its id and the time (device clock, ms; 0 never) it last took each slot. */
export interface DeviceState {
  id: string;
  slots: number[];
}

/** Where the device keeps it (IndexedDB in browsers). */
export interface DeviceStore {
  get(): Promise<DeviceState | undefined>;
  set(state: DeviceState): Promise<void>;
}

/**
 * Beyond the window, how long the device waits before it takes a slot again: the server stamps a
 * slot when the request arrives, up to a write's timeout (and a slow network) after it left.
 */
export const slotMarginMs = 60_000;

/** What a send may do: take `slot` (`fresh`: newly, not a retry's own), or wait until `freeAt`. */
export type SlotChoice = { slot: number; fresh: boolean } | { freeAt: number };

/** The device's state, drawn now if it has none (or a damaged one). */
export function deviceStateOf(stored: DeviceState | undefined, newId: () => string): DeviceState {
  if (stored && typeof stored.id === 'string' && Array.isArray(stored.slots)) {
    const slots = Array.from({ length: deviceLimit.applications }, (_, i) =>
      typeof stored.slots[i] === 'number' ? stored.slots[i] : 0,
    );
    return { id: stored.id, slots };
  }
  return { id: newId(), slots: Array.from({ length: deviceLimit.applications }, () => 0) };
}

/**
 * The slot an application sends with. `own`: the slot it took on an earlier attempt (kept for
 * every retry). `held`: slots other waiting applications took. Otherwise the free slot used
 * longest ago, or, when none is free, when the first one frees (a slot held by another waiting
 * application frees once that one is stored: a minute is when to look again).
 */
export function chooseSlot(
  state: DeviceState,
  own: number | undefined,
  held: ReadonlySet<number>,
  now: number,
): SlotChoice {
  if (own !== undefined && own >= 0 && own < state.slots.length) return { slot: own, fresh: false };
  const open = state.slots
    .map((takenAt, slot) => ({ slot, takenAt }))
    .filter(({ slot }) => !held.has(slot))
    .sort((a, b) => a.takenAt - b.takenAt);
  const first = open[0];
  if (!first) return { freeAt: now + slotMarginMs };
  const freeAt = first.takenAt === 0 ? 0 : first.takenAt + deviceWindowMs + slotMarginMs;
  return freeAt <= now ? { slot: first.slot, fresh: true } : { freeAt };
}
