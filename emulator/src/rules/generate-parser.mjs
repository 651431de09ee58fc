// Regenerates ./generated/parser.ts from ./grammar.peggy (run: node emulator/src/rules/generate-parser.mjs).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import peggy from 'peggy';

const here = dirname(fileURLToPath(import.meta.url));

/** Returns the TypeScript source of the generated parser for the grammar text. */
export function generateParserSource(grammar) {
  const js = peggy.generate(grammar, {
    output: 'source',
    format: 'es',
    grammarSource: 'grammar.peggy',
  });
  return `// @ts-nocheck\n// Generated from ../grammar.peggy by ../generate-parser.mjs. Do not edit.\n${js}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const source = generateParserSource(readFileSync(join(here, 'grammar.peggy'), 'utf8'));
  mkdirSync(join(here, 'generated'), { recursive: true });
  writeFileSync(join(here, 'generated', 'parser.ts'), source);
  console.log('wrote generated/parser.ts');
}
