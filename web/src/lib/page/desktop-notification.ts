/**
 * The browser's Notification API for the panel's opt-in desktop notifications (arrivals, the
 * reminders of next steps): what the browser allows, asking it, and raising one that brings the
 * panel forward when clicked. Raised only while the panel is not in front: an admin looking at it has the toast.
 */

/** What this browser allows: no API at all, not asked yet, allowed, or refused. */
export type NotificationAccess = 'unsupported' | NotificationPermission;

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
export function panelInFront(): boolean {
  return document.visibilityState === 'visible' && document.hasFocus();
}

/**
 * Raises a notification when the browser allows it and the panel is not in front; `onClick` runs
 * (the panel focused first) when it is clicked. `tag`: the browser shows one per tag, so two open
 * panels raise one.
 */
export function raiseNotification(
  title: string,
  options: NotificationOptions & { tag: string },
  onClick: () => void,
): void {
  if (notificationAccess() !== 'granted' || panelInFront()) return;
  try {
    const notification = new Notification(title, { icon: '/favicon.svg', ...options });
    notification.onclick = () => {
      window.focus();
      onClick();
      notification.close();
    };
  } catch (error) {
    // e.g. Chrome on Android allows notifications only through a service worker.
    console.warn('Notification not shown', error);
  }
}
