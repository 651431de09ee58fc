/**
 * The exports of the list: 'Exportar Qualificados' (leads_qualificados, the principal leads) and
 * 'Exportar lista' (leads_lista, every lead shown, with origin and campaign), as CSV or as an
 * Excel file ('Formato do arquivo'). Both take the view as filtered (status, job, search,
 * period), and a line under them says how many each takes (counted on the server); the leads
 * themselves are read when the admin asks for the file.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { LightSelect } from '@/components/LightControls/LightControls';
import { showToast } from '@/components/toast';
import type { Lead } from '@/domain/lead';
import type { ExportFormat, ExportKind } from '@/domain/lead-export';
import { exportDoneToast, exportErrorToast, leadsTexts } from '@/features/leads/messages';

export type { ExportKind };

const exportFormats = [
  { value: 'csv', label: leadsTexts.exportCsv },
  { value: 'xlsx', label: leadsTexts.exportXlsx },
];

export function ExportButton({
  listed,
  qualified,
  load,
  disabled = false,
}: {
  /** How many leads the list's filters match, and how many of them are principal (null: counting). */
  listed: number | null;
  qualified: number | null;
  /** Reads the leads an export takes: the principal ones, or every one the filters match. */
  load: (kind: ExportKind) => Promise<readonly Lead[]>;
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const summaryId = useId();
  const counting = listed === null || qualified === null;

  const run = async (kind: ExportKind) => {
    setBusy(kind);
    try {
      // The file's writing (and its writers) loads when a file is asked for, not with the list.
      const [leads, { exportLeads }] = await Promise.all([
        load(kind),
        import('@/features/leads/api/export-qualified'),
      ]);
      const file = await exportLeads(kind, format, leads);
      showToast(exportDoneToast(leads.length, file), 'success');
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
        <LightSelect
          label={leadsTexts.exportFormat}
          width={130}
          value={format}
          options={exportFormats}
          onChange={(value) => setFormat(value as ExportFormat)}
        />
        <Button
          loading={busy === 'qualified'}
          disabled={disabled || busy !== null || !qualified}
          aria-describedby={summaryId}
          onClick={() => void run('qualified')}
        >
          {leadsTexts.export}
        </Button>
        <Button
          variant="default"
          loading={busy === 'view'}
          disabled={disabled || busy !== null || !listed}
          aria-describedby={summaryId}
          onClick={() => void run('view')}
        >
          {leadsTexts.exportView}
        </Button>
      </Group>
      {/* Two lines kept for it while counting: the list under it does not move when the count
          arrives (a click aimed at a row landed above it). */}
      <Text
        id={summaryId}
        size="xs"
        c="gray.7"
        ta="right"
        maw={420}
        mih="calc(2 * var(--mantine-font-size-xs) * var(--mantine-line-height-xs))"
      >
        {!disabled && !counting
          ? leadsTexts.exportSummary(qualified, listed)
          : leadsTexts.exportCounting}
      </Text>
    </Stack>
  );
}
