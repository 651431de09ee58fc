/** One note: its text, author and time ('(editada)' once edited); its author may edit or delete it. */
import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import type { LeadNote } from '@/domain/lead-record';
import { formatDateTime } from '@/domain/lead-list-view';
import type { RecordActions } from '@/features/lead-record/hooks/use-record-actions';
import { recordTexts } from '@/features/lead-record/messages';
import { NoteEditor } from './NoteEditor';

/** An edit moves updated_at past created_at (both are server times). */
const wasEdited = (note: LeadNote) =>
  !!note.created_at &&
  !!note.updated_at &&
  note.updated_at.getTime() - note.created_at.getTime() > 1000;

export function NoteItem({
  note,
  mine,
  actions,
}: {
  note: LeadNote;
  mine: boolean;
  actions: RecordActions;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const when = formatDateTime(note.created_at);
  return (
    <Paper component="li" withBorder p="xs" radius="sm" style={{ listStyle: 'none' }}>
      {editing ? (
        <NoteEditor
          label={recordTexts.noteText}
          submitLabel={recordTexts.save}
          initial={note.text}
          onSubmit={async (text) => {
            const ok = await actions.editNote(note.id, text);
            if (ok) setEditing(false);
            return ok;
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {note.text}
        </Text>
      )}
      <Group justify="space-between" gap="xs" mt={4}>
        <Text size="xs" c="gray.7">
          {note.author_email} · {when} {wasEdited(note) ? recordTexts.edited : ''}
        </Text>
        {mine && !editing && (
          <Group gap={4}>
            <Button
              size="compact-xs"
              variant="subtle"
              aria-label={recordTexts.editNoteOf(when)}
              onClick={() => setEditing(true)}
            >
              {recordTexts.edit}
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red.9"
              aria-label={recordTexts.deleteNoteOf(when)}
              onClick={() => setConfirming(true)}
            >
              {recordTexts.delete}
            </Button>
          </Group>
        )}
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={recordTexts.deleteNoteTitle}
        confirmLabel={recordTexts.delete}
        cancelLabel={recordTexts.cancel}
        busy={deleting}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          setDeleting(true);
          await actions.deleteNote(note.id);
          setDeleting(false);
          setConfirming(false);
        }}
      >
        {recordTexts.deleteNoteConfirm}
      </ConfirmDialog>
    </Paper>
  );
}
