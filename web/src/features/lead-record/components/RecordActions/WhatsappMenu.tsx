/** The record's WhatsApp button: the shared menu (components/WhatsappMenu) under a Mantine button. */
import { Button } from '@mantine/core';
import { WhatsAppIcon } from '@/components/icons';
import { WhatsappMenu as Menu } from '@/components/WhatsappMenu/WhatsappMenu';
import type { RecordLead } from '@/domain/lead-record';
import { recordTexts } from '@/features/lead-record/messages';

export function WhatsappMenu({ lead, onOpened }: { lead: RecordLead; onOpened: () => void }) {
  return (
    <Menu
      lead={lead}
      onOpened={onOpened}
      target={(ref) => (
        <Button
          ref={ref}
          size="sm"
          variant="default"
          leftSection={<WhatsAppIcon size={18} color="var(--mantine-color-green-9)" />}
          aria-label={recordTexts.whatsappOf(lead.nome)}
        >
          WhatsApp
        </Button>
      )}
    />
  );
}
