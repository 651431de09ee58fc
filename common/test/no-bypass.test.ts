// Each phone and e-mail check is written once, here. A layer that writes its own copy drifts
// from the others without a test noticing (a copy of the phone code in the functions went
// unchecked for weeks): this test fails on the telltale shapes of such a copy anywhere else.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What a copy of a shared check looks like, and where the check lives. */
const copies = [
  { what: 'the e-mail pattern', shape: /\[\^\\s@\/?\]\+@/, home: 'common/src/email.ts' },
  {
    what: 'dropping the country code 55',
    shape: /startsWith\(\s*['"]55['"]/,
    home: 'common/src/phone.ts',
  },
  {
    what: "the phone's digit count",
    shape: /\{\s*10\s*,\s*11\s*\}|\.length\s*[<>]=?\s*1[01]\b/,
    home: 'common/src/phone.ts',
  },
  { what: "the phone's mask", shape: /`\(\$\{[^}]*\.slice\(0,\s*2\)/, home: 'common/src/phone.ts' },
];

/** The project's own source files outside common/ (tracked by git). */
function sourceFiles(): string[] {
  const listed = execFileSync(
    'git',
    [
      'ls-files',
      '--',
      'web/src',
      'functions/src',
      'functions/test',
      'rules-tests',
      'bench',
      'e2e',
      'scripts',
    ],
    { cwd: rootDir, encoding: 'utf8' },
  );
  return listed.split('\n').filter((file) => /\.(ts|tsx|mjs|js)$/.test(file));
}

describe('the shared checks', () => {
  it('are written nowhere but in common/', () => {
    const found: string[] = [];
    for (const file of sourceFiles()) {
      const lines = readFileSync(path.join(rootDir, file), 'utf8').split('\n');
      lines.forEach((line, index) => {
        for (const copy of copies) {
          if (copy.shape.test(line))
            found.push(`${file}:${index + 1}: ${copy.what} (use ${copy.home})`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it('would be found if copied', () => {
    const samples = [
      'if (!/^[^\\s@/]+@[^\\s@/]+\\.[^\\s@/]+$/.test(email)) {',
      "if (digits.length > 11 && digits.startsWith('55')) digits = digits.slice(2);",
      'if (digits.length < 10 || digits.length > 11) {',
      'return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;',
    ];
    for (const sample of samples) {
      expect(
        copies.some((copy) => copy.shape.test(sample)),
        sample,
      ).toBe(true);
    }
  });
});
