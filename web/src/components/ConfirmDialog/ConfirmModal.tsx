/** The confirmation dialog itself (loaded by ConfirmDialog.tsx when first needed): the question, a cancel button and a (red) confirm button that shows progress while busy. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export default function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      title={title}
      centered
      size="md"
      withCloseButton={!busy}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      <Stack>
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <Group justify="flex-end" wrap="wrap">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button color="red.9" onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
