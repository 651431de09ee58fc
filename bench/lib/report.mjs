/**
 * The one contract between a benchmark and `npm run bench`: a benchmark calls `report()` once per
 * number. It prints the number for a reader of that benchmark alone and, when run by
 * `scripts/bench.mjs` (which sets BENCH_RESULTS_FILE), appends it as one JSON line to that file;
 * the runner turns every line into one row of its table. Whether a goal is met is decided here,
 * from the number, never by a test.
 */
import { appendFileSync } from 'node:fs';

/** The sections of `npm run bench`, in order; `npm run bench -- <id or number>` runs one. */
export const sections = /** @type {const} */ ([
  { id: 'page-weight', title: 'Page weight (JS/CSS gzip per route)' },
  { id: 'lighthouse', title: 'Lighthouse, mobile, public pages (median of 3)' },
  {
    id: 'emulator',
    title: 'Emulator: start, queries, commits, listeners, memory, recovery, rules',
  },
  { id: 'transports', title: 'Browser transports: write-to-listener latency' },
  { id: 'panel', title: 'The admin panel at 20,000 + 20,000 leads' },
  { id: 'load', title: 'Load: 200 concurrent candidates for 60 s' },
  { id: 'crash', title: 'Crash drill: kill -9 of the emulator mid-load' },
  { id: 'bad-input', title: 'Bad input: malformed requests at every endpoint' },
  { id: 'soak', title: 'Soak: sessions and streams opened and abandoned' },
  { id: 'redirect-counter', title: 'Redirect counter: 50 parallel countRedirect calls' },
]);

/**
 * @typedef {(typeof sections)[number]['id']} SectionId
 * @typedef {{ op: '<' | '<=' | '>' | '>=' | '==', value: number }} Goal
 * @typedef {{
 *   section: SectionId,
 *   measure: string,
 *   value: number,
 *   unit: string,
 *   goal?: Goal,
 *   note?: string,
 * }} BenchResult
 * @typedef {BenchResult & { met: boolean | null }} BenchRow
 */

/** @param {number} value @param {Goal | undefined} goal @returns {boolean | null} */
export function meets(value, goal) {
  if (!goal || !Number.isFinite(value)) return goal ? false : null;
  switch (goal.op) {
    case '<':
      return value < goal.value;
    case '<=':
      return value <= goal.value;
    case '>':
      return value > goal.value;
    case '>=':
      return value >= goal.value;
    case '==':
      return value === goal.value;
  }
}

/** @param {number} value @param {string} [unit] */
export function formatValue(value, unit = '') {
  if (!Number.isFinite(value)) return String(value);
  const size = Math.abs(value);
  const digits = Number.isInteger(value) || size >= 1000 ? 0 : size >= 10 ? 1 : size >= 1 ? 2 : 3;
  const n = value.toLocaleString('en-US', { maximumFractionDigits: digits });
  return unit ? `${n} ${unit}` : n;
}

/** @param {Goal | undefined} goal @param {string} [unit] */
export function formatGoal(goal, unit = '') {
  return goal ? `${goal.op === '==' ? '=' : goal.op} ${formatValue(goal.value, unit)}` : '';
}

/**
 * Records one number. `value` NaN means the benchmark could not measure it (say why in `note`).
 * @param {BenchResult} result
 * @returns {BenchRow}
 */
export function report(result) {
  const row = { ...result, met: meets(result.value, result.goal) };
  const verdict = row.met === null ? '' : row.met ? ' ✓' : ' ✗ missed';
  const goal = result.goal ? ` (goal ${formatGoal(result.goal, result.unit)})` : '';
  const note = result.note ? ` — ${result.note}` : '';
  console.log(
    `  [${result.section}] ${result.measure}: ${formatValue(result.value, result.unit)}${goal}${verdict}${note}`,
  );
  const file = process.env.BENCH_RESULTS_FILE;
  if (file) appendFileSync(file, JSON.stringify(row) + '\n');
  return row;
}
