/**
 * The lead's next step: what happens next and when ('Retornar em' / 'Entrevista em', a date and a
 * time, a short text), 'Atrasado' once its time has passed, who is reminded (the responsible), and
 * 'Concluir', 'Alterar', 'Remover'; or the form that sets one. A lead nobody is responsible for
 * gets the admin who sets the step as its responsible, so someone is reminded.
 */
import {
  Badge,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useId, useState } from 'react';
import type { RecordLead } from '@/domain/lead-record';
import {
  describeNextStep,
  dueFromInputs,
  inputsOf,
  isLate,
  nextStepKinds,
  nextStepLabels,
  nextStepLimits,
  nextStepProblem,
  type NextStepKind,
} from '@/domain/next-step';
import type { RecordActions } from '@/features/lead-record/hooks/use-record-actions';
import { recordTexts } from '@/features/lead-record/messages';
import { useNow } from '@/lib/page/use-now';

const texts = recordTexts.nextStep;
type Step = NonNullable<RecordLead['next_step']>;

const kindData = nextStepKinds.map((kind) => ({ value: kind, label: nextStepLabels[kind] }));
const isKind = (value: string): value is NextStepKind =>
  (nextStepKinds as readonly string[]).includes(value);

/** Tomorrow at 09:00: where a new step starts. */
function tomorrowMorning(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0);
}

interface FormProps {
  initial: Step | null;
  /** The signed-in admin becomes responsible (nobody is). */
  assignsMe: boolean;
  actions: RecordActions;
  onDone: () => void;
  onCancel?: () => void;
}

function NextStepForm({ initial, assignsMe, actions, onDone, onCancel }: FormProps) {
  const start = inputsOf(initial?.due_at ?? tomorrowMorning(new Date()));
  const [kind, setKind] = useState<NextStepKind>(
    initial && isKind(initial.kind) ? initial.kind : 'retornar',
  );
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [text, setText] = useState(initial?.text ?? '');
  const [problem, setProblem] = useState<keyof typeof texts.problems | null>(null);
  const kindLabelId = useId();
  const submit = async () => {
    const due = dueFromInputs(date, time);
    const found = nextStepProblem(due, text, new Date());
    setProblem(found);
    if (found || !due) return;
    const trimmed = text.trim();
    const saved = await actions.setNextStep(
      { kind, due_at: due, ...(trimmed ? { text: trimmed } : {}) },
      assignsMe,
    );
    if (saved) onDone();
  };
  const dateProblem = problem === 'noDate' || problem === 'tooFar' ? texts.problems[problem] : null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="xs">
        <div>
          <Text size="sm" fw={500} id={kindLabelId} mb={4}>
            {texts.kind}
          </Text>
          <SegmentedControl
            aria-labelledby={kindLabelId}
            size="sm"
            data={kindData}
            value={kind}
            onChange={(value) => isKind(value) && setKind(value)}
          />
        </div>
        <Group gap="xs" align="flex-start" grow preventGrowOverflow={false}>
          <TextInput
            type="date"
            label={texts.date}
            value={date}
            withAsterisk
            error={dateProblem}
            onChange={(event) => setDate(event.currentTarget.value)}
          />
          <TextInput
            type="time"
            label={texts.time}
            value={time}
            withAsterisk
            onChange={(event) => setTime(event.currentTarget.value)}
          />
        </Group>
        <TextInput
          label={texts.text}
          placeholder={texts.textPlaceholder}
          value={text}
          maxLength={nextStepLimits.textMax}
          error={problem === 'tooLong' ? texts.problems.tooLong : null}
          description={recordTexts.characters(text.length, nextStepLimits.textMax)}
          descriptionProps={{ c: 'gray.7' }}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        {assignsMe && (
          <Text size="xs" c="gray.7">
            {texts.willAssignMe}
          </Text>
        )}
        <Group gap="xs" justify="flex-end">
          {onCancel && (
            <Button size="compact-sm" variant="default" onClick={onCancel} disabled={actions.busy}>
              {recordTexts.cancel}
            </Button>
          )}
          <Button type="submit" size="compact-sm" loading={actions.busy}>
            {texts.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CurrentStep({ step, lead }: { step: Step; lead: RecordLead }) {
  const now = useNow();
  const late = isLate(step.due_at, now);
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text fw={600} size="sm">
          {describeNextStep(step)}
        </Text>
        {late && (
          <Badge color="red.9" variant="filled" size="sm">
            {texts.late}
          </Badge>
        )}
      </Group>
      {step.text && <Text size="sm">{step.text}</Text>}
      <Text size="xs" c="gray.7">
        {lead.assigned_to ? texts.remindsWho(lead.assigned_to) : texts.remindsNobody}
      </Text>
    </Stack>
  );
}

export function NextStepSection({ lead, actions }: { lead: RecordLead; actions: RecordActions }) {
  const [editing, setEditing] = useState(false);
  const step = lead.next_step ?? null;
  const assignsMe = !lead.assigned_to && actions.me !== null;
  const trashed = lead.deleted_at !== null;
  let body;
  if (trashed) {
    body = (
      <>
        {step ? <CurrentStep step={step} lead={lead} /> : <Text size="sm">{texts.none}</Text>}
        <Text size="xs" c="gray.7">
          {texts.inTrash}
        </Text>
      </>
    );
  } else if (step && !editing) {
    body = (
      <>
        <CurrentStep step={step} lead={lead} />
        <Group gap="xs">
          <Button
            size="compact-sm"
            loading={actions.busy}
            onClick={() => void actions.completeNextStep()}
          >
            {texts.done}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            disabled={actions.busy}
            onClick={() => setEditing(true)}
          >
            {texts.change}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            color="red"
            disabled={actions.busy}
            onClick={() => void actions.clearNextStep()}
          >
            {texts.remove}
          </Button>
        </Group>
      </>
    );
  } else if (!step && !editing) {
    body = (
      <Group gap="xs" justify="space-between">
        <Text size="sm" c="gray.7">
          {texts.none}
        </Text>
        <Button size="compact-sm" variant="default" onClick={() => setEditing(true)}>
          {texts.add}
        </Button>
      </Group>
    );
  } else {
    body = (
      <NextStepForm
        initial={step}
        assignsMe={assignsMe}
        actions={actions}
        onDone={() => setEditing(false)}
        onCancel={() => setEditing(false)}
      />
    );
  }
  return (
    <Stack gap="xs" component="section" aria-labelledby="record-next-step">
      <Title order={3} size="h5" id="record-next-step">
        {texts.title}
      </Title>
      {body}
    </Stack>
  );
}
