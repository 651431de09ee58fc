import { describe, expect, it } from 'vitest';
import { holds, why } from './rules-fixtures/harness.js';

/** Every expression here must evaluate to exactly `true`. */
function allTrue(exprs: string[], opts: Parameters<typeof holds>[1] = {}): void {
  const failing = exprs.filter((e) => !holds(e, opts)).map((e) => `${e} -> ${why(e, opts)}`);
  expect(failing).toEqual([]);
}

describe('logic and error absorption', () => {
  it('short-circuits && and || and absorbs errors the way Firestore does', () => {
    allTrue([
      'true || (1 / 0 == 1)',
      '(1 / 0 == 1) || true',
      '!(false && (1 / 0 == 1))',
      '!((1 / 0 == 1) && false)',
      'true ? true : (1 / 0 == 1)',
      'false ? (1 / 0 == 1) : true',
      '!false && !!true',
    ]);
  });

  it('lets an error surface when nothing absorbs it', () => {
    expect(why('(1 / 0 == 1) || false')).toBe("Division by zero error. for 'get' @ L5");
    expect(why('true && resource.data.missing == 1', { data: {} })).toBe(
      "Property missing is undefined on object. for 'get' @ L5",
    );
    expect(why('resource.data.x == 1')).toBe("Null value error. for 'get' @ L5");
    expect(why('1 == 2')).toBe("false for 'get' @ L5");
  });

  it('denies a condition whose value is not a boolean at run time', () => {
    const data = { n: 1, s: 'true' };
    expect(why('resource.data.n', { data })).toBe("false for 'get' @ L5");
    expect(holds('resource.data.s', { data })).toBe(false);
    expect(why('resource.data.n || false', { data })).toContain('Unsupported operation error');
  });
});

describe('numbers', () => {
  it('keeps int and float semantics apart', () => {
    allTrue([
      '7 / 2 == 3',
      '-7 / 2 == -3',
      '7 % 3 == 1',
      '7.0 / 2 == 3.5',
      '1 == 1.0',
      '1 is int && 1.0 is float && 1 is number && 1.5 is number',
      '(2 + 0.5) is float',
      '(2 * 3) is int',
      '3 > 2.5 && 2.5 < 3 && 2 <= 2.0 && -1 < 0',
      '0x10 == 16',
      '1e3 == 1000',
      '9223372036854775807 > 0',
      '-9223372036854775808 < 0',
    ]);
  });

  it('reports overflow and division by zero as errors', () => {
    expect(why('9223372036854775807 + 1 > 0')).toBe("Integer overflow error. for 'get' @ L5");
    expect(why('1 % 0 == 0')).toBe("Modulo by zero error. for 'get' @ L5");
    expect(holds('1.0 / 0 > 1000000')).toBe(true);
  });

  it('provides math.* and conversions', () => {
    allTrue([
      'math.abs(-3) == 3 && math.abs(-2.5) == 2.5',
      'math.ceil(1.2) == 2 && math.floor(1.8) == 1 && math.round(2.5) == 3 && math.round(-2.5) == -3',
      'math.ceil(2.1) is int && math.floor(-0.5) == -1 && math.round(2.4) is int && math.abs(-1) is int',
      'math.sqrt(2.25) == 1.5 && math.pow(4, 0.5) is float',
      'math.sqrt(16) == 4 && math.pow(2, 10) == 1024',
      'math.isInfinite(1.0 / 0) && !math.isInfinite(1.0) && math.isNaN(0.0 / 0) && !math.isNaN(1)',
      "int('42') == 42 && int(3.9) == 3 && float(2) == 2.0 && float('1.5') == 1.5",
      "string(12) == '12' && string(true) == 'true' && string(null) == 'null' && string(1.5) == '1.5'",
    ]);
  });
});

