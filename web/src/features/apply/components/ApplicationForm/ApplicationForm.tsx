/**
 * What both application pages share: the centred header (an emblem, the title and the subtitle) and
 * the form card that opens with the contact fields (Nome Completo, WhatsApp) and ends with the
 * submit button; each page puts its own fields in between.
 */
import { Anchor, Paper, Stack, Text, TextInput, Title, type MantineColor } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { routes } from '@/config/routes';
import type { RootFormValues } from '@/domain/lead-form';
import { applyTexts } from '@/features/apply/messages';
import classes from './ApplicationForm.module.css';
import { SubmitButton } from '../SubmitButton';
import { WhatsappInput } from '../WhatsappInput';

export function ApplicationHeader(props: { emblem: ReactNode; title: string; subtitle: string }) {
  return (
    <header className={classes.header}>
      {props.emblem}
      <Title order={1} className={classes.title}>
        {props.title}
      </Title>
      <Text c="gray.7" size="md" className={classes.subtitle}>
        {props.subtitle}
      </Text>
    </header>
  );
}

export interface ApplicationFormProps {
  values: Pick<RootFormValues, 'nome' | 'whatsapp'>;
  /** What to say next to Nome and WhatsApp (empty, or not a full number). */
  errors: { nome?: string; whatsapp?: string };
  onContactChange: (field: 'nome' | 'whatsapp', value: string) => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  sending: boolean;
  submitColor: MantineColor;
  /** The page's own fields, between WhatsApp and the submit button. */
  children: ReactNode;
  /** Under the submit button (the page's consent note). */
  footer?: ReactNode;
}

export function ApplicationForm(props: ApplicationFormProps) {
  return (
    <Paper withBorder radius="lg" p="lg" className={classes.card}>
      <form noValidate onSubmit={props.onSubmit}>
        <Stack gap="md">
          <TextInput
            label={applyTexts.nome.label}
            name="nome"
            placeholder={applyTexts.nome.placeholder}
            autoComplete="name"
            required
            error={props.errors.nome}
            maxLength={100}
            value={props.values.nome}
            onChange={(event) => props.onContactChange('nome', event.currentTarget.value)}
          />
          <WhatsappInput
            required
            error={props.errors.whatsapp}
            value={props.values.whatsapp}
            onChange={(value) => props.onContactChange('whatsapp', value)}
          />
          {props.children}
          <SubmitButton sending={props.sending} color={props.submitColor} />
          {props.footer}
          <Anchor
            component={Link}
            to={routes.privacy}
            size="xs"
            ta="center"
            c="gray.7"
            underline="always"
          >
            {applyTexts.privacyLink}
          </Anchor>
        </Stack>
      </form>
    </Paper>
  );
}
