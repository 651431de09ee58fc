/** The panel's four tabs; each tab's content is passed in by the page. */
import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { adminTexts } from '@/features/admin/messages';

export type AdminTab = 'leads' | 'lixeira' | 'relatorios' | 'configuracoes';

export interface AdminTabsProps {
  /** Leads in the trash, shown in the tab label. */
  trashCount: number;
  panels: Record<AdminTab, ReactNode>;
}

export function AdminTabs({ trashCount, panels }: AdminTabsProps) {
  return (
    <Tabs defaultValue="leads" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="leads">{adminTexts.tabs.leads}</Tabs.Tab>
        <Tabs.Tab value="lixeira">{adminTexts.tabs.trash(trashCount)}</Tabs.Tab>
        <Tabs.Tab value="relatorios">{adminTexts.tabs.reports}</Tabs.Tab>
        <Tabs.Tab value="configuracoes">{adminTexts.tabs.settings}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="leads" pt="md">
        {panels.leads}
      </Tabs.Panel>
      <Tabs.Panel value="lixeira" pt="md">
        {panels.lixeira}
      </Tabs.Panel>
      <Tabs.Panel value="relatorios" pt="md">
        {panels.relatorios}
      </Tabs.Panel>
      <Tabs.Panel value="configuracoes" pt="md">
        {panels.configuracoes}
      </Tabs.Panel>
    </Tabs>
  );
}