describe('strings', () => {
  it('supports size, case, trim, split, replace, toUtf8 and concatenation', () => {
    allTrue([
      "'héllo'.size() == 5",
      "'AbC'.lower() == 'abc' && 'AbC'.upper() == 'ABC'",
      "'  x  '.trim() == 'x'",
      "'a,b,,c'.split(',') == ['a', 'b', '', 'c']",
      "'a1b22c'.split('[0-9]+') == ['a', 'b', 'c']",
      "'banana'.replace('a', 'o') == 'bonono'",
      "'2026-01-02'.replace('(\\\\d+)-(\\\\d+)-(\\\\d+)', '\\\\3/\\\\2/\\\\1') == '02/01/2026'",
      "'é'.toUtf8().size() == 2",
      "'ab' + 'cd' == 'abcd'",
      "'abc' < 'abd' && 'b' > 'abc'",
      "'abcdef'[1:3] == 'bc' && 'abcdef'[0] == 'a' && 'abc'[0:3] == 'abc'",
      "'foo@test.com'.replace('.', '-') == '------------'",
    ]);
  });

  it('matches regular expressions against the whole string (RE2 style)', () => {
    allTrue([
      "'abc'.matches('a.c')",
      "!'xabc'.matches('abc')",
      "!'abcx'.matches('abc')",
      "'(11) 98765-4321'.matches('^\\\\(\\\\d{2}\\\\) \\\\d{5}-\\\\d{4}$')",
      "'ABC'.matches('(?i)abc')",
      "'a|b'.matches('a[|]b')",
      "'user@example.com'.matches('.*@example[.]com')",
      // An unknown escape keeps its backslash, so '\.' reaches the regex as an escaped dot.
      "'a.com'.matches('.*\\.com') && !'acom'.matches('.*\\.com')",
    ]);
    allTrue([
      // RE2-only syntax is translated.
      "'abc'.matches('[[:alpha:]]+') && !'ab1'.matches('[[:alpha:]]+')",
      "'a.b'.matches('\\\\Qa.b\\\\E') && !'axb'.matches('\\\\Qa.b\\\\E')",
      "'é'.matches('\\\\pL') && 'x1'.matches('(?P<l>[a-z])\\\\d')",
    ]);
    allTrue([
      // RE2's \s is only [\t\n\f\r ] and its dot excludes only \n (JavaScript's differ).
      "'a b'.matches('a\\\\sb') && !'a\u00a0b'.matches('a\\\\sb') && 'a\u00a0b'.matches('a\\\\Sb')",
      "'a\u00a0b'.matches('a[^\\\\s]b') && !'a\u00a0b'.matches('a[\\\\s]b') && 'a\u2003b'.matches('a[\\\\S]b')",
      "'a\u2028b'.matches('a.b') && 'https://wa.me/55?text=Ol\u00e1\u00a0tudo'.matches('https?://[^\\\\s/?#]+\\\\S*')",
    ]);
    expect(why("'aa'.matches('(a)\\\\1')")).toContain('not RE2 syntax');
  });
});

