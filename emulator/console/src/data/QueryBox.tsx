/** Filters, order and limit on the collection, run as a structured query (as the owner). */
import {
  ActionIcon,
  Alert,
  Button,
  Collapse,
  Group,
  NumberInput,
  Select,
  Stack,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { api, type StoredDocument } from '../api.ts';
import { FIELD_TYPES, fromDraft, newDraft, type Draft, type FieldType } from '../values.ts';

const OPS: { [op: string]: string } = {
  '==': 'EQUAL',
  '!=': 'NOT_EQUAL',
  '<': 'LESS_THAN',
  '<=': 'LESS_THAN_OR_EQUAL',
  '>': 'GREATER_THAN',
  '>=': 'GREATER_THAN_OR_EQUAL',
  'array-contains': 'ARRAY_CONTAINS',
  in: 'IN',
  'not-in': 'NOT_IN',
  'array-contains-any': 'ARRAY_CONTAINS_ANY',
};

interface Filter extends Draft {
  op: string;
}

function buildQuery(
  db: string,
  collection: string,
  filters: Filter[],
  orderBy: string,
  direction: string,
  limit: number | string,
): object {
  const segs = collection.split('/');
  const q: { [k: string]: unknown } = { from: [{ collectionId: segs[segs.length - 1] }] };
  const parts = filters.map((f) => {
    if (!f.name) throw new Error('Every filter needs a field.');
    return {
      fieldFilter: { field: { fieldPath: f.name }, op: OPS[f.op], value: fromDraft(f, db) },
    };
  });
  if (parts.length === 1) q.where = parts[0];
  if (parts.length > 1) q.where = { compositeFilter: { op: 'AND', filters: parts } };
  if (orderBy.trim()) q.orderBy = [{ field: { fieldPath: orderBy.trim() }, direction }];
  if (typeof limit === 'number' && limit > 0) q.limit = limit;
  return q;
}

export function QueryBox(props: {
  db: string;
  collection: string;
  version: number;
  onResults: (docs: StoredDocument[] | null) => void;
}) {
  const { db, collection, version, onResults } = props;
  const [open, setOpen] = useState(false);
  const [filters, setFilters] = useState<Filter[]>([]);
  const [orderBy, setOrderBy] = useState('');
  const [direction, setDirection] = useState('ASCENDING');
  const [limit, setLimit] = useState<number | string>(50);
  const [active, setActive] = useState<object | null>(null);
  const [error, setError] = useState<string | null>(null);
  const parent = collection.split('/').slice(0, -1).join('/');

  useEffect(() => {
    if (!active) return;
    let live = true;
    api.query(db, parent, active).then(
      (r) => live && onResults(r.documents),
      (e: unknown) => live && setError((e as Error).message),
    );
    return () => {
      live = false;
    };
  }, [active, db, parent, version, onResults]);

  const update = (key: number, change: Partial<Filter>) =>
    setFilters(filters.map((f) => (f.key === key ? { ...f, ...change } : f)));
  const run = () => {
    setError(null);
    try {
      setActive(buildQuery(db, collection, filters, orderBy, direction, limit));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const reset = () => {
    setActive(null);
    setError(null);
    onResults(null);
  };

  return (
    <div>
      <Button size="xs" variant="subtle" onClick={() => setOpen(!open)} aria-expanded={open}>
        {open ? 'Hide query' : 'Query'}
      </Button>
      <Collapse expanded={open}>
        <Stack gap={6} my="xs" role="group" aria-label="Query">
          {filters.map((f, i) => (
            <FilterRow
              key={f.key}
              filter={f}
              position={i + 1}
              onChange={(change) => update(f.key, change)}
              onRemove={() => setFilters(filters.filter((x) => x.key !== f.key))}
            />
          ))}
          <Button
            size="xs"
            variant="default"
            onClick={() => setFilters([...filters, { ...newDraft(), op: '==' }])}
          >
            Add filter
          </Button>
          <OrderRow
            orderBy={orderBy}
            direction={direction}
            limit={limit}
            onOrderBy={setOrderBy}
            onDirection={setDirection}
            onLimit={setLimit}
          />
          <Group gap={4}>
            <Button size="xs" onClick={run}>
              Run query
            </Button>
            <Button size="xs" variant="default" onClick={reset} disabled={!active}>
              Show all documents
            </Button>
          </Group>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </Collapse>
    </div>
  );
}

/** One filter: field, operator, value type, value, and its remove button. */
function FilterRow(props: {
  filter: Filter;
  position: number;
  onChange: (change: Partial<Filter>) => void;
  onRemove: () => void;
}) {
  const { filter: f, position: n, onChange, onRemove } = props;
  return (
    <Group gap={4} wrap="nowrap">
      <TextInput
        aria-label={`Filter ${n} field`}
        placeholder="field"
        value={f.name}
        onChange={(e) => onChange({ name: e.currentTarget.value })}
        w={110}
      />
      <Select
        aria-label={`Filter ${n} operator`}
        data={Object.keys(OPS)}
        value={f.op}
        onChange={(v) => onChange({ op: v ?? '==' })}
        allowDeselect={false}
        w={90}
      />
      <Select
        aria-label={`Filter ${n} type`}
        data={[...FIELD_TYPES]}
        value={f.type}
        onChange={(v) => onChange({ type: (v ?? 'string') as FieldType })}
        allowDeselect={false}
        w={100}
      />
      <TextInput
        aria-label={`Filter ${n} value`}
        placeholder="value"
        value={f.text}
        onChange={(e) => onChange({ text: e.currentTarget.value })}
        style={{ flex: 1 }}
      />
      <ActionIcon variant="subtle" color="red" aria-label={`Remove filter ${n}`} onClick={onRemove}>
        ×
      </ActionIcon>
    </Group>
  );
}

/** Order-by field, direction and limit. */
function OrderRow(props: {
  orderBy: string;
  direction: string;
  limit: number | string;
  onOrderBy: (value: string) => void;
  onDirection: (value: string) => void;
  onLimit: (value: number | string) => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <TextInput
        aria-label="Order by field"
        placeholder="order by field"
        value={props.orderBy}
        onChange={(e) => props.onOrderBy(e.currentTarget.value)}
        style={{ flex: 1 }}
      />
      <Select
        aria-label="Direction"
        data={[
          { value: 'ASCENDING', label: 'asc' },
          { value: 'DESCENDING', label: 'desc' },
        ]}
        value={props.direction}
        onChange={(v) => props.onDirection(v ?? 'ASCENDING')}
        allowDeselect={false}
        w={80}
      />
      <NumberInput
        aria-label="Limit"
        placeholder="limit"
        value={props.limit}
        onChange={props.onLimit}
        min={1}
        w={80}
      />
    </Group>
  );
}
