/**
 * `npm run bench`: runs every benchmark and prints its numbers. Benchmarks never pass or fail on time
 * (the machines are shared and noisy); compare numbers within one run.
 * `npm run bench -- bundle-size` runs only the benchmarks whose file name contains one of the words.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { rootDir } from './lib/local-suite.mjs';

/** @param {string} dir @returns {string[]} */
function benchFiles(dir) {
  const full = path.join(rootDir, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full)
    .filter((f) => /\.(mjs|ts)$/.test(f) && !f.endsWith('.d.ts') && !f.startsWith('_'))
    .sort()
    .map((f) => path.join(dir, f));
}

const words = process.argv.slice(2);
const files = [...benchFiles('emulator/bench'), ...benchFiles('bench')].filter(
  (f) => words.length === 0 || words.some((w) => f.includes(w)),
);

let failures = 0;
for (const file of files) {
  console.log(`\n━━━ ${file} ━━━`);
  const args = file.endsWith('.ts') ? ['--import', 'tsx', file] : [file];
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: rootDir, stdio: 'inherit' });
    child.on('exit', (c) => resolve(c ?? 1));
  });
  if (code !== 0) {
    failures += 1;
    console.log(`(${file} exited with ${code})`);
  }
}
console.log(`\n${files.length} benchmarks run, ${failures} did not complete.`);
process.exit(failures ? 1 : 0);
