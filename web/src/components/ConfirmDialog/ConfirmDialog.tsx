/**
 * A confirmation dialog. Mantine's Modal (with its overlay, focus trap and portal) is not needed to
 * show the panel, so it loads after the first render and mounts the first time the dialog opens.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ConfirmDialogProps } from './ConfirmModal';

export type { ConfirmDialogProps } from './ConfirmModal';

const loadModal = () => import('./ConfirmModal');
const ConfirmModal = lazy(loadModal);

export function ConfirmDialog(props: ConfirmDialogProps) {
  const [everOpened, setEverOpened] = useState(props.opened);
  if (props.opened && !everOpened) setEverOpened(true);
  useEffect(() => {
    void loadModal();
  }, []);
  if (!everOpened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmModal {...props} />
    </Suspense>
  );
}
