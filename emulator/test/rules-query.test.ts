import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../src/service.js';
import {
  and,
  doc,
  fsValue,
  load,
  or,
  query,
  request,
  rules,
  where,
} from './rules-fixtures/harness.js';

const alice = { uid: 'alice', token: {} };

const rs = load(
  rules(
    [
      '    match /stories/{story} {', //                                                     L4
      '      allow list: if resource.data.published == true || resource.data.author == request.auth.uid;',
      '    }',
      '    match /scores/{id} {', //                                                          L7
      '      allow list: if resource.data.points > 10 && resource.data.points <= 100 && request.query.limit <= 20;',
      '    }',
      '    match /tagged/{id} {', //                                                          L10
      "      allow list: if 'public' in resource.data.tags || resource.data.tags.hasAny(['open']);",
      '    }',
      '    match /typed/{id} {', //                                                           L13
      "      allow list: if resource.data.n is number && resource.data.kind != 'secret';",
      '    }',
      '    match /owned/{id} {', //                                                           L16
      '      allow list: if get(/databases/$(database)/documents/groups/$(resource.data.group)).data.members.hasAny([request.auth.uid]);',
      '    }',
      '    match /named/{id} {', //                                                           L19
      "      allow list: if resource.id == 'mine' || resource.data.get('owner', null) == request.auth.uid;",
      '      allow get: if id == "mine";',
      '    }',
      '    match /{path=**}/comments/{c} {', //                                               L23
      '      allow list: if resource.data.visible == true;',
      '    }',
      '    match /ids/{id} {',
      '      allow list: if id != null && id is string && resource.id is string && request.auth != null;',
      '    }',
      '    match /open/{id} {',
      '      allow list: if request.query.offset == 0 && request.query.orderBy.score == "DESC";',
      '    }',
    ].join('\n'),
  ),
);

function list(
  collection: string,
  q: JsonObject,
  auth: { uid: string; token: object } | null = alice,
) {
  return rs.evaluate(
    request('list', collection, {
      auth: auth as never,
      query: query(collection.split('/').pop() ?? '', q),
    }),
  );
}

