/**
 * What both application pages share: the centred header (an emblem, the title and the subtitle)
 * and the form card: the fields the page's form asks for, in the lead table's order (lead.ts
 * `formInputFields`), its honeypots (hidden from people), then the submit button, the page's
 * consent note and the privacy link. The title and the link are plain elements drawn by
 * ApplicationForm.module.css as Mantine draws a Title and an Anchor: each kilobyte of code here is
 * on every first visit.
 */
import { Paper, Stack, Text, type MantineColor } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { routes } from '@/config/routes';
import {
  formHoneypotFields,
  formInputFields,
  type FormInputName,
  type LeadFieldName,
  type LeadForm,
} from '@/domain/lead';
import type { FormValues, OpenLists } from '@/domain/lead-form';
import { applyTexts, type FormFieldTexts } from '@/features/apply/messages';
import classes from './ApplicationForm.module.css';
import { honeypotInputName } from '@/features/apply/hooks/use-screening-signals';
import { HoneypotField } from '../HoneypotField/HoneypotField';
import { LeadFieldInput } from '../LeadFieldInput/LeadFieldInput';
import { SubmitButton } from '../SubmitButton/SubmitButton';

export function ApplicationHeader(props: { emblem: ReactNode; title: string; subtitle: string }) {
  return (
    <header className={classes.header}>
      {props.emblem}
      <h1 className={classes.title}>{props.title}</h1>
      <Text c="gray.7" size="md" className={classes.subtitle}>
        {props.subtitle}
      </Text>
    </header>
  );
}

export interface ApplicationFormProps<Form extends LeadForm> {
  form: Form;
  values: FormValues<Form>;
  /** What to say next to a field (empty, or not a value the lead can have). */
  errors: Partial<Record<FormInputName<Form>, string>>;
  texts: FormFieldTexts<Form>;
  onFieldChange: (field: FormInputName<Form>, value: string) => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  sending: boolean;
  submitColor: MantineColor;
  /** Under the submit button (the page's consent note). */
  footer?: ReactNode;
  /** The open jobs and localities the selects offer. */
  lists?: OpenLists;
  /** The form's honeypots (lead.ts), by field name: what they hold, and their change. */
  honeypots: Readonly<Record<string, string>>;
  onHoneypotChange: (field: LeadFieldName, value: string) => void;
}

export function ApplicationForm<Form extends LeadForm>(props: ApplicationFormProps<Form>) {
  const values = props.values as unknown as Record<FormInputName<Form>, string | number>;
  return (
    <Paper withBorder radius="lg" p="lg" className={classes.card}>
      {/* method="dialog": outside a dialog a browser sends nothing and navigates nowhere, so a
          submit before the scripts have run (and before the boot script holds it) cannot reload
          the prerendered page with the answers in its address. */}
      <form method="dialog" noValidate onSubmit={props.onSubmit}>
        <Stack gap="md">
          {formInputFields(props.form).map((name) => (
            <LeadFieldInput
              key={name}
              form={props.form}
              name={name}
              texts={props.texts[name]}
              value={values[name]}
              error={props.errors[name]}
              onChange={(value) => props.onFieldChange(name, value)}
              lists={props.lists}
            />
          ))}
          {formHoneypotFields(props.form).map((name) => (
            <HoneypotField
              key={name}
              name={honeypotInputName(name)}
              value={props.honeypots[name] ?? ''}
              onChange={(value) => props.onHoneypotChange(name, value)}
            />
          ))}
          <SubmitButton sending={props.sending} color={props.submitColor} />
          {props.footer}
          <Link to={routes.privacy} className={classes.privacyLink}>
            {applyTexts.privacyLink}
          </Link>
        </Stack>
      </form>
    </Paper>
  );
}
