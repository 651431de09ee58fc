/**
 * The lead's notes, newest first and live: a form to add one (at most 2,000 characters), and on
 * each of the signed-in admin's own notes 'Editar' and 'Excluir' (the rules refuse anyone else).
 */
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import type { LiveState } from '@/data/live';
import type { LeadNote } from '@/domain/lead-record';
import type { RecordActions } from '@/features/lead-record/hooks/use-record-actions';
import { recordTexts } from '@/features/lead-record/messages';
import { NoteEditor } from './NoteEditor';
import { NoteItem } from './NoteItem';

export function NotesSection({
  notes,
  actions,
}: {
  notes: LiveState<LeadNote[]>;
  actions: RecordActions;
}) {
  const list = notes.data ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="record-notes">
      <Title order={3} size="h5" id="record-notes">
        {recordTexts.notes}
      </Title>
      <NoteEditor
        label={recordTexts.newNote}
        submitLabel={recordTexts.addNote}
        onSubmit={actions.addNote}
      />
      {notes.status === 'loading' && <Loader size="sm" aria-label={recordTexts.loading} />}
      {notes.status === 'error' && <Alert color="red" title={recordTexts.loadFailed} />}
      {notes.status === 'success' && list.length === 0 && (
        <Text size="sm" c="gray.7">
          {recordTexts.noNotes}
        </Text>
      )}
      {list.length > 0 && (
        <Stack gap="xs" component="ul" aria-label={recordTexts.notes} p={0} m={0}>
          {list.map((note) => (
            <NoteItem
              key={note.id}
              note={note}
              mine={note.author_uid === actions.me?.uid}
              actions={actions}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
