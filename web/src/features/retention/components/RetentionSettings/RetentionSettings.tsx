/**
 * Configurações → 'Retenção de dados (LGPD)': whether leads in the trash are deleted for good after
 * a number of days (off by default, 90 suggested), 'Aplicar agora', and the audit of deletions.
 */
import { Button, Group, List, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { showToast } from '@/components/toast';
import {
  applyRetentionNow,
  loadRetention,
  saveRetention,
  type AuditEntry,
  type RetentionState,
} from '@/features/retention/api/retention';
import { retentionTexts as texts, suggestedTrashDays } from '@/features/retention/messages';

function auditLine(entry: AuditEntry): string {
  const when = entry.at ? new Date(entry.at).toLocaleString('pt-BR') : '';
  const what =
    entry.kind === 'retention'
      ? texts.auditRetention(entry.deleted, entry.trashDays)
      : texts.auditErasure(entry.deleted);
  return `${when}: ${what}`;
}

export function RetentionSettings() {
  const [state, setState] = useState<RetentionState | null>(null);
  const [enabled, setEnabled] = useState(false);
  const [days, setDays] = useState(String(suggestedTrashDays));
  const [busy, setBusy] = useState<'save' | 'apply' | null>(null);

  const reload = useCallback(async () => {
    try {
      const loaded = await loadRetention();
      setState(loaded);
      setEnabled(loaded.trashDays !== null);
      setDays(String(loaded.trashDays ?? suggestedTrashDays));
    } catch (error) {
      console.error('Retention settings could not be read', error);
      showToast({ title: texts.loadError }, 'error');
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const dayCount = Number(days);
  const daysValid = Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= 3650;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (enabled && !daysValid) return;
    setBusy('save');
    try {
      await saveRetention(enabled ? dayCount : null);
      showToast({ title: texts.saved }, 'success');
      await reload();
    } catch (error) {
      console.error('Retention could not be saved', error);
      showToast({ title: texts.error }, 'error');
    } finally {
      setBusy(null);
    }
  };

  const apply = async () => {
    setBusy('apply');
    try {
      const run = await applyRetentionNow();
      showToast(
        { title: run.trashDays === null ? texts.off : texts.applied(run.deleted) },
        'success',
      );
      await reload();
    } catch (error) {
      console.error('Retention could not be applied', error);
      showToast({ title: texts.error }, 'error');
    } finally {
      setBusy(null);
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
            <Button type="submit" loading={busy === 'save'} disabled={state === null}>
              {texts.save}
            </Button>
            <Button
              variant="light"
              color="red"
              loading={busy === 'apply'}
              disabled={state === null || state.trashDays === null}
              onClick={() => void apply()}
            >
              {texts.applyNow}
            </Button>
          </Group>
        </Stack>
      </form>
      <Title order={3} size="h5" mt="lg" mb="xs">
        {texts.audit}
      </Title>
      {state && state.audit.length > 0 ? (
        <List size="sm" aria-label={texts.audit}>
          {state.audit.map((entry, index) => (
            <List.Item key={`${entry.at}-${index}`}>{auditLine(entry)}</List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm" c="gray.7">
          {texts.auditEmpty}
        </Text>
      )}
    </Paper>
  );
}
