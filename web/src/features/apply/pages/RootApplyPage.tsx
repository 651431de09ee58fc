/** '/': the equipment maker's job application page (product-spec section 2, root page). */
import { Button, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { HeadsetIcon } from '@/components/icons';
import { PublicPage } from '@/components/PublicPage/PublicPage';
import { appConfig } from '@/config/app-config';
import { routes } from '@/config/routes';
import { emptyRootForm, isRootFormComplete, toRootLead } from '@/domain/lead-form';
import { publicTexts, rootSuccessToast } from '@/domain/messages';
import { rootJobs, rootLocalities } from '@/domain/options';
import { SubmitButton } from '@/features/apply/components/SubmitButton';
import { WhatsappInput } from '@/features/apply/components/WhatsappInput';
import { useApplicationForm } from '@/features/apply/hooks/use-application-form';
import classes from './ApplyPage.module.css';

/** Conversion value of the root page (spec section 9). */
const conversionValue = 1;

export function Component() {
  const { values, form, sending, handleSubmit } = useApplicationForm({
    empty: emptyRootForm,
    isComplete: isRootFormComplete,
    toLead: toRootLead,
    successToast: rootSuccessToast,
    conversionValue,
    pageView: true,
  });

  return (
    <PublicPage
      tone="farm"
      adminLink="icon"
      topLeft={
        <Button
          component={Link}
          to={routes.callCenter}
          variant="white"
          color="indigo.7"
          size="compact-md"
          radius="xl"
          leftSection={<HeadsetIcon size={16} />}
          className={classes.employerLink}
        >
          {appConfig.callCenterEmployer.name}
        </Button>
      }
    >
      <header className={classes.header}>
        <img className={classes.logo} src="/logo.svg" alt={appConfig.companyName} />
        <Title order={1} className={classes.title}>
          {publicTexts.root.title}
        </Title>
        <Text c="gray.7" size="md" className={classes.subtitle}>
          {publicTexts.root.subtitle}
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
              label="Vaga"
              placeholder="Selecione a vaga"
              data={[...rootJobs]}
              allowDeselect={false}
              withAsterisk
              value={values.vaga || null}
              onChange={(value) => form.set('vaga', value ?? '')}
            />
            <Select
              label="Cidade"
              placeholder="Selecione sua localidade"
              data={[...rootLocalities]}
              maxDropdownHeight="15rem"
              allowDeselect={false}
              withAsterisk
              value={values.cidade || null}
              onChange={(value) => form.set('cidade', value ?? '')}
            />
            <SubmitButton sending={sending} color="#1e7a34" />
          </Stack>
        </form>
      </Paper>
    </PublicPage>
  );
}
