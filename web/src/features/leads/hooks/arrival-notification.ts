/**
 * Desktop notifications of arrivals (the browser's Notification API), opt-in like the sound: raised
 * only while the panel is not in front (a background tab, or another window in focus), since the
 * list, the 'Recém-chegado' badge and the title already tell an admin who is looking. Clicking
 * one brings the panel forward on that lead's record.
 */
import type { Lead } from '@/domain/lead';
import { leadsTexts } from '../messages';

/** localStorage key of the admin's choice (beside the sound's `vagas:som-chegada`). */
export const arrivalNotificationKey = 'vagas:notificacao-chegada';

/** What this browser allows: no API at all, not asked yet, allowed, or refused. */
export type NotificationAccess = 'unsupported' | NotificationPermission;

/** Up to this many arrivals at once get a notification each; more get one that sums them up. */
export const notificationsPerBatch = 3;

export function notificationAccess(): NotificationAccess {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks the browser (its own prompt); resolves to what the admin answered. */
export async function askNotificationAccess(): Promise<NotificationAccess> {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  try {
    return await Notification.requestPermission();
  } catch (error) {
    console.warn('Notification permission could not be asked', error);
    return Notification.permission;
  }
}

/** Whether the admin is looking at the panel right now. */
function panelInFront(): boolean {
  return document.visibilityState === 'visible' && document.hasFocus();
}

function raise(title: string, options: NotificationOptions, onClick: () => void): void {
  try {
    const notification = new Notification(title, { icon: '/favicon.svg', ...options });
    notification.onclick = () => {
      window.focus();
      onClick();
      notification.close();
    };
  } catch (error) {
    // e.g. Chrome on Android allows notifications only through a service worker.
    console.warn('Arrival notification not shown', error);
  }
}

/**
 * Raises the notifications of `arrivals` (newest first) when the panel is not in front and the
 * browser allows them. `open(id)` shows a lead's record; `open(null)` the list.
 */
export function notifyArrivals(arrivals: Lead[], open: (id: string | null) => void): void {
  if (arrivals.length === 0 || notificationAccess() !== 'granted' || panelInFront()) return;
  if (arrivals.length > notificationsPerBatch) {
    raise(
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
    raise(
      leadsTexts.notification.one(lead.nome),
      { body: `${lead.vaga} · ${lead.cidade}`, tag: `vagas-lead-${lead.id}` },
      () => open(lead.id),
    );
  }
}
