/**
 * Reminds the signed-in admin of their next steps as they fall due, wherever the panel is (held
 * above the tabs by app/admin-panel): a toast that stays until closed, with 'Abrir ficha', and a
 * desktop notification when they opted in and the panel is not in front. It listens to their steps
 * due today (one query, at most 100, opened after the panel's first content), and wakes when the
 * next one falls due.
 */
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import { useLiveQuery } from '@/data/live';
import { stepsDueBetweenQuery } from '@/data/next-step-reads';
import { dayBounds, nextStepCell } from '@/domain/next-step';
import { raiseNotification } from '@/lib/page/desktop-notification';
import { afterFirstContent } from '@/lib/page/when-idle';
import { useNow } from '@/lib/page/use-now';
import { todayTexts } from '../messages';
import { claimReminder, pastAtOpen, remindersAt, type DueLead } from './reminders';
import { useReminderNotifications } from './use-reminder-notifications';

/** The longest a timer may wait (setTimeout's limit); a later step is looked at again then. */
const maxWaitMs = 2 ** 31 - 1;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function remind({ lead, key }: DueLead, desktop: boolean, open: (id: string) => void): void {
  const step = lead.next_step;
  if (!step) return;
  const title = todayTexts.reminder.title(step.kind, lead.nome);
  const body = nextStepCell(step);
  const id = notifications.show({
    title,
    color: 'blue',
    withBorder: true,
    autoClose: false,
    closeButtonProps: { 'aria-label': 'Fechar' },
    message: (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">{body}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            notifications.hide(id);
            open(lead.id);
          }}
        >
          {todayTexts.reminder.open}
        </Button>
      </Group>
    ),
  });
  if (desktop)
    raiseNotification(title, { body, tag: `vagas-lembrete-${key}` }, () => open(lead.id));
}

export interface DueRemindersOptions {
  /** The signed-in admin's email, lowercase (null: nobody to remind). */
  me: string | null;
  /** Shows a lead's record. */
  onOpenLead: (id: string) => void;
}

export function useDueReminders({ me, onOpenLead }: DueRemindersOptions): void {
  const db = useFirestore();
  // Listened to once the panel's first content is on screen: not a listener more on the open.
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstContent(() => setReady(true)), []);
  const { start, end } = dayBounds(useNow(60_000));
  const startMs = start.getTime();
  const endMs = end.getTime();
  const stepsQuery = useMemo(
    () => (me && ready ? stepsDueBetweenQuery(db, me, new Date(startMs), new Date(endMs)) : null),
    [db, me, ready, startMs, endMs],
  );
  const { data } = useLiveQuery(stepsQuery);
  const desktop = useReminderNotifications().on;
  const latest = useRef({ desktop, onOpenLead });
  latest.current = { desktop, onOpenLead };
  // Past at the query's first answer (not reminded), and given in this tab.
  const past = useRef<{ query: typeof stepsQuery; keys: Set<string> } | null>(null);
  const given = useRef(new Set<string>());
  const [wake, setWake] = useState(0);

  useEffect(() => {
    if (!data) return;
    const now = new Date();
    if (past.current?.query !== stepsQuery) {
      past.current = { query: stepsQuery, keys: pastAtOpen(data, now) };
    }
    const skip = (key: string) => past.current!.keys.has(key) || given.current.has(key);
    const { due, nextInMs } = remindersAt(data, now, skip);
    for (const item of due) {
      given.current.add(item.key);
      if (claimReminder(storage(), item.key)) {
        remind(item, latest.current.desktop, (id) => latest.current.onOpenLead(id));
      }
    }
    if (nextInMs === null) return;
    const timer = setTimeout(() => setWake((n) => n + 1), Math.min(nextInMs + 50, maxWaitMs));
    return () => clearTimeout(timer);
  }, [data, stepsQuery, wake]);
}
