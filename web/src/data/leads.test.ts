import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { leadField, leadFieldNames, onEveryLead } from '@/domain/lead';
import { readLead } from './leads';

const created = new Date(2026, 10, 23, 10, 5);
const stored = {
  nome: 'Bruno Lima',
  whatsapp: '(79) 98888-7777',
  vaga: '[Conecta] Supervisor de Call Center',
  cidade: 'Aracaju - Atalaia',
  idade: 33,
  tempo_experiencia: 'Menos de 1 ano',
  source: { utm_source: 'facebook', utm_campaign: 'junho', fbclid: true },
  status: 'principal',
  created_at: Timestamp.fromDate(created),
  deleted_at: null,
  last_contacted_at: Timestamp.fromDate(created),
  assigned_to: 'rh@vagas.test',
  trash_undone_at: null,
  trash_batch: '2026-11-23T12:00:00.000Z-k3j2x9',
  consent_version: 'conecta-2026-11-25',
  submitted_at: Timestamp.fromDate(new Date(2026, 10, 23, 9, 50)),
  next_step: { kind: 'entrevista', due_at: Timestamp.fromDate(created), text: 'Trazer RG' },
  next_step_done_at: null,
  honeypot: '',
  fill_seconds: 37,
  screening: { score: 1, fast_fill: true },
};

/** A stored value for each field the fixture above does not name (one added to leadFields). */
const others = Object.fromEntries(
  leadFieldNames
    .filter((name) => !(name in stored))
    .map((name) => {
      const field = leadField(name);
      if (field.type === 'int') return [name, field.min];
      if (field.type === 'bool') return [name, true];
      if (field.type === 'text' || field.type === 'option') return [name, `${name} stored`];
      throw new Error(`give the fixture a stored ${name}`);
    }),
);

describe('readLead (the converter of leads/{id})', () => {
  it('reads back every field of the lead, the visit source included', () => {
    const lead = readLead('abc', { ...stored, ...others });
    expect(lead).toEqual({
      id: 'abc',
      ...stored,
      ...others,
      created_at: created,
      last_contacted_at: created,
      submitted_at: new Date(2026, 10, 23, 9, 50),
      next_step: { kind: 'entrevista', due_at: created, text: 'Trazer RG' },
    });
    // Every field of lead.ts leadFields comes back (a new field needs no converter change).
    expect(Object.keys(lead).sort()).toEqual(['id', ...leadFieldNames].sort());
  });

  it('leaves out what a root lead does not have, and the follow-up nobody wrote yet', () => {
    const { idade: _, tempo_experiencia: __, source: ___, ...withFollowUp } = stored;
    const {
      last_contacted_at: _c,
      assigned_to: _a,
      trash_undone_at: _u,
      trash_batch: _b,
      ...root
    } = withFollowUp;
    const lead = readLead('r', { ...root, vaga: 'Aux Serraria', cidade: 'Joazeiro' });
    expect(lead).not.toHaveProperty('idade');
    expect(lead).not.toHaveProperty('tempo_experiencia');
    expect(lead).not.toHaveProperty('source');
    expect(lead).not.toHaveProperty('last_contacted_at');
    expect(lead).not.toHaveProperty('assigned_to');
    expect(lead).not.toHaveProperty('trash_batch');
    expect(lead.vaga).toBe('Aux Serraria');
  });

  it('reads a malformed document without throwing: texts as text, wrong types left out', () => {
    const lead = readLead('m', {
      whatsapp: 79999,
      idade: '30',
      tempo_experiencia: 5,
      source: 'facebook',
      status: 'arquivado',
      created_at: 'ontem',
      deleted_at: Timestamp.fromDate(created),
    });
    // A text every lead has (nome, vaga, ...) reads as '' when the document lacks it.
    const missingTexts = Object.fromEntries(
      leadFieldNames
        .filter((name) => onEveryLead(name) && ['text', 'option'].includes(leadField(name).type))
        .map((name) => [name, '']),
    );
    expect(missingTexts).toHaveProperty('nome', '');
    expect(lead).toEqual({
      id: 'm',
      ...missingTexts,
      whatsapp: '79999',
      status: 'arquivado',
      created_at: null,
      deleted_at: created,
    });
  });

  it('reads a next step whole, null once cleared, and never half of one', () => {
    const due = Timestamp.fromDate(created);
    expect(readLead('n', { ...stored, next_step: null }).next_step).toBeNull();
    expect(
      readLead('n', { ...stored, next_step: { kind: 'retornar', due_at: due } }).next_step,
    ).toEqual({ kind: 'retornar', due_at: created });
    for (const broken of [
      { kind: 'retornar' },
      { due_at: due },
      { kind: 'retornar', due_at: 'amanhã' },
      'amanhã',
    ]) {
      expect(readLead('n', { ...stored, next_step: broken })).not.toHaveProperty('next_step');
    }
  });

  it('keeps only the known fields of a source, with their types', () => {
    const lead = readLead('s', { ...stored, source: { utm_medium: 'cpc', fbclid: 'yes', x: 1 } });
    expect(lead.source).toEqual({ utm_medium: 'cpc', fbclid: false });
  });
});
