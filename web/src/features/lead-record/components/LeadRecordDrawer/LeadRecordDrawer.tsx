/**
 * The candidate's record in a drawer over the panel (`/admin/leads/:id`): the lead's fields and
 * source, its controls (status, WhatsApp with templates, contact, responsible, trash), its next
 * step, its other
 * applications, its notes and its timeline, all live.
 */
import { Alert, Badge, Center, Drawer, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { RecordLead } from '@/domain/lead-record';
import { useLeadRecord } from '@/features/lead-record/hooks/use-lead-record';
import { useRecordActions } from '@/features/lead-record/hooks/use-record-actions';
import { recordTexts } from '@/features/lead-record/messages';
import { LeadDetails } from '../LeadDetails/LeadDetails';
import { NextStepSection } from '../NextStepSection/NextStepSection';
import { NotesSection } from '../NotesSection/NotesSection';
import { OtherApplications } from '../OtherApplications/OtherApplications';
import { RecordActionsBar } from '../RecordActions/RecordActions';
import { TimelineSection } from '../TimelineSection/TimelineSection';

export interface LeadRecordDrawerProps {
  leadId: string;
  /**
   * The lead as a live listener of the page holds it (the panel's list of active leads), kept up
   * to date: shown at once, and the record opens no listener of its own on the lead meanwhile.
   */
  live?: RecordLead;
  onClose: () => void;
}

function LeadRecord({ leadId, live }: { leadId: string; live?: RecordLead }) {
  const record = useLeadRecord(leadId, live);
  const actions = useRecordActions(leadId);
  // A lead that leaves the page's list (moved to the trash here) is read by the record's own
  // listener from then on: what was shown stays until that listener answers.
  const [shown, setShown] = useState<RecordLead | null>(null);
  if (record.lead.status === 'success' && record.lead.data && record.lead.data !== shown) {
    setShown(record.lead.data);
  }
  const lead =
    record.lead.status === 'loading' && shown
      ? ({ status: 'success', data: shown, error: null } as const)
      : record.lead;
  if (lead.status === 'loading') {
    return (
      <Center py="xl">
        <Loader aria-label={recordTexts.loading} />
      </Center>
    );
  }
  if (lead.status === 'error') return <Alert color="red" title={recordTexts.loadFailed} />;
  if (!lead.data) return <Alert color="gray" title={recordTexts.notFound} />;
  const data = lead.data;
  return (
    <Stack gap="lg" data-lead-id={data.id}>
      <Group gap="xs">
        <Title order={2} size="h3">
          {data.nome}
        </Title>
        {data.deleted_at && (
          <Badge color="gray.7" variant="filled">
            {recordTexts.inTrash}
          </Badge>
        )}
      </Group>
      <RecordActionsBar lead={data} actions={actions} />
      <NextStepSection lead={data} actions={actions} />
      <LeadDetails lead={data} />
      <OtherApplications others={record.others} />
      <NotesSection notes={record.notes} actions={actions} />
      <TimelineSection timeline={record.timeline} appliedAt={data.created_at} />
    </Stack>
  );
}

export function LeadRecordDrawer({ leadId, live, onClose }: LeadRecordDrawerProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={<Text fw={600}>{recordTexts.title}</Text>}
      closeButtonProps={{ 'aria-label': recordTexts.close }}
    >
      <LeadRecord key={leadId} leadId={leadId} live={live} />
    </Drawer>
  );
}
