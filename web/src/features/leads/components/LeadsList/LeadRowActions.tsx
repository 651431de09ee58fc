/** A lead's actions: the status selector, the WhatsApp chat and the trash button. */
import { ActionIcon, Group, NativeSelect } from '@mantine/core';
import { WhatsAppIcon } from '@/components/icons';
import { TrashIcon } from '@/components/lead-icons';
import type { Lead, LeadStatus } from '@/domain/lead';
import { whatsappLink } from '@/domain/lead-list';
import { leadStatuses } from '@/domain/options';
import { leadsTexts, statusChoices } from '@/features/leads/messages';

export interface RowHandlers {
  onStatus: (lead: Lead, status: LeadStatus) => void;
  onTrash: (lead: Lead) => void;
  /** The WhatsApp chat was opened (the tab then offers to record the contact). */
  onWhatsapp: (lead: Lead) => void;
}

export function LeadRowActions({
  lead,
  busy,
  onStatus,
  onTrash,
  onWhatsapp,
}: { lead: Lead; busy: boolean } & RowHandlers) {
  const known = (leadStatuses as readonly string[]).includes(lead.status);
  return (
    <Group gap={6} wrap="nowrap">
      <NativeSelect
        aria-label={leadsTexts.statusOf(lead.nome)}
        size="xs"
        w={120}
        value={lead.status}
        disabled={busy}
        data={known ? statusChoices : [lead.status, ...statusChoices]}
        onChange={(event) => onStatus(lead, event.currentTarget.value as LeadStatus)}
      />
      <ActionIcon
        component="a"
        href={whatsappLink(lead.whatsapp)}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => onWhatsapp(lead)}
        variant="light"
        color="green"
        aria-label={leadsTexts.whatsappOf(lead.nome)}
      >
        <WhatsAppIcon size={18} />
      </ActionIcon>
      <ActionIcon
        variant="light"
        color="red"
        aria-label={leadsTexts.trashOf(lead.nome)}
        loading={busy}
        disabled={busy}
        onClick={() => onTrash(lead)}
      >
        <TrashIcon />
      </ActionIcon>
    </Group>
  );
}
