/**
 * `npm run check:functions`: lists every function longer than 100 lines in the project's own code
 * (generated code and tests left out) and fails when one is longer than 150. Functions nested in a
 * long one are counted on their own, and their lines count towards the outer one too: splitting a
 * function means moving its concerns out, not nesting them.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
const rootDir = path.resolve(import.meta.dirname, '..');

const limit = 150;
const notice = 100;

/** Tests, generated parsers and built output are not held to the limit. */
const skipped = [
  /(^|\/)test\//,
  /\.test\.tsx?$/,
  /(^|\/)generated\//,
  /(^|\/)dist\//,
  /^e2e\//,
  /test-utils\//,
  /testing\//,
];

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
  cwd: rootDir,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.(ts|tsx|mts|mjs|js)$/.test(file) && !file.endsWith('.d.ts'))
  .filter((file) => !file.endsWith('.d.mts') && !skipped.some((pattern) => pattern.test(file)));

/** @param {ts.Node} node @param {ts.SourceFile} source */
function nameOf(node, source) {
  const named = /** @type {{ name?: ts.Node }} */ (node).name;
  if (named) return named.getText(source);
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(source);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  if (parent && ts.isCallExpression(parent)) {
    return `(callback of ${parent.expression.getText(source).slice(0, 40)})`;
  }
  return '(anonymous)';
}

/** @type {{ file: string, line: number, name: string, lines: number }[]} */
const found = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(path.join(rootDir, file), 'utf8');
  } catch {
    continue; // deleted in the work tree
  }
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > notice) found.push({ file, line: start + 1, name: nameOf(node, source), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

found.sort((a, b) => b.lines - a.lines);
for (const f of found) {
  const mark = f.lines > limit ? '✘' : ' ';
  console.log(`${mark} ${String(f.lines).padStart(4)} lines  ${f.name}  ${f.file}:${f.line}`);
}
const over = found.filter((f) => f.lines > limit);
console.log(
  `${files.length} files: ${found.length} function(s) over ${notice} lines, ${over.length} over ${limit}`,
);
process.exit(over.length ? 1 : 0);
