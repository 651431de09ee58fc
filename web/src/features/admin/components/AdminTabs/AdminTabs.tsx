/** The panel's four tabs; each tab's content is passed in by the page. */
import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { hideUndoToasts } from '@/components/undo-toast';
import { adminTexts } from '@/features/admin/messages';
import classes from './AdminTabs.module.css';

export type AdminTab = 'leads' | 'lixeira' | 'relatorios' | 'configuracoes';

export interface AdminTabsProps {
  /** Leads in the trash, shown in the tab label; null while it is being counted. */
  trashCount: number | null;
  panels: Record<AdminTab, ReactNode>;
}

export function AdminTabs({ trashCount, panels }: AdminTabsProps) {
  return (
    // An undo offered on one tab does not follow the admin to the next.
    <Tabs defaultValue="leads" keepMounted={false} onChange={hideUndoToasts}>
      <Tabs.List className={classes.list}>
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
