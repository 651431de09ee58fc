/**
 * One form's list of one kind (its jobs, or its localities): each vacancy in the list's order,
 * open or closed, with a job's counts; the close, reopen and move buttons; and the form that adds
 * one. Every change is saved at once (toasts say so) and shows in every open panel.
 */
import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import { showToast } from '@/components/toast';
import { addVacancy, orderVacancies, setVacancyOpen } from '@/data/vacancies';
import type { LeadFieldName, LeadForm, VacancyKind } from '@/domain/lead';
import { vacancyList, type Vacancy, type VacancyFields } from '@/domain/vacancies';
import { AddVacancyForm } from '@/features/vacancies/components/AddVacancyForm/AddVacancyForm';
import { VacancyItem } from '@/features/vacancies/components/VacancyItem/VacancyItem';
import type { JobCountsState } from '@/features/vacancies/hooks/use-job-counts';
import {
  addedToast,
  closedToast,
  reopenedToast,
  vacancySaveErrorToast,
  vacancyTexts,
} from '@/features/vacancies/messages';

export interface VacancyListProps {
  form: LeadForm;
  kind: VacancyKind;
  field: LeadFieldName;
  /** The page's name, for the list's accessible name. */
  page: string;
  vacancies: readonly Vacancy[];
  counts: JobCountsState;
}

/** Runs a save; an error toasts 'Erro ao salvar'. Resolves to whether it saved. */
async function saved(save: () => Promise<void>): Promise<boolean> {
  try {
    await save();
    return true;
  } catch (error) {
    console.error('Vacancy change not saved', error);
    showToast(vacancySaveErrorToast, 'error');
    return false;
  }
}

export function VacancyList({ form, kind, field, page, vacancies, counts }: VacancyListProps) {
  const db = useFirestore();
  const [busy, setBusy] = useState<string | null>(null);
  const list = vacancyList(vacancies, form, kind);
  const headingId = `vacancies-${form}-${kind}`;

  const toggle = async (vacancy: Vacancy) => {
    setBusy(vacancy.id);
    const open = !vacancy.open;
    if (await saved(() => setVacancyOpen(db, vacancy.id, open))) {
      showToast((open ? reopenedToast : closedToast)(kind, vacancy.label), 'success');
    }
    setBusy(null);
  };

  const move = async (index: number, by: -1 | 1) => {
    const reordered = [...list];
    [reordered[index], reordered[index + by]] = [reordered[index + by], reordered[index]];
    setBusy(list[index].id);
    await saved(() => orderVacancies(db, reordered));
    setBusy(null);
  };

  const add = async (vacancy: VacancyFields & { id: string }) => {
    const ok = await saved(() => addVacancy(db, vacancy));
    if (ok) showToast(addedToast(kind, vacancy.label), 'success');
    return ok;
  };

  const countsOf = (vacancy: Vacancy) =>
    counts.status === 'error'
      ? null
      : counts.status === 'success'
        ? counts.byValue.get(vacancy.value)
        : undefined;

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={4} size="h6" id={headingId}>
        {vacancyTexts.list(kind)}
      </Title>
      {list.length === 0 ? (
        <Text size="sm" c="gray.7">
          {vacancyTexts.emptyList(kind)}
        </Text>
      ) : (
        <Stack component="ul" gap={6} p={0} m={0} aria-label={vacancyTexts.listOf(kind, page)}>
          {list.map((vacancy, index) => (
            <VacancyItem
              key={vacancy.id}
              vacancy={vacancy}
              counts={countsOf(vacancy)}
              busy={busy === vacancy.id}
              first={index === 0}
              last={index === list.length - 1}
              onToggle={() => void toggle(vacancy)}
              onMove={(by) => void move(index, by)}
            />
          ))}
        </Stack>
      )}
      <AddVacancyForm form={form} kind={kind} field={field} vacancies={vacancies} onAdd={add} />
    </Stack>
  );
}
