import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateParserSource } from '../src/rules/generate-parser.mjs';
import { formatRulesErrors, loadRules } from '../src/rules/index.js';
import { rules } from './rules-fixtures/harness.js';

function errorsOf(source: string): string {
  const r = loadRules(source, 'app.rules');
  if (r.ok) throw new Error('expected the rules to be rejected');
  return formatRulesErrors(r.errors);
}

describe('rules parser', () => {
  it('keeps the committed generated parser in sync with grammar.peggy', () => {
    const grammar = readFileSync(new URL('../src/rules/grammar.peggy', import.meta.url), 'utf8');
    const committed = readFileSync(
      new URL('../src/rules/generated/parser.ts', import.meta.url),
      'utf8',
    );
    expect((generateParserSource as (g: string) => string)(grammar)).toBe(committed);
  });

  it('reports a syntax error as file:line:col with the unexpected token', () => {
    const msg = errorsOf(
      'service cloud.firestore {\n  match /a/{b} {\n    allow read: if request.auth != null &&;\n  }\n}\n',
    );
    expect(msg).toMatch(/^app\.rules:3:43 /);
    expect(msg).toContain('";" found');
  });

  it('reports an unclosed block at the end of the file', () => {
    const msg = errorsOf('service cloud.firestore {\n  match /a/{b} {\n    allow read;\n');
    expect(msg).toMatch(/^app\.rules:4:1 .*end of input/);
  });

  it('rejects unknown methods, variables, functions, types and wrong arity with their location', () => {
    const msg = errorsOf(
      rules(
        [
          '    function f(a) { return a; }',
          '    match /x/{id} {',
          '      allow reed: if true;',
          '      allow get: if nope == 1;',
          '      allow list: if g(1);',
          '      allow create: if f(1, 2);',
          '      allow update: if request.resource.data.n is integer;',
          '      allow delete: if math.absolute(1) == 1;',
          '    }',
        ].join('\n'),
      ),
    );
    expect(msg.split('\n')).toEqual([
      "app.rules:6:13 Unexpected method 'reed': expected get, list, read, create, update, delete or write.",
      "app.rules:7:21 Unknown variable 'nope'.",
      'app.rules:8:22 Function not found error: Name: [g].',
      'app.rules:9:24 Function f expects 1 argument(s), got 2.',
      "app.rules:10:48 Unknown type 'integer'.",
      'app.rules:11:28 Function not found error: Name: [math.absolute].',
    ]);
  });

  it('rejects recursive functions and too many parameters or let bindings', () => {
    const msg = errorsOf(
      rules(
        [
          '    function self(n) { return n == 0 || self(n - 1); }',
          '    function ping(n) { return pong(n); }',
          '    function pong(n) { return ping(n); }',
          '    function wide(a, b, c, d, e, f, g, h) { return true; }',
          '    function lets() {',
          ...Array.from({ length: 11 }, (_, i) => `      let v${i} = ${i};`),
          '      return true;',
          '    }',
          '    match /x/{id} { allow get: if self(1) && ping(1) && wide(1, 2, 3, 4, 5, 6, 7, 8) && lets(); }',
        ].join('\n'),
      ),
    );
    expect(msg.split('\n')).toEqual([
      'app.rules:7:5 Function wide has more than 7 parameters.',
      'app.rules:8:5 Function lets has more than 10 let bindings.',
      'app.rules:4:5 Recursive function calls are not allowed: self -> self.',
      'app.rules:5:5 Recursive function calls are not allowed: ping -> pong -> ping.',
    ]);
  });

  it('rejects evident type errors', () => {
    const msg = errorsOf(
      rules(
        [
          '    match /x/{id} {',
          '      allow get: if 1;',
          "      allow list: if 'a' - 1 == 0 || !'yes';",
          "      allow create: if 2 < 'b' && 'k' in 'key' && {1: 'v'}.size() == 1;",
          '      allow update: if (true ? 1 : 2) && request.auth != null;',
          '    }',
        ].join('\n'),
      ),
    );
    expect(msg.split('\n')).toEqual([
      'app.rules:5:21 Condition must be a boolean, got int.',
      'app.rules:6:26 Unsupported operation: string - int.',
      'app.rules:6:38 Operator ! expects bool operands, got string.',
      'app.rules:7:26 Unsupported operation: int < string.',
      'app.rules:7:39 Operator in expects a list, map or set, got string.',
      'app.rules:7:51 Map keys must be strings, got int.',
      'app.rules:8:25 Operator && expects bool operands, got int.',
    ]);
  });

  it('rejects a wrong service name and rules_version', () => {
    expect(errorsOf("rules_version = '3';\nservice cloud.storage { }")).toBe(
      [
        "app.rules:1:1 Unsupported rules_version '3': use '1' or '2'.",
        "app.rules:2:1 Unexpected service 'cloud.storage': expected 'cloud.firestore'.",
      ].join('\n'),
    );
  });

  it('rejects a non-terminal recursive wildcard in rules_version 1 only', () => {
    const body = 'service cloud.firestore { match /{path=**}/posts/{p} { allow read; } }';
    expect(errorsOf(body)).toContain('Recursive wildcards must be the last path segment');
    expect(loadRules(`rules_version = '2';\n${body}`).ok).toBe(true);
  });

  it('accepts comments, both quote styles, raw and byte strings, trailing commas and optional semicolons', () => {
    const r = loadRules(
      rules(
        [
          '    /* block',
          '       comment */',
          '    match /x/{id} { // trailing comment',
          '      allow get: if "a\\"b" == \'a"b\' && r\'\\d+\' == "\\\\d+" && b\'\\x01\'.size() == 1',
          '      allow list: if [1, 2,].size() == 2 && {"k": 1,}.k == 1;',
          '      allow create',
          '    }',
        ].join('\n'),
      ),
    );
    expect(r.ok).toBe(true);
  });

  it('loads the project firestore.rules', () => {
    const source = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');
    const r = loadRules(source, 'firestore.rules');
    expect(r.ok ? 'ok' : formatRulesErrors(r.errors)).toBe('ok');
  });
});
