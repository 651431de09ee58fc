/**
 * Adds a document (with an id) or edits one: each field with its name, type and value, or the
 * whole document as typed JSON.
 */
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { api, autoId, type Fields, type StoredDocument } from '../api.ts';
import {
  FIELD_TYPES,
  defaultText,
  fieldsFromDrafts,
  newDraft,
  toDraft,
  type Draft,
  type FieldType,
} from '../values.ts';

function ValueInput({ draft, onChange }: { draft: Draft; onChange: (text: string) => void }) {
  const label = `Value of ${draft.name || 'the new field'}`;
  if (draft.type === 'null') return <TextInput aria-label={label} value="null" disabled />;
  if (draft.type === 'boolean')
    return (
      <Select
        aria-label={label}
        data={['true', 'false']}
        value={draft.text}
        onChange={(v) => onChange(v ?? 'true')}
        allowDeselect={false}
      />
    );
  if (draft.type === 'map' || draft.type === 'array')
    return (
      <Textarea
        aria-label={label}
        value={draft.text}
        onChange={(e) => onChange(e.currentTarget.value)}
        autosize
        minRows={2}
        styles={{ input: { fontFamily: 'monospace' } }}
        description='Typed values as JSON, e.g. {"a": {"stringValue": "x"}}'
      />
    );
  return (
    <TextInput
      aria-label={label}
      value={draft.text}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** The JSON mode's text as fields: an object of typed values (the server checks each value). */
function parseFields(text: string): Fields {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new Error(`Not valid JSON: ${(e as Error).message}`, { cause: e });
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) {
    throw new Error('Expected an object of fields, e.g. {"status": {"stringValue": "novo"}}.');
  }
  return v as Fields;
}

export function EditDocumentModal(props: {
  db: string;
  collection: string;
  document: StoredDocument | null;
  onClose: (savedPath: string | null) => void;
}) {
  const { db, document } = props;
  const [id, setId] = useState(() => autoId());
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    document ? Object.entries(document.fields).map(([n, v]) => toDraft(n, v)) : [newDraft()],
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The whole document as typed JSON (`{"name": {"stringValue": "x"}}`), while in JSON mode. */
  const [json, setJson] = useState<string | null>(null);
  const update = (key: number, change: Partial<Draft>) =>
    setDrafts(drafts.map((d) => (d.key === key ? { ...d, ...change } : d)));

  /** Switches between the field rows and one JSON text, carrying the edits over. */
  const switchMode = (mode: 'fields' | 'json') => {
    if ((mode === 'json') === (json !== null)) return;
    setError(null);
    try {
      if (mode === 'json') setJson(JSON.stringify(fieldsFromDrafts(drafts, db), null, 2));
      else if (json !== null) {
        setDrafts(Object.entries(parseFields(json)).map(([n, v]) => toDraft(n, v)));
        setJson(null);
      }
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const save = async () => {
    setError(null);
    try {
      const fields = json === null ? fieldsFromDrafts(drafts, db) : parseFields(json);
      const path = document ? document.path : `${props.collection}/${id.trim()}`;
      if (!document && (!id.trim() || id.includes('/')))
        throw new Error('The id must not be empty or contain "/".');
      setBusy(true);
      await api.setDocument(db, path, fields);
      props.onClose(path);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={() => props.onClose(null)}
      title={document ? `Edit ${document.path}` : `Add a document to ${props.collection}`}
      size="xl"
    >
      <Stack gap="xs">
        {!document && (
          <TextInput
            label="Document id"
            value={id}
            onChange={(e) => setId(e.currentTarget.value)}
          />
        )}
        <Group gap={0} role="group" aria-label="Edit mode">
          {(['fields', 'json'] as const).map((mode) => (
            <Button
              key={mode}
              size="compact-xs"
              variant={(json === null) === (mode === 'fields') ? 'filled' : 'default'}
              aria-pressed={(json === null) === (mode === 'fields')}
              onClick={() => switchMode(mode)}
            >
              {mode === 'fields' ? 'Fields' : 'JSON'}
            </Button>
          ))}
        </Group>
        {json !== null ? (
          <Textarea
            aria-label="Document as JSON"
            value={json}
            onChange={(e) => setJson(e.currentTarget.value)}
            autosize
            minRows={8}
            maxRows={24}
            styles={{ input: { fontFamily: 'monospace' } }}
            description='Every field as a typed value, e.g. {"status": {"stringValue": "novo"}, "idade": {"integerValue": "27"}}'
          />
        ) : (
          <>
            {drafts.map((d, i) => (
              <FieldRow
                key={d.key}
                draft={d}
                position={i + 1}
                onChange={(change) => update(d.key, change)}
                onRemove={() => setDrafts(drafts.filter((x) => x.key !== d.key))}
              />
            ))}
            <Group justify="space-between">
              <Button
                variant="default"
                size="xs"
                onClick={() => setDrafts([...drafts, newDraft()])}
              >
                Add field
              </Button>
            </Group>
          </>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="end">
          <Button variant="default" onClick={() => props.onClose(null)}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => void save()}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One field being edited: its name, type, value and remove button. */
function FieldRow(props: {
  draft: Draft;
  position: number;
  onChange: (change: Partial<Draft>) => void;
  onRemove: () => void;
}) {
  const { draft: d, position: n, onChange } = props;
  return (
    <Group align="start" wrap="nowrap" gap="xs">
      <TextInput
        aria-label={`Name of field ${n}`}
        placeholder="field"
        value={d.name}
        onChange={(e) => onChange({ name: e.currentTarget.value })}
        w={180}
      />
      <Select
        aria-label={`Type of ${d.name || `field ${n}`}`}
        data={[...FIELD_TYPES]}
        value={d.type}
        onChange={(v) => {
          const type = (v ?? 'string') as FieldType;
          onChange({ type, text: defaultText(type) });
        }}
        allowDeselect={false}
        w={130}
      />
      <div style={{ flex: 1 }}>
        <ValueInput draft={d} onChange={(text) => onChange({ text })} />
      </div>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Remove ${d.name || `field ${n}`}`}
        onClick={props.onRemove}
        mt={4}
      >
        ×
      </ActionIcon>
    </Group>
  );
}
