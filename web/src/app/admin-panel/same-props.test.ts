import { describe, expect, it } from 'vitest';
import { sameProps } from './same-props';

describe('sameProps', () => {
  const data = [{ id: 'a' }];
  const setOn = () => undefined;
  it('is true for fresh wrappers of the same values, two levels deep', () => {
    const props = () => ({ live: { data, status: 'success', notifications: { on: true, setOn } } });
    expect(sameProps(props(), props())).toBe(true);
  });
  it('is false when a value changed, a field is added, or a list is a new array', () => {
    const base: { live: Record<string, unknown> } = { live: { data, status: 'success' } };
    expect(sameProps(base, { live: { data, status: 'loading' } })).toBe(false);
    expect(sameProps(base, { live: { data, status: 'success', extra: 1 } })).toBe(false);
    expect(sameProps(base, { live: { data: [...data], status: 'success' } })).toBe(false);
    expect(sameProps({ s: new Set([1]) }, { s: new Set([1]) })).toBe(false);
  });
});