describe('lists, maps and sets', () => {
  it('supports list methods, membership, indexing and slices', () => {
    allTrue([
      '[1, 2, 3].size() == 3',
      '2 in [1, 2, 3] && !(4 in [1, 2, 3])',
      '[1, 2, 3].hasAll([1, 3]) && !([1, 2].hasAll([1, 4]))',
      '[1, 2, 3].hasAny([9, 3]) && !([1].hasAny([]))',
      '[1, 2].hasOnly([1, 2, 3]) && !([1, 4].hasOnly([1, 2]))',
      "['a', 'b'].join('-') == 'a-b'",
      '[1].concat([2]) == [1, 2] && [1] + [2] == [1, 2]',
      '[1, 2, 3, 2].removeAll([2]) == [1, 3]',
      '[1, 1, 2].toSet() == [2, 1].toSet() && [1, 1, 2].toSet().size() == 2',
      '[10, 20, 30][1] == 20',
      '[10, 20, 30, 40][1:3] == [20, 30] && [1, 2, 3][:1] == [1] && [1, 2, 3][2:] == [3]',
      '[1, [2, 3]] == [1, [2, 3]]',
    ]);
    expect(why('[1][5] == 1')).toContain('Index out of range');
  });

  it('supports map access, keys, values, get with defaults and paths', () => {
    allTrue([
      "{'a': 1, 'b': 2}.size() == 2",
      "{'a': 1}.a == 1 && {'a': 1}['a'] == 1",
      "{'a': 1, 'b': 2}.keys().hasAll(['a', 'b'])",
      "{'a': 1}.values() == [1]",
      "'a' in {'a': 1} && !('z' in {'a': 1})",
      "{'a': 1}.get('z', 7) == 7 && {'a': 1}.get('a', 7) == 1",
      "{'a': {'b': {'c': 3}}}.get(['a', 'b', 'c'], 0) == 3",
      "{'a': {'b': 1}}.get(['a', 'x'], 'none') == 'none'",
      "{'a': 1, 'b': 2} == {'b': 2, 'a': 1}",
    ]);
  });

  it('computes map diffs from the calling map to the map passed to diff()', () => {
    const after = "{'same': 1, 'changed': 2, 'added': 1, 'numeric': 1.0}";
    const before = "{'same': 1, 'changed': 1, 'removed': 1, 'numeric': 1}";
    allTrue([
      // The examples of the rules.MapDiff reference.
      "{'a': 1}.diff({}).addedKeys() == ['a'].toSet()",
      "{}.diff({'a': 1}).removedKeys() == ['a'].toSet()",
      "{'a': 0}.diff({'a': 1, 'b': 4}).changedKeys() == ['a'].toSet()",
      "{'a': 0}.diff({'a': 0}).unchangedKeys() == ['a'].toSet()",
      "{'a': 0, 'c': 0, 'u': 0}.diff({'r': 0, 'c': 1, 'u': 0}).affectedKeys() == ['a', 'r', 'c'].toSet()",
      // request.resource.data.diff(resource.data) as update rules use it.
      `${after}.diff(${before}).addedKeys() == ['added'].toSet()`,
      `${after}.diff(${before}).removedKeys() == ['removed'].toSet()`,
      `${after}.diff(${before}).changedKeys() == ['changed'].toSet()`,
      `${after}.diff(${before}).unchangedKeys() == ['same', 'numeric'].toSet()`,
      `${after}.diff(${before}).affectedKeys().hasOnly(['added', 'removed', 'changed'])`,
    ]);
  });

  it('supports set algebra', () => {
    allTrue([
      '[1, 2, 3].toSet().difference([2].toSet()) == [1, 3].toSet()',
      '[1, 2, 3].toSet().intersection([2, 9].toSet()) == [2].toSet()',
      '[1].toSet().union([2].toSet()) == [1, 2].toSet()',
      '[1, 2].toSet().hasAll([1]) && [1, 2].toSet().hasAny([2, 5]) && [1].toSet().hasOnly([1, 2])',
      '2 in [1, 2].toSet()',
      '[1, 2].toSet() is set',
    ]);
  });
});

