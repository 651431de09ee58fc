/**
 * The admin's choice of desktop notifications of their next steps falling due: remembered in this
 * browser (like the arrivals' choice, apart from it: one may want reminders and not every
 * arrival), and only on while the browser allows them. Turning it on asks the browser.
 */
import { useNotificationChoice, type NotificationChoice } from '@/lib/page/use-notification-choice';

/** localStorage key of the admin's choice. */
export const reminderNotificationKey = 'vagas:notificacao-lembrete';

export type ReminderNotifications = NotificationChoice;

export function useReminderNotifications(): ReminderNotifications {
  return useNotificationChoice(reminderNotificationKey);
}
