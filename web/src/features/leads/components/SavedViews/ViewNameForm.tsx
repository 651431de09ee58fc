/** 'Salvar visão''s form: the view's name, 'Salvar' and 'Cancelar' (loaded when first asked for). */
import { Button, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { savedViewLimits } from '@/domain/saved-view';
import { leadsTexts } from '@/features/leads/messages';
import classes from './SavedViews.module.css';

const texts = leadsTexts.savedViews;

export function ViewNameForm({
  busy,
  onSave,
  onCancel,
}: {
  busy: boolean;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const trimmed = name.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) onSave(trimmed);
  };
  return (
    <form className={classes.naming} onSubmit={submit}>
      <TextInput
        size="sm"
        label={texts.name}
        value={name}
        maxLength={savedViewLimits.name.max}
        disabled={busy}
        data-autofocus
        autoFocus
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <Button type="submit" size="sm" loading={busy} disabled={!trimmed}>
        {texts.save}
      </Button>
      <Button size="sm" variant="default" disabled={busy} onClick={onCancel}>
        {texts.cancel}
      </Button>
    </form>
  );
}
