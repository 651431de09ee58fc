/**
 * Configurações → 'Contadores': 'Recontar contadores' has the functions recount the panel's
 * statistics from the leads (a safety net: they are kept exact as leads change) and says what it
 * corrected. The counters on screen follow by themselves: they listen to the document it fixes.
 */
import { Button, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '@/components/toast';
import { reconcileLeadStats, refusalMessage } from '@/features/lead-stats/api/reconcile';
import {
  leadStatsTexts as texts,
  recountErrorToast,
  recountToast,
} from '@/features/lead-stats/messages';

export function RecountCounters() {
  const [busy, setBusy] = useState(false);

  const recount = async () => {
    setBusy(true);
    try {
      const result = await reconcileLeadStats();
      showToast(recountToast(result.corrected, result.daysCorrected), 'success');
    } catch (error) {
      console.error('Lead stats could not be recounted', error);
      showToast(recountErrorToast(refusalMessage(error)), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="lead-stats-title">
      <Title order={2} size="h4" id="lead-stats-title" mb="xs">
        {texts.title}
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {texts.intro}
      </Text>
      <Button variant="light" loading={busy} onClick={() => void recount()}>
        {texts.recount}
      </Button>
    </Paper>
  );
}
