import { describe, expect, it } from 'vitest';
import { newAccessBudget } from '../src/rules/index.js';
import { doc, load, request, rules } from './rules-fixtures/harness.js';

const alice = { uid: 'alice', token: {} };

describe('match blocks and allow statements', () => {
  const rs = load(
    rules(
      [
        '    match /users/{userId} {', //                                           L4
        '      allow read: if request.auth.uid == userId;', //                   L5
        '      allow create: if request.resource.data.name is string;', //         L6
        '      allow update: if false;', //                                          L7
        '      allow update: if request.resource.data.diff(resource.data).affectedKeys().hasOnly(["name"]);',
        '      match /private/{doc=**} {', //                                       L9
        '        allow read, write: if request.auth.uid == userId && doc != null;',
        '      }',
        '    }',
        '    match /public/{rest=**} {', //                                          L13
        '      allow get;',
        '    }',
      ].join('\n'),
    ),
  );

  it('expands read into get and list and binds wildcards', () => {
    expect(rs.evaluate(request('get', 'users/alice', { auth: alice }))).toEqual({ allowed: true });
    expect(rs.evaluate(request('get', 'users/bob', { auth: alice }))).toEqual({
      allowed: false,
      message: "false for 'get' @ L5",
    });
  });

  it('grants when any matching allow is true and reports every failing one', () => {
    const before = doc('users/alice', { name: 'A', role: 'user' });
    const rename = doc('users/alice', { name: 'B', role: 'user' });
    const promote = doc('users/alice', { name: 'A', role: 'admin' });
    expect(
      rs.evaluate(request('update', 'users/alice', { resource: before, requestResource: rename })),
    ).toEqual({ allowed: true });
    expect(
      rs.evaluate(request('update', 'users/alice', { resource: before, requestResource: promote })),
    ).toEqual({ allowed: false, message: "false for 'update' @ L7, false for 'update' @ L8" });
  });

  it('denies paths no allow statement covers', () => {
    expect(rs.evaluate(request('delete', 'users/alice', { auth: alice }))).toEqual({
      allowed: false,
      message: 'No matching allow statements',
    });
    expect(rs.evaluate(request('get', 'other/x'))).toEqual({
      allowed: false,
      message: 'No matching allow statements',
    });
  });

  it('matches recursive wildcards across any depth (zero segments in rules_version 2)', () => {
    expect(rs.evaluate(request('get', 'users/alice/private/a', { auth: alice })).allowed).toBe(
      true,
    );
    expect(
      rs.evaluate(request('get', 'users/alice/private/a/deep/b', { auth: alice })).allowed,
    ).toBe(true);
    expect(rs.evaluate(request('get', 'users/bob/private/a', { auth: alice })).allowed).toBe(false);
    expect(rs.evaluate(request('get', 'public/a/b/c')).allowed).toBe(true);
  });

  it('requires at least one segment for a recursive wildcard in rules_version 1', () => {
    const body =
      'service cloud.firestore {\n  match /databases/{db}/documents {\n    match /a/{x}/{rest=**} { allow get: if rest != null; }\n  }\n}';
    const v1 = load(body);
    const v2 = load(`rules_version = '2';\n${body}`);
    expect(v1.evaluate(request('get', 'a/1/b/2')).allowed).toBe(true);
    expect(v2.evaluate(request('get', 'a/1/b/2')).allowed).toBe(true);
    expect(v1.evaluate(request('get', 'a/1')).allowed).toBe(false);
    expect(v2.evaluate(request('get', 'a/1')).allowed).toBe(true);
  });
});

