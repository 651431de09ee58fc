/** Argument checks shared by the rules' built-in functions and methods. */
import { RSet, Sym, fail, typeName, unknownValue, valueKey, type RValue } from './values.js';

export function arity(name: string, args: RValue[], ...counts: number[]): void {
  if (!counts.includes(args.length)) {
    fail(`Function ${name} expects ${counts.join(' or ')} argument(s), got ${args.length}.`);
  }
}

export function wantString(v: RValue, what: string): string {
  if (typeof v !== 'string') return badArg(v, what, 'string');
  return v;
}

export function wantInt(v: RValue, what: string): bigint {
  if (typeof v !== 'bigint') return badArg(v, what, 'int');
  return v;
}

export function wantNumber(v: RValue, what: string): number {
  if (typeof v === 'bigint') return Number(v);
  if (typeof v !== 'number') return badArg(v, what, 'number');
  return v;
}

export function badArg(v: RValue, what: string, expected: string): never {
  if (v instanceof Sym) return unknownValue();
  return fail(`Invalid argument type for ${what}: expected ${expected}, got ${typeName(v)}.`);
}

export function wantCollection(v: RValue, what: string): RValue[] {
  if (Array.isArray(v)) return v;
  if (v instanceof RSet) return [...v.items.values()];
  return badArg(v, what, 'list or set');
}

export function keySetOf(values: RValue[]): Set<string> {
  return new Set(values.map(valueKey));
}

export function hasAll(self: RValue[], arg: RValue[]): boolean {
  const keys = keySetOf(self);
  return arg.every((v) => keys.has(valueKey(v)));
}

export function hasAny(self: RValue[], arg: RValue[]): boolean {
  const keys = keySetOf(self);
  return arg.some((v) => keys.has(valueKey(v)));
}

export function hasOnly(self: RValue[], arg: RValue[]): boolean {
  const keys = keySetOf(arg);
  return self.every((v) => keys.has(valueKey(v)));
}