describe('rules are not filters', () => {
  it('allows a query whose equality filters guarantee the rule and denies an unconstrained one', () => {
    expect(list('stories', { where: where('published', 'EQUAL', true) }).allowed).toBe(true);
    expect(list('stories', { where: where('author', 'EQUAL', 'alice') }).allowed).toBe(true);
    expect(list('stories', { where: where('author', 'EQUAL', 'bob') })).toEqual({
      allowed: false,
      message: "false for 'list' @ L5",
    });
    expect(list('stories', {})).toEqual({ allowed: false, message: "false for 'list' @ L5" });
    expect(list('stories', { where: where('published', 'EQUAL', false) }).allowed).toBe(false);
  });

  it('checks every branch of IN and OR filters', () => {
    expect(list('stories', { where: where('author', 'IN', ['alice']) }).allowed).toBe(true);
    expect(list('stories', { where: where('author', 'IN', ['alice', 'bob']) }).allowed).toBe(false);
    expect(
      list('stories', {
        where: or(where('author', 'EQUAL', 'alice'), where('published', 'EQUAL', true)),
      }).allowed,
    ).toBe(true);
    expect(
      list('stories', {
        where: or(where('author', 'EQUAL', 'alice'), where('published', 'NOT_EQUAL', true)),
      }).allowed,
    ).toBe(false);
    expect(
      list('stories', {
        where: and(where('author', 'EQUAL', 'bob'), where('published', 'EQUAL', true)),
      }).allowed,
    ).toBe(true);
  });

  it('proves range conditions from range filters and checks the limit', () => {
    const within = and(
      where('points', 'GREATER_THAN', 50),
      where('points', 'LESS_THAN_OR_EQUAL', 100),
    );
    expect(list('scores', { where: within, limit: 20 }).allowed).toBe(true);
    expect(list('scores', { where: within, limit: 21 }).allowed).toBe(false);
    expect(list('scores', { where: within }).allowed).toBe(false);
    expect(list('scores', { where: where('points', 'GREATER_THAN', 50), limit: 5 }).allowed).toBe(
      false,
    );
    expect(
      list('scores', {
        where: and(where('points', 'GREATER_THAN_OR_EQUAL', 10), where('points', 'LESS_THAN', 100)),
        limit: 5,
      }).allowed,
    ).toBe(false);
    expect(list('scores', { where: where('points', 'EQUAL', 11), limit: 5 }).allowed).toBe(true);
    expect(list('scores', { where: where('points', 'IN', [11, 100]), limit: 5 }).allowed).toBe(
      true,
    );
    expect(list('scores', { where: where('points', 'IN', [11, 101]), limit: 5 }).allowed).toBe(
      false,
    );
  });

  it('understands array-contains and array-contains-any', () => {
    expect(list('tagged', { where: where('tags', 'ARRAY_CONTAINS', 'public') }).allowed).toBe(true);
    expect(list('tagged', { where: where('tags', 'ARRAY_CONTAINS', 'open') }).allowed).toBe(true);
    expect(list('tagged', { where: where('tags', 'ARRAY_CONTAINS', 'x') }).allowed).toBe(false);
    expect(
      list('tagged', { where: where('tags', 'ARRAY_CONTAINS_ANY', ['public', 'open']) }).allowed,
    ).toBe(true);
    expect(
      list('tagged', { where: where('tags', 'ARRAY_CONTAINS_ANY', ['public', 'x']) }).allowed,
    ).toBe(false);
  });

  it('derives types from range filters and inequality from != / not-in filters', () => {
    const ok = and(where('n', 'GREATER_THAN', 0), where('kind', 'NOT_EQUAL', 'secret'));
    expect(list('typed', { where: ok }).allowed).toBe(true);
    const notIn = and(where('n', 'LESS_THAN', 5), where('kind', 'NOT_IN', ['secret', 'hidden']));
    expect(list('typed', { where: notIn }).allowed).toBe(true);
    expect(
      list('typed', { where: and(where('n', 'GREATER_THAN', 'a'), where('kind', 'EQUAL', 'x')) })
        .allowed,
    ).toBe(false);
    expect(list('typed', { where: where('kind', 'EQUAL', 'public') }).allowed).toBe(false);
  });

  it('evaluates get() with a document id taken from an equality filter', () => {
    const group = doc('groups/g1', { members: ['alice'] });
    const run = (q: JsonObject) =>
      rs.evaluate(
        request('list', 'owned', { auth: alice, before: [group], query: query('owned', q) }),
      );
    expect(run({ where: where('group', 'EQUAL', 'g1') }).allowed).toBe(true);
    expect(run({ where: where('group', 'EQUAL', 'g2') })).toEqual({
      allowed: false,
      message: "Null value error. for 'list' @ L17",
    });
    expect(run({}).allowed).toBe(false);
  });

  it('uses __name__ filters and map get() defaults', () => {
    const mine = { referenceValue: 'projects/demo-rules/databases/(default)/documents/named/mine' };
    expect(
      list('named', {
        where: { fieldFilter: { field: { fieldPath: '__name__' }, op: 'EQUAL', value: mine } },
      }).allowed,
    ).toBe(true);
    expect(list('named', { where: where('owner', 'EQUAL', 'alice') }).allowed).toBe(true);
    expect(list('named', { where: where('owner', 'EQUAL', 'bob') }).allowed).toBe(false);
    expect(list('named', {}).allowed).toBe(false);
  });

  it('applies recursive-wildcard rules to collection group queries only', () => {
    const group = (q: JsonObject) =>
      rs.evaluate(
        request('list', 'comments', {
          auth: alice,
          query: { from: [{ collectionId: 'comments', allDescendants: true }], ...q },
        }),
      );
    expect(group({ where: where('visible', 'EQUAL', true) }).allowed).toBe(true);
    expect(group({}).allowed).toBe(false);
    expect(list('stories/s1/comments', { where: where('visible', 'EQUAL', true) }).allowed).toBe(
      true,
    );
    expect(list('stories', { where: where('visible', 'EQUAL', true) }).allowed).toBe(false);
  });

  it('knows that the listed document id is a present string, and nothing more', () => {
    expect(list('ids', {}).allowed).toBe(true);
    expect(list('ids', {}, null)).toEqual({ allowed: false, message: "false for 'list' @ L27" });
  });

  it('never allows a query with an operator it does not know (no silent fall-through)', () => {
    const unknown = {
      where: {
        fieldFilter: { field: { fieldPath: 'published' }, op: 'SOUNDS_LIKE', value: fsValue(true) },
      },
    };
    expect(list('stories', unknown)).toEqual({
      allowed: false,
      message: 'Unsupported field filter op: SOUNDS_LIKE',
    });
  });

  it('exposes offset and orderBy of the query', () => {
    const order = [{ field: { fieldPath: 'score' }, direction: 'DESCENDING' }];
    expect(list('open', { orderBy: order }).allowed).toBe(true);
    expect(list('open', { orderBy: order, offset: 3 }).allowed).toBe(false);
    expect(
      list('open', { orderBy: [{ field: { fieldPath: 'score' }, direction: 'ASCENDING' }] })
        .allowed,
    ).toBe(false);
  });

  it('evaluates get on a document with the concrete resource', () => {
    const story = doc('stories/s', { published: false, author: 'bob' });
    expect(fsValue(1)).toEqual({ integerValue: '1' });
    expect(rs.evaluate(request('get', 'named/mine')).allowed).toBe(true);
    expect(rs.evaluate(request('get', 'stories/s', { resource: story })).allowed).toBe(false);
  });
});
