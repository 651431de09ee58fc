/**
 * scripts/check-comments.mjs, the `comments` step of `npm test` (it lives with the other checks of
 * static text, like generated-rules.test.ts): the references it must catch, the ordinary text it
 * must let through, and a run of the script itself on files written for the test. The examples are
 * built from numbers at run time, so this file passes the check it tests.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findReferences } from '../../scripts/check-comments.mjs';

const script = fileURLToPath(new URL('../../scripts/check-comments.mjs', import.meta.url));
const [n, m] = [25, 26];

describe('findReferences', () => {
  it.each([
    `// Bottom right (issue ${n}).`,
    ` * Issue ${n}'s rough edges that only a browser shows`,
    `describe('what the form says (issue ${m})', () => {`,
    `/* issues ${n} and ${m} asked for it */`,
    `// see issue #${n}`,
    `// fixed in (#${n})`,
    `/** Every field is filled (spec section ${n % 10}). */`,
    ` * The flow the forms share (spec sections ${n % 10}, ${m % 10}): an`,
    `// as section ${n % 10} lists them`,
    `// the ring is scaled (spec §${n % 10})`,
    `<!-- § ${n % 10} -->`,
  ])('catches %s', (text) => {
    expect(findReferences(text)).not.toEqual([]);
  });

  it.each([
    '// an issue with the connection: the outbox sends it later',
    ' * Issues in the tracker are not linked from here.',
    '// firebase-admin 13 (not 14), firebase 12, TypeScript 5.9, Node 20.19',
    `// RFC 9113 section ${n % 10}.1: a HEADERS frame opens the stream`,
    '// https://github.com/FirebaseExtended/reactfire/issues/793',
    '// the privacy page has five sections; a subsection per right',
    "// the tissue of the page, 'Seção' in the form",
  ])('lets through %s', (text) => {
    expect(findReferences(text)).toEqual([]);
  });

  it('gives the line of each reference', () => {
    const text = ['// fine', `// issue ${n}`, '// fine', `// (issue ${m}) and § ${n % 10}`].join(
      '\n',
    );
    expect(findReferences(text).map((found) => found.line)).toEqual([2, 4, 4]);
  });
});

describe('scripts/check-comments.mjs on files', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vagas-comments-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (...paths: string[]) =>
    spawnSync(process.execPath, [script, ...paths], { cwd: dir, encoding: 'utf8' });

  it('prints file:line of each offender and fails', () => {
    mkdirSync(path.join(dir, 'bad', 'src'), { recursive: true });
    writeFileSync(
      path.join(dir, 'bad', 'src', 'page.ts'),
      `// The page's title.\nexport const title = 'Vagas'; // kept short (issue ${n})\n`,
    );
    writeFileSync(path.join(dir, 'bad', 'notes.md'), 'An issue with nothing numbered.\n');
    const result = run('bad');
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`${path.join('bad', 'src', 'page.ts')}:2:`);
    expect(result.stdout).not.toContain('notes.md:');
  });

  it('passes files that only say their reasons', () => {
    mkdirSync(path.join(dir, 'good'), { recursive: true });
    writeFileSync(
      path.join(dir, 'good', 'page.ts'),
      "// Bottom right: the top right is the panel's 'Sair'.\nexport const limit = 3;\n",
    );
    const result = run('good');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('no reference');
  });
});
