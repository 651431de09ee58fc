/**
 * The vacancy lists: the jobs and the localities each form offers, kept by admins in Configurações
 * ('Vagas e localidades'), one document per option of one form, `vacancies/{id}`:
 *
 *   form       'root' | 'callCenter'
 *   kind       'job' | 'locality' (the lead field it feeds: lead.ts `vacancies`)
 *   value      what a lead stores ('[Conecta] Operador de Call Center', 'Aracaju - Centro')
 *   label      what the select shows ('Operador de Call Center', 'Centro')
 *   group      the heading it is listed under ('Aracaju'), or null
 *   open       offered now
 *   order      its place in the list
 *   closed_at  when it was last closed (null if never)
 *   updated_at the time of the last change
 *
 * The id is `{form}~{kind}~{value}`, so the rules find the vacancy of a new lead's value by id
 * (`exists()`/`get()`): a lead for a value with no vacancy of that form is refused, and so is one
 * for a closed vacancy unless the candidate pressed send before it was closed (`submitted_at`,
 * kept by an application that waited on the device). A vacancy is never deleted and its value and
 * label never change: leads keep the text they were stored with, and a renamed value would split
 * one job's leads, filters and reports in two. To correct a name, add the right one and close the
 * old. The table's options are the seed of the lists (`seedVacancies`).
 */
import {
  fieldOptions,
  leadForms,
  optionStyleOf,
  vacancyFields,
  type LeadFieldName,
  type LeadForm,
  type VacancyKind,
} from './lead';
import { optionChoice, type Choice, type OpenLists } from './lead-form';

export const vacancyKinds: readonly VacancyKind[] = ['job', 'locality'];

/** Between the form, the kind and the value in a vacancy's id. */
export const vacancyIdSeparator = '~';

/** The id of the vacancy of `form` whose leads store `value` in the `kind` field. */
export function vacancyId(form: LeadForm, kind: VacancyKind, value: string): string {
  return [form, kind, value].join(vacancyIdSeparator);
}

/** A vacancy as the app reads it. */
export interface Vacancy {
  id: string;
  form: LeadForm;
  kind: VacancyKind;
  value: string;
  label: string;
  group: string | null;
  open: boolean;
  order: number;
  /** When it was last closed; null if it never was. */
  closedAt: Date | null;
}

/** A time as the SDKs read one (a Timestamp of either SDK): anything with `toDate()`. */
function dateOf(value: unknown): Date | null {
  const toDate = (value as { toDate?: unknown } | null)?.toDate;
  return typeof toDate === 'function' ? (toDate.call(value) as Date) : null;
}

/** A stored vacancy as the app reads it; null when it is not one the app wrote. */
export function parseVacancy(id: string, data: Record<string, unknown>): Vacancy | null {
  const { form, kind, value, label, group, open, order } = data;
  if (!leadForms.includes(form as LeadForm) || !vacancyKinds.includes(kind as VacancyKind)) {
    return null;
  }
  if (typeof value !== 'string' || typeof label !== 'string' || typeof open !== 'boolean') {
    return null;
  }
  return {
    id,
    form: form as LeadForm,
    kind: kind as VacancyKind,
    value,
    label,
    group: typeof group === 'string' ? group : null,
    open,
    order: typeof order === 'number' ? order : 0,
    closedAt: dateOf(data.closed_at),
  };
}

/** A vacancy's stored fields, but the times (the writer adds them). */
export type VacancyFields = Omit<Vacancy, 'id' | 'closedAt'>;

/** Lengths of what an admin types, and the largest place in a list (the rules hold them). */
export const vacancyLimits = {
  label: { min: 1, max: 80 },
  group: { min: 1, max: 40 },
  order: { max: 100_000 },
} as const;

/** The lead field a form's `kind` list feeds; null when the form has no such list. */
export function vacancyFieldOf(form: LeadForm, kind: VacancyKind): LeadFieldName | null {
  return vacancyFields(form).find((field) => field.kind === kind)?.name ?? null;
}

