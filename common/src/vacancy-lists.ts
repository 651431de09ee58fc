/**
 * The public projection of the vacancy lists: `vacancy_lists/{form}` holds the form's open
 * vacancies in their lists' order, so a public page reads what it offers with one document read
 * (the vacancy documents themselves, `vacancies/{form~kind~value}`, are the truth the rules check
 * a new lead against; only admins read them). The `vacancyLists` function writes it after every
 * change of a vacancy; the seed writes it with the seed.
 */

/** A vacancy's fields this projection reads. */
export interface VacancyListSource {
  kind: unknown;
  value: unknown;
  label: unknown;
  group?: unknown;
  open: unknown;
  order?: unknown;
}

/** One open vacancy as a public page offers it. */
export interface OpenVacancy {
  kind: string;
  value: string;
  label: string;
  group?: string;
}

/** The place of a vacancy in its list (a missing or broken order goes last). */
const placeOf = (v: VacancyListSource) =>
  typeof v.order === 'number' ? v.order : Number.MAX_SAFE_INTEGER;

/** The open vacancies of `vacancies` (one form's), in their lists' order: by place, then label. */
export function openVacancyList(vacancies: readonly VacancyListSource[]): OpenVacancy[] {
  return vacancies
    .filter((v) => v.open === true && typeof v.value === 'string' && typeof v.label === 'string')
    .sort((a, b) => {
      const [x, y] = [String(a.label), String(b.label)];
      return placeOf(a) - placeOf(b) || (x < y ? -1 : x > y ? 1 : 0);
    })
    .map((v) => ({
      kind: String(v.kind),
      value: String(v.value),
      label: String(v.label),
      ...(typeof v.group === 'string' ? { group: v.group } : {}),
    }));
}
