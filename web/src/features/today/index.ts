/** What app/ uses of 'Para hoje': the view, and the reminders held above the tabs. */
export { TodayView, type TodayViewProps } from './components/TodayView/TodayView';
export { useDueReminders } from './hooks/use-due-reminders';
