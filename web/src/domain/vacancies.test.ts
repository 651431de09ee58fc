import { describe, expect, test } from 'vitest';
import { exampleFormValues } from './testing/lead-samples';
import { callCenterVaga } from './lead';
import { formChoices, formProblems } from './lead-form';
import { callCenterJobs, rootJobs, rootLocalities } from './options';
import {
  newVacancy,
  newVacancyProblem,
  nextOrder,
  openLists,
  seedLists,
  seedVacancies,
  vacancyId,
  vacancyLimits,
  type Vacancy,
} from './vacancies';

const seed = (): Vacancy[] => seedVacancies().map((v) => ({ ...v, closedAt: null }));

describe('the seed', () => {
  test("is every form's jobs and localities of the lead table, open, in order", () => {
    const vacancies = seed();
    expect(vacancies).toHaveLength(4 + 6 + 5 + 11);
    expect(vacancies.every((v) => v.open)).toBe(true);
    expect(new Set(vacancies.map((v) => v.id)).size).toBe(vacancies.length);
    const rootJobList = vacancies.filter((v) => v.form === 'root' && v.kind === 'job');
    expect(rootJobList.map((v) => v.value)).toEqual(rootJobs);
    expect(rootJobList.map((v) => v.order)).toEqual([0, 1, 2, 3]);
  });

  test('reads as the selects show it: call-center jobs without the prefix, localities in groups', () => {
    const byId = new Map(seed().map((v) => [v.id, v]));
    expect(
      byId.get(vacancyId('callCenter', 'job', callCenterVaga(callCenterJobs[0]))),
    ).toMatchObject({
      value: '[Conecta] Operador de Call Center',
      label: 'Operador de Call Center',
      group: null,
    });
    expect(byId.get('callCenter~locality~Aracaju - Centro')).toMatchObject({
      label: 'Centro',
      group: 'Aracaju',
    });
    expect(byId.get(`root~locality~${rootLocalities[0]}`)).toMatchObject({
      label: 'Sede – Conceição do Coité',
      group: null,
    });
  });

  test("its lists are what the forms offered before (the table's choices)", () => {
    for (const form of ['root', 'callCenter'] as const) {
      for (const name of ['vaga', 'cidade'] as const) {
        expect(seedLists(form)[name]).toEqual(formChoices(name, form));
      }
    }
  });
});

describe('a new vacancy', () => {
  test("stores the value its form writes for the label: the employer's prefix, the group", () => {
    expect(newVacancy('callCenter', 'job', 'Monitor', null, 5)).toEqual({
      id: 'callCenter~job~[Conecta] Monitor',
      form: 'callCenter',
      kind: 'job',
      value: '[Conecta] Monitor',
      label: 'Monitor',
      group: null,
      open: true,
      order: 5,
    });
    expect(newVacancy('callCenter', 'locality', 'Bugio', 'Aracaju', 0).value).toBe(
      'Aracaju - Bugio',
    );
    expect(newVacancy('root', 'job', 'Aux Pintor', null, 0).value).toBe('Aux Pintor');
  });

  test('says what keeps a label out of its list', () => {
    const vacancies = seed();
    const problem = (label: string, group: string | null = null) =>
      newVacancyProblem(vacancies, 'callCenter', 'locality', label, group);
    expect(problem('')).toBe('empty');
    expect(problem('x'.repeat(vacancyLimits.label.max + 1))).toBe('tooLong');
    expect(problem('Bugio', 'g'.repeat(vacancyLimits.group.max + 1))).toBe('tooLong');
    expect(problem('Bugio/Centro')).toBe('slash');
    expect(problem('Centro', 'Aracaju')).toBe('exists');
    expect(problem('Centro')).toBeNull();
    expect(problem('Bugio', 'Aracaju')).toBeNull();
    // The same label on the other form is another vacancy.
    expect(newVacancyProblem(vacancies, 'root', 'job', 'Aux Serraria', null)).toBe('exists');
    expect(newVacancyProblem(vacancies, 'callCenter', 'job', 'Aux Serraria', null)).toBeNull();
  });

  test('goes after the last of its list', () => {
    expect(nextOrder(seed(), 'root', 'job')).toBe(4);
    expect(nextOrder([], 'root', 'job')).toBe(0);
  });
});

describe('what a form offers', () => {
  const vacancies = (): Vacancy[] => {
    const list = seed();
    const closed = list.find((v) => v.value === rootJobs[0]);
    if (closed) closed.open = false;
    const moved = list.find((v) => v.value === rootJobs[3]);
    if (moved) moved.order = -1;
    list.push({ ...newVacancy('callCenter', 'locality', 'Bugio', 'Aracaju', 20), closedAt: null });
    return list;
  };

  test('the open vacancies, in their order, a group listed under its heading', () => {
    const root = openLists(vacancies(), 'root');
    expect(root.vaga?.map((c) => c.value)).toEqual([rootJobs[3], rootJobs[1], rootJobs[2]]);
    const towns = openLists(vacancies(), 'callCenter').cidade ?? [];
    expect(towns.at(-1)).toEqual({ value: 'Aracaju - Bugio', label: 'Bugio', group: 'Aracaju' });
    expect(formChoices('cidade', 'callCenter', { cidade: towns })).toEqual(towns);
  });

  test("the form accepts what is open now, and says 'invalid' of what is closed", () => {
    const lists = openLists(vacancies(), 'root');
    const values = exampleFormValues('root');
    expect(formProblems('root', { ...values, vaga: rootJobs[1] }, lists)).toEqual({});
    expect(formProblems('root', { ...values, vaga: rootJobs[0] }, lists)).toEqual({
      vaga: 'invalid',
    });
    const added = openLists(
      [...seed(), { ...newVacancy('root', 'job', 'Aux Pintor', null, 9), closedAt: null }],
      'root',
    );
    expect(formProblems('root', { ...values, vaga: 'Aux Pintor' }, added)).toEqual({});
    // Without a list read, the seed.
    expect(formProblems('root', { ...values, vaga: 'Aux Pintor' })).toEqual({ vaga: 'invalid' });
  });
});
