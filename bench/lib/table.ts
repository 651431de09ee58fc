/** The runner's table of benchmark numbers: in the terminal and as BENCHMARKS.md, with the machine. */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { chromiumPath } from '../../scripts/lib/chromium.mjs';
import { formatGoal, formatValue, sections, type BenchRow } from './report.ts';

export type MachineInfo = ReturnType<typeof machineInfo>;
/** One run of `npm run bench`, as kept in bench/results/*.json. */
export interface BenchRun {
  startedAt: string;
  minutes: number;
  sections: string[];
  machine: MachineInfo & { loadAfter: number[]; cpuCheckAfterMs: number };
  durations: { section: string; seconds: number }[];
  rows: BenchRow[];
}

function versionOf(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unavailable';
  }
}

/** The 1, 5 and 15 minute load averages, to two decimals. */
export const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

/**
 * Milliseconds for one fixed single-threaded integer loop, median of three. The machines are
 * virtual and their hosts differ: the same model name and an idle load average have come with
 * every browser and emulator number 2-3x slower. This figure tells two runs' hosts apart where the
 * load average cannot.
 */
export function cpuCheckMs(): number {
  const times: number[] = [];
  let sink = 0;
  for (let run = 0; run < 3; run++) {
    const start = performance.now();
    let x = run;
    for (let i = 0; i < 100_000_000; i++) x = (x * 31 + i) | 0;
    times.push(performance.now() - start);
    sink ^= x;
  }
  // The loop's result is used, so that no engine may drop the loop as dead code.
  if (sink === 0.5) console.log(sink);
  return Math.round(times.sort((a, b) => a - b)[1]);
}

/** The machine a run ran on, so numbers from different runs can be compared honestly. */
export function machineInfo() {
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: loadAverage(),
    cpuCheckMs: cpuCheckMs(),
    node: process.version,
    chromium: versionOf(chromiumPath, ['--version']),
    os: `${os.type()} ${os.release()}`,
    commit:
      versionOf('git', ['rev-parse', '--short', 'HEAD']) +
      (versionOf('git', ['status', '--porcelain', '--untracked-files=no'])
        ? ' + uncommitted changes'
        : ''),
  };
}

const CPU_CHECK_TEXT =
  'one core, 100 million steps of an integer loop, median of 3; lower is faster';

const verdict = (row: BenchRow) =>
  Number.isNaN(row.value) ? 'not measured' : row.met === null ? '' : row.met ? 'yes' : 'NO';

function cells(rows: BenchRow[]): string[][] {
  return rows.map((row) => {
    const n = sections.findIndex((s) => s.id === row.section) + 1;
    return [
      `${n} ${row.section}`,
      row.measure,
      formatValue(row.value, row.unit),
      formatGoal(row.goal, row.unit),
      verdict(row),
    ];
  });
}

const header = ['section', 'measure', 'value', 'goal', 'met?'];

function summary(run: BenchRun): string[] {
  const m = run.machine;
  const missed = run.rows.filter((r) => r.met === false).length;
  return [
    `${run.rows.length} numbers, ${missed} of them missing its goal or not measured; ` +
      `${run.minutes.toFixed(1)} min, started ${run.startedAt}.`,
    `Machine: ${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB, load average ${m.loadAverage.join(' / ')} ` +
      `at start and ${m.loadAfter.join(' / ')} at the end; Node ${m.node}; ${m.chromium}; ${m.os}; commit ${m.commit}.`,
    `CPU check (${CPU_CHECK_TEXT}): ${m.cpuCheckMs} ms at start, ${m.cpuCheckAfterMs} ms at the end.`,
  ];
}

/** A fixed-width table for the terminal. */
export function renderTable(run: BenchRun): string {
  const body = cells(run.rows);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  return [
    line(header),
    widths.map((w) => '─'.repeat(w)).join('  '),
    ...body.map(line),
    '',
    ...summary(run),
  ].join('\n');
}

/** BENCHMARKS.md: the latest full run. */
export function renderMarkdown(run: BenchRun): string {
  const escape = (s: string) => s.replace(/\|/g, '\\|');
  const rows = cells(run.rows).map(
    (r, i) => `| ${[...r, run.rows[i].note ?? ''].map(escape).join(' | ')} |`,
  );
  const durations = run.durations.map((d) => `${d.section} ${Math.round(d.seconds)} s`).join(', ');
  return [
    '# Benchmarks — latest full run',
    '',
    'Written by `npm run bench` (every section; `npm run bench -- SECTION` runs one and leaves this file',
    'alone). Numbers, never pass/fail: the machines are shared and noisy, so compare numbers within one',
    'run. Each run is also kept as JSON in `bench/results/` (git-ignored). Older dated numbers and the',
    'analysis of missed goals are in `docs/benchmarks.md`.',
    '',
    ...summary(run),
    '',
    `Time per section: ${durations}.`,
    '',
    '| section | measure | value | goal | met? | note |',
    '|---|---|--:|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
