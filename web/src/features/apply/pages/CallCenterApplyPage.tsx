/** '/{employer slug}': the call-center job application page (product-spec section 2). */
import { Paper, Select, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { HeadsetIcon } from '@/components/icons';
import { PublicPage } from '@/components/PublicPage/PublicPage';
import {
  emptyCallCenterForm,
  isCallCenterFormComplete,
  toCallCenterLead,
} from '@/domain/lead-form';
import { callCenterSuccessToast, publicTexts } from '@/domain/messages';
import { callCenterJobs, callCenterLocalityGroups, experienceOptions } from '@/domain/options';
import { AgeInput } from '@/features/apply/components/AgeInput';
import { SubmitButton } from '@/features/apply/components/SubmitButton';
import { WhatsappInput } from '@/features/apply/components/WhatsappInput';
import { useApplicationForm } from '@/features/apply/hooks/use-application-form';
import classes from './ApplyPage.module.css';
import { routes } from '@/config/routes';

/** Conversion value of the call-center page (spec section 9). */
const conversionValue = 0.01;

/** The localities grouped as the spec lists them; each option's value is the stored text. */
const localityData = callCenterLocalityGroups.map(({ group, items }) => ({
  group,
  items: items.map((item) => ({ value: `${group} - ${item}`, label: item })),
}));

export function Component() {
  const navigate = useNavigate();
  const { values, form, sending, handleSubmit } = useApplicationForm({
    empty: emptyCallCenterForm,
    isComplete: isCallCenterFormComplete,
    toLead: toCallCenterLead,
    successToast: callCenterSuccessToast,
    conversionValue,
    pageView: false,
    onSuccess: () => void navigate(routes.redirect),
  });

  return (
    <PublicPage tone="callCenter" adminLink="discreet">
      <header className={classes.header}>
        <ThemeIcon size={72} radius="xl" variant="light" color="indigo" mx="auto" mb="sm">
          <HeadsetIcon size={40} />
        </ThemeIcon>
        <Title order={1} className={classes.title}>
          {publicTexts.callCenter.title}
        </Title>
        <Text c="gray.7" size="md" className={classes.subtitle}>
          {publicTexts.callCenter.subtitle}
        </Text>
      </header>

      <Paper withBorder radius="lg" p="lg" className={classes.card}>
        <form noValidate onSubmit={handleSubmit}>
          <Stack gap="md">
            <TextInput
              label="Nome Completo"
              name="nome"
              placeholder="Digite seu nome completo"
              autoComplete="name"
              withAsterisk
              maxLength={100}
              value={values.nome}
              onChange={(event) => form.set('nome', event.currentTarget.value)}
            />
            <WhatsappInput
              withAsterisk
              value={values.whatsapp}
              onChange={(value) => form.set('whatsapp', value)}
            />
            <Select
              label="Vaga que tenho Experiência"
              placeholder="Selecione a vaga"
              data={[...callCenterJobs]}
              allowDeselect={false}
              withAsterisk
              value={values.vaga || null}
              onChange={(value) => form.set('vaga', value ?? '')}
            />
            <Select
              label="Localização (Aracaju e Região)"
              placeholder="Selecione sua localização"
              data={localityData}
              maxDropdownHeight="15rem"
              allowDeselect={false}
              withAsterisk
              value={values.cidade || null}
              onChange={(value) => form.set('cidade', value ?? '')}
            />
            <AgeInput
              placeholder="Sua idade"
              withAsterisk
              value={String(values.idade)}
              onChange={(value) => form.set('idade', value)}
            />
            <Select
              label="Tempo de Experiência"
              placeholder="Selecione o tempo"
              data={[...experienceOptions]}
              allowDeselect={false}
              withAsterisk
              value={values.tempo_experiencia || null}
              onChange={(value) => form.set('tempo_experiencia', value ?? '')}
            />
            <SubmitButton sending={sending} color="indigo.7" />
            <Text size="xs" c="gray.7" ta="center">
              {publicTexts.callCenter.consent}
            </Text>
          </Stack>
        </form>
      </Paper>
    </PublicPage>
  );
}
