/**
 * Configurações → 'Modelos de mensagem': the WhatsApp message templates, live, each with an
 * example of its text filled in; add, edit and delete (the rules bound name and text).
 */
import {
  Alert,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { showToast } from '@/components/toast';
import {
  deleteMessageTemplate,
  saveMessageTemplate,
  useMessageTemplates,
} from '@/data/message-templates';
import { exampleLead } from '@/domain/lead-examples';
import { fillTemplate, messageTemplateLimits, type MessageTemplate } from '@/domain/lead-record';
import {
  templateDeletedToast,
  templateDeleteErrorToast,
  templateSavedToast,
  templateSaveErrorToast,
  templateTexts,
} from '@/features/message-templates/messages';

/** The lead each template is shown filled in for: the call-center form's, at the table's examples. */
const example = exampleLead('callCenter');

interface Draft {
  id?: string;
  name: string;
  text: string;
}

const emptyDraft: Draft = { name: '', text: '' };

function TemplateForm({ draft, onDone }: { draft: Draft; onDone: () => void }) {
  const db = useFirestore();
  const [name, setName] = useState(draft.name);
  const [text, setText] = useState(draft.text);
  const [busy, setBusy] = useState(false);
  const ready = name.trim() !== '' && text.trim() !== '';
  const save = async () => {
    setBusy(true);
    try {
      await saveMessageTemplate(db, { id: draft.id, name: name.trim(), text: text.trim() });
      showToast(templateSavedToast, 'success');
      setName('');
      setText('');
      onDone();
    } catch (error) {
      console.error('Template not saved', error);
      showToast(templateSaveErrorToast, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) void save();
      }}
    >
      <Stack gap="xs">
        <TextInput
          label={templateTexts.name}
          value={name}
          maxLength={messageTemplateLimits.name.max}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Textarea
          label={templateTexts.text}
          placeholder={templateTexts.placeholder}
          value={text}
          maxLength={messageTemplateLimits.text.max}
          rows={3}
          resize="vertical"
          onChange={(event) => setText(event.currentTarget.value)}
        />
        {text.trim() && (
          <Text size="sm" c="gray.7">
            {templateTexts.example}: {fillTemplate(text, example)}
          </Text>
        )}
        <Group gap="xs" justify="flex-end">
          {draft.id && (
            <Button variant="default" onClick={onDone} disabled={busy}>
              {templateTexts.cancel}
            </Button>
          )}
          <Button type="submit" loading={busy} disabled={!ready}>
            {draft.id ? templateTexts.save : templateTexts.add}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TemplateItem({ template, onEdit }: { template: MessageTemplate; onEdit: () => void }) {
  const db = useFirestore();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await deleteMessageTemplate(db, template.id);
      showToast(templateDeletedToast, 'success');
    } catch (error) {
      console.error('Template not deleted', error);
      showToast(templateDeleteErrorToast, 'error');
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <Paper component="li" withBorder p="sm" radius="sm" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text fw={600} size="sm">
            {template.name}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {template.text}
          </Text>
          <Text size="xs" c="gray.7" mt={4}>
            {templateTexts.example}: {fillTemplate(template.text, example)}
          </Text>
        </div>
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="subtle"
            aria-label={templateTexts.editOf(template.name)}
            onClick={onEdit}
          >
            {templateTexts.edit}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red.9"
            aria-label={templateTexts.deleteOf(template.name)}
            onClick={() => setConfirming(true)}
          >
            {templateTexts.delete}
          </Button>
        </Group>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={templateTexts.deleteTitle}
        confirmLabel={templateTexts.delete}
        cancelLabel={templateTexts.cancel}
        busy={busy}
        onClose={() => setConfirming(false)}
        onConfirm={() => void remove()}
      >
        {templateTexts.deleteConfirm(template.name)}
      </ConfirmDialog>
    </Paper>
  );
}

export function MessageTemplatesSettings() {
  const templates = useMessageTemplates();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="templates-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="templates-title">
          {templateTexts.title}
        </Title>
        <Text size="sm" c="gray.7">
          {templateTexts.description}
        </Text>
        {templates.status === 'error' && <Alert color="red" title={templateTexts.loadFailed} />}
        {templates.status === 'success' && templates.data.length === 0 && (
          <Text size="sm">{templateTexts.empty}</Text>
        )}
        {(templates.data?.length ?? 0) > 0 && (
          <Stack component="ul" gap="xs" p={0} m={0} aria-label={templateTexts.title}>
            {templates.data?.map((template) => (
              <TemplateItem
                key={template.id}
                template={template}
                onEdit={() => setDraft({ ...template })}
              />
            ))}
          </Stack>
        )}
        <TemplateForm key={draft.id ?? 'new'} draft={draft} onDone={() => setDraft(emptyDraft)} />
      </Stack>
    </Paper>
  );
}
