/**
 * Where the toasts show: Mantine's notifications container. A lazy chunk of its own (App.tsx):
 * with its transitions, scroll lock and swipe it is about 9 KB gzip that no page needs to paint.
 * A toast shown before it has loaded (components/toast.ts writes to Mantine's store) appears as
 * soon as it mounts.
 */
import { Notifications } from '@mantine/notifications';

export default function Toasts() {
  // Bottom right: the top right is the panel's 'Sair'. At most three at once.
  return <Notifications position="bottom-right" limit={3} />;
}
