/**
 * The one contract between a benchmark and `npm run bench`: a benchmark calls `report()` once per
 * number. It prints the number for a reader of that benchmark alone and, when run by
 * `scripts/bench.mjs` (which sets BENCH_RESULTS_FILE), appends it as one JSON line to that file;
 * the runner turns every line into one row of its table. Whether a goal is met is decided here,
 * from the number, never by a test.
 */
import { appendFileSync } from 'node:fs';

/**
 * The sections of `npm run bench`, in order, with the files each runs (through tsx, from the
 * repository root, with their arguments): the one list the runner, its table and
 * `npm run bench -- --list` read. `npm run bench -- <id or number>` runs one.
 */
export const sections = [
  {
    id: 'page-weight',
    title: 'Page weight (JS/CSS gzip per route)',
    files: [['bench/bundle-size.ts']],
  },
  {
    id: 'lighthouse',
    title: 'Lighthouse, mobile, public pages (median of 3)',
    files: [['bench/lighthouse.ts', '--runs', '3']],
  },
  {
    id: 'emulator',
    title: 'Emulator: start, queries, commits, listeners, memory, recovery, rules',
    files: [
      ['emulator/bench/emulator-core.ts'],
      ['emulator/bench/rules-eval.ts'],
      ['emulator/bench/lead-queries.ts'],
      ['emulator/bench/deployed-data.ts'],
    ],
  },
  {
    id: 'transports',
    title: 'Browser transports: write-to-listener latency',
    files: [['emulator/bench/webchannel-latency.ts']],
  },
  {
    id: 'triggers',
    title: 'Firestore triggers: commit latency with and without one, commit → function start',
    files: [['emulator/bench/triggers.ts']],
  },
  {
    id: 'panel',
    title: 'The admin panel at 20,000 + 20,000 leads; reads per search at 20,000 and 100,000',
    files: [
      ['bench/panel.ts', '--throttle', '1,4'],
      ['bench/reports.ts'],
      ['bench/search-reads.ts'],
    ],
  },
  {
    id: 'trash',
    title: 'The Lixeira at 20,000 trashed leads: search, restore and delete 2,005 at once',
    files: [['bench/trash.ts']],
  },
  {
    id: 'record',
    title: "The candidate's record: opening it, its timeline, a bulk change of 5,000",
    files: [['bench/record.ts']],
  },
  { id: 'load', title: 'Load: 200 concurrent candidates for 60 s', files: [['bench/load.ts']] },
  {
    id: 'abuse',
    title:
      'Abuse, under load: a naive bot (5,000 REST creates), one device firing the form 100 times, 200 honest candidates',
    files: [['bench/abuse.ts']],
  },
  {
    id: 'flaky',
    title: 'Flaky connections: 200 candidates through the outbox, connections dropping at random',
    files: [['bench/flaky-connection.ts']],
  },
  {
    id: 'crash',
    title: 'Crash drill: kill -9 of the emulator mid-load',
    files: [['bench/crash-drill.ts']],
  },
  {
    id: 'bad-input',
    title: 'Bad input: malformed requests at every endpoint',
    files: [['emulator/bench/bad-input.ts']],
  },
  {
    id: 'soak',
    title: 'Soak: sessions and streams opened and abandoned',
    files: [['emulator/bench/soak.ts']],
  },
  {
    id: 'warm-start',
    title: 'A fresh npm start: ready -> the first trigger and callable answers',
    files: [['bench/warm-start.ts']],
  },
  {
    id: 'redirect-counter',
    title: 'Redirect counter: 50 parallel countRedirect calls',
    files: [['bench/redirect-counter.ts']],
  },
] as const satisfies readonly {
  id: string;
  title: string;
  files: readonly (readonly string[])[];
}[];

export type SectionId = (typeof sections)[number]['id'];
export interface Goal {
  op: '<' | '<=' | '>' | '>=' | '==';
  value: number;
}
export interface BenchResult {
  section: SectionId;
  measure: string;
  value: number;
  unit: string;
  goal?: Goal;
  /** Why a number is what it is, or (with value NaN) why it could not be measured. */
  note?: string;
}
export interface BenchRow extends BenchResult {
  met: boolean | null;
}

/** Whether `value` meets `goal`: null without a goal, false when not measured. */
export function meets(value: number, goal: Goal | undefined): boolean | null {
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

/** A number with the digits its size deserves, and its unit. */
export function formatValue(value: number, unit = ''): string {
  if (!Number.isFinite(value)) return String(value);
  const size = Math.abs(value);
  const digits = Number.isInteger(value) || size >= 1000 ? 0 : size >= 10 ? 1 : size >= 1 ? 2 : 3;
  const n = value.toLocaleString('en-US', { maximumFractionDigits: digits });
  return unit ? `${n} ${unit}` : n;
}

/** A goal as the table shows it ("<= 200 KB"), or '' without one. */
export function formatGoal(goal: Goal | undefined, unit = ''): string {
  return goal ? `${goal.op === '==' ? '=' : goal.op} ${formatValue(goal.value, unit)}` : '';
}

/**
 * Records one number. `value` NaN means the benchmark could not measure it (say why in `note`).
 */
export function report(result: BenchResult): BenchRow {
  const row: BenchRow = { ...result, met: meets(result.value, result.goal) };
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