describe('request.method and request.resource per write', () => {
  const rs = load(
    rules(
      [
        '    match /w/{id} {',
        "      allow write: if request.method in ['create', 'delete']",
        "        || (request.method == 'update' && request.resource.id == id",
        '          && request.resource.__name__ == /databases/$(database)/documents/w/$(id)',
        '          && request.resource.data.n == resource.data.n + 1);',
        '    }',
      ].join('\n'),
    ),
  );

  it('tells create, update and delete apart and exposes the document after the write', () => {
    const before = doc('w/a', { n: 1 });
    expect(rs.evaluate(request('create', 'w/a', { requestResource: before })).allowed).toBe(true);
    expect(rs.evaluate(request('delete', 'w/a', { resource: before })).allowed).toBe(true);
    const next = doc('w/a', { n: 2 });
    const same = doc('w/a', { n: 1 });
    expect(
      rs.evaluate(request('update', 'w/a', { resource: before, requestResource: next })).allowed,
    ).toBe(true);
    expect(
      rs.evaluate(request('update', 'w/a', { resource: before, requestResource: same })),
    ).toEqual({
      allowed: false,
      message: "false for 'update' @ L5",
    });
  });
});

describe('errors stay inside their allow statement', () => {
  it('grants through another allow when one errors, and reports both when none grants', () => {
    const rs = load(
      rules(
        [
          '    match /e/{id} {',
          '      allow get: if resource.data.missing == 1;',
          '      allow get: if request.auth != null;',
          '    }',
        ].join('\n'),
      ),
    );
    const resource = doc('e/1', {});
    expect(rs.evaluate(request('get', 'e/1', { resource, auth: alice })).allowed).toBe(true);
    expect(rs.evaluate(request('get', 'e/1', { resource }))).toEqual({
      allowed: false,
      message: "Property missing is undefined on object. for 'get' @ L5, false for 'get' @ L6",
    });
  });
});

describe('functions', () => {
  const rs = load(
    rules(
      [
        '    function signedIn() { return request.auth != null; }',
        '    function owns(uid) {',
        '      let me = request.auth.uid;',
        '      let same = me == uid;',
        '      return signedIn() && same;',
        '    }',
        // f0 -> f1 -> ... -> f24: depth(fN) == N + 1.
        ...Array.from({ length: 25 }, (_, i) =>
          i === 24
            ? '    function f24() { return true; }'
            : `    function f${i}() { return f${i + 1}(); }`,
        ).reverse(),
        '    match /items/{id} {',
        '      function isItem(x) { return x == id && inDb(); }',
        '      function inDb() { return database == "(default)"; }',
        '      allow get: if owns(id) && isItem(id);',
        '      allow create: if f5();',
        '      allow update: if f4();',
        '    }',
      ].join('\n'),
    ),
  );

  it('resolves top-level and nested functions with let bindings and match variables', () => {
    expect(rs.evaluate(request('get', 'items/alice', { auth: alice })).allowed).toBe(true);
    expect(rs.evaluate(request('get', 'items/bob', { auth: alice })).allowed).toBe(false);
    expect(rs.evaluate(request('get', 'items/alice')).allowed).toBe(false);
  });

  it('allows nested calls up to a depth of 20 and fails beyond it', () => {
    // f5 -> ... -> f24 is 20 calls deep; f4 is one more.
    expect(rs.evaluate(request('create', 'items/x')).allowed).toBe(true);
    expect(rs.evaluate(request('update', 'items/x'))).toEqual({
      allowed: false,
      message: "Maximum function call depth (20) exceeded. for 'update' @ L40",
    });
  });
});

describe('expression budget', () => {
  it('stops a rule whose evaluation explodes instead of running away', () => {
    // g0 calls g1 twice, g1 calls g2 twice, ...: 2^15 leaves, far beyond the budget.
    const fns = Array.from(
      { length: 15 },
      (_, i) => `    function g${i}() { return g${i + 1}() == g${i + 1}(); }`,
    );
    const rs = load(
      rules(
        [
          ...fns,
          '    function g15() { return true; }',
          '    match /e/{id} { allow get: if g0(); }',
        ].join('\n'),
      ),
    );
    // The step budget stops the exponential call tree (its size, not its time, is what is checked).
    const d = rs.evaluate(request('get', 'e/1'));
    expect(d).toEqual({
      allowed: false,
      message:
        "Unable to evaluate the expression as the maximum of 10000 expressions to evaluate has been reached. for 'get' @ L20",
    });
  });
});

