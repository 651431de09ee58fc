/** Timestamps and durations of the rules language: ranges, units, UTC parts and timestamp methods. */
import { arity } from './args.js';
import { RDuration, RTimestamp, fail, type RValue } from './values.js';

export const NS_PER_MS = 1_000_000n;
export const NS_PER_S = 1_000_000_000n;
const NS_PER_DAY = 86_400n * NS_PER_S;
const MIN_TS = -62135596800n * NS_PER_S; // 0001-01-01T00:00:00Z
const MAX_TS = 253402300800n * NS_PER_S - 1n; // 9999-12-31T23:59:59.999999999Z

export function checkTimestamp(ns: bigint): RTimestamp {
  if (ns < MIN_TS || ns > MAX_TS) fail('Timestamp out of range error.');
  return new RTimestamp(ns);
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

function utcParts(ts: RTimestamp): { date: Date; nanosOfSecond: bigint; dayNs: bigint } {
  const ms = floorDiv(ts.ns, NS_PER_MS);
  const dayStart = floorDiv(ts.ns, NS_PER_DAY) * NS_PER_DAY;
  return {
    date: new Date(Number(ms)),
    nanosOfSecond: ts.ns - floorDiv(ts.ns, NS_PER_S) * NS_PER_S,
    dayNs: dayStart,
  };
}

export const DURATION_UNITS: { [unit: string]: bigint } = {
  w: 7n * NS_PER_DAY,
  d: NS_PER_DAY,
  h: 3600n * NS_PER_S,
  m: 60n * NS_PER_S,
  s: NS_PER_S,
  ms: NS_PER_MS,
  ns: 1n,
};

/** Calls a method of a timestamp (`year()`, `toMillis()`, ...). */
export function timestampMethod(ts: RTimestamp, name: string, args: RValue[]): RValue {
  arity(name, args, 0);
  const { date, nanosOfSecond, dayNs } = utcParts(ts);
  switch (name) {
    case 'year':
      return BigInt(date.getUTCFullYear());
    case 'month':
      return BigInt(date.getUTCMonth() + 1);
    case 'day':
      return BigInt(date.getUTCDate());
    case 'hours':
      return BigInt(date.getUTCHours());
    case 'minutes':
      return BigInt(date.getUTCMinutes());
    case 'seconds':
      return BigInt(date.getUTCSeconds());
    case 'nanos':
      return nanosOfSecond;
    case 'dayOfWeek':
      return BigInt(date.getUTCDay() === 0 ? 7 : date.getUTCDay());
    case 'dayOfYear': {
      const start = Date.UTC(date.getUTCFullYear(), 0, 1);
      const startOfDay = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
      return BigInt(Math.round((startOfDay - start) / 86_400_000) + 1);
    }
    case 'date':
      return new RTimestamp(dayNs);
    case 'time':
      return new RDuration(ts.ns - dayNs);
    case 'toMillis':
      return floorDiv(ts.ns, NS_PER_MS);
  }
  return fail(`Function not found error: Name: [${name}].`);
}
