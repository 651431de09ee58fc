/** The app's toasts: errors in the destructive (red) style, successes in green. */
import { notifications } from '@mantine/notifications';
import type { ToastText } from '@/domain/messages';

/**
 * A server's message as people read it: the Functions SDK ends a callable's refusal with its HTTP
 * status ('Este email já faz parte da equipe. [409]'), which says nothing to an admin.
 */
export function readableMessage(message: string): string {
  return message.replace(/\s*\[\d{3}\]$/, '');
}

export function showToast({ title, message }: ToastText, kind: 'error' | 'success'): void {
  notifications.show({
    title,
    message: message ? readableMessage(message) : null,
    color: kind === 'error' ? 'red' : 'green',
    withBorder: true,
    autoClose: 6000,
    closeButtonProps: { 'aria-label': 'Fechar' },
  });
}

/** Closes every toast on screen: a new submit's answer never sits beside a stale one. */
export function clearToasts(): void {
  notifications.clean();
}
