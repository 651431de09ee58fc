/** The app's toasts: errors in the destructive (red) style, successes in green. */
import { notifications } from '@mantine/notifications';

export interface Toast {
  title: string;
  message?: string;
}

export function showToast({ title, message }: Toast, kind: 'error' | 'success'): void {
  notifications.show({
    title,
    message: message ?? null,
    color: kind === 'error' ? 'red' : 'green',
    withBorder: true,
    autoClose: 6000,
  });
}