describe('timestamps, durations, latlng, bytes, paths', () => {
  const time = '2026-03-04T05:06:07.123456789Z';

  it('exposes request.time with accessors and arithmetic', () => {
    allTrue(
      [
        'request.time.year() == 2026 && request.time.month() == 3 && request.time.day() == 4',
        'request.time.hours() == 5 && request.time.minutes() == 6 && request.time.seconds() == 7',
        'request.time.nanos() == 123456789',
        'request.time.dayOfWeek() == 3 && request.time.dayOfYear() == 63',
        'request.time.toMillis() == 1772600767123',
        'request.time.date() == timestamp.date(2026, 3, 4)',
        "request.time.time() == duration.value(5, 'h') + duration.time(0, 6, 7, 123456789)",
        'request.time > timestamp.value(0) && timestamp.value(1000).toMillis() == 1000',
        "request.time + duration.value(1, 'd') > request.time",
        "request.time - duration.value(1, 'w') < request.time",
        'request.time - timestamp.date(2026, 3, 4) == duration.time(5, 6, 7, 123456789)',
        "duration.value(90, 's').seconds() == 90 && duration.value(1500, 'ms').nanos() == 500000000",
        "duration.abs(duration.value(-2, 'm')) == duration.value(120, 's')",
        'request.time is timestamp && duration.value(1, "s") is duration',
      ],
      { time },
    );
  });

  it('compares timestamps stored in documents with request.time', () => {
    const data = { created: new Date('2026-03-04T05:06:07.123Z') };
    expect(holds('resource.data.created < request.time', { time, data })).toBe(true);
    expect(
      holds('resource.data.created == request.time', { time: '2026-03-04T05:06:07.123Z', data }),
    ).toBe(true);
  });

  it('supports latlng, bytes and hashing', () => {
    allTrue([
      'latlng.value(10, 20).latitude() == 10 && latlng.value(10, 20).longitude() == 20',
      'latlng.value(0, 0).distance(latlng.value(0, 1)) > 111000',
      'latlng.value(0, 0).distance(latlng.value(0, 1)) < 111400',
      "b'abc'.size() == 3 && b'abc'.toBase64() == 'YWJj' && b'\\x0f'.toHexString() == '0F'",
      "'abc'.toUtf8() == b'abc'",
      "hashing.sha256('abc').toHexString().lower().matches('ba7816bf.*')",
      "hashing.md5(b'abc').toBase64() == 'kAFQmDzST7DWlj99KOF/cg=='",
      "hashing.crc32('123456789').toHexString() == 'CBF43926'",
      "hashing.crc32c('123456789').toHexString() == 'E3069283'",
    ]);
  });

  it('builds paths with interpolation and compares them', () => {
    allTrue(
      [
        '/databases/$(database)/documents/users/$(userId) == request.path',
        "request.path == path('/databases/' + database + '/documents/users/alice')",
        "request.path[4] == 'alice' && request.path is path",
        'resource.__name__ == /databases/$(database)/documents/users/alice',
        'exists(/databases/(default)/documents/users/alice) == false',
        "resource.id == 'alice'",
      ],
      { data: {} },
    );
  });
});

describe('request', () => {
  const auth = {
    uid: 'alice',
    token: {
      email: 'alice@example.com',
      email_verified: true,
      admin: true,
      level: 3,
      firebase: { sign_in_provider: 'password' },
    },
  };

  it('exposes auth uid and token claims', () => {
    allTrue(
      [
        "request.auth.uid == 'alice' && request.auth.uid == userId",
        "request.auth.token.email == 'alice@example.com' && request.auth.token.email_verified",
        'request.auth.token.admin == true && request.auth.token.level == 3 && request.auth.token.level is int',
        "request.auth.token.firebase.sign_in_provider == 'password'",
        "request.auth.token.get('missing', false) == false",
        "request.method == 'get'",
      ],
      { auth },
    );
    expect(holds('request.auth == null')).toBe(true);
    expect(why('request.auth.uid == "x"')).toBe("Null value error. for 'get' @ L5");
  });

  it('types stored values the way Firestore does', () => {
    const data = {
      s: 'x',
      i: 5,
      f: 1.5,
      b: true,
      n: null,
      l: [1, 'two'],
      m: { k: 'v' },
      t: new Date('2026-01-01T00:00:00Z'),
    };
    allTrue(
      [
        'resource.data.s is string && resource.data.i is int && resource.data.f is float',
        'resource.data.b is bool && resource.data.n == null && resource.data.l is list',
        'resource.data.m is map && resource.data.m.k == "v" && resource.data.t is timestamp',
        "resource.data.keys().hasOnly(['s', 'i', 'f', 'b', 'n', 'l', 'm', 't'])",
        "resource.data.l[1] == 'two'",
      ],
      { data },
    );
  });
});
