/**
 * 'Visões salvas': the team's named filters of the list (data/saved-views.ts). Choosing one shows
 * its filters and order (and puts them in the address); 'Salvar visão' names the list as it is,
 * for everyone; 'Excluir visão' removes the chosen one after a question. The select shows the view
 * the list is showing, if any. Read once the first rows are drawn: the line is there from the
 * first render (nothing moves under the admin's first click), its list a moment later.
 */
import { Button } from '@mantine/core';
import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { useFirestore, useUser } from 'reactfire';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { LightSelectField } from '@/components/LightControls/LightControls';
import { showToast } from '@/components/toast';
import { deleteView, saveView, useSavedViews } from '@/data/saved-views';
import type { SavedView } from '@/domain/saved-view';
import {
  leadsTexts,
  viewDeletedToast,
  viewDeleteErrorToast,
  viewSavedToast,
  viewSaveErrorToast,
} from '@/features/leads/messages';
import {
  listViewOf,
  paramsOfSavedView,
  sameListView,
  savedViewOf,
  type ListView,
} from '@/features/leads/list-url';
import { afterFirstContent } from '@/lib/page/when-idle';
import classes from './SavedViews.module.css';

const texts = leadsTexts.savedViews;

/**
 * The name's form (Mantine's TextInput) is not on the panel's first load: it downloads when
 * 'Salvar visão' is pressed, the button showing it is busy meanwhile.
 */
const NameForm = lazy(() =>
  import('./ViewNameForm').then((module) => ({ default: module.ViewNameForm })),
);

/** The list a saved view shows (page 1). */
const viewOf = (saved: SavedView) => listViewOf(paramsOfSavedView(saved.params));

export const SavedViews = memo(function SavedViews({
  view,
  onViewChange,
}: {
  view: ListView;
  onViewChange: (view: ListView) => void;
}) {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => afterFirstContent(() => setEnabled(true)), []);
  const views = useSavedViews(enabled);
  const db = useFirestore();
  const { data: user } = useUser();
  const [naming, setNaming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<SavedView | null>(null);
  const list = views.data ?? [];
  const shown = list.find((saved) => sameListView(viewOf(saved), { ...view, page: 1 }));

  const save = async (name: string) => {
    if (!user?.email) return;
    setBusy(true);
    try {
      await saveView(db, { name, params: savedViewOf(view) }, { uid: user.uid, email: user.email });
      showToast(viewSavedToast(name), 'success');
      setNaming(false);
    } catch (error) {
      console.error('Saving the view failed', error);
      showToast(viewSaveErrorToast, 'error');
    }
    setBusy(false);
  };
  const remove = async (saved: SavedView) => {
    setBusy(true);
    try {
      await deleteView(db, saved.id);
      showToast(viewDeletedToast(saved.name), 'success');
      setDeleting(null);
    } catch (error) {
      console.error('Deleting the view failed', error);
      showToast(viewDeleteErrorToast, 'error');
    }
    setBusy(false);
  };

  const options = [
    { value: '', label: list.length === 0 && views.data ? texts.none : texts.choose },
    ...list.map((saved) => ({ value: saved.id, label: saved.name })),
  ];
  return (
    <div className={classes.row}>
      <div className={classes.select}>
        <LightSelectField
          label={texts.label}
          value={shown?.id ?? ''}
          options={options}
          disabled={list.length === 0}
          onChange={(id) => {
            const chosen = list.find((saved) => saved.id === id);
            if (chosen) onViewChange(viewOf(chosen));
          }}
        />
      </div>
      {naming ? (
        <Suspense
          fallback={
            <Button size="sm" variant="default" loading>
              {texts.saveView}
            </Button>
          }
        >
          <NameForm
            busy={busy}
            onSave={(name) => void save(name)}
            onCancel={() => setNaming(false)}
          />
        </Suspense>
      ) : (
        <Button size="sm" variant="default" onClick={() => setNaming(true)}>
          {texts.saveView}
        </Button>
      )}
      {shown && !naming && (
        <Button size="sm" variant="default" color="red.9" onClick={() => setDeleting(shown)}>
          {texts.deleteView}
        </Button>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={texts.deleteView}
        confirmLabel={texts.deleteView}
        cancelLabel={texts.cancel}
        busy={busy}
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      >
        {texts.deleteConfirm(deleting?.name ?? '', deleting?.createdBy ?? '')}
      </ConfirmDialog>
    </div>
  );
});
