/**
 * The admin's lead columns, from lead.ts `leadFields` (label, and where each column is shown): the
 * Leads list (table and cards), Lixeira, and the 'Exportar Qualificados' CSV; with each cell's text.
 */
import {
  leadField,
  leadFieldNames,
  type Lead,
  type LeadColumnPlace,
  type LeadFieldName,
} from './lead';
import { formatDateTime } from './lead-list-view';
import { nextStepCell } from './next-step';

/** The fields shown in `place`, in the table's order. */
export function leadColumns(place: LeadColumnPlace): LeadFieldName[] {
  return leadFieldNames.filter((name) => leadField(name).shownIn?.includes(place));
}

/** A column's header. */
export function columnLabel(name: LeadFieldName): string {
  return leadField(name).label ?? name;
}

export const listColumns = leadColumns('list');
export const trashColumns = leadColumns('trash');
export const exportColumns = leadColumns('export');

/**
 * What a table or a card shows for a field: dates as dd/mm/aaaa hh:mm, a next step as 'Retornar em
 * 27/11/2026 14:00 · its text', '-' for a missing value.
 */
export function cellText(lead: Lead, name: LeadFieldName, missing = '-'): string {
  const value: unknown = lead[name];
  if (value instanceof Date) return formatDateTime(value);
  if (name === 'next_step' && lead.next_step) return nextStepCell(lead.next_step);
  if (value === undefined || value === null || value === '' || typeof value === 'object') {
    return missing;
  }
  return String(value);
}

/** What the CSV holds for a field: the cell's text, empty for a missing value. */
export function exportText(lead: Lead, name: LeadFieldName): string {
  return cellText(lead, name, '');
}
