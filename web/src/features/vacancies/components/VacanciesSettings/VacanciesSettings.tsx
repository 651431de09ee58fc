/**
 * Configurações → 'Vagas e localidades': for each application page, the jobs and localities its
 * form offers, live (a colleague's change shows at once), with each job's counts; add, close,
 * reopen and order them. Loading, error and empty states: with no vacancy at all (a new
 * deployment) the pages offer nothing, and the admin creates the initial lists here.
 */
import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import { routes } from '@/config/routes';
import { showToast } from '@/components/toast';
import { createSeedVacancies, useVacancies } from '@/data/vacancies';
import { leadForms, vacancyFields, type LeadForm } from '@/domain/lead';
import type { Vacancy } from '@/domain/vacancies';
import { VacancyList } from '@/features/vacancies/components/VacancyList/VacancyList';
import { useJobCounts, type JobCountsState } from '@/features/vacancies/hooks/use-job-counts';
import {
  seedCreatedToast,
  vacancySaveErrorToast,
  vacancyTexts,
} from '@/features/vacancies/messages';

const pathOf: Record<LeadForm, string> = { root: routes.root, callCenter: routes.callCenter };

function FormVacancies(props: {
  form: LeadForm;
  vacancies: readonly Vacancy[];
  counts: JobCountsState;
}) {
  const page = vacancyTexts.form(props.form, pathOf[props.form]);
  const headingId = `vacancies-${props.form}`;
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        {page}
      </Title>
      {vacancyFields(props.form).map(({ name, kind }) => (
        <VacancyList
          key={kind}
          form={props.form}
          kind={kind}
          field={name}
          page={page}
          vacancies={props.vacancies}
          counts={props.counts}
        />
      ))}
    </Stack>
  );
}

function NoVacancies() {
  const db = useFirestore();
  const [busy, setBusy] = useState(false);
  const create = async () => {
    setBusy(true);
    try {
      await createSeedVacancies(db);
      showToast(seedCreatedToast, 'success');
    } catch (error) {
      console.error('Initial vacancies not created', error);
      showToast(vacancySaveErrorToast, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{vacancyTexts.none}</Text>
      <Text size="sm" c="gray.7">
        {vacancyTexts.createSeedHint}
      </Text>
      <Button loading={busy} onClick={() => void create()}>
        {vacancyTexts.createSeed}
      </Button>
    </Stack>
  );
}

export function VacanciesSettings() {
  const vacancies = useVacancies();
  const counts = useJobCounts(vacancies.data);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="vacancies-title">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} size="h4" id="vacancies-title">
            {vacancyTexts.title}
          </Title>
          <Text size="sm" c="gray.7">
            {vacancyTexts.description}
          </Text>
        </Stack>
        {vacancies.status === 'loading' && (
          <Center py="md">
            <Loader aria-label={vacancyTexts.loading} />
          </Center>
        )}
        {vacancies.status === 'error' && <Alert color="red" title={vacancyTexts.loadFailed} />}
        {vacancies.status === 'success' && vacancies.data.length === 0 && <NoVacancies />}
        {vacancies.status === 'success' && vacancies.data.length > 0 && (
          <>
            {counts.status === 'error' && (
              <Text size="sm" c="red.9">
                {vacancyTexts.counts.failed}
              </Text>
            )}
            {leadForms.map((form) => (
              <FormVacancies key={form} form={form} vacancies={vacancies.data} counts={counts} />
            ))}
          </>
        )}
      </Stack>
    </Paper>
  );
}
