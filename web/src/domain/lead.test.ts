import { describe, expect, test } from 'vitest';
import {
  callCenterLeadFields,
  fieldOptions,
  leadSourceTextFields,
  leadSourceTextLimits,
  managedLeadFields,
  optionalLeadFields,
  pinnedLeadFields,
  formHoneypotFields,
  formInputFields,
  rootLeadFields,
  serverLeadFields,
} from './lead';
import { cellText, columnLabel, exportText, listColumns, trashColumns } from './lead-columns';
import { qualifiedExportHeader } from './lead-export';
import { callCenterLocalities, experienceOptions, rootJobs } from './options';
import { aLead } from './testing/lead-samples';

describe('the lead table (lead.ts leadFields)', () => {
  test('says which form writes which field', () => {
    expect(rootLeadFields).toEqual(['nome', 'whatsapp', 'vaga', 'cidade', 'consent_version']);
    expect(callCenterLeadFields).toEqual([
      'nome',
      'whatsapp',
      'vaga',
      'cidade',
      'idade',
      'tempo_experiencia',
      'consent_version',
    ]);
    expect(optionalLeadFields).toEqual(['source', 'submitted_at', 'honeypot', 'fill_seconds']);
    expect(serverLeadFields).toEqual(['screening']);
    // The honeypot is no field a candidate fills in: it never shows among the inputs.
    expect(formInputFields('root')).toEqual(['nome', 'whatsapp', 'vaga', 'cidade']);
    expect(formHoneypotFields('root')).toEqual(['honeypot']);
    expect(formHoneypotFields('callCenter')).toEqual(['honeypot']);
    expect(pinnedLeadFields).toEqual(['status', 'created_at', 'deleted_at']);
    expect(managedLeadFields).toEqual([
      'status',
      'deleted_at',
      'last_contacted_at',
      'assigned_to',
      'trash_undone_at',
      'trash_batch',
      'next_step',
      'next_step_done_at',
    ]);
    expect(leadSourceTextFields).toEqual(['utm_source', 'utm_medium', 'utm_campaign']);
    expect(leadSourceTextLimits).toEqual({ min: 1, max: 100 });
  });

  test("gives each form's options", () => {
    expect(fieldOptions('vaga', 'root')).toEqual(rootJobs);
    expect(fieldOptions('vaga', 'callCenter')?.[0]).toBe('[Conecta] Operador de Call Center');
    expect(fieldOptions('cidade', 'callCenter')).toEqual(callCenterLocalities);
    expect(fieldOptions('tempo_experiencia', 'callCenter')).toEqual(experienceOptions);
    expect(fieldOptions('tempo_experiencia', 'root')).toBeNull();
    expect(fieldOptions('nome', 'root')).toBeNull();
  });

  test('gives the columns of the list, Lixeira and the CSV, as docs/product.md names them', () => {
    expect(listColumns.map(columnLabel)).toEqual([
      'Nome',
      'WhatsApp',
      'Vaga',
      'Cidade',
      'Idade',
      'Experiência',
      'Status',
      'Data',
      'Último contato',
      'Próximo passo',
    ]);
    expect(trashColumns.map(columnLabel)).toEqual([
      'Nome',
      'WhatsApp',
      'Vaga',
      'Cidade',
      'Status',
      'Data Exclusão',
    ]);
    // The exports hold the list's columns but the next step (a plan, not a fact about the
    // candidate), then who is responsible.
    expect(qualifiedExportHeader).toEqual([
      ...listColumns.filter((name) => name !== 'next_step').map(columnLabel),
      'Responsável',
    ]);
  });

  test('cells: dates as dd/mm/aaaa hh:mm, a dash (in the CSV: nothing) for what a lead lacks', () => {
    const lead = aLead({ idade: 30, created_at: new Date(2026, 10, 23, 8, 5), deleted_at: null });
    expect(cellText(lead, 'idade')).toBe('30');
    expect(cellText(lead, 'tempo_experiencia')).toBe('-');
    expect(cellText(lead, 'created_at')).toBe('23/11/2026 08:05');
    expect(cellText(lead, 'deleted_at')).toBe('-');
    expect(exportText(lead, 'tempo_experiencia')).toBe('');
    expect(exportText(lead, 'deleted_at')).toBe('');
    expect(cellText(lead, 'next_step')).toBe('-');
    const step = { kind: 'entrevista', due_at: new Date(2026, 10, 27, 14, 0) };
    expect(cellText({ ...lead, next_step: step }, 'next_step')).toBe(
      'Entrevista em 27/11/2026 14:00',
    );
    expect(cellText({ ...lead, next_step: { ...step, text: 'Trazer RG' } }, 'next_step')).toBe(
      'Entrevista em 27/11/2026 14:00 · Trazer RG',
    );
    expect(cellText({ ...lead, next_step: null }, 'next_step')).toBe('-');
  });
});
