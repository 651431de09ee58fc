/** A success toast with an undo button (e.g. 'Lead movido para lixeira' + 'Desfazer'). */
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ToastText } from '@/domain/messages';

/** The undo toasts still on screen: an undo belongs to the screen it was offered on. */
const shown = new Set<string>();

/** Hides every undo toast (the panel calls it when the admin changes tab). */
export function hideUndoToasts(): void {
  for (const id of shown) notifications.hide(id);
  shown.clear();
}

export function showUndoToast(toast: ToastText, undoLabel: string, onUndo: () => void): void {
  const id = notifications.show({
    onClose: () => shown.delete(id),
    title: toast.title,
    color: 'green',
    withBorder: true,
    autoClose: 8000,
    closeButtonProps: { 'aria-label': 'Fechar' },
    message: (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">{toast.message ?? ''}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            notifications.hide(id);
            onUndo();
          }}
        >
          {undoLabel}
        </Button>
      </Group>
    ),
  });
  shown.add(id);
}
