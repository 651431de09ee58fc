/**
 * An admin's choice of one kind of desktop notification (arrivals, reminders): remembered in this
 * browser under `key`, each kind apart from the others, and only on while the browser allows
 * them. Turning it on asks the browser's permission.
 */
import { useLocalStorage } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import {
  askNotificationAccess,
  notificationAccess,
  type NotificationAccess,
} from './desktop-notification';

export interface NotificationChoice {
  /** On: chosen here and allowed by the browser. */
  on: boolean;
  access: NotificationAccess;
  /** Asking the browser right now. */
  asking: boolean;
  setOn: (on: boolean) => Promise<void>;
}

export function useNotificationChoice(key: string): NotificationChoice {
  const [chosen, setChosen] = useLocalStorage<boolean>({
    key,
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
  // The browser's answer read now, not the one this instance asked for: an instance learns of a
  // permission another one's switch obtained.
  const on = chosen && notificationAccess() === 'granted';
  // One object while nothing changes: the switch is memoised on it.
  return useMemo(() => ({ on, access, asking, setOn }), [on, access, asking, setOn]);
}
