/**
 * The Leads tab's server-side queries, as plain clauses (data/lead-list-reads.ts turns them into Firestore
 * queries): the list under the filters, the counters, and the duplicate phones of the rows on
 * screen. Every list query is ordered by created_at; firestore.indexes.json has an index
 * `<field> ==, created_at` for each equality field below, which Firestore merges for any mix of them.
 */
import { fieldOptions, type Lead, type LeadStatus } from './lead';
import { heldStatus, leadKeys, normalizeSearchText, searchKeyOf } from '@vagas/common';
import { leadStatuses } from './options';
import { allJobs, type LeadCriteria } from './lead-list-view';

/**
 * Texts in pt-BR order, by their letters without accents or case: a collator (or `localeCompare`
 * with a locale, which builds one per call) loads the locale's data, tens of ms of a throttled open.
 */
function byPtBrLetters(a: string, b: string): number {
  const [x, y] = [normalizeSearchText(a), normalizeSearchText(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The jobs the 'Vaga' filter offers: the seed's jobs of both forms and `vacancies` (every job of
 * the vacancy lists, open or closed: a closed job's leads stay filterable), in pt-BR order.
 */
export function jobsToFilter(vacancies: Iterable<string>): readonly string[] {
  return [
    ...new Set([
      ...(fieldOptions('vaga', 'root') ?? []),
      ...(fieldOptions('vaga', 'callCenter') ?? []),
      ...vacancies,
    ]),
  ].sort(byPtBrLetters);
}

/** The 'Vaga' filter before the vacancy lists are read: the seed's jobs. */
export const filterJobs: readonly string[] = jobsToFilter([]);

export type LeadClauseOp = '==' | '>=' | '<' | 'array-contains' | 'in';
export interface LeadClause {
  field: string;
  op: LeadClauseOp;
  value: string | boolean | null | Date | readonly string[];
}

/** The list's order: newest first (the default) or oldest first ('Data' sorted ascending). */
export type LeadOrder = 'desc' | 'asc';

const active: LeadClause = { field: 'deleted_at', op: '==', value: null };
/**
 * The list's statuses: every one an admin gives, so not the leads set aside ('Suspeitos', never
 * in the list nor its counters until released). Leads stored before the screening all have one.
 */
const listed: LeadClause = { field: 'status', op: 'in', value: leadStatuses };

/** The active leads matching `criteria` (null: none can match, e.g. 'Meus leads' without an admin). */
export function leadListClauses(criteria: LeadCriteria): LeadClause[] {
  const clauses: LeadClause[] = [active];
  const eq = (field: string, value: LeadClause['value']) =>
    clauses.push({ field, op: '==', value });
  if (criteria.status && criteria.status !== 'todos') eq('status', criteria.status);
  else clauses.push(listed);
  if (criteria.vaga && criteria.vaga !== allJobs) eq('vaga', criteria.vaga);
  if (criteria.assignedTo) eq('assigned_to', criteria.assignedTo);
  if (criteria.notContacted) eq('contacted', false);
  const key = searchKeyOf(criteria.search ?? '');
  if (key !== null) clauses.push({ field: 'search_keys', op: 'array-contains', value: key });
  if (criteria.from) clauses.push({ field: 'created_at', op: '>=', value: criteria.from });
  if (criteria.until) clauses.push({ field: 'created_at', op: '<', value: criteria.until });
  return clauses;
}

/** Whether the clauses are the whole active list (its count is the 'Total de Leads' counter). */
export const isWholeList = (clauses: readonly LeadClause[]) =>
  clauses.length === 2 && clauses[0] === active && clauses[1] === listed;

/** A count the functions keep in `stats/leads`: active leads of a status and of a job. */
export interface CountedFilter {
  /** null: the list's statuses (every one but the held leads). */
  status: string | null;
  /** null: every job. */
  vaga: string | null;
}

/**
 * What `clauses` filter on when they are only the active list, a status and a job: the counts
 * kept per job and status answer them. null for anything more (a search, a period, an assignee,
 * 'Não contatados'), which only a count over the leads answers.
 */
export function countedFilterOf(clauses: readonly LeadClause[]): CountedFilter | null {
  const filter: CountedFilter = { status: null, vaga: null };
  let [isActive, hasStatus, hasJob] = [false, false, false];
  for (const clause of clauses) {
    const { field, op, value } = clause;
    if (field === 'deleted_at' && op === '==' && value === null && !isActive) isActive = true;
    else if (clause === listed && !hasStatus) hasStatus = true;
    else if (field === 'status' && op === '==' && typeof value === 'string' && !hasStatus) {
      [hasStatus, filter.status] = [true, value];
    } else if (field === 'vaga' && op === '==' && typeof value === 'string' && !hasJob) {
      [hasJob, filter.vaga] = [true, value];
    } else return null;
  }
  return isActive && hasStatus ? filter : null;
}

/** The clauses narrowed to one status (the qualified export); null when another status is asked. */
export function withStatus(
  clauses: readonly LeadClause[],
  status: LeadStatus,
): LeadClause[] | null {
  const other = clauses.find((clause) => clause.field === 'status' && clause !== listed);
  if (other) return other.value === status ? [...clauses] : null;
  return [
    ...clauses.filter((clause) => clause !== listed),
    { field: 'status', op: '==', value: status },
  ];
}

const counted = (status: LeadStatus): LeadClause[] => [
  active,
  { field: 'status', op: '==', value: status },
];

/** The counters: every active lead in the list, and those of each counted status. */
export const counterClauses = {
  total: [active, listed],
  principal: counted('principal'),
  separado: counted('separado'),
  descartado: counted('descartado'),
} as const;

/**
 * The panel's arrivals: the list's leads created since `since` (set aside ones leave it, so a flood
 * the screening holds does not grow the panel's listener).
 */
export const arrivalClauses = (since: Date): LeadClause[] => [
  active,
  listed,
  { field: 'created_at', op: '>=', value: since },
];

/** The leads set aside by the screening ('Suspeitos'), not in the trash. */
export const heldClauses: readonly LeadClause[] = [
  active,
  { field: 'status', op: '==', value: heldStatus },
];

/** Most values of one `in` filter (Firestore allows 30). */
export const maxInValues = 30;

/**
 * The active leads that share a phone with the rows on screen: `phone_key in [their keys]`
 * (null when no row has a phone). One query for a page of 25 rows.
 */
export function duplicateClauses(phoneKeys: readonly string[]): LeadClause[] | null {
  const keys = [...new Set(phoneKeys.filter(Boolean))].sort().slice(0, maxInValues);
  if (keys.length === 0) return null;
  return [active, { field: 'phone_key', op: 'in', value: keys }];
}

/** A lead's stored value of `field`, the derived keys computed as the function stores them. */
function storedValue(lead: Lead, field: string): unknown {
  if (
    field === 'search_keys' ||
    field === 'phone_key' ||
    field === 'contacted' ||
    field === 'name_key'
  ) {
    return leadKeys(lead.nome, lead.whatsapp, lead.last_contacted_at ?? null)[field];
  }
  return (lead as unknown as Record<string, unknown>)[field];
}

const time = (value: unknown) => (value instanceof Date ? value.getTime() : NaN);

/** Whether a lead matches every clause, as the server decides: the in-memory twin of a query. */
export function leadMatches(lead: Lead, clauses: readonly LeadClause[]): boolean {
  return clauses.every(({ field, op, value }) => {
    const stored = storedValue(lead, field);
    switch (op) {
      case '==':
        return stored === undefined
          ? false
          : value instanceof Date
            ? time(stored) === time(value)
            : stored === value;
      case 'in':
        return (value as readonly unknown[]).includes(stored);
      case 'array-contains':
        return Array.isArray(stored) && stored.includes(value);
      case '>=':
        return time(stored) >= time(value);
      case '<':
        return time(stored) < time(value);
    }
  });
}
