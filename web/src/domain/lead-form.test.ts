import { checkValue, formatSamples } from '@vagas/common';
import { describe, expect, test } from 'vitest';
import { consentNotes } from './consent';
import {
  callCenterLeadFields,
  callCenterVaga,
  formInputFields,
  leadFields,
  rootLeadFields,
  valueFormatOf,
} from './lead';
import {
  emptyCallCenterForm,
  emptyRootForm,
  formChoices,
  formProblems,
  isFormComplete,
  optionChoice,
  toLead,
  type CallCenterFormValues,
  type RootFormValues,
} from './lead-form';
import { exampleFormValues } from './testing/lead-samples';

/** Each form filled in, at the table's examples. */
const root: RootFormValues = exampleFormValues('root');
const callCenter: CallCenterFormValues = exampleFormValues('callCenter');

describe('what each form asks for', () => {
  test('each page asks for every field it writes (lead.test.ts names them) but the consent version, which it fills itself', () => {
    const asked = (fields: readonly string[]) =>
      fields.filter((name) => name !== 'consent_version');
    expect(formInputFields('root')).toEqual(asked(rootLeadFields));
    expect(formInputFields('callCenter')).toEqual(asked(callCenterLeadFields));
  });

  test('the selects list each form its options, the call-center ones grouped and without the prefix', () => {
    expect(formChoices('vaga', 'root').map((c) => c.label)).toEqual([
      'Aux Eletricista',
      'Aux Serraria',
      'Aux Metalúgica',
      'Sem Experiencia',
    ]);
    expect(formChoices('vaga', 'callCenter')[0]).toEqual({
      value: '[Conecta] Operador de Call Center',
      label: 'Operador de Call Center',
    });
    expect(formChoices('cidade', 'callCenter').at(-1)).toEqual({
      value: 'Região Metropolitana - Barra dos Coqueiros',
      group: 'Região Metropolitana',
      label: 'Barra dos Coqueiros',
    });
    expect(formChoices('cidade', 'root')[0]).toEqual({
      value: 'Sede – Conceição do Coité',
      label: 'Sede – Conceição do Coité',
    });
    expect(optionChoice('vaga', callCenterVaga('Consultor de Vendas')).label).toBe(
      'Consultor de Vendas',
    );
  });
});

describe('required fields', () => {
  test('the root form needs nome, whatsapp, vaga and cidade', () => {
    expect(isFormComplete('root', root)).toBe(true);
    for (const field of ['nome', 'whatsapp', 'vaga', 'cidade'] as const) {
      expect(formProblems('root', { ...root, [field]: '' }), field).toEqual({ [field]: 'empty' });
    }
    expect(formProblems('root', { ...root, nome: '   ' })).toEqual({ nome: 'empty' });
  });

  test('the call-center form also needs idade and tempo_experiencia', () => {
    expect(isFormComplete('callCenter', callCenter)).toBe(true);
    expect(isFormComplete('callCenter', emptyCallCenterForm)).toBe(false);
    for (const field of formInputFields('callCenter')) {
      expect(formProblems('callCenter', { ...callCenter, [field]: '' }), field).toEqual({
        [field]: 'empty',
      });
    }
  });
});

describe('values that cannot be sent', () => {
  test('a WhatsApp number is checked by the phone format every layer shares', () => {
    for (const whatsapp of formatSamples.phone.valid) {
      expect(formProblems('root', { ...root, whatsapp }), whatsapp).toEqual({});
    }
    // An invalid number is refused, or written by the mask into a number the format accepts:
    // nothing the rules would refuse is ever sent.
    for (const whatsapp of formatSamples.phone.invalid.filter((sample) => sample !== '')) {
      if (!formProblems('root', { ...root, whatsapp }).whatsapp) {
        const stored = toLead('root', { ...root, whatsapp }).whatsapp;
        expect(stored, whatsapp).not.toBe(whatsapp);
        expect(checkValue(valueFormatOf('whatsapp', 'root'), stored), whatsapp).toBeNull();
      }
    }
    expect(formProblems('root', { ...root, whatsapp: '(75) 9812-345' })).toEqual({
      whatsapp: 'invalid',
    });
  });

  test('an age outside 16..70, or not a whole number, is not sent', () => {
    for (const idade of [15, 71, '12', '2.5', 'x']) {
      expect(formProblems('callCenter', { ...callCenter, idade }), String(idade)).toEqual({
        idade: 'invalid',
      });
    }
    for (const idade of [16, '70', ' 33 ']) {
      expect(formProblems('callCenter', { ...callCenter, idade }), String(idade)).toEqual({});
    }
  });

  test('an option the form does not offer (a draft from before a list changed) is not sent', () => {
    expect(formProblems('callCenter', { ...callCenter, vaga: 'Consultor de Vendas' })).toEqual({
      vaga: 'invalid',
    });
    expect(formProblems('root', { ...root, vaga: callCenter.vaga })).toEqual({ vaga: 'invalid' });
  });

  test('a name longer than the table allows is not sent', () => {
    const nome = 'a'.repeat(leadFields.nome.max + 1);
    expect(formProblems('root', { ...root, nome })).toEqual({ nome: 'invalid' });
  });
});

describe('stored fields', () => {
  test('the root lead has exactly the fields the root page writes, the consent version included (nome trimmed)', () => {
    expect(toLead('root', { ...root, nome: `  ${root.nome} ` })).toEqual(root);
    expect(Object.keys(toLead('root', root))).toEqual(rootLeadFields);
    expect(rootLeadFields).toContain('consent_version');
  });

  test('each empty form already holds the version of the consent note it shows', () => {
    expect(emptyRootForm.consent_version).toBe(consentNotes.root.version);
    expect(emptyCallCenterForm.consent_version).toBe(consentNotes.callCenter.version);
    expect(emptyRootForm.nome).toBe('');
  });

  test('the call-center lead keeps vaga with the [Conecta] prefix and stores idade as an integer', () => {
    expect(callCenterVaga('Operador de Call Center')).toBe('[Conecta] Operador de Call Center');
    const vaga = callCenterVaga('Consultor de Vendas');
    expect(toLead('callCenter', { ...callCenter, vaga, idade: '31' })).toEqual({
      ...callCenter,
      vaga: '[Conecta] Consultor de Vendas',
      idade: 31,
    });
  });

  test('a phone is stored as its format writes it', () => {
    expect(toLead('root', { ...root, whatsapp: ' 75999991234 ' }).whatsapp).toBe('(75) 99999-1234');
  });
});
