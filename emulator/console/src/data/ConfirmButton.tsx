/** A red button that asks before doing something destructive. */
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';

export function ConfirmButton(props: {
  label: string;
  title: string;
  body: string;
  onConfirm: () => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button size="xs" color="red" variant="light" onClick={() => setOpen(true)}>
        {props.label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={props.title}>
        <Text mb="md">{props.body}</Text>
        {error && (
          <Alert color="red" mb="sm">
            {error}
          </Alert>
        )}
        <Group justify="end">
          <Button variant="default" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={() => {
              setBusy(true);
              setError(null);
              props.onConfirm().then(
                () => {
                  setBusy(false);
                  setOpen(false);
                },
                (e: unknown) => {
                  setBusy(false);
                  setError((e as Error).message);
                },
              );
            }}
          >
            {props.label}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
