import { serverTimestamp } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { consentNotes } from '../domain/consent';
import { newLeadDocument } from './lead-write';

describe('newLeadDocument (what setNewLead writes)', () => {
  it("is the form's fields plus status 'novo', created_at the server's time, deleted_at null", () => {
    const input = {
      nome: 'Ana Souza',
      whatsapp: '(75) 99999-1234',
      vaga: 'Aux Serraria',
      cidade: 'Joazeiro',
      consent_version: consentNotes.root.version,
      source: { utm_source: 'facebook', fbclid: true },
    };
    const { created_at, ...rest } = newLeadDocument(input);
    expect(rest).toEqual({ ...input, status: 'novo', deleted_at: null });
    expect(created_at.isEqual(serverTimestamp())).toBe(true);
    expect(Object.keys(newLeadDocument(input))).toEqual([
      'nome',
      'whatsapp',
      'vaga',
      'cidade',
      'consent_version',
      'source',
      'status',
      'created_at',
      'deleted_at',
    ]);
  });

  it("is set aside ('suspeito') when its honeypot is filled or its DDD is not in use", () => {
    const input = {
      nome: 'Ana Souza',
      whatsapp: '(75) 99999-1234',
      vaga: 'Aux Serraria',
      cidade: 'Joazeiro',
      consent_version: consentNotes.root.version,
      honeypot: '',
      fill_seconds: 42,
    };
    expect(newLeadDocument(input).status).toBe('novo');
    expect(newLeadDocument({ ...input, honeypot: 'http://spam.example' }).status).toBe('suspeito');
    expect(newLeadDocument({ ...input, whatsapp: '(20) 99999-1234' }).status).toBe('suspeito');
    // A fast fill is the server's to weigh (with the other leads): stored as new.
    expect(newLeadDocument({ ...input, fill_seconds: 0 }).status).toBe('novo');
  });
});
