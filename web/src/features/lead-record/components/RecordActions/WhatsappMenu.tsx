/**
 * The record's WhatsApp button: a menu that opens wa.me without a message or with one of the
 * admins' templates filled in for this lead; `onOpened` after either (the record then offers to
 * record the contact).
 */
import { Button, Menu } from '@mantine/core';
import { WhatsAppIcon } from '@/components/icons';
import { useMessageTemplates } from '@/data/message-templates';
import { fillTemplate, whatsappMessageLink, type RecordLead } from '@/domain/lead-record';
import { recordTexts } from '@/features/lead-record/messages';

export function WhatsappMenu({ lead, onOpened }: { lead: RecordLead; onOpened: () => void }) {
  const templates = useMessageTemplates();
  const item = (key: string, label: string, text?: string) => (
    <Menu.Item
      key={key}
      component="a"
      href={whatsappMessageLink(lead.whatsapp, text)}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onOpened}
    >
      {label}
    </Menu.Item>
  );
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          size="sm"
          variant="default"
          leftSection={<WhatsAppIcon size={18} color="var(--mantine-color-green-9)" />}
          aria-label={recordTexts.whatsappOf(lead.nome)}
        >
          WhatsApp
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {item('none', recordTexts.noTemplate)}
        {(templates.data?.length ?? 0) > 0 && <Menu.Label>{recordTexts.templates}</Menu.Label>}
        {(templates.data ?? []).map((template) =>
          item(template.id, template.name, fillTemplate(template.text, lead)),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
