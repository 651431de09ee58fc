/**
 * Mantine's `useId` (@mantine/hooks) for this app (vite.config.ts `mantineStableId`): the id React's
 * `useId` gives, as Mantine renders it first (`mantine-<id>`). Mantine's own hook replaces it with a
 * random id in a layout effect after mount, so every input, select and popover of a hydrated page
 * rendered again, synchronously, in the hydration's commit task (a long task on the public
 * pages), and changed its `id`/`for` attributes. React's ids are the same on the server and
 * in the browser and unique within the app's one root, which is all the ids link (labels, ARIA).
 */
import { useId as useReactId } from 'react';

export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
