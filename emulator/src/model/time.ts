/** Timestamps: RFC 3339 <-> seconds/nanos and microsecond numbers, and the emulator's monotonic clock. */
import { Code, RpcError } from '../service.js';

const TS_RE =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/i;

/** Parses an RFC 3339 timestamp; throws INVALID_ARGUMENT when malformed. */
let lastParsedPrefix = '';
let lastParsedSeconds = 0;

export function parseTimestamp(s: string): { seconds: number; nanos: number } {
  // Fast path for the canonical UTC form this emulator writes (YYYY-MM-DDTHH:MM:SS[.f]Z).
  if (s.length >= 20 && s.endsWith('Z') && s.startsWith(lastParsedPrefix) && lastParsedPrefix) {
    const rest = s.slice(19, -1);
    if (rest === '') return { seconds: lastParsedSeconds, nanos: 0 };
    if (/^\.\d{1,9}$/.test(rest)) {
      return { seconds: lastParsedSeconds, nanos: +rest.slice(1).padEnd(9, '0') };
    }
  }
  const m = TS_RE.exec(s);
  if (!m) throw new RpcError(Code.INVALID_ARGUMENT, `Invalid timestamp: ${JSON.stringify(s)}`);
  const ms = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
  let seconds = Math.floor(ms / 1000);
  if (m[8] && m[8].toUpperCase() !== 'Z') {
    const sign = m[8][0] === '-' ? -1 : 1;
    seconds -= sign * (+m[8].slice(1, 3) * 3600 + +m[8].slice(4, 6) * 60);
  }
  const nanos = m[7] ? +m[7].padEnd(9, '0') : 0;
  if (!m[8] || m[8].toUpperCase() === 'Z') {
    lastParsedPrefix = s.slice(0, 19);
    lastParsedSeconds = seconds;
  }
  return { seconds, nanos };
}

function pad(n: number, w: number): string {
  return String(n).padStart(w, '0');
}

/** Formats seconds/nanos as RFC 3339 UTC with 0, 3, 6 or 9 fractional digits. */
export function formatTimestamp(seconds: number, nanos: number): string {
  const d = new Date(seconds * 1000);
  const y = d.getUTCFullYear();
  const base =
    `${y < 0 ? '-' + pad(-y, 6) : pad(y, 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}` +
    `T${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}`;
  if (nanos === 0) return base + 'Z';
  let frac = pad(nanos, 9);
  if (frac.endsWith('000000')) frac = frac.slice(0, 3);
  else if (frac.endsWith('000')) frac = frac.slice(0, 6);
  return `${base}.${frac}Z`;
}

/** Microseconds since the epoch -> RFC 3339 (always 6 fractional digits, so strings sort by time). */
let lastSecond = NaN;
let lastSecondText = '';

export function microsToString(us: number): string {
  const seconds = Math.floor(us / 1e6);
  const micros = us - seconds * 1e6;
  if (seconds !== lastSecond) {
    lastSecond = seconds;
    lastSecondText = new Date(seconds * 1000).toISOString().slice(0, 19);
  }
  return `${lastSecondText}.${String(micros).padStart(6, '0')}Z`;
}

/** RFC 3339 -> microseconds (truncating nanoseconds). */
export function stringToMicros(s: string): number {
  const { seconds, nanos } = parseTimestamp(s);
  return seconds * 1e6 + Math.floor(nanos / 1000);
}

/** Normalises a timestamp value to microsecond precision with a fixed-width string (lexicographically ordered). */
export function normalizeTimestampValue(s: string): string {
  const { seconds, nanos } = parseTimestamp(s);
  if (seconds < -62135596800 || seconds > 253402300799) {
    throw new RpcError(Code.INVALID_ARGUMENT, `Timestamp out of range: ${s}`);
  }
  return microsToString(seconds * 1e6 + Math.floor(nanos / 1000));
}

/** Strictly increasing commit times; read times never run ahead of the last commit. */
export class Clock {
  private last = 0;
  /** A new commit time, greater than every earlier one. */
  tick(): number {
    const now = Date.now() * 1000;
    this.last = now > this.last ? now : this.last + 1;
    return this.last;
  }
  /** A read time: every commit so far is visible at it. */
  now(): number {
    const now = Date.now() * 1000;
    if (now > this.last) this.last = now;
    return this.last;
  }
  /** After recovery: never hand out a time below `t`. */
  advanceTo(t: number): void {
    if (t > this.last) this.last = t;
  }
}

const DAY_SECONDS = 86_400;
// The last date and time to the second that canonicalMicros parsed: the documents of one write or
// one load mostly share it, so most timestamps cost only their fraction.
let lastPrefix = '';
let lastSeconds = 0;

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(y: number, m: number, d: number): number {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/**
 * The microseconds of a timestamp in the form the emulator stores (`YYYY-MM-DDTHH:MM:SS.ffffffZ`,
 * what `microsToString` writes) when they are an exact double; undefined for any other text.
 */
export function canonicalMicros(s: string): number | undefined {
  if (
    s.length !== 27 ||
    s.charCodeAt(4) !== 45 ||
    s.charCodeAt(7) !== 45 ||
    s.charCodeAt(10) !== 84 ||
    s.charCodeAt(13) !== 58 ||
    s.charCodeAt(16) !== 58 ||
    s.charCodeAt(19) !== 46 ||
    s.charCodeAt(26) !== 90
  ) {
    return undefined;
  }
  const frac = digits(s, 20, 26);
  if (frac < 0) return undefined;
  const prefix = s.slice(0, 19);
  if (prefix !== lastPrefix) {
    const [y, mo, d, h, mi, sec] = [
      digits(s, 0, 4),
      digits(s, 5, 7),
      digits(s, 8, 10),
      digits(s, 11, 13),
      digits(s, 14, 16),
      digits(s, 17, 19),
    ];
    if (y < 0 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59)
      return undefined;
    if (sec < 0 || sec > 59) return undefined;
    // The day must exist in its month (February 30th is not a stored timestamp).
    if (d > daysInMonth(y, mo)) return undefined;
    lastSeconds = daysFromCivil(y, mo, d) * DAY_SECONDS + h * 3600 + mi * 60 + sec;
    lastPrefix = prefix;
  }
  const micros = lastSeconds * 1e6 + frac;
  return Number.isSafeInteger(micros) ? micros : undefined;
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(m) ? 30 : 31;
}
