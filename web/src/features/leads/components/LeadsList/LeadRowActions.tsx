/** A lead's actions: the status selector, the WhatsApp chat and the trash button (plain elements: one per row). */
import {
  LightIconButton,
  LightIconLink,
  LightSelect,
} from '@/components/LightControls/LightControls';
import { WhatsAppIcon } from '@/components/icons';
import { TrashIcon } from '@/components/lead-icons';
import type { Lead, LeadStatus } from '@/domain/lead';
import { whatsappLink } from '@/domain/lead-list-view';
import { leadStatuses } from '@/domain/options';
import { leadsTexts, statusChoices } from '@/features/leads/messages';
import classes from './LeadsList.module.css';

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
    <div className={classes.actions}>
      <LightSelect
        label={leadsTexts.statusOf(lead.nome)}
        width={120}
        value={lead.status}
        disabled={busy}
        options={
          known ? statusChoices : [{ value: lead.status, label: lead.status }, ...statusChoices]
        }
        onChange={(status) => onStatus(lead, status as LeadStatus)}
      />
      <LightIconLink
        color="green"
        href={whatsappLink(lead.whatsapp)}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => onWhatsapp(lead)}
        aria-label={leadsTexts.whatsappOf(lead.nome)}
      >
        <WhatsAppIcon size={18} />
      </LightIconLink>
      <LightIconButton
        color="red"
        aria-label={leadsTexts.trashOf(lead.nome)}
        loading={busy}
        onClick={() => onTrash(lead)}
      >
        <TrashIcon />
      </LightIconButton>
    </div>
  );
}
