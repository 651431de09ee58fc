/** RE2 regular expressions on JavaScript's engine: RE2-only syntax translated, RE2's meaning of \\s and `.` kept. */
import { fail } from './values.js';

const regexCache = new Map<string, RegExp>();

/** A compiled (cached) JavaScript RegExp for an RE2 pattern; `anchored` gives full-match semantics. */
export function toJsRegex(re: string, global: boolean, anchored: boolean): RegExp {
  const cacheKey = (global ? 'g' : '-') + (anchored ? 'a' : '-') + re;
  const cached = regexCache.get(cacheKey);
  if (cached) {
    cached.lastIndex = 0;
    return cached;
  }
  let source = re;
  let flags = global ? 'g' : '';
  const inline = /^\(\?([imsU]+)\)/.exec(source);
  if (inline) {
    source = source.slice(inline[0].length);
    for (const f of inline[1]) if (f !== 'U' && !flags.includes(f)) flags += f;
  }
  if (/\(\?[=!]|\(\?<[=!]|\\[1-9]/.test(source)) {
    fail(`Invalid regular expression '${re}': lookaround and backreferences are not RE2 syntax.`);
  }
  source = translateRe2(source);
  if (anchored) source = `^(?:${source})$`;
  let compiled: RegExp;
  try {
    compiled = new RegExp(source, flags + 'u');
  } catch {
    try {
      compiled = new RegExp(source, flags);
    } catch {
      return fail(`Invalid regular expression '${re}'.`);
    }
  }
  if (regexCache.size > 500) regexCache.clear();
  regexCache.set(cacheKey, compiled);
  return compiled;
}

const POSIX_CLASSES: { [name: string]: string } = {
  alpha: 'a-zA-Z',
  digit: '0-9',
  alnum: 'a-zA-Z0-9',
  upper: 'A-Z',
  lower: 'a-z',
  space: '\\t\\n\\v\\f\\r ',
  blank: '\\t ',
  xdigit: '0-9A-Fa-f',
  word: '\\w',
  punct: '!-\\/:-@\\[-`{-~',
  cntrl: '\\x00-\\x1f\\x7f',
  print: ' -~',
  graph: '!-~',
  ascii: '\\x00-\\x7f',
};

/** Rewrites RE2-only syntax (\Q…\E, [[:alpha:]], \pL, (?P<name>, \A, \z) into JavaScript's. */
function translateRe2(re: string): string {
  return re
    .replace(/\\Q([\s\S]*?)(?:\\E|$)/g, (_, text: string) =>
      text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'),
    )
    .replace(/\[:(\^?)([a-z]+):\]/g, (whole, neg: string, name: string) => {
      const cls = Object.hasOwn(POSIX_CLASSES, name) ? POSIX_CLASSES[name] : undefined;
      if (!cls) return whole;
      return neg ? fail(`Negated POSIX class [:^${name}:] is not supported.`) : cls;
    })
    .replace(/\\([pP])([A-Z])/g, '\\$1{$2}')
    .replace(/\(\?P</g, '(?<')
    .replace(/\\A/g, '^')
    .replace(/\\z/g, '$')
    .replace(/\\.|\[(?:\\.|[^\]\\])*\]|\./g, re2ClassesToJs);
}

/**
 * RE2's `\s` is only [\t\n\f\r ] and its `.` excludes only \n; JavaScript's `\s` also matches
 * Unicode spaces and its `.` also excludes \r, U+2028 and U+2029. Rewrites one escape, one
 * character class or one dot (as matched in translateRe2) to RE2's meaning.
 */
function re2ClassesToJs(token: string): string {
  const inClass = (escape: string) =>
    escape === '\\s'
      ? '\\t\\n\\f\\r '
      : escape === '\\S'
        ? '\\x00-\\x08\\x0b\\x0e-\\x1f\\x21-\\u{10FFFF}'
        : escape;
  if (token === '.') return '[^\\n]';
  if (token === '\\s') return '[\\t\\n\\f\\r ]';
  if (token === '\\S') return '[^\\t\\n\\f\\r ]';
  if (token.startsWith('[')) return token.replace(/\\./g, inClass);
  return token;
}
