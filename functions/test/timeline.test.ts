import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it, vi } from 'vitest';
import {
  entryId,
  excerptMaxLength,
  leadChanges,
  noteChanges,
  sameValue,
  timelineEntries,
} from '../src/timeline.js';
import { actorResolver } from '../src/timeline-writer.js';

const t = (seconds: number) => new Timestamp(seconds, 0);
const lead = (overrides: Record<string, unknown> = {}) => ({
  nome: 'Ana',
  status: 'novo',
  created_at: t(100),
  deleted_at: null,
  ...overrides,
});

describe('leadChanges', () => {
  it('a status change, from and to', () => {
    expect(leadChanges(lead(), lead({ status: 'principal' }))).toEqual([
      { kind: 'status', from: 'novo', to: 'principal', excerpt: null },
    ]);
  });

  it('trash, restore from the Lixeira, and restore by Desfazer (the mark changed)', () => {
    expect(leadChanges(lead(), lead({ deleted_at: t(200) })).map((c) => c.kind)).toEqual([
      'trashed',
    ]);
    expect(leadChanges(lead({ deleted_at: t(200) }), lead()).map((c) => c.kind)).toEqual([
      'restored',
    ]);
    expect(
      leadChanges(lead({ deleted_at: t(200) }), lead({ trash_undone_at: t(201) })).map(
        (c) => c.kind,
      ),
    ).toEqual(['restored_undo']);
    // An old mark left from an earlier undo does not make a later restore an undo.
    expect(
      leadChanges(
        lead({ deleted_at: t(300), trash_undone_at: t(201) }),
        lead({ trash_undone_at: t(201) }),
      ).map((c) => c.kind),
    ).toEqual(['restored']);
  });

  it('contact recorded each time last_contacted_at moves; responsible from and to', () => {
    expect(
      leadChanges(lead({ last_contacted_at: t(1) }), lead({ last_contacted_at: t(2) })),
    ).toEqual([{ kind: 'contacted', from: null, to: null, excerpt: null }]);
    expect(leadChanges(lead(), lead({ assigned_to: 'a@x.com' }))).toEqual([
      { kind: 'assigned', from: null, to: 'a@x.com', excerpt: null },
    ]);
    expect(leadChanges(lead({ assigned_to: 'a@x.com' }), lead({ assigned_to: null }))).toEqual([
      { kind: 'assigned', from: 'a@x.com', to: null, excerpt: null },
    ]);
  });

  it('several changes in one write give one entry each, in a fixed order', () => {
    const after = lead({
      deleted_at: t(5),
      status: 'descartado',
      last_contacted_at: t(5),
      assigned_to: 'b@x.com',
    });
    expect(leadChanges(lead(), after).map((c) => c.kind)).toEqual([
      'trashed',
      'status',
      'contacted',
      'assigned',
    ]);
  });

  it('nothing for a new application, a deletion, a form retry or an unchanged write', () => {
    expect(leadChanges(undefined, lead())).toEqual([]);
    expect(leadChanges(lead(), undefined)).toEqual([]);
    expect(leadChanges(lead(), lead({ created_at: t(101) }))).toEqual([]);
    expect(
      leadChanges(lead({ deleted_at: t(9) }), lead({ deleted_at: new Timestamp(9, 0) })),
    ).toEqual([]);
  });
});

describe('leadChanges: the next step', () => {
  const step = (kind: string, seconds: number, text?: string) => ({
    kind,
    due_at: t(seconds),
    ...(text === undefined ? {} : { text }),
  });
  const at = (seconds: number) => new Date(seconds * 1000);

  it('set where there was none, with its kind, date and text', () => {
    expect(leadChanges(lead(), lead({ next_step: step('retornar', 500, 'Ligar') }))).toEqual([
      {
        kind: 'next_step_set',
        from: null,
        to: 'retornar',
        excerpt: 'Ligar',
        due_from: null,
        due_to: at(500),
      },
    ]);
    // A lead whose step was removed before (null) is the same as one that never had one.
    expect(
      leadChanges(lead({ next_step: null }), lead({ next_step: step('entrevista', 9) }))[0],
    ).toMatchObject({ kind: 'next_step_set', to: 'entrevista', excerpt: null, due_to: at(9) });
  });

  it('changed: another kind, another date or another text; the same step is no change', () => {
    const before = lead({ next_step: step('retornar', 500, 'Ligar') });
    expect(leadChanges(before, lead({ next_step: step('entrevista', 600) }))).toEqual([
      {
        kind: 'next_step_changed',
        from: 'retornar',
        to: 'entrevista',
        excerpt: null,
        due_from: at(500),
        due_to: at(600),
      },
    ]);
    expect(leadChanges(before, lead({ next_step: step('retornar', 500, 'Ligar às 14h') }))).toEqual(
      [expect.objectContaining({ kind: 'next_step_changed', excerpt: 'Ligar às 14h' })],
    );
    // A copy of the same step (a new map, an equal timestamp) changes nothing.
    expect(leadChanges(before, lead({ next_step: step('retornar', 500, 'Ligar') }))).toEqual([]);
  });

  it("done ('Concluir' stamps its mark in the same write) or removed", () => {
    const before = lead({
      next_step: step('entrevista', 700, 'Trazer RG'),
      next_step_done_at: t(1),
    });
    const done = leadChanges(before, lead({ next_step: null, next_step_done_at: t(800) }));
    expect(done).toEqual([
      {
        kind: 'next_step_done',
        from: 'entrevista',
        to: null,
        excerpt: 'Trazer RG',
        due_from: at(700),
        due_to: null,
      },
    ]);
    // The mark left as it was: a removal, even though an old 'Concluir' left it set.
    const removed = leadChanges(before, lead({ next_step: null, next_step_done_at: t(1) }));
    expect(removed.map((c) => c.kind)).toEqual(['next_step_cleared']);
  });

  it('comes after the responsible when one write sets both (the step makes its author responsible)', () => {
    const after = lead({ assigned_to: 'a@x.com', next_step: step('retornar', 5) });
    expect(leadChanges(lead(), after).map((c) => c.kind)).toEqual(['assigned', 'next_step_set']);
  });
});

