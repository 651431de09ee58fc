import { describe, expect, test } from 'vitest';
import { deviceLimit, deviceWindowMs } from '@/domain/device-limit';
import { chooseSlot, deviceStateOf, slotMarginMs } from './device-slots';

const now = 50_000_000;
const free = deviceWindowMs + slotMarginMs;

describe('the device’s slots', () => {
  test('a device with no state draws an id and starts with every slot free', () => {
    const state = deviceStateOf(undefined, () => 'DrawnDevice000000001');
    expect(state).toEqual({
      id: 'DrawnDevice000000001',
      slots: Array.from({ length: deviceLimit.applications }, () => 0),
    });
    // A damaged one too; a short list of slots is filled up.
    expect(deviceStateOf({ id: 7 } as never, () => 'X').id).toBe('X');
    expect(deviceStateOf({ id: 'Kept', slots: [5] }, () => 'X').slots).toEqual([5, 0, 0]);
  });

  test('takes the slot used longest ago, when it is free', () => {
    const state = { id: 'd', slots: [now - free - 10, now - free - 30, now - free - 20] };
    expect(chooseSlot(state, undefined, new Set(), now)).toEqual({ slot: 1, fresh: true });
    expect(chooseSlot({ id: 'd', slots: [0, now - 1, 0] }, undefined, new Set(), now)).toEqual({
      slot: 0,
      fresh: true,
    });
  });

  test('at the limit: when the oldest slot frees, a window and the margin after it was taken', () => {
    const state = { id: 'd', slots: [now - 1_000, now - 3_000, now - 2_000] };
    expect(chooseSlot(state, undefined, new Set(), now)).toEqual({ freeAt: now - 3_000 + free });
    expect(chooseSlot(state, undefined, new Set(), now - 3_000 + free)).toEqual({
      slot: 1,
      fresh: true,
    });
  });

  test('a retry keeps its own slot; slots held by waiting applications are never given away', () => {
    const state = { id: 'd', slots: [now - 1_000, 0, 0] };
    expect(chooseSlot(state, 0, new Set(), now)).toEqual({ slot: 0, fresh: false });
    expect(chooseSlot(state, undefined, new Set([1]), now)).toEqual({ slot: 2, fresh: true });
    // Every slot held: look again in a minute.
    expect(chooseSlot(state, undefined, new Set([0, 1, 2]), now)).toEqual({
      freeAt: now + slotMarginMs,
    });
  });
});
