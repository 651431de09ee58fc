/**
 * `npm run bench`: runs every benchmark section on the local suite and prints one table (section,
 * measure, value, goal, met?). Benchmarks never pass or fail on time (the machines are shared and
 * noisy); they print numbers, compared with goals. The table is also written as JSON to
 * bench/results/ (git-ignored); a full run also rewrites BENCHMARKS.md with the machine it ran on.
 * `npm run bench -- panel` (or `-- 5`) runs one section; several may be named.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { rootDir } from './lib/local-suite.mjs';
import { sections } from '../bench/lib/report.mjs';
import { loadAverage, machineInfo, renderMarkdown, renderTable } from '../bench/lib/table.mjs';

/**
 * @typedef {import('../bench/lib/report.mjs').SectionId} SectionId
 * @typedef {import('../bench/lib/report.mjs').BenchRow} BenchRow
 */

/** The benchmark files of each section, with their arguments. @type {Record<SectionId, string[][]>} */
const sectionFiles = {
  'page-weight': [['bench/bundle-size.mjs']],
  lighthouse: [['bench/lighthouse.mjs', '--runs', '3']],
  emulator: [['emulator/bench/emulator-core.ts'], ['emulator/bench/rules-eval.ts']],
  transports: [['emulator/bench/webchannel-latency.ts']],
  panel: [['bench/panel.mjs'], ['bench/reports.ts']],
  load: [['bench/load.ts']],
  crash: [['bench/crash-drill.ts']],
  'bad-input': [['emulator/bench/bad-input.ts']],
  soak: [['emulator/bench/soak.ts']],
  'redirect-counter': [['bench/redirect-counter.ts']],
};

/** @param {string} word @returns {SectionId} */
function sectionOf(word) {
  const byNumber = /^\d+$/.test(word) ? sections[Number(word) - 1] : undefined;
  const found = byNumber ?? sections.find((s) => s.id === word);
  if (!found) {
    const list = sections.map((s, i) => `${i + 1} ${s.id}`).join(', ');
    console.error(`Unknown section ${JSON.stringify(word)}. Sections: ${list}.`);
    process.exit(2);
  }
  return found.id;
}

const words = process.argv.slice(2);
const wanted = words.length ? new Set(words.map(sectionOf)) : null;
const chosen = sections.filter((s) => !wanted || wanted.has(s.id));
const fullRun = chosen.length === sections.length;

const resultsDir = path.join(rootDir, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
const startedAt = new Date();
const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
const linesFile = path.join(resultsDir, `${stamp}.jsonl`);
const machineBefore = machineInfo();

/** @param {string[]} command @returns {Promise<number>} */
function runFile([file, ...args]) {
  const nodeArgs = file.endsWith('.ts') ? ['--import', 'tsx', file, ...args] : [file, ...args];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, nodeArgs, {
      cwd: rootDir,
      stdio: 'inherit',
      env: { ...process.env, BENCH_RESULTS_FILE: linesFile },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** @returns {BenchRow[]} */
function readRows() {
  if (!existsSync(linesFile)) return [];
  return readFileSync(linesFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => /** @type {BenchRow} */ (JSON.parse(line)))
    .map((row) => ({ ...row, value: row.value ?? NaN })); // JSON writes NaN (not measured) as null
}

/** A row for a benchmark that gave no numbers. @param {SectionId} section @param {string} measure */
function notMeasured(section, measure) {
  const row = { section, measure, value: NaN, unit: '', met: false };
  writeFileSync(linesFile, JSON.stringify(row) + '\n', { flag: 'a' });
}

/** @type {{ section: SectionId, seconds: number }[]} */
const durations = [];
for (const section of chosen) {
  const t0 = performance.now();
  for (const command of sectionFiles[section.id]) {
    console.log(`\n━━━ ${section.id}: ${command.join(' ')} ━━━`);
    if (!existsSync(path.join(rootDir, command[0]))) {
      notMeasured(section.id, `${command[0]} is missing`);
      continue;
    }
    const code = await runFile(command);
    if (code !== 0) notMeasured(section.id, `${command[0]} did not complete (exit ${code})`);
  }
  durations.push({ section: section.id, seconds: (performance.now() - t0) / 1000 });
}

const rows = readRows();
const run = {
  startedAt: startedAt.toISOString(),
  minutes: (Date.now() - startedAt.getTime()) / 60_000,
  sections: chosen.map((s) => s.id),
  machine: { ...machineBefore, loadAfter: loadAverage() },
  durations,
  rows,
};
writeFileSync(path.join(resultsDir, `${stamp}.json`), JSON.stringify(run, null, 2) + '\n');
writeFileSync(path.join(resultsDir, 'latest.json'), JSON.stringify(run, null, 2) + '\n');
rmSync(linesFile, { force: true });

console.log(`\n${renderTable(run)}`);
console.log(`JSON: ${path.relative(rootDir, path.join(resultsDir, `${stamp}.json`))}`);
if (fullRun) {
  const file = path.join(rootDir, 'BENCHMARKS.md');
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(renderMarkdown(run), { ...options, filepath: file }));
  console.log('BENCHMARKS.md rewritten with this run.');
}
const incomplete = rows.filter((r) => Number.isNaN(r.value)).length;
process.exit(incomplete ? 1 : 0);
