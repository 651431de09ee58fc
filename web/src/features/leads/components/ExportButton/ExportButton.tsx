/**
 * The exports of the list: 'Exportar Qualificados' (leads_qualificados.csv, the principal leads)
 * and 'Exportar lista' (leads_lista.csv, every lead shown, with origin and campaign). Both take the
 * view as filtered (status, job, search, period), and a line under them says how many each takes.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { showToast } from '@/components/toast';
import type { Lead } from '@/domain/lead';
import { isQualified, qualifiedExportFileName, viewExportFileName } from '@/domain/lead-export';
import { exportQualified, exportView } from '@/features/leads/api/export-qualified';
import { exportDoneToast, exportErrorToast, leadsTexts } from '@/features/leads/messages';

type Kind = 'qualified' | 'view';

export function ExportButton({
  leads,
  disabled = false,
}: {
  /** The leads the list shows, filtered. */
  leads: readonly Lead[];
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState<Kind | null>(null);
  const summaryId = useId();
  const qualified = useMemo(() => leads.filter(isQualified), [leads]);

  const run = async (kind: Kind) => {
    setBusy(kind);
    try {
      if (kind === 'qualified') await exportQualified(qualified);
      else await exportView(leads);
      const [count, file] =
        kind === 'qualified'
          ? [qualified.length, qualifiedExportFileName]
          : [leads.length, viewExportFileName];
      showToast(exportDoneToast(count, file), 'success');
    } catch (error) {
      console.error('Export failed', error);
      showToast(exportErrorToast, 'error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap={4} align="flex-end">
      <Group gap="xs" justify="flex-end">
        <Button
          loading={busy === 'qualified'}
          disabled={disabled || busy !== null || qualified.length === 0}
          aria-describedby={summaryId}
          onClick={() => void run('qualified')}
        >
          {leadsTexts.export}
        </Button>
        <Button
          variant="default"
          loading={busy === 'view'}
          disabled={disabled || busy !== null || leads.length === 0}
          aria-describedby={summaryId}
          onClick={() => void run('view')}
        >
          {leadsTexts.exportView}
        </Button>
      </Group>
      {!disabled && (
        <Text id={summaryId} size="xs" c="gray.7" ta="right" maw={420}>
          {leadsTexts.exportSummary(qualified.length, leads.length)}
        </Text>
      )}
    </Stack>
  );
}
