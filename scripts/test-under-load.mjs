/**
 * `npm run test:loaded`: runs test steps while CPU burners hold the cores, as on a busy shared CI
 * machine, several times in a row, and prints each run's result and duration.
 *
 *   npm run test:loaded                          # e2e, 3 runs, 2 burners
 *   npm run test:loaded -- --runs 1 --burners 4 e2e web
 *
 * Not part of `npm test`. Exit code 1 if any run failed. The burners are killed on exit.
 */
import { spawn } from 'node:child_process';
import { rootDir } from './lib/local-suite.mjs';

const args = process.argv.slice(2);
/** @param {string} flag @param {number} fallback */
function option(flag, fallback) {
  const at = args.indexOf(flag);
  if (at === -1) return fallback;
  const value = Number(args[at + 1]);
  args.splice(at, 2);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${flag} takes a whole number`);
    process.exit(2);
  }
  return value;
}
const runs = option('--runs', 3);
const burnerCount = option('--burners', 2);
const steps = args.length ? args : ['e2e'];

/** A busy loop in a process of its own: one core held at 100 %. */
const burners = Array.from({ length: burnerCount }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const stopBurners = () => burners.forEach((burner) => burner.kill('SIGKILL'));
process.on('exit', stopBurners);
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => process.exit(130));
}

/** @returns {Promise<number>} */
function runSteps() {
  return new Promise((resolve) => {
    const child = spawn('node', ['scripts/test.mjs', ...steps], { cwd: rootDir, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** @type {{ run: number, ok: boolean, seconds: number }[]} */
const results = [];
for (let run = 1; run <= runs; run++) {
  console.log(`\n━━━ run ${run} of ${runs} (${steps.join(', ')}; ${burnerCount} burner(s)) ━━━`);
  const started = Date.now();
  const code = await runSteps();
  results.push({ run, ok: code === 0, seconds: (Date.now() - started) / 1000 });
}
stopBurners();

console.log(`\n━━━ under load: ${steps.join(', ')} with ${burnerCount} burner(s) ━━━`);
for (const r of results) {
  console.log(`${r.ok ? '✔' : '✘'} run ${r.run}: ${r.seconds.toFixed(0)} s`);
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
