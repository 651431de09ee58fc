import { describe, expect, test } from 'vitest';
import { candidateCsv, candidateJson, exportFileName, type CandidateData } from './candidate-data';

const data: CandidateData = {
  whatsapp: '(75) 98123-4567',
  leads: [
    {
      id: 'a',
      data: {
        nome: '=Ana',
        whatsapp: '(75) 98123-4567',
        deleted_at: null,
        source: { fbclid: true },
      },
      subcollections: { notes: [{ id: 'n', data: { text: 'oi' } }] },
    },
    {
      id: 'b',
      data: { nome: 'Ana', idade: 30, deleted_at: '2026-06-01T00:00:00.000Z' },
      subcollections: {},
    },
  ],
};

describe('a candidate’s export', () => {
  test('CSV: one row per lead, every field, subcollections as JSON, formulas escaped', async () => {
    const csv = await candidateCsv(data);
    const [header, first, second] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('id;deleted_at;idade;nome;source;whatsapp;notes');
    expect(first).toContain(`'=Ana`);
    expect(first).toContain('{""fbclid"":true}');
    expect(first).toContain('[{""id"":""n"",""data"":{""text"":""oi""}}]');
    expect(second.startsWith('b;2026-06-01T00:00:00.000Z;30;Ana;;;')).toBe(true);
  });

  test('JSON keeps everything; file names carry the number, never the name', () => {
    expect(JSON.parse(candidateJson(data))).toEqual(data);
    expect(exportFileName(data, 'csv')).toBe('candidato_75981234567.csv');
  });
});
