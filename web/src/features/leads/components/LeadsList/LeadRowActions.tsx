/**
 * A lead's actions: the status selector, the WhatsApp chat (with the message templates) and the
 * trash button (plain elements: one per row).
 */
import { lazy, Suspense, useState, type Ref } from 'react';
import { LightIconButton, LightSelect } from '@/components/LightControls/LightControls';
import { WhatsAppIcon } from '@/components/icons';
import { TrashIcon } from '@/components/lead-icons';
import type { Lead, LeadStatus } from '@/domain/lead';
import { leadStatuses } from '@/domain/options';
import { leadsTexts, statusChoices } from '@/features/leads/messages';
import classes from './LeadsList.module.css';

/**
 * The menu's code (Mantine's Menu and Floating UI's interactions) is not on the panel's first
 * load: it downloads when a row's button is first pressed, the button showing it is busy meanwhile.
 */
const WhatsappMenu = lazy(() =>
  import('@/components/WhatsappMenu/WhatsappMenu').then((module) => ({
    default: module.WhatsappMenu,
  })),
);

export interface RowHandlers {
  onStatus: (lead: Lead, status: LeadStatus) => void;
  onTrash: (lead: Lead) => void;
  /** The WhatsApp chat was opened (the tab then offers to record the contact). */
  onWhatsapp: (lead: Lead) => void;
}

/**
 * The row's WhatsApp button: a menu of 'Sem mensagem' and the team's templates, as in the record.
 * A plain button until first pressed (the menu and its templates' listener are not worth 25
 * rows' open), then the shared menu, opened at once, in its place.
 */
function RowWhatsapp({ lead, onWhatsapp }: { lead: Lead; onWhatsapp: RowHandlers['onWhatsapp'] }) {
  const [asked, setAsked] = useState(false);
  const button = (props: {
    ref?: Ref<HTMLButtonElement>;
    onClick?: () => void;
    loading?: boolean;
  }) => (
    <LightIconButton
      color="green"
      aria-label={leadsTexts.whatsappOf(lead.nome)}
      aria-haspopup="menu"
      {...props}
    >
      <WhatsAppIcon size={18} />
    </LightIconButton>
  );
  if (!asked) return button({ onClick: () => setAsked(true) });
  return (
    <Suspense fallback={button({ loading: true })}>
      <WhatsappMenu
        lead={lead}
        openAtOnce
        onOpened={() => onWhatsapp(lead)}
        target={(ref) => button({ ref })}
      />
    </Suspense>
  );
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
      <RowWhatsapp lead={lead} onWhatsapp={onWhatsapp} />
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
