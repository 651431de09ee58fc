/**
 * `npm test`: every check the project has, one after another, with a summary at the end.
 * `npm test -- emulator e2e` runs only the named steps. Exit code 1 if anything failed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { rootDir } from './lib/local-suite.mjs';

const bin = (/** @type {string} */ name) => path.join(rootDir, 'node_modules', '.bin', name);
const resultsDir = path.join(rootDir, '.local', 'test-results');

/**
 * @typedef {object} Step
 * @property {string} name
 * @property {string} [workspace] a folder with a vitest config (runs `vitest run` there)
 * @property {string[]} [command] a static check
 */
/** @type {Step[]} */
const steps = [
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', command: [bin('eslint'), '.', '--max-warnings', '0'] },
  { name: 'format', command: [bin('prettier'), '--check', '--log-level', 'warn', '.'] },
  { name: 'functions-length', command: ['npm', 'run', '--silent', 'check:functions'] },
  {
    name: 'comments',
    command: [process.execPath, path.join(rootDir, 'scripts/check-comments.mjs')],
  },
  { name: 'common', workspace: 'common' },
  { name: 'web', workspace: 'web' },
  // The launcher and its libraries (scripts/test): npm start as a user meets it, the seed.
  { name: 'scripts', workspace: 'scripts' },
  { name: 'emulator', workspace: 'emulator' },
  { name: 'rules', workspace: 'rules-tests' },
  { name: 'functions', workspace: 'functions' },
  { name: 'e2e', workspace: 'e2e' },
];

const only = process.argv.slice(2);
const selected = only.length ? steps.filter((s) => only.includes(s.name)) : steps;
if (selected.length === 0) {
  console.error(
    `Unknown step(s) ${only.join(', ')}; steps are: ${steps.map((s) => s.name).join(', ')}`,
  );
  process.exit(2);
}

/** @param {string[]} command @param {string} cwd @returns {Promise<number>} */
function run(command, cwd) {
  return new Promise((resolve) => {
    // firebase-admin in the tests talks to emulators only: no Google metadata-server lookup (its
    // MetadataLookupWarning filled the output).
    const env = { METADATA_SERVER_DETECTION: 'none', ...process.env };
    const child = spawn(command[0], command.slice(1), { cwd, stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

/** Counts from a vitest JSON report. @param {string} file */
function readCounts(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

/** @type {{ name: string, ok: boolean, detail: string, seconds: number }[]} */
const rows = [];
let passed = 0;
let failed = 0;
let skipped = 0;

for (const step of selected) {
  const started = Date.now();
  console.log(`\n━━━ ${step.name} ━━━`);
  let ok;
  let detail = '';
  if (step.command) {
    ok = (await run(step.command, rootDir)) === 0;
    if (ok) passed += 1;
    else failed += 1;
    detail = ok ? 'clean' : 'FAILED';
  } else {
    const cwd = path.join(rootDir, /** @type {string} */ (step.workspace));
    const report = path.join(resultsDir, `${step.name}.json`);
    const code = await run(
      [
        bin('vitest'),
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      cwd,
    );
    const counts = readCounts(report);
    if (counts) {
      passed += counts.passed;
      failed += counts.failed;
      skipped += counts.skipped;
      detail = `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`;
    }
    ok = code === 0 && counts !== null && counts.failed === 0 && counts.passed > 0;
    if (!ok && (!counts || counts.failed === 0)) {
      failed += 1;
      detail = `${detail ? `${detail}; ` : ''}vitest exited ${code}${counts?.passed === 0 ? ' (no test ran)' : ''}`;
    }
  }
  rows.push({ name: step.name, ok, detail, seconds: (Date.now() - started) / 1000 });
}

console.log('\n━━━ summary ━━━');
for (const row of rows) {
  console.log(
    `${row.ok ? '✔' : '✘'} ${row.name.padEnd(10)} ${row.detail.padEnd(40)} ${row.seconds.toFixed(1)}s`,
  );
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(rows.every((r) => r.ok) ? 0 : 1);
