import { describe, expect, test } from 'vitest';
import { consentNotes } from './consent';
import { callCenterVaga } from './lead';
import {
  emptyCallCenterForm,
  emptyRootForm,
  isCallCenterFormComplete,
  isRootFormComplete,
  toCallCenterLead,
  toRootLead,
  type CallCenterFormValues,
} from './lead-form';

const root = {
  nome: 'Ana Souza',
  whatsapp: '(75) 99999-1234',
  vaga: 'Aux Serraria',
  cidade: 'Joazeiro',
  consent_version: consentNotes.root.version,
};
const callCenter: CallCenterFormValues = {
  nome: 'Bruno Lima',
  whatsapp: '(79) 98888-7777',
  vaga: 'Consultor de Vendas',
  cidade: 'Aracaju - Jardins',
  idade: 24,
  tempo_experiencia: '1 a 2 anos',
  consent_version: consentNotes.callCenter.version,
};

describe('required fields', () => {
  test('the root form needs nome, whatsapp, vaga and cidade', () => {
    expect(isRootFormComplete(root)).toBe(true);
    for (const field of ['nome', 'whatsapp', 'vaga', 'cidade'] as const) {
      expect(isRootFormComplete({ ...root, [field]: '' }), field).toBe(false);
    }
    expect(isRootFormComplete({ ...root, nome: '   ' })).toBe(false);
  });

  test('the call-center form also needs idade and tempo_experiencia', () => {
    expect(isCallCenterFormComplete(callCenter)).toBe(true);
    expect(isCallCenterFormComplete(emptyCallCenterForm)).toBe(false);
    for (const field of [
      'nome',
      'whatsapp',
      'vaga',
      'cidade',
      'idade',
      'tempo_experiencia',
    ] as const) {
      expect(isCallCenterFormComplete({ ...callCenter, [field]: '' }), field).toBe(false);
    }
  });
});

describe('stored fields', () => {
  test('the root lead has exactly nome, whatsapp, vaga, cidade and the consent version (nome trimmed)', () => {
    expect(toRootLead({ ...root, nome: '  Ana Souza ' })).toEqual(root);
    expect(Object.keys(toRootLead(root)).sort()).toEqual([
      'cidade',
      'consent_version',
      'nome',
      'vaga',
      'whatsapp',
    ]);
  });

  test('each empty form already holds the version of the consent note it shows', () => {
    expect(emptyRootForm.consent_version).toBe(consentNotes.root.version);
    expect(emptyCallCenterForm.consent_version).toBe(consentNotes.callCenter.version);
    expect(emptyRootForm.nome).toBe('');
  });

  test('the call-center lead prefixes vaga with [Conecta] and stores idade as an integer', () => {
    expect(callCenterVaga('Operador de Call Center')).toBe('[Conecta] Operador de Call Center');
    expect(toCallCenterLead({ ...callCenter, idade: '31' })).toEqual({
      nome: 'Bruno Lima',
      whatsapp: '(79) 98888-7777',
      vaga: '[Conecta] Consultor de Vendas',
      cidade: 'Aracaju - Jardins',
      idade: 31,
      tempo_experiencia: '1 a 2 anos',
      consent_version: consentNotes.callCenter.version,
    });
  });

  test('idade stays within 16..70 like the input', () => {
    expect(toCallCenterLead({ ...callCenter, idade: 12 }).idade).toBe(16);
    expect(toCallCenterLead({ ...callCenter, idade: 99 }).idade).toBe(70);
  });
});
