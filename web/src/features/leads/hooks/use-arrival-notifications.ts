/**
 * The admin's choice of desktop notifications of arrivals: remembered in this browser like the
 * sound, and only on while the browser allows them. Turning it on asks the browser's permission.
 */
import { useLocalStorage } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import {
  arrivalNotificationKey,
  askNotificationAccess,
  notificationAccess,
  type NotificationAccess,
} from './arrival-notification';

export interface ArrivalNotifications {
  /** On: chosen here and allowed by the browser. */
  on: boolean;
  access: NotificationAccess;
  /** Asking the browser right now. */
  asking: boolean;
  setOn: (on: boolean) => Promise<void>;
}

export function useArrivalNotifications(): ArrivalNotifications {
  const [chosen, setChosen] = useLocalStorage<boolean>({
    key: arrivalNotificationKey,
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

  const on = chosen && access === 'granted';
  // One object while nothing changes: the switch is memoised on it.
  return useMemo(() => ({ on, access, asking, setOn }), [on, access, asking, setOn]);
}
