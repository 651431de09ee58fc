/**
 * Document patterns of Firestore triggers, as Eventarc reads them: an EXACT document path, or a
 * PATH_PATTERN whose segments are literals, single-segment wildcards (`{id}`, `{id=*}`, `*`) or one
 * multi-segment wildcard (`{path=**}`, `**`, zero or more segments). The functions SDK derives the
 * event's params from the document path itself; the emulator only decides which triggers match.
 */

type Segment = { kind: 'literal'; value: string } | { kind: 'one' } | { kind: 'many' };

/** A compiled pattern: `matches('users/a/posts/b')`. */
export interface DocumentPattern {
  /** The pattern as registered (`users/{userId}`). */
  readonly source: string;
  matches(path: string): boolean;
}

/** Thrown for a pattern the emulator cannot read (the endpoint answers 400). */
export class PatternError extends Error {}

function parseSegment(raw: string, exact: boolean): Segment {
  if (exact) return { kind: 'literal', value: raw };
  if (raw === '*') return { kind: 'one' };
  if (raw === '**') return { kind: 'many' };
  const capture = /^\{([^/{}=]+)(?:=(\*|\*\*))?\}$/.exec(raw);
  if (capture) return capture[2] === '**' ? { kind: 'many' } : { kind: 'one' };
  if (/[{}*]/.test(raw)) throw new PatternError(`Unsupported path pattern segment "${raw}".`);
  return { kind: 'literal', value: raw };
}

/** Compiles `document` (leading and trailing slashes ignored); EXACT takes every segment literally. */
export function compilePattern(
  document: string,
  matchType: 'EXACT' | 'PATH_PATTERN',
): DocumentPattern {
  const source = document.replace(/^\/+|\/+$/g, '');
  if (!source) throw new PatternError('A document pattern must not be empty.');
  const segments = source.split('/').map((s) => parseSegment(s, matchType === 'EXACT'));
  if (segments.some((s) => s.kind === 'literal' && !s.value)) {
    throw new PatternError(`Document pattern "${document}" has an empty segment.`);
  }
  const many = segments.findIndex((s) => s.kind === 'many');
  if (many >= 0 && segments.slice(many + 1).some((s) => s.kind === 'many')) {
    throw new PatternError(
      `Document pattern "${document}" has more than one multi-segment wildcard.`,
    );
  }
  const head = many >= 0 ? segments.slice(0, many) : segments;
  const tail = many >= 0 ? segments.slice(many + 1) : [];
  const fits = (s: Segment, part: string) => s.kind !== 'literal' || s.value === part;
  return {
    source,
    matches(path) {
      const parts = path.split('/');
      if (many < 0) return parts.length === head.length && head.every((s, i) => fits(s, parts[i]));
      if (parts.length < head.length + tail.length) return false;
      const offset = parts.length - tail.length;
      return (
        head.every((s, i) => fits(s, parts[i])) && tail.every((s, i) => fits(s, parts[offset + i]))
      );
    },
  };
}
