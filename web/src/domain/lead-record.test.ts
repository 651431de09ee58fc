import { describe, expect, it } from 'vitest';
import { callCenterVaga } from './lead';
import { fillTemplate, whatsappMessageLink, whatsappVariants } from './lead-record';
import { aLead } from './testing/lead-samples';

const lead = aLead({ nome: '  Maria  da Silva ', vaga: callCenterVaga('Operador de Call Center') });

describe('message templates', () => {
  it('fills each placeholder with the lead, the vaga without its employer prefix', () => {
    expect(
      fillTemplate(
        'Olá {primeiro_nome} ({nome}), recebemos sua candidatura para {vaga} em {cidade}.',
        lead,
      ),
    ).toBe(
      `Olá Maria (  Maria  da Silva ), recebemos sua candidatura para Operador de Call Center em ${lead.cidade}.`,
    );
  });

  it('leaves unknown placeholders and other braces as they are', () => {
    expect(fillTemplate('{desconhecido} {Nome} {} {nome}{nome}', lead)).toBe(
      '{desconhecido} {Nome} {}   Maria  da Silva   Maria  da Silva ',
    );
  });

  it('a root-page vaga has no prefix to drop', () => {
    expect(fillTemplate('{vaga}', { ...lead, vaga: 'Aux Serraria' })).toBe('Aux Serraria');
  });

  it('opens wa.me with the text encoded, or with no text', () => {
    expect(whatsappMessageLink('(79) 99999-1234')).toBe('https://wa.me/5579999991234');
    expect(whatsappMessageLink('(79) 99999-1234', 'Olá & até já?')).toBe(
      'https://wa.me/5579999991234?text=Ol%C3%A1%20%26%20at%C3%A9%20j%C3%A1%3F',
    );
  });
});

describe('whatsappVariants', () => {
  it('finds the masked and the bare-digit spellings of one number', () => {
    expect(whatsappVariants('(79) 99999-1234').sort()).toEqual(['(79) 99999-1234', '79999991234']);
    expect(whatsappVariants('79999991234').sort()).toEqual(['(79) 99999-1234', '79999991234']);
  });
});