describe('noteChanges', () => {
  const note = (text: string) => ({ text, author_uid: 'u', updated_at: t(1) });

  it('added, edited (text changed) and deleted, with the text', () => {
    expect(noteChanges(undefined, note('Oi'))).toEqual([
      { kind: 'note_added', from: null, to: null, excerpt: 'Oi' },
    ]);
    expect(noteChanges(note('Oi'), note('Olá'))[0]).toMatchObject({
      kind: 'note_edited',
      excerpt: 'Olá',
    });
    expect(noteChanges(note('Oi'), undefined)[0]).toMatchObject({
      kind: 'note_deleted',
      excerpt: 'Oi',
    });
    expect(noteChanges(note('Oi'), { ...note('Oi'), updated_at: t(2) })).toEqual([]);
  });

  it(`keeps at most ${excerptMaxLength} characters of the text (emoji counted once)`, () => {
    const excerpt = noteChanges(undefined, note('😀'.repeat(2000)))[0]!.excerpt!;
    expect([...excerpt]).toHaveLength(excerptMaxLength);
    expect(excerpt.endsWith('…')).toBe(true);
  });
});

describe('timeline entries', () => {
  it('carry the writer and the time; only an end user has a uid', () => {
    const at = new Date(Date.UTC(2026, 0, 2));
    const [change] = leadChanges(lead(), lead({ status: 'separado' }));
    expect(
      timelineEntries([change!], { type: 'app_user', id: 'u1', email: 'a@x.com' }, at),
    ).toEqual([
      {
        ...change,
        at,
        actor_type: 'app_user',
        actor_uid: 'u1',
        actor_email: 'a@x.com',
      },
    ]);
    expect(
      timelineEntries([change!], { type: 'service_account', id: 'sa@x', email: null }, at)[0],
    ).toMatchObject({ actor_type: 'service_account', actor_uid: null, actor_email: null });
  });

  it('ids come from the event, so a repeated delivery rewrites the same entries', () => {
    expect(entryId('abc-123', 0)).toBe(entryId('abc-123', 0));
    expect(entryId('abc-123', 0)).not.toBe(entryId('abc-123', 1));
    expect(entryId('a/b:c', 2)).toBe('a_b_c-2');
  });

  it('compares timestamps by instant', () => {
    expect(sameValue(new Timestamp(5, 7), new Timestamp(5, 7))).toBe(true);
    expect(sameValue(new Timestamp(5, 7), new Timestamp(5, 8))).toBe(false);
    expect(sameValue('a', 'a')).toBe(true);
    expect(sameValue(null, undefined)).toBe(false);
  });
});

describe('actorResolver', () => {
  it('looks up an end user email once per uid; the server and visitors have none', async () => {
    const lookup = vi.fn(async (uid: string) => `${uid}@vagas.test`);
    const resolve = actorResolver(lookup);
    expect(await resolve('app_user', 'u1')).toEqual({
      type: 'app_user',
      id: 'u1',
      email: 'u1@vagas.test',
    });
    await resolve('app_user', 'u1');
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(await resolve('admin', undefined)).toEqual({ type: 'admin', id: null, email: null });
    expect(await resolve('unauthenticated', undefined)).toMatchObject({ email: null });
    expect(await resolve(undefined, undefined)).toMatchObject({ type: 'unknown' });
  });

  it('a failed lookup gives no email and is tried again next time', async () => {
    const lookup = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue('x@y.z');
    const resolve = actorResolver(lookup);
    expect((await resolve('app_user', 'u1')).email).toBeNull();
    expect((await resolve('app_user', 'u1')).email).toBe('x@y.z');
  });
});
