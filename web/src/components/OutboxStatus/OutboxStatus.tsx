/**
 * Where the candidate's application stands when it waits on the device: a status note
 * (read by screen readers as it appears) saying it will be sent once the connection returns.
 */
import { Alert } from '@mantine/core';
import { waitingText } from '@/lib/outbox/messages';

export function OutboxStatus({ waiting }: { waiting: number }) {
  if (waiting === 0) return null;
  return (
    <Alert
      role="status"
      aria-live="polite"
      color="yellow"
      variant="light"
      radius="md"
      mb="md"
      title={waitingText.title}
      data-testid="outbox-status"
    >
      {waitingText.message}
    </Alert>
  );
}
