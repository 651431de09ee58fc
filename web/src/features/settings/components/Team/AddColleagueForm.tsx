/** Adds a colleague by email: checked here first, then by the addAdmin function, whose refusal shows under the field. */
import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { isEmail, normalizeEmail } from '@vagas/common';
import { settingsTexts, teamBadEmail } from '@/features/settings/messages';

const texts = settingsTexts.team;

/** The check addAdmin makes too (the address as the allow-list keys it). */
export function isPlausibleEmail(value: string): boolean {
  return isEmail(normalizeEmail(value));
}

export interface AddColleagueFormProps {
  /** Resolves to null when added, or to the message of the refusal. */
  onAdd: (email: string) => Promise<string | null>;
}

export function AddColleagueForm({ onAdd }: AddColleagueFormProps) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isPlausibleEmail(email)) {
      setError(teamBadEmail);
      return;
    }
    setBusy(true);
    try {
      const refusal = await onAdd(email.trim());
      setError(refusal);
      if (refusal === null) setEmail('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={texts.addLabel}
          placeholder={texts.addPlaceholder}
          type="email"
          inputMode="email"
          autoComplete="off"
          value={email}
          error={error}
          errorProps={{ role: 'alert' }}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(null);
          }}
          style={{ flex: '1 1 16rem' }}
        />
        <Button type="submit" loading={busy} mt={{ base: 0, sm: 25 }}>
          {texts.add}
        </Button>
      </Group>
    </form>
  );
}
