/**
 * The admin's choice of desktop notifications of their next steps falling due: remembered in this
 * browser (like the arrivals' choice, apart from it: one may want reminders and not every
 * arrival), and only on while the browser allows them. Turning it on asks the browser.
 */
import { useLocalStorage } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import {
  askNotificationAccess,
  notificationAccess,
  type NotificationAccess,
} from '@/lib/page/desktop-notification';

/** localStorage key of the admin's choice. */
export const reminderNotificationKey = 'vagas:notificacao-lembrete';

export interface ReminderNotifications {
  /** On: chosen here and allowed by the browser. */
  on: boolean;
  access: NotificationAccess;
  asking: boolean;
  setOn: (on: boolean) => Promise<void>;
}

export function useReminderNotifications(): ReminderNotifications {
  const [chosen, setChosen] = useLocalStorage<boolean>({
    key: reminderNotificationKey,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const [access, setAccess] = useState<NotificationAccess>(notificationAccess);
  const [asking, setAsking] = useState(false);
  const setOn = useCallback(
    async (on: boolean) => {
      if (!on) {
        setChosen(false);
        return;
      }
      setAsking(true);
      try {
        const answer = await askNotificationAccess();
        setAccess(answer);
        setChosen(answer === 'granted');
      } finally {
        setAsking(false);
      }
    },
    [setChosen],
  );
  // The browser's answer read now, not the one this instance asked for: the reminders' instance
  // (above the tabs) learns of a permission the view's switch obtained.
  const on = chosen && notificationAccess() === 'granted';
  return useMemo(() => ({ on, access, asking, setOn }), [on, access, asking, setOn]);
}
