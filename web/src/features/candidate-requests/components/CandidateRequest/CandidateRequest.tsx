/**
 * Configurações → 'Pedido de candidato (LGPD)': an admin finds everything stored about one
 * WhatsApp number (active and trashed leads), downloads the readable copy to send the candidate,
 * or erases it all.
 */
import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { showToast } from '@/components/toast';
import { formatPhone, isCompletePhone, nationalDigits } from '@vagas/common';
import {
  candidateCopyFileName,
  candidateCopyHtml,
} from '@/features/candidate-requests/api/candidate-copy';
import {
  download,
  eraseCandidate,
  findCandidate,
  type CandidateData,
} from '@/features/candidate-requests/api/candidate-data';
import { candidateTexts as texts } from '@/features/candidate-requests/messages';

export function CandidateRequest() {
  const [number, setNumber] = useState('');
  const [result, setResult] = useState<CandidateData | null>(null);
  const [busy, setBusy] = useState<'search' | 'erase' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [checked, setChecked] = useState(false);
  const complete = isCompletePhone(nationalDigits(number));
  const numberError = checked && !complete ? texts.invalidNumber : undefined;

  const search = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!complete) return;
    setBusy('search');
    try {
      setResult(await findCandidate(number));
    } catch (error) {
      console.error('Candidate search failed', error);
      showToast({ title: texts.error }, 'error');
    } finally {
      setBusy(null);
    }
  };

  const erase = async () => {
    if (!result) return;
    setBusy('erase');
    try {
      const { deleted } = await eraseCandidate(result.whatsapp);
      showToast({ title: texts.erased(deleted) }, 'success');
      setResult({ ...result, leads: [] });
    } catch (error) {
      console.error('Candidate erasure failed', error);
      showToast({ title: texts.eraseError }, 'error');
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  };

  const count = result?.leads.length ?? 0;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="candidate-title">
      <Title order={2} size="h4" id="candidate-title" mb="xs">
        {texts.title}
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {texts.intro}
      </Text>
      <form onSubmit={(event) => void search(event)}>
        <Group align="flex-start" gap="sm">
          <TextInput
            label={texts.whatsapp}
            placeholder="(75) 98123-4567"
            inputMode="numeric"
            value={number}
            error={numberError}
            onChange={(event) => setNumber(formatPhone(event.currentTarget.value))}
            style={{ flex: '1 1 14rem' }}
          />
          <Button type="submit" mt={25} loading={busy === 'search'}>
            {texts.search}
          </Button>
        </Group>
      </form>
      {result && (
        <Stack gap="sm" mt="md" aria-live="polite">
          <Text fw={600}>{count === 0 ? texts.none : texts.found(count)}</Text>
          {count > 0 && (
            <>
              <Table withTableBorder aria-label={texts.found(count)}>
                <Table.Tbody>
                  {result.leads.map((lead) => (
                    <Table.Tr key={lead.id}>
                      <Table.Td>{String(lead.data.nome ?? '')}</Table.Td>
                      <Table.Td>{String(lead.data.vaga ?? '')}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={lead.data.deleted_at ? 'gray' : 'blue'}>
                          {lead.data.deleted_at ? texts.inTrash : texts.active}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Group gap="sm">
                <Button
                  variant="light"
                  onClick={() =>
                    download(
                      candidateCopyFileName(result),
                      candidateCopyHtml(result),
                      'text/html;charset=utf-8',
                    )
                  }
                >
                  {texts.downloadCopy}
                </Button>
                <Button color="red" onClick={() => setConfirming(true)}>
                  {texts.erase}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        title={texts.confirmTitle}
        confirmLabel={texts.erase}
        cancelLabel={texts.cancel}
        busy={busy === 'erase'}
        onConfirm={() => void erase()}
        onClose={() => setConfirming(false)}
      >
        {texts.confirmBody(count)}
      </ConfirmDialog>
    </Paper>
  );
}
