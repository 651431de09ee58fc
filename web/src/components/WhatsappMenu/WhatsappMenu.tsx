/**
 * A WhatsApp button's menu: the chat without a message, or with one of the team's message
 * templates filled in for the lead (Configurações); `onOpened` after either (the record and the
 * list then offer to record the contact). The record and the list's rows share it; a row mounts
 * it only when its button is first pressed (`openAtOnce`), so 25 rows draw 25 plain buttons and
 * read the templates only once one is asked for.
 */
import { Menu } from '@mantine/core';
import { useEffect, useRef, useState, type ReactElement, type Ref } from 'react';
import { useMessageTemplates } from '@/data/message-templates';
import type { Lead } from '@/domain/lead';
import { fillTemplate, whatsappMessageLink } from '@/domain/lead-record';

export const whatsappMenuTexts = {
  noTemplate: 'Sem mensagem',
  templates: 'Modelos de mensagem',
} as const;

export interface WhatsappMenuProps {
  lead: Lead;
  onOpened: () => void;
  /** The button that opens the menu, given the ref the menu places it by. */
  target: (ref: Ref<HTMLButtonElement>) => ReactElement;
  /** Opens the menu as it mounts (a row's button was pressed), the focus on its button. */
  openAtOnce?: boolean;
}

export function WhatsappMenu({ lead, onOpened, target, openAtOnce = false }: WhatsappMenuProps) {
  const templates = useMessageTemplates();
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!openAtOnce) return;
    // Opened after the mount, so the menu knows where the focus goes back on closing.
    button.current?.focus();
    setOpened(true);
  }, [openAtOnce]);
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
    <Menu position="bottom-start" withinPortal returnFocus opened={opened} onChange={setOpened}>
      <Menu.Target>{target(button)}</Menu.Target>
      <Menu.Dropdown>
        {item('none', whatsappMenuTexts.noTemplate)}
        {(templates.data?.length ?? 0) > 0 && (
          <Menu.Label>{whatsappMenuTexts.templates}</Menu.Label>
        )}
        {(templates.data ?? []).map((template) =>
          item(template.id, template.name, fillTemplate(template.text, lead)),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
