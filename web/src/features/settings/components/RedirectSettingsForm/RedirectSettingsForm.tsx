/** The redirect's link and delay, with 'Testar link' and save. */
import { Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { redirectTimeLimits } from '@/domain/options';
import { isHttpLink, toWhatsappLink, type RedirectSettings } from '@/domain/settings';
import { settingsTexts } from '@/features/settings/messages';

const texts = settingsTexts.redirect;

interface FormValues {
  link: string;
  redirectTime: number | string;
}

export interface RedirectSettingsFormProps {
  /** The stored settings (the fallback when there are none); null while they load. */
  initial: RedirectSettings | null;
  onSave: (settings: RedirectSettings) => Promise<void>;
}

export function RedirectSettingsForm({ initial, onSave }: RedirectSettingsFormProps) {
  const [saving, setSaving] = useState(false);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { link: '', redirectTime: redirectTimeLimits.default },
    validate: {
      link: (value) => {
        const link = toWhatsappLink(value);
        return link === '' || isHttpLink(link) ? null : texts.linkInvalid;
      },
      redirectTime: (value) =>
        typeof value === 'number' &&
        Number.isInteger(value) &&
        value >= redirectTimeLimits.min &&
        value <= redirectTimeLimits.max
          ? null
          : texts.timeInvalid,
    },
  });

  // The stored values fill the form once; later changes (the counter moving) leave the admin's edits alone.
  const { initialize } = form;
  useEffect(() => {
    if (initial) initialize({ link: initial.whatsappLink, redirectTime: initial.redirectTime });
  }, [initial, initialize]);

  const link = toWhatsappLink(form.values.link);
  const converted = link !== form.values.link.trim() && isHttpLink(link);
  const testable = isHttpLink(link);

  const submit = async (values: FormValues) => {
    setSaving(true);
    try {
      await onSave({
        whatsappLink: toWhatsappLink(values.link),
        redirectTime: Number(values.redirectTime),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="md">
        <TextInput
          label={texts.linkLabel}
          description={texts.linkDescription}
          descriptionProps={{ c: 'gray.7' }}
          placeholder={texts.linkPlaceholder}
          inputMode="url"
          autoComplete="off"
          disabled={!initial}
          {...form.getInputProps('link')}
          onBlur={() => form.validateField('link')}
        />
        {converted && (
          <Text size="sm" c="teal.9" role="status">
            {texts.linkConverted(link)}
          </Text>
        )}
        <NumberInput
          label={texts.timeLabel}
          description={texts.timeDescription}
          descriptionProps={{ c: 'gray.7' }}
          min={redirectTimeLimits.min}
          max={redirectTimeLimits.max}
          clampBehavior="strict"
          allowDecimal={false}
          allowNegative={false}
          disabled={!initial}
          maw={240}
          {...form.getInputProps('redirectTime')}
        />
        <Group gap="sm">
          <Button type="submit" color="teal.9" loading={saving} disabled={!initial}>
            {texts.save}
          </Button>
          {testable ? (
            <Button
              component="a"
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
            >
              {texts.testLink}
            </Button>
          ) : (
            <Button variant="default" disabled>
              {texts.testLink}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
