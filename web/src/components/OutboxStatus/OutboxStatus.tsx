/**
 * Where the candidate's application stands when it waits on the device: a status note (read by
 * screen readers as it appears) saying it will be sent once the connection returns, or, when the
 * device has sent several applications in a few minutes, once it may send again.
 */
import { Alert } from '@mantine/core';
import { heldText, waitingText } from '@/lib/outbox/messages';
import type { QueuedApplication } from '@/lib/outbox/outbox';

export function OutboxStatus({ waiting }: { waiting: readonly QueuedApplication[] }) {
  if (waiting.length === 0) return null;
  const text = waiting.some((entry) => entry.heldUntil !== undefined) ? heldText : waitingText;
  return (
    <Alert
      role="status"
      aria-live="polite"
      color="yellow"
      variant="light"
      radius="md"
      mb="md"
      title={text.title}
      data-testid="outbox-status"
    >
      {text.message}
    </Alert>
  );
}
