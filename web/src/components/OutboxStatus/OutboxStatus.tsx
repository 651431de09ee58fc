/**
 * Where the candidate's application stands when it waits on the device: a status note (read by
 * screen readers as it appears) saying it will be sent once the connection returns, or, when the
 * device has sent several applications in a few minutes, once it may send again. Drawn as
 * Mantine's light yellow Alert by OutboxStatus.module.css: on the public pages each kilobyte of
 * code is on the first visit.
 */
import { heldText, waitingText } from '@/lib/outbox/messages';
import type { QueuedApplication } from '@/lib/outbox/outbox';
import classes from './OutboxStatus.module.css';

export function OutboxStatus({ waiting }: { waiting: readonly QueuedApplication[] }) {
  if (waiting.length === 0) return null;
  const text = waiting.some((entry) => entry.heldUntil !== undefined) ? heldText : waitingText;
  return (
    <div role="status" aria-live="polite" className={classes.note} data-testid="outbox-status">
      <p className={classes.title}>{text.title}</p>
      <p className={classes.message}>{text.message}</p>
    </div>
  );
}
