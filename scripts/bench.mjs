/**
 * `npm run bench`: runs every benchmark section on the local suite and prints one table (section,
 * measure, value, goal, met?). Benchmarks never pass or fail on time (the machines are shared and
 * noisy); they print numbers, compared with goals. The table is also written as JSON to
 * bench/results/ (git-ignored); a full run also rewrites BENCHMARKS.md with the machine it ran on.
 * `npm run bench -- panel` (or `-- 5`) runs one section; several may be named; flags after the
 * sections go to each of their files, ahead of the section's own (`npm run bench -- panel --active
 * 100000 --throttle 4`: the files read the first occurrence of a flag); `npm run bench -- --list`
 * prints the sections. The sections and their files are listed once, in bench/lib/report.ts. Runs
 * under tsx (package.json), as the benchmarks, which are TypeScript.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { rootDir } from './lib/local-suite.mjs';
import { sections } from '../bench/lib/report.ts';
import {
  cpuCheckMs,
  loadAverage,
  machineInfo,
  renderMarkdown,
  renderTable,
} from '../bench/lib/table.ts';

/**
 * @typedef {import('../bench/lib/report.ts').SectionId} SectionId
 * @typedef {import('../bench/lib/report.ts').BenchRow} BenchRow
 */

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

const argv = process.argv.slice(2);
const firstFlag = argv.findIndex((word) => word.startsWith('--') && word !== '--list');
/** Section names or numbers, then the flags passed through to their files. */
const words = firstFlag === -1 ? argv : argv.slice(0, firstFlag);
const passedFlags = firstFlag === -1 ? [] : argv.slice(firstFlag);
if (words.includes('--list')) {
  for (const [i, s] of sections.entries()) {
    const files = s.files.map((command) => command.join(' ')).join(', ');
    console.log(`${String(i + 1).padStart(2)} ${s.id.padEnd(17)} ${s.title} (${files})`);
  }
  process.exit(0);
}
const wanted = words.length ? new Set(words.map(sectionOf)) : null;
const chosen = sections.filter((s) => !wanted || wanted.has(s.id));
// A run with flags measures something else than the goals' setting: it never rewrites BENCHMARKS.md.
const fullRun = chosen.length === sections.length && passedFlags.length === 0;

const resultsDir = path.join(rootDir, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
const startedAt = new Date();
const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
const linesFile = path.join(resultsDir, `${stamp}.jsonl`);
const machineBefore = machineInfo();

/** @param {readonly string[]} command @returns {Promise<number>} */
function runFile([file, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file, ...passedFlags, ...args], {
      cwd: rootDir,
      stdio: 'inherit',
      // firebase-admin in the benches talks to emulators only: no Google metadata-server lookup (its
      // MetadataLookupWarning interleaved with the numbers).
      env: { METADATA_SERVER_DETECTION: 'none', ...process.env, BENCH_RESULTS_FILE: linesFile },
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
  for (const command of section.files) {
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
  machine: { ...machineBefore, loadAfter: loadAverage(), cpuCheckAfterMs: cpuCheckMs() },
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
