/**
 * The panel's four tabs; each tab's content is passed in by the page. Plain elements with the
 * WAI-ARIA tabs pattern (arrow keys, Home and End move and select), drawn like Mantine's default
 * Tabs (AdminTabs.module.css): they render again whenever the panel does (an arrival, a count), and
 * Mantine's ten components each time held up the admin's first click
 * (web/README.md, "The panel's open on a slow phone"). Only the chosen
 * tab's panel is mounted.
 */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { hideUndoToasts } from '@/components/undo-toast';
import { adminTexts } from '@/features/admin/messages';
import classes from './AdminTabs.module.css';

export type AdminTab = 'leads' | 'lixeira' | 'relatorios' | 'configuracoes';

export interface AdminTabsProps {
  /** Leads in the trash, shown in the tab label; null while it is being counted. */
  trashCount: number | null;
  panels: Record<AdminTab, ReactNode>;
  /** The open tab (the panel keeps it in the address: `tabOf`) and its change; else their own. */
  active?: AdminTab;
  onChange?: (tab: AdminTab) => void;
}

const tabs: readonly AdminTab[] = ['leads', 'lixeira', 'relatorios', 'configuracoes'];

/** The address's parameter naming the open tab (`/admin?aba=lixeira`; none for Leads). */
export const tabParam = 'aba';

/** The tab the address's query names (Leads for none, or a name that is no tab). */
export function tabOf(params: URLSearchParams): AdminTab {
  const named = params.get(tabParam);
  return tabs.find((tab) => tab === named) ?? 'leads';
}

/** `params` naming `tab` as the open one. */
export function withTab(params: URLSearchParams, tab: AdminTab): URLSearchParams {
  const next = new URLSearchParams(params);
  if (tab === 'leads') next.delete(tabParam);
  else next.set(tabParam, tab);
  return next;
}

function labelOf(tab: AdminTab, trashCount: number | null): string {
  const { leads, trash, reports, settings } = adminTexts.tabs;
  return { leads, lixeira: trash(trashCount), relatorios: reports, configuracoes: settings }[tab];
}

/** Where each key moves from tab `index` (the arrows wrap around). */
const moves: Record<string, (index: number) => number> = {
  ArrowRight: (index) => (index + 1) % tabs.length,
  ArrowLeft: (index) => (index - 1 + tabs.length) % tabs.length,
  Home: () => 0,
  End: () => tabs.length - 1,
};

/** The tab a key moves to from `index`, or null for another key. */
function tabForKey(key: string, index: number): AdminTab | null {
  const move = moves[key];
  return move ? tabs[move(index)]! : null;
}

export function AdminTabs({ trashCount, panels, active: given, onChange }: AdminTabsProps) {
  const [own, setOwn] = useState<AdminTab>('leads');
  const active = given ?? own;
  const id = useId();
  const buttons = useRef(new Map<AdminTab, HTMLButtonElement>());
  const choose = (tab: AdminTab) => {
    if (tab === active) return;
    (onChange ?? setOwn)(tab);
    // An undo offered on one tab does not follow the admin to the next.
    hideUndoToasts();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const tab = tabForKey(event.key, index);
    if (!tab) return;
    event.preventDefault();
    buttons.current.get(tab)?.focus();
    choose(tab);
  };
  return (
    <div>
      <div role="tablist" aria-orientation="horizontal" className={classes.list}>
        {tabs.map((tab, index) => (
          <button
            key={tab}
            ref={(button) => {
              if (button) buttons.current.set(tab, button);
              else buttons.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={`${id}-${tab}-tab`}
            aria-controls={`${id}-${tab}-panel`}
            aria-selected={tab === active}
            tabIndex={tab === active ? 0 : -1}
            data-active={tab === active || undefined}
            className={classes.tab}
            onClick={() => choose(tab)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {labelOf(tab, trashCount)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-${active}-panel`}
        aria-labelledby={`${id}-${active}-tab`}
        className={classes.panel}
      >
        {panels[active]}
      </div>
    </div>
  );
}