/** The value `form` stores for the choice `label` (under `group`) of `name`. */
export function storedOption(
  name: LeadFieldName,
  form: LeadForm,
  label: string,
  group: string | null = null,
): string {
  const style = optionStyleOf(name);
  const grouped = group !== null && style.groupSeparator ? `${group}${style.groupSeparator}` : '';
  return `${style.prefix?.[form] ?? ''}${grouped}${label}`;
}

/** A new vacancy of `form`: its stored value written from the label and group (OptionStyle). */
export function newVacancy(
  form: LeadForm,
  kind: VacancyKind,
  label: string,
  group: string | null,
  order: number,
): VacancyFields & { id: string } {
  const field = vacancyFieldOf(form, kind);
  if (!field) throw new Error(`the ${form} form has no ${kind} list`);
  const value = storedOption(field, form, label, group);
  return { id: vacancyId(form, kind, value), form, kind, value, label, group, open: true, order };
}

/** The lists every deployment starts with: each form's options in the lead table, open, in order. */
export function seedVacancies(): (VacancyFields & { id: string })[] {
  return leadForms.flatMap((form) =>
    vacancyFields(form).flatMap(({ name, kind }) =>
      (fieldOptions(name, form) ?? []).map((value, order) => {
        const { label, group } = optionChoice(name, value);
        return {
          id: vacancyId(form, kind, value),
          form,
          kind,
          value,
          label,
          group: group ?? null,
          open: true,
          order,
        };
      }),
    ),
  );
}

/** Why a label cannot become a vacancy of its list. */
export type NewVacancyProblem = 'empty' | 'tooLong' | 'slash' | 'exists';

/** What keeps `label` (under `group`) from being added to `form`'s `kind` list; null when nothing. */
export function newVacancyProblem(
  existing: readonly Vacancy[],
  form: LeadForm,
  kind: VacancyKind,
  label: string,
  group: string | null,
): NewVacancyProblem | null {
  if (label.length < vacancyLimits.label.min) return 'empty';
  if (label.length > vacancyLimits.label.max) return 'tooLong';
  if (group !== null && group.length > vacancyLimits.group.max) return 'tooLong';
  // A '/' would split the document's path.
  if (label.includes('/') || group?.includes('/')) return 'slash';
  const { id } = newVacancy(form, kind, label, group, 0);
  return existing.some((vacancy) => vacancy.id === id) ? 'exists' : null;
}

/** In their list's order (then by label, for two at the same place). */
export function byListOrder(a: Vacancy, b: Vacancy): number {
  return a.order - b.order || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);
}

/** `form`'s vacancies of `kind`, in their list's order. */
export function vacancyList(vacancies: readonly Vacancy[], form: LeadForm, kind: VacancyKind) {
  return vacancies.filter((v) => v.form === form && v.kind === kind).sort(byListOrder);
}

/** The place after the last of `form`'s `kind` list. */
export function nextOrder(
  vacancies: readonly Vacancy[],
  form: LeadForm,
  kind: VacancyKind,
): number {
  return vacancyList(vacancies, form, kind).reduce((last, v) => Math.max(last, v.order + 1), 0);
}

/** What `form`'s selects offer from `vacancies`: the open ones, per lead field, in order. */
export function openLists(vacancies: readonly Vacancy[], form: LeadForm): OpenLists {
  const lists: OpenLists = {};
  for (const { name, kind } of vacancyFields(form)) {
    lists[name] = vacancyList(vacancies, form, kind)
      .filter((vacancy) => vacancy.open)
      .map(({ value, label, group }): Choice =>
        group ? { value, label, group } : { value, label },
      );
  }
  return lists;
}

/** What `form`'s selects offer before any list was read: the seed. */
export function seedLists(form: LeadForm): OpenLists {
  const seed = seedVacancies().map((v): Vacancy => ({ ...v, closedAt: null }));
  return openLists(seed, form);
}
