/**
 * The admin's choice of desktop notifications of arrivals: remembered in this browser like the
 * sound, and only on while the browser allows them. Turning it on asks the browser's permission.
 */
import { useNotificationChoice, type NotificationChoice } from '@/lib/page/use-notification-choice';
import { arrivalNotificationKey } from './arrival-notification';

export type ArrivalNotifications = NotificationChoice;

export function useArrivalNotifications(): ArrivalNotifications {
  return useNotificationChoice(arrivalNotificationKey);
}
