/**
 * A confirmation dialog. Mantine's Modal (with its overlay, focus trap and portal) is not needed to
 * show the panel, so it loads after the panel's first rows and mounts the first time the dialog opens.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { afterFirstContent } from '@/lib/page/when-idle';
import type { ConfirmDialogProps } from './ConfirmModal';

export type { ConfirmDialogProps } from './ConfirmModal';

const loadModal = () => import('./ConfirmModal');
const ConfirmModal = lazy(loadModal);

export function ConfirmDialog(props: ConfirmDialogProps) {
  const [everOpened, setEverOpened] = useState(props.opened);
  if (props.opened && !everOpened) setEverOpened(true);
  useEffect(() => afterFirstContent(() => void loadModal().catch(() => undefined)), []);
  if (!everOpened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmModal {...props} />
    </Suspense>
  );
}
