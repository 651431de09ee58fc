/**
 * Props comparison for React.memo on the panel's tabs: equal when every prop is the same value,
 * or a plain object (such as the live list's state) whose own fields are the same values, or plain
 * objects whose fields are (two levels: hooks often return a fresh object of stable parts).
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function sameValue(a: unknown, b: unknown, depth: number): boolean {
  if (Object.is(a, b)) return true;
  if (depth === 0 || !isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => key in b && sameValue(a[key], b[key], depth - 1));
}

export function sameProps<P extends object>(previous: P, next: P): boolean {
  return sameValue(previous, next, 3);
}
