/**
 * Configurações → 'Retenção de dados (LGPD)': whether leads in the trash are deleted for good after
 * a number of days (off by default, 90 suggested), 'Aplicar agora' (after a confirmation that says
 * how many leads will go, counted on the server as it is asked), and the live log of deletions.
 */
import { Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { showToast } from '@/components/toast';
import {
  applyRetentionNow,
  loadRetention,
  saveRetention,
  type RetentionState,
} from '@/features/retention/api/retention';
import { retentionTexts as texts, suggestedTrashDays } from '@/features/retention/messages';
import { RetentionAudit } from '../RetentionAudit/RetentionAudit';

/** What the open confirmation asks about: the count and the moment it is from. */
interface Asked {
  due: number;
  trashDays: number;
  cutoff: string;
}

/**
 * 'Aplicar agora': the count first (a fresh read of the setting and of what is due), then, once
 * confirmed, the run over exactly those leads; `onDeleted` after a run (the panel re-counts
 * 'Lixeira (N)').
 */
function useApplyNow(reload: () => Promise<RetentionState | null>, onDeleted?: () => void) {
  const [asked, setAsked] = useState<Asked | null>(null);
  // Kept while the dialog closes, so its wording never reads 'Excluir 0 leads'.
  const [shown, setShown] = useState<Asked | null>(null);
  const [busy, setBusy] = useState(false);

  const ask = async () => {
    setBusy(true);
    const fresh = await reload();
    setBusy(false);
    if (!fresh || fresh.trashDays === null || fresh.cutoff === null) {
      if (fresh) showToast({ title: texts.off }, 'success');
      return;
    }
    if (fresh.due === 0) {
      showToast({ title: texts.nothingDue(fresh.trashDays) }, 'success');
      return;
    }
    const next = { due: fresh.due, trashDays: fresh.trashDays, cutoff: fresh.cutoff };
    setAsked(next);
    setShown(next);
  };

  const apply = async () => {
    if (!asked) return;
    setBusy(true);
    try {
      const run = await applyRetentionNow(asked.cutoff);
      showToast(
        { title: run.trashDays === null ? texts.off : texts.applied(run.deleted) },
        'success',
      );
      onDeleted?.();
      await reload();
    } catch (error) {
      console.error('Retention could not be applied', error);
      showToast({ title: texts.error }, 'error');
    } finally {
      setBusy(false);
      setAsked(null);
    }
  };
  return { asked, shown, busy, ask, apply, close: () => setAsked(null) };
}

/** 'Aplicar retenção agora': how many leads will go, and the button that deletes them. */
function ApplyNowDialog({ applyNow }: { applyNow: ReturnType<typeof useApplyNow> }) {
  const { shown } = applyNow;
  return (
    <ConfirmDialog
      opened={applyNow.asked !== null}
      title={texts.applyTitle}
      confirmLabel={shown ? texts.applyButton(shown.due) : ''}
      cancelLabel={texts.cancel}
      busy={applyNow.busy}
      onConfirm={() => void applyNow.apply()}
      onClose={applyNow.close}
    >
      {shown ? texts.applyConfirm(shown.due, shown.trashDays) : ''}
    </ConfirmDialog>
  );
}

export interface RetentionSettingsProps {
  /** Leads were deleted for good from the trash ('Lixeira (N)' is counted again). */
  onDeleted?: () => void;
}

export function RetentionSettings({ onDeleted }: RetentionSettingsProps) {
  const [state, setState] = useState<RetentionState | null>(null);
  const [enabled, setEnabled] = useState(false);
  const [days, setDays] = useState(String(suggestedTrashDays));
  const [saving, setSaving] = useState(false);

  const reload = useCallback(async (): Promise<RetentionState | null> => {
    try {
      const loaded = await loadRetention();
      setState(loaded);
      setEnabled(loaded.trashDays !== null);
      setDays(String(loaded.trashDays ?? suggestedTrashDays));
      return loaded;
    } catch (error) {
      console.error('Retention settings could not be read', error);
      showToast({ title: texts.loadError }, 'error');
      return null;
    }
  }, []);
  const applyNow = useApplyNow(reload, onDeleted);

  useEffect(() => {
    void reload();
  }, [reload]);

  const dayCount = Number(days);
  const daysValid = Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= 3650;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (enabled && !daysValid) return;
    setSaving(true);
    try {
      await saveRetention(enabled ? dayCount : null);
      showToast({ title: texts.saved }, 'success');
      await reload();
    } catch (error) {
      console.error('Retention could not be saved', error);
      showToast({ title: texts.error }, 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="retention-title">
      <Title order={2} size="h4" id="retention-title" mb="xs">
        {texts.title}
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {texts.intro}
      </Text>
      <form onSubmit={(event) => void save(event)}>
        <Stack gap="sm">
          <Switch
            label={texts.enabled}
            checked={enabled}
            disabled={state === null}
            onChange={(event) => setEnabled(event.currentTarget.checked)}
          />
          <TextInput
            label={texts.days}
            description={texts.daysHint}
            inputMode="numeric"
            maxLength={4}
            w="14rem"
            value={days}
            disabled={!enabled || state === null}
            error={enabled && !daysValid ? 'De 1 a 3650 dias.' : undefined}
            onChange={(event) => setDays(event.currentTarget.value.replace(/\D/g, ''))}
          />
          <Group gap="sm">
            <Button type="submit" loading={saving} disabled={state === null}>
              {texts.save}
            </Button>
            <Button
              variant="light"
              color="red"
              loading={applyNow.busy && applyNow.asked === null}
              disabled={state === null || state.trashDays === null}
              onClick={() => void applyNow.ask()}
            >
              {texts.applyNow}
            </Button>
          </Group>
        </Stack>
      </form>
      <RetentionAudit />
      <ApplyNowDialog applyNow={applyNow} />
    </Paper>
  );
}