describe('get(), exists(), getAfter(), existsAfter()', () => {
  const rs = load(
    rules(
      [
        '    function userDoc() { return /databases/$(database)/documents/users/$(request.auth.uid); }',
        '    match /posts/{post} {',
        '      allow get: if get(userDoc()).data.role == "admin";',
        '      allow create: if exists(userDoc()) && !existsAfter(/databases/$(database)/documents/locks/$(post));',
        '      allow update: if getAfter(/databases/$(database)/documents/counters/$(post)).data.n == resource.data.n + 1;',
        '      allow delete: if get(/databases/$(database)/documents/x/$(request.resource.data.k)).data.ok;',
        '    }',
        '    match /many/{n} {',
        '      function touch(i) { return exists(/databases/$(database)/documents/d/$(string(i))); }',
        '      allow get: if !touch(1) && !touch(2) && !touch(3) && !touch(4) && !touch(5) && !touch(6)',
        '        && !touch(7) && !touch(8) && !touch(9) && !touch(10) && !touch(1) && (int(n) < 11 || !touch(11));',
        '    }',
      ].join('\n'),
    ),
  );

  it('reads the state before the request with get() and exists()', () => {
    const admin = doc('users/alice', { role: 'admin' });
    const user = doc('users/alice', { role: 'user' });
    expect(rs.evaluate(request('get', 'posts/p', { auth: alice, before: [admin] })).allowed).toBe(
      true,
    );
    expect(rs.evaluate(request('get', 'posts/p', { auth: alice, before: [user] })).allowed).toBe(
      false,
    );
    expect(rs.evaluate(request('get', 'posts/p', { auth: alice }))).toEqual({
      allowed: false,
      message: "Null value error. for 'get' @ L6",
    });
    expect(rs.evaluate(request('create', 'posts/p', { auth: alice, before: [user] })).allowed).toBe(
      true,
    );
    expect(rs.evaluate(request('create', 'posts/p', { auth: alice, before: [] })).allowed).toBe(
      false,
    );
  });

  it('reads the state after the whole batch with getAfter() and existsAfter()', () => {
    const user = doc('users/alice', { role: 'user' });
    const lock = doc('locks/p', {});
    expect(
      rs.evaluate(
        request('create', 'posts/p', { auth: alice, before: [user], after: [user, lock] }),
      ).allowed,
    ).toBe(false);
    const post = doc('posts/p', { n: 1 });
    const counterBefore = doc('counters/p', { n: 1 });
    const counterAfter = doc('counters/p', { n: 2 });
    const upd = (after: typeof counterAfter) =>
      rs.evaluate(
        request('update', 'posts/p', { resource: post, before: [counterBefore], after: [after] }),
      );
    expect(upd(counterAfter).allowed).toBe(true);
    expect(upd(counterBefore).allowed).toBe(false);
  });

  it('limits distinct document lookups to 10 per request and 20 per shared batch budget', () => {
    expect(rs.evaluate(request('get', 'many/10')).allowed).toBe(true);
    expect(rs.evaluate(request('get', 'many/11'))).toEqual({
      allowed: false,
      message:
        "Exceeded maximum of 10 get(), getAfter(), exists() and existsAfter() calls. for 'get' @ L13",
    });
    const budget = newAccessBudget('batch');
    expect(rs.evaluate(request('get', 'many/10', { accessBudget: budget })).allowed).toBe(true);
    expect(rs.evaluate(request('get', 'many/11', { accessBudget: budget })).allowed).toBe(true);
    expect(budget.seen.size).toBe(11);
    const exhausted = newAccessBudget('batch');
    for (let i = 0; i < 20; i++)
      exhausted.seen.add(`projects/x/databases/(default)/documents/z/${i}`);
    expect(rs.evaluate(request('get', 'many/1', { accessBudget: exhausted })).allowed).toBe(false);
  });

  it('rejects a get() of a collection path', () => {
    const bad = load(
      rules('    match /a/{b} { allow get: if exists(/databases/$(database)/documents/users); }'),
    );
    expect(bad.evaluate(request('get', 'a/b'))).toEqual({
      allowed: false,
      message:
        "Invalid document path for exists(): /databases/(default)/documents/users. for 'get' @ L4",
    });
  });
});
