import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../src/service.js';
import { loadRules } from '../src/rules/index.js';
import { and, doc, load, or, query, request, rules, where } from './rules-fixtures/harness.js';

const base = rules(
  [
    '    function ok(d) { return d.a > 3 && d.a <= 8 && d.b in ["x", "y"] && d.b != "z"; }',
    '    match /items/{id} {',
    '      allow read: if ok(resource.data) || resource.data.owner == request.auth.uid',
    "        || ('p' in resource.data.tags && resource.data.a >= 5) || resource.data.tags.hasAll(['p', 'q']);",
    '    }',
  ].join('\n'),
);
const rs = load(base);
const alice = { uid: 'alice', token: {} };

type Filter = { field: 'a' | 'b' | 'owner' | 'tags'; op: string; value: unknown };

const intOps = [
  'EQUAL',
  'NOT_EQUAL',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
];
const filterArb: fc.Arbitrary<Filter> = fc.oneof(
  fc.record({
    field: fc.constant('a' as const),
    op: fc.constantFrom(...intOps),
    value: fc.integer({ min: 0, max: 10 }),
  }),
  fc.record({
    field: fc.constant('a' as const),
    op: fc.constantFrom('IN', 'NOT_IN'),
    value: fc.uniqueArray(fc.integer({ min: 0, max: 10 }), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({
    field: fc.constant('b' as const),
    op: fc.constantFrom('EQUAL', 'NOT_EQUAL'),
    value: fc.constantFrom('x', 'y', 'z'),
  }),
  fc.record({
    field: fc.constant('b' as const),
    op: fc.constantFrom('IN', 'NOT_IN'),
    value: fc.uniqueArray(fc.constantFrom('x', 'y', 'z'), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    field: fc.constant('tags' as const),
    op: fc.constant('ARRAY_CONTAINS'),
    value: fc.constantFrom('p', 'q', 'r'),
  }),
  fc.record({
    field: fc.constant('tags' as const),
    op: fc.constant('ARRAY_CONTAINS_ANY'),
    value: fc.uniqueArray(fc.constantFrom('p', 'q', 'r'), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    field: fc.constant('owner' as const),
    op: fc.constant('EQUAL'),
    value: fc.constantFrom('alice', 'bob'),
  }),
);

const docArb = fc.record({
  a: fc.integer({ min: 0, max: 10 }),
  b: fc.constantFrom('x', 'y', 'z'),
  owner: fc.constantFrom('alice', 'bob'),
  tags: fc.subarray(['p', 'q', 'r']),
});

/** Firestore's own filter semantics for the generated filters (ints and strings only). */
function matches(d: Record<string, unknown>, f: Filter): boolean {
  if (f.op === 'ARRAY_CONTAINS') return (d.tags as string[]).includes(f.value as string);
  if (f.op === 'ARRAY_CONTAINS_ANY') {
    return (f.value as string[]).some((t) => (d.tags as string[]).includes(t));
  }
  const v = d[f.field] as number | string;
  const w = f.value as number | string;
  switch (f.op) {
    case 'EQUAL':
      return v === w;
    case 'NOT_EQUAL':
      return v !== w;
    case 'LESS_THAN':
      return v < w;
    case 'LESS_THAN_OR_EQUAL':
      return v <= w;
    case 'GREATER_THAN':
      return v > w;
    case 'GREATER_THAN_OR_EQUAL':
      return v >= w;
    case 'IN':
      return (f.value as unknown[]).includes(v);
    default:
      return !(f.value as unknown[]).includes(v);
  }
}

function structured(filters: Filter[]): JsonObject {
  const parts = filters.map((f) => where(f.field, f.op, f.value));
  return query(
    'items',
    parts.length ? { where: parts.length === 1 ? parts[0] : and(...parts) } : {},
  );
}

describe('rules are not filters (property)', () => {
  it('never allows a query that could return a document the rules would not let the caller get', () => {
    let checkedHits = 0;
    fc.assert(
      fc.property(
        fc.array(filterArb, { maxLength: 4 }),
        fc.array(fc.array(filterArb, { minLength: 1, maxLength: 3 }), { maxLength: 3 }),
        fc.array(docArb, { minLength: 1, maxLength: 8 }),
        (filters, branches, docs) => {
          // AND of `filters` and, when present, an OR of AND-branches.
          const parts = filters.map((f) => where(f.field, f.op, f.value));
          if (branches.length) {
            parts.push(
              or(...branches.map((b) => and(...b.map((f) => where(f.field, f.op, f.value))))),
            );
          }
          const q = query('items', parts.length ? { where: and(...parts) } : {});
          const listed = rs.evaluate(request('list', 'items', { auth: alice, query: q }));
          if (!listed.allowed) return;
          docs.forEach((data, i) => {
            const hit =
              filters.every((f) => matches(data, f)) &&
              (!branches.length || branches.some((b) => b.every((f) => matches(data, f))));
            if (!hit) return;
            checkedHits++;
            const got = rs.evaluate(
              request('get', `items/d${i}`, { auth: alice, resource: doc(`items/d${i}`, data) }),
            );
            expect({ filters, branches, data, got }).toEqual({
              filters,
              branches,
              data,
              got: { allowed: true },
            });
          });
        },
      ),
      { numRuns: 400 },
    );
    // The property is not vacuous: many allowed queries returned documents that were checked.
    expect(checkedHits).toBeGreaterThan(10);
  });

  it('allows queries whose filters pin the rule down', () => {
    const allowed = (filters: Filter[]) =>
      rs.evaluate(request('list', 'items', { auth: alice, query: structured(filters) })).allowed;
    expect(allowed([{ field: 'owner', op: 'EQUAL', value: 'alice' }])).toBe(true);
    expect(
      allowed([
        { field: 'a', op: 'GREATER_THAN', value: 3 },
        { field: 'a', op: 'LESS_THAN_OR_EQUAL', value: 8 },
        { field: 'b', op: 'IN', value: ['x', 'y'] },
      ]),
    ).toBe(true);
    expect(
      allowed([
        { field: 'a', op: 'IN', value: [4, 8] },
        { field: 'b', op: 'EQUAL', value: 'y' },
      ]),
    ).toBe(true);
    expect(
      allowed([
        { field: 'tags', op: 'ARRAY_CONTAINS', value: 'p' },
        { field: 'a', op: 'GREATER_THAN_OR_EQUAL', value: 5 },
      ]),
    ).toBe(true);
    expect(allowed([{ field: 'tags', op: 'ARRAY_CONTAINS', value: 'p' }])).toBe(false);
    expect(allowed([{ field: 'a', op: 'GREATER_THAN', value: 3 }])).toBe(false);
  });
});

describe('loading arbitrary text (property)', () => {
  it('never throws and locates every error inside the file', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: base.length }),
        fc.nat({ max: 20 }),
        fc.string({ maxLength: 12 }),
        (at, cut, insert) => {
          const source = base.slice(0, at) + insert + base.slice(Math.min(base.length, at + cut));
          const r = loadRules(source, 'fuzz.rules');
          if (r.ok) return;
          const lines = source.split('\n');
          for (const e of r.errors) {
            expect(e.file).toBe('fuzz.rules');
            expect(e.line).toBeGreaterThanOrEqual(1);
            expect(e.line).toBeLessThanOrEqual(lines.length);
            expect(e.column).toBeGreaterThanOrEqual(1);
            expect(e.column).toBeLessThanOrEqual(lines[e.line - 1].length + 1);
            expect(e.message.length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('evaluating arbitrary expressions (property)', () => {
  const atoms = [
    '1',
    '-2',
    '2.5',
    '0',
    "'s'",
    "''",
    'true',
    'false',
    'null',
    '[1, "a"]',
    '{"k": 1}',
    "b'x'",
    'request.time',
    'request.auth',
    'request.auth.uid',
    'request.path',
    'resource',
    'resource.data',
    'resource.data.n',
    'resource.data.s',
    'resource.data.l',
    'resource.data.m',
    'resource.id',
    "duration.value(1, 's')",
    'timestamp.value(0)',
    'latlng.value(1, 2)',
    '[1, 2].toSet()',
    "path('/a/b')",
    'id',
    '/databases/$(database)/documents/c/$(id)',
  ];
  const unary = ['!', '-', ''];
  const binary = ['==', '!=', '<', '<=', '>', '>=', '+', '-', '*', '/', '%', '&&', '||', 'in'];
  const postfix = [
    '',
    '.size()',
    '.keys()',
    '.lower()',
    '[0]',
    "['k']",
    '[0:1]',
    '.hasAny([1])',
    '.toSet()',
    '.diff({})',
    '.diff({}).affectedKeys()',
    '.toMillis()',
    '.seconds()',
    '.matches("a.*")',
    '.split(",")',
    '.get("k", 0)',
    '.join("-")',
    '.constructor()',
    '.toString()',
    '.__proto__',
    ' is int',
    ' is map',
    '.distance(latlng.value(0, 0))',
    '.toUtf8()',
    '.bind({})',
  ];
  const term = fc
    .tuple(fc.constantFrom(...unary), fc.constantFrom(...atoms), fc.constantFrom(...postfix))
    .map(([u, a, p]) => `${u}(${a}${p})`);
  const expr = fc
    .tuple(term, fc.array(fc.tuple(fc.constantFrom(...binary), term), { maxLength: 3 }))
    .map(([head, rest]) => rest.reduce((acc, [op, t]) => `(${acc} ${op} ${t})`, head));

  it('always decides, never with an internal error', () => {
    const data = { n: 3, s: 'abc', l: [1, 2], m: { k: 'v' } };
    let evaluated = 0;
    fc.assert(
      fc.property(expr, fc.boolean(), (e, signedIn) => {
        const loaded = loadRules(rules(`    match /c/{id} { allow get: if ${e} == true; }`));
        if (!loaded.ok) return;
        evaluated++;
        const d = loaded.ruleset.evaluate(
          request('get', 'c/x', { auth: signedIn ? alice : null, resource: doc('c/x', data) }),
        );
        expect(typeof d.allowed).toBe('boolean');
        if (!d.allowed) expect(d.message).not.toContain('Internal rules error');
      }),
      { numRuns: 1500 },
    );
    expect(evaluated).toBeGreaterThan(300);
  });
});
