/**
 * The reminders of next steps, in a component of their own: their clock ticks every minute, and
 * the panel around them need not render again for it. AdminPanelPage loads it once the panel's
 * first content is on screen (the reminders listen only from then on anyway).
 */
import { useDueReminders } from '@/features/today/hooks/use-due-reminders';

export default function DueReminders(props: Parameters<typeof useDueReminders>[0]) {
  useDueReminders(props);
  return null;
}
