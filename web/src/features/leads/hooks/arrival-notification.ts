/**
 * Desktop notifications of arrivals (the browser's Notification API), opt-in like the sound: raised
 * only while the panel is not in front (a background tab, or another window in focus), since the
 * list, the 'Recém-chegado' badge and the title already tell an admin who is looking. Clicking
 * one brings the panel forward on that lead's record.
 */
import type { Lead } from '@/domain/lead';
import { raiseNotification } from '@/lib/page/desktop-notification';
import { leadsTexts } from '../messages';

/** localStorage key of the admin's choice (beside the sound's `vagas:som-chegada`). */
export const arrivalNotificationKey = 'vagas:notificacao-chegada';

/** Up to this many arrivals at once get a notification each; more get one that sums them up. */
export const notificationsPerBatch = 3;

/**
 * Raises the notifications of `arrivals` (newest first) when the panel is not in front and the
 * browser allows them. `open(id)` shows a lead's record; `open(null)` the list.
 */
export function notifyArrivals(arrivals: Lead[], open: (id: string | null) => void): void {
  if (arrivals.length === 0) return;
  if (arrivals.length > notificationsPerBatch) {
    raiseNotification(
      leadsTexts.notification.many(arrivals.length),
      {
        body: arrivals
          .slice(0, notificationsPerBatch)
          .map((lead) => lead.nome)
          .join(', '),
        tag: 'vagas-leads',
      },
      () => open(null),
    );
    return;
  }
  for (const lead of arrivals) {
    raiseNotification(
      leadsTexts.notification.one(lead.nome),
      { body: `${lead.vaga} · ${lead.cidade}`, tag: `vagas-lead-${lead.id}` },
      () => open(lead.id),
    );
  }
}
