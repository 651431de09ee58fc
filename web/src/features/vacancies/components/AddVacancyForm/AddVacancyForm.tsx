/**
 * Adds a vacancy to one form's list: its label (and, for a list with groups, an optional group,
 * one of the list's or a new one). Says what the leads will store when the form writes more than
 * the label (the call-center employer's prefix, the group), and why a label cannot be added.
 */
import { Autocomplete, Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { optionStyleOf, type LeadFieldName, type LeadForm, type VacancyKind } from '@/domain/lead';
import {
  newVacancy,
  newVacancyProblem,
  nextOrder,
  vacancyLimits,
  type Vacancy,
  type VacancyFields,
} from '@/domain/vacancies';
import { vacancyTexts } from '@/features/vacancies/messages';

export interface AddVacancyFormProps {
  form: LeadForm;
  kind: VacancyKind;
  field: LeadFieldName;
  /** Every vacancy (to find duplicates and the list's groups). */
  vacancies: readonly Vacancy[];
  onAdd: (vacancy: VacancyFields & { id: string }) => Promise<boolean>;
}

export function AddVacancyForm({ form, kind, field, vacancies, onAdd }: AddVacancyFormProps) {
  const [label, setLabel] = useState('');
  const [group, setGroup] = useState('');
  const [busy, setBusy] = useState(false);
  const grouped = optionStyleOf(field).groupSeparator !== undefined;
  const groups = [
    ...new Set(
      vacancies.flatMap((v) => (v.form === form && v.kind === kind && v.group ? [v.group] : [])),
    ),
  ];
  const typed = { label: label.trim(), group: grouped && group.trim() ? group.trim() : null };
  const problem = newVacancyProblem(vacancies, form, kind, typed.label, typed.group);
  const preview =
    typed.label && !problem ? newVacancy(form, kind, typed.label, typed.group, 0) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem || busy) return;
    setBusy(true);
    const vacancy = newVacancy(
      form,
      kind,
      typed.label,
      typed.group,
      nextOrder(vacancies, form, kind),
    );
    const added = await onAdd(vacancy);
    setBusy(false);
    if (added) {
      setLabel('');
      setGroup('');
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 12rem' }}
          label={vacancyTexts.add.label(kind)}
          value={label}
          maxLength={vacancyLimits.label.max + 1}
          onChange={(event) => setLabel(event.currentTarget.value)}
          error={problem && problem !== 'empty' ? vacancyTexts.problems[problem] : undefined}
          description={
            preview && preview.value !== preview.label
              ? vacancyTexts.add.storedAs(preview.value)
              : undefined
          }
        />
        {grouped && (
          <Autocomplete
            style={{ flex: '1 1 10rem' }}
            label={vacancyTexts.add.group}
            placeholder={vacancyTexts.add.groupPlaceholder}
            data={groups}
            value={group}
            maxLength={vacancyLimits.group.max + 1}
            onChange={setGroup}
          />
        )}
        <Button type="submit" loading={busy} disabled={problem !== null}>
          {vacancyTexts.add.button(kind)}
        </Button>
      </Group>
    </form>
  );
}
