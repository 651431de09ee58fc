/**
 * The admin lists' pure logic: search, filters, counters, the distinct jobs, duplicate phones,
 * the WhatsApp link and pt-BR dates. No React or Firebase: the tabs memoise these over the live list.
 */
import { digitsOf } from '@vagas/common';
import type { Lead, LeadStatus } from './lead';

/** Lower-case text without accents, for accent- and case-insensitive search. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** The WhatsApp chat address of a Brazilian number: https://wa.me/55<digits>. */
export function whatsappLink(whatsapp: string): string {
  return `https://wa.me/55${digitsOf(whatsapp)}`;
}

const two = (n: number) => String(n).padStart(2, '0');

/** `dd/mm/aaaa hh:mm` in the browser's time zone; '-' when there is no date. */
export function formatDateTime(date: Date | null | undefined): string {
  if (!date) return '-';
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()} ${two(
    date.getHours(),
  )}:${two(date.getMinutes())}`;
}

/** A lead with its search keys computed once (the list is searched on every keystroke). */
export interface IndexedLead {
  lead: Lead;
  name: string;
  digits: string;
}

/** Computes every lead's search keys; reuses the keys of lead objects seen before. */
export function indexLeads(
  leads: readonly Lead[],
  cache?: WeakMap<Lead, IndexedLead>,
): IndexedLead[] {
  return leads.map((lead) => {
    const known = cache?.get(lead);
    if (known) return known;
    const indexed = { lead, name: normalizeText(lead.nome), digits: digitsOf(lead.whatsapp) };
    cache?.set(lead, indexed);
    return indexed;
  });
}

/** 'todos' / 'todas' mean no filter. */
export type StatusFilter = LeadStatus | 'todos';
export const allJobs = 'todas';

export interface LeadCriteria {
  status?: StatusFilter;
  vaga?: string;
  /** Name (accent- and case-insensitive) or phone digits. */
  search?: string;
  /** Created at or after this instant. */
  from?: Date | null;
  /** Created before this instant (exclusive). */
  until?: Date | null;
  /** Only the leads this admin (email, lowercase) is responsible for ('Meus leads'). */
  assignedTo?: string | null;
  /** Only the leads nobody has recorded a contact with ('Não contatados'). */
  notContacted?: boolean;
}

function inRange(date: Date | null, from?: Date | null, until?: Date | null): boolean {
  if (!from && !until) return true;
  if (!date) return false;
  return (!from || date >= from) && (!until || date < until);
}

/** The leads matching every criterion, in the list's order. */
export function filterLeads(index: readonly IndexedLead[], criteria: LeadCriteria): Lead[] {
  const status = criteria.status && criteria.status !== 'todos' ? criteria.status : null;
  const vaga = criteria.vaga && criteria.vaga !== allJobs ? criteria.vaga : null;
  const text = normalizeText(criteria.search ?? '');
  // Phone digits are searched only when the search is a number: 'Maria 2' looks for a name, and
  // must not match every phone with a 2 in it.
  const search = criteria.search ?? '';
  const digits = /\p{L}/u.test(search) ? '' : digitsOf(search);
  const result: Lead[] = [];
  for (const entry of index) {
    const { lead } = entry;
    if (status !== null && lead.status !== status) continue;
    if (vaga !== null && lead.vaga !== vaga) continue;
    if (text && !entry.name.includes(text) && !(digits && entry.digits.includes(digits))) continue;
    if (!inRange(lead.created_at, criteria.from, criteria.until)) continue;
    if (criteria.assignedTo && lead.assigned_to !== criteria.assignedTo) continue;
    if (criteria.notContacted && lead.last_contacted_at) continue;
    result.push(lead);
  }
  return result;
}

export interface LeadCounts {
  total: number;
  principal: number;
  separado: number;
  descartado: number;
}

/** The Leads tab's counters over the active leads. */
export function countLeads(leads: readonly Lead[]): LeadCounts {
  const counts: LeadCounts = { total: leads.length, principal: 0, separado: 0, descartado: 0 };
  for (const lead of leads) {
    if (lead.status === 'principal' || lead.status === 'separado' || lead.status === 'descartado') {
      counts[lead.status] += 1;
    }
  }
  return counts;
}

/** The distinct vaga values, sorted (pt-BR). */
export function distinctJobs(leads: readonly Lead[]): string[] {
  return [...new Set(leads.map((lead) => lead.vaga))].sort((a, b) => a.localeCompare(b, 'pt-BR'));
}

/** The phone digits that appear on more than one lead ('duplicado'), from the search index. */
export function duplicatePhones(index: readonly IndexedLead[]): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const { digits } of index) {
    if (!digits) continue;
    if (seen.has(digits)) repeated.add(digits);
    else seen.add(digits);
  }
  return repeated;
}

/** A day picked in a date input ('YYYY-MM-DD') as local midnight; the day after for an end bound. */
export function dayStart(day: string | null, nextDay = false): Date | null {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})/.exec(day) : null;
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (nextDay ? 1 : 0));
}
