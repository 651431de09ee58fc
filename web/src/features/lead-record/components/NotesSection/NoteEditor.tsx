import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { noteTextMaxLength } from '@/domain/lead-record';
import { recordTexts } from '@/features/lead-record/messages';

/** The note form: a bounded text area with a counter, and its submit button. */
export function NoteEditor({
  label,
  submitLabel,
  initial = '',
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  onSubmit: (text: string) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const trimmed = text.trim();
  const submit = async () => {
    setBusy(true);
    const ok = await onSubmit(trimmed);
    setBusy(false);
    if (ok && !onCancel) setText('');
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed) void submit();
      }}
    >
      <Stack gap={6}>
        <Textarea
          label={label}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={noteTextMaxLength}
          rows={3}
          resize="vertical"
          description={recordTexts.characters(text.length, noteTextMaxLength)}
          // The theme's dimmed grey is 3.3:1 on white; gray.7 reads (axe color-contrast).
          descriptionProps={{ c: 'gray.7' }}
        />
        <Group gap="xs" justify="flex-end">
          {onCancel && (
            <Button size="compact-sm" variant="default" onClick={onCancel} disabled={busy}>
              {recordTexts.cancel}
            </Button>
          )}
          <Button type="submit" size="compact-sm" loading={busy} disabled={!trimmed}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
