/** The hash of the console's sources that `console-dist/source-hash.txt` records at build time. */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CONSOLE_DIR = fileURLToPath(new URL('.', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

/** sha256 over console/src/**, index.html, vite.config.ts and the UI libraries' versions. */
export function consoleSourceHash(): string {
  const hash = createHash('sha256');
  const inputs = [
    ...files(path.join(CONSOLE_DIR, 'src')),
    path.join(CONSOLE_DIR, 'index.html'),
    path.join(CONSOLE_DIR, 'vite.config.ts'),
  ];
  for (const f of inputs) {
    hash.update(path.relative(CONSOLE_DIR, f).split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(f));
    hash.update('\0');
  }
  const pkg = JSON.parse(readFileSync(path.join(CONSOLE_DIR, '../package.json'), 'utf8')) as {
    devDependencies?: { [name: string]: string };
  };
  for (const name of ['react', 'react-dom', '@mantine/core', '@mantine/hooks']) {
    hash.update(`${name}@${pkg.devDependencies?.[name] ?? ''}\0`);
  }
  return hash.digest('hex');
}
