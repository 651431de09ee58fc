/** Admin toasts through @mantine/notifications; errors use the destructive (red) style. */
import { notifications } from '@mantine/notifications';
import type { AdminToast } from './messages';

export function showToast(toast: AdminToast, tone: 'success' | 'error'): void {
  notifications.show({
    color: tone === 'error' ? 'red' : 'green',
    title: toast.title,
    message: toast.message ?? null,
  });
}
