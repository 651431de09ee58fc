/**
 * `npm test`'s `comments` step (`npm test -- comments`): fails on any text that sends its reader to an issue number of the
 * project's tracker or to a numbered section of a spec, neither of which the repository holds. A
 * comment says the reason itself, or names a heading in docs/ (or a README) where it lives; a link
 * to a public page (a GitHub issue's URL, an RFC's section) is fine.
 *
 * `node scripts/check-comments.mjs` checks the project's own code, tests and docs; given paths, it
 * checks those instead. Prints `file:line: text` for each reference found, exits 1 if there is one.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What is checked: everything the project wrote, bar generated and built files. */
export const checkedRoots = [
  'common',
  'web',
  'functions',
  'emulator/src',
  'emulator/test',
  'scripts',
  'bench',
  'e2e',
  'rules-tests',
  'firestore.rules',
  'docs',
  'README.md',
];

const checkedFile = /\.(?:[cm]?[jt]sx?|css|md|rules|peggy|html|json)$/;
const skipped = [
  /(^|\/)node_modules\//,
  /(^|\/)dist\//,
  /^functions\/lib\//,
  /(^|\/)generated\//,
  /(^|\/)console-dist\//,
  /package-lock\.json$/,
];

/**
 * An issue number ("issue N", "issues N and M", "issue #N", "(#N)"), or a numbered section of a
 * spec ("spec section N", "section N", "§ N"). A section of an RFC ("RFC N section M") is a
 * public reference and passes; so does a URL (".../issues/N").
 */
const reference = /\bissues? ?#? ?\d+|\(#\d+\)|(?<!\bRFC ?\d+,? )\bsections? ?\d+|§ ?\d+/gi;

/**
 * The references in `text`, each with its line (1-based) and the words matched.
 * @param {string} text
 * @returns {{ line: number, match: string }[]}
 */
export function findReferences(text) {
  /** @type {{ line: number, match: string }[]} */
  const found = [];
  text.split('\n').forEach((content, index) => {
    for (const match of content.matchAll(reference)) {
      found.push({ line: index + 1, match: match[0] });
    }
  });
  return found;
}

/**
 * The project's files under `roots` (relative to `cwd`): those git tracks or would track.
 * @param {string} cwd
 * @param {string[]} roots
 */
function projectFiles(cwd, roots) {
  return execFileSync('git', ['ls-files', '-co', '--exclude-standard', '--', ...roots], {
    cwd,
    encoding: 'utf8',
  }).split('\n');
}

/**
 * Every file under `roots` (relative to `cwd`), git or not; never inside node_modules or .git.
 * @param {string} cwd
 * @param {string[]} roots
 * @returns {string[]}
 */
function filesUnder(cwd, roots) {
  return roots.flatMap((root) => {
    if (!statSync(path.join(cwd, root)).isDirectory()) return [root];
    const names = readdirSync(path.join(cwd, root)).filter(
      (name) => name !== 'node_modules' && name !== '.git',
    );
    return filesUnder(
      cwd,
      names.map((name) => path.join(root, name)),
    );
  });
}

/**
 * Checks the files under `roots` (relative to `cwd`; all of them with `everyFile`, else those git
 * tracks or would track); prints each line with a reference as `file:line: text`. Returns how
 * many lines.
 * @param {string} cwd
 * @param {string[]} roots
 * @param {{ everyFile?: boolean }} [options]
 */
export function checkComments(cwd, roots, { everyFile = false } = {}) {
  const files = (everyFile ? filesUnder(cwd, roots) : projectFiles(cwd, roots)).filter(
    (file) => checkedFile.test(file) && !skipped.some((pattern) => pattern.test(file)),
  );
  let count = 0;
  for (const file of files) {
    let text;
    try {
      text = readFileSync(path.join(cwd, file), 'utf8');
    } catch {
      continue; // deleted in the work tree
    }
    const lines = text.split('\n');
    for (const line of new Set(findReferences(text).map((found) => found.line))) {
      count += 1;
      console.log(`${file}:${line}: ${lines[line - 1].trim()}`);
    }
  }
  const verdict = count
    ? `${count} line(s) refer to an issue number or a spec section: say the reason itself, or name a heading in docs/`
    : 'no reference to an issue number or a spec section';
  console.log(`${files.length} files: ${verdict}`);
  return count;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const paths = process.argv.slice(2);
  const found = paths.length
    ? checkComments(process.cwd(), paths, { everyFile: true })
    : checkComments(path.resolve(fileURLToPath(import.meta.url), '../..'), checkedRoots);
  process.exit(found ? 1 : 0);
}
