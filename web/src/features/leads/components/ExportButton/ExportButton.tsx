/** 'Exportar Qualificados': downloads leads_qualificados.csv of the given leads' principal ones. */
import { Button } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '@/components/toast';
import type { Lead } from '@/domain/lead';
import { exportQualified } from '@/features/leads/api/export-qualified';
import { exportDoneToast, exportErrorToast, leadsTexts } from '@/features/leads/messages';

export function ExportButton({
  leads,
  disabled = false,
}: {
  leads: readonly Lead[];
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await exportQualified(leads);
      showToast(exportDoneToast, 'success');
    } catch (error) {
      console.error('Export failed', error);
      showToast(exportErrorToast, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button color="#2b7a3b" loading={busy} disabled={disabled} onClick={() => void run()}>
      {leadsTexts.export}
    </Button>
  );
}
