/**
 * The redirect's link and delay, with 'Testar link' and save. Nothing the admin types is changed
 * under them: a delay that is not a whole number of 1..30 seconds is refused with a message (it was
 * silently clamped: '2.5' became 25, '31' became 3), and after a save the field shows the link as
 * saved (a number typed alone becomes its wa.me link).
 */
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { redirectTimeLimits } from '@/domain/options';
import { isHttpLink, toWhatsappLink, type RedirectSettings } from '@/domain/settings';
import { settingsTexts } from '@/features/settings/messages';

const texts = settingsTexts.redirect;

interface FormValues {
  link: string;
  /** As typed. */
  redirectTime: string;
}

/** The delay as typed, checked: a whole number of seconds in 1..30, or why not. */
export function checkRedirectTime(value: string): string | null {
  const text = value.trim();
  if (text === '') return texts.timeInvalid;
  if (!/^\d+$/.test(text)) return texts.timeNotWhole;
  const seconds = Number(text);
  return seconds >= redirectTimeLimits.min && seconds <= redirectTimeLimits.max
    ? null
    : texts.timeInvalid;
}

export interface RedirectSettingsFormProps {
  /** The stored settings (the fallback when there are none); null while they load. */
  initial: RedirectSettings | null;
  /** Resolves to whether the settings were saved. */
  onSave: (settings: RedirectSettings) => Promise<boolean>;
}

export function RedirectSettingsForm({ initial, onSave }: RedirectSettingsFormProps) {
  const [saving, setSaving] = useState(false);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { link: '', redirectTime: String(redirectTimeLimits.default) },
    validate: {
      link: (value) => {
        const link = toWhatsappLink(value);
        return link === '' || isHttpLink(link) ? null : texts.linkInvalid;
      },
      redirectTime: checkRedirectTime,
    },
  });

  // The stored values fill the form once; later changes (the counter moving) leave the admin's edits alone.
  const { initialize } = form;
  useEffect(() => {
    if (initial) {
      initialize({ link: initial.whatsappLink, redirectTime: String(initial.redirectTime) });
    }
  }, [initial, initialize]);

  const link = toWhatsappLink(form.values.link);
  const converted = link !== form.values.link.trim() && isHttpLink(link);
  const testable = isHttpLink(link);

  const submit = async (values: FormValues) => {
    setSaving(true);
    const saved = {
      whatsappLink: toWhatsappLink(values.link),
      redirectTime: Number(values.redirectTime),
    };
    try {
      // What was saved, as saved: the wa.me link instead of the number typed.
      if (await onSave(saved)) {
        form.setValues({ link: saved.whatsappLink, redirectTime: String(saved.redirectTime) });
      }
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
          <Text size="sm" c="brand.8" role="status">
            {texts.linkConverted(link)}
          </Text>
        )}
        <TextInput
          label={texts.timeLabel}
          description={texts.timeDescription}
          descriptionProps={{ c: 'gray.7' }}
          inputMode="numeric"
          autoComplete="off"
          disabled={!initial}
          maw={240}
          {...form.getInputProps('redirectTime')}
          onBlur={() => form.validateField('redirectTime')}
        />
        <Group gap="sm">
          <Button type="submit" loading={saving} disabled={!initial}>
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
