/** The tracking pixel: a digits-only field and Salvar. */
import { Button, Group, Paper, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { pixelIdDigits, pixelIdMaxLength } from '@/domain/settings';
import { settingsTexts } from '@/features/settings/messages';

const texts = settingsTexts.pixel;

export interface PixelSettingsProps {
  /** The stored pixel id ('' for none); null while it loads. */
  pixelId: string | null;
  onSave: (pixelId: string) => Promise<unknown>;
}

export function PixelSettings({ pixelId, onSave }: PixelSettingsProps) {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);

  // The stored id fills the field until the admin types in it.
  useEffect(() => {
    if (pixelId !== null && !touched) setValue(pixelId);
  }, [pixelId, touched]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await onSave(value);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="pixel-settings-title">
      <Title order={2} size="h4" id="pixel-settings-title" mb="sm">
        {texts.title}
      </Title>
      <form onSubmit={(event) => void submit(event)}>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={texts.label}
            description={texts.description}
            descriptionProps={{ c: 'gray.7' }}
            placeholder={texts.placeholder}
            inputMode="numeric"
            autoComplete="off"
            maxLength={pixelIdMaxLength}
            value={value}
            disabled={pixelId === null}
            onChange={(event) => {
              setTouched(true);
              setValue(pixelIdDigits(event.currentTarget.value));
            }}
            style={{ flex: '1 1 16rem' }}
          />
          <Button
            type="submit"

            loading={saving}
            disabled={pixelId === null}
            mt={{ base: 0, sm: 42 }}
          >
            {texts.save}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
