/**
 * 'Para hoje': the next steps due by the end of today, late ones first ('Atrasados', then 'Hoje'),
 * the signed-in admin's ('Meus') or everyone's ('Todos'), live; each with its lead (a link to the
 * record), 'Concluir' and 'Adiar'. Plain elements (like the list's rows): the view may be the
 * panel's first screen on a slow phone (web/README.md, "The panel's open on a slow phone").
 */
import { memo, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LightBadge, LightSwitch } from '@/components/LightControls/LightControls';
import { MenuButton } from '@/components/MenuButton/MenuButton';
import { PanelCard } from '@/components/PanelCard/PanelCard';
import { StatusBadge } from '@/components/StatusBadge/StatusBadge';
import { leadRecordPath } from '@/config/routes';
import type { Lead } from '@/domain/lead';
import { dayBounds, describeNextStep, isLate } from '@/domain/next-step';
import { firstContentShown } from '@/lib/page/when-idle';
import { useNow } from '@/lib/page/use-now';
import { useDrawnCount } from '@/lib/page/use-drawn-count';
import { useDueSteps } from '@/features/today/hooks/use-due-steps';
import { useReminderNotifications } from '@/features/today/hooks/use-reminder-notifications';
import { useStepActions, type StepActions } from '@/features/today/hooks/use-step-actions';
import { todayTexts } from '@/features/today/messages';
import classes from './TodayView.module.css';

/** Steps the view shows on a 1280 x 800 screen, and a few more: drawn with the first answer. */
const firstScreenSteps = 6;

export interface TodayViewProps {
  /** The signed-in admin's email, lowercase ('Meus'). */
  me: string | null;
  /** The steps' first answer is drawn (the panel's own counts wait for it). */
  onShown?: () => void;
}

const hour = 3_600_000;

const StepItem = memo(function StepItem({
  lead,
  late,
  busy,
  actions,
  search,
}: {
  lead: Lead;
  late: boolean;
  busy: boolean;
  actions: StepActions;
  search: string;
}) {
  const step = lead.next_step;
  if (!step) return null;
  return (
    <li className={classes.item} data-lead-id={lead.id} data-late={late || undefined}>
      <div className={classes.head}>
        <Link to={{ pathname: leadRecordPath(lead.id), search }} className={classes.name}>
          {lead.nome}
        </Link>
        <StatusBadge status={lead.status} />
        {late && (
          <LightBadge size="xs" bg="var(--mantine-color-red-9)" fg="var(--mantine-color-white)">
            {todayTexts.lateBadge}
          </LightBadge>
        )}
      </div>
      <p className={classes.step}>{describeNextStep(step)}</p>
      {step.text && <p className={classes.text}>{step.text}</p>}
      <p className={classes.meta}>
        {lead.vaga} ·{' '}
        {lead.assigned_to ? todayTexts.responsible(lead.assigned_to) : todayTexts.nobody}
      </p>
      <div className={classes.actions}>
        <button
          type="button"
          className={classes.done}
          aria-label={todayTexts.doneOf(lead.nome)}
          disabled={busy}
          onClick={() => actions.complete(lead)}
        >
          {todayTexts.done}
        </button>
        <MenuButton
          label={todayTexts.postponeOf(lead.nome)}
          disabled={busy}
          items={[
            { label: todayTexts.postponeHour, onSelect: () => actions.postpone(lead, hour) },
            { label: todayTexts.postponeDay, onSelect: () => actions.postpone(lead, 24 * hour) },
          ]}
        >
          {todayTexts.postpone}
        </MenuButton>
      </div>
    </li>
  );
});

interface SectionProps {
  title: string;
  leads: Lead[];
  late: boolean;
  actions: StepActions;
  /** The page's query string, kept by the record links ('?vista=hoje'). */
  search: string;
  /** How many of `leads` are drawn yet (the heading counts them all). */
  drawn: number;
}

function Section({ title, leads, late, actions, search, drawn }: SectionProps) {
  if (leads.length === 0) return null;
  const id = `today-${late ? 'late' : 'due'}`;
  return (
    <section aria-labelledby={id} className={classes.section}>
      <h3 id={id} className={classes.sectionTitle}>
        {title} ({leads.length})
      </h3>
      <ul className={classes.list} aria-labelledby={id}>
        {leads.slice(0, drawn).map((lead) => (
          <StepItem
            key={lead.id}
            lead={lead}
            late={late}
            busy={actions.pending.has(lead.id)}
            actions={actions}
            search={search}
          />
        ))}
      </ul>
    </section>
  );
}

function OwnerChoice({ mine, onChange }: { mine: boolean; onChange: (mine: boolean) => void }) {
  return (
    <div role="group" aria-label={todayTexts.whose} className={classes.owner}>
      {[true, false].map((value) => (
        <button
          key={String(value)}
          type="button"
          aria-pressed={mine === value}
          className={classes.ownerButton}
          onClick={() => onChange(value)}
        >
          {value ? todayTexts.mine : todayTexts.everyone}
        </button>
      ))}
    </div>
  );
}

function NotificationChoice() {
  const { on, access, asking, setOn } = useReminderNotifications();
  const texts = todayTexts.notification;
  const blocked =
    access === 'denied' ? texts.denied : access === 'unsupported' ? texts.unsupported : null;
  return (
    <div className={classes.notify}>
      <LightSwitch
        label={texts.label}
        aria-describedby="today-notify-hint"
        checked={on}
        disabled={asking || access === 'unsupported'}
        onChange={(checked) => void setOn(checked)}
      />
      <p id="today-notify-hint" className={classes.hint} role={blocked ? 'alert' : undefined}>
        {blocked ?? texts.description}
      </p>
    </div>
  );
}

export function TodayView({ me, onShown }: TodayViewProps) {
  const [mine, setMine] = useState(me !== null);
  const now = useNow();
  const { end } = dayBounds(now);
  const steps = useDueSteps(mine ? me : null, end);
  const actions = useStepActions();
  const { search } = useLocation();
  const { status, data } = steps.leads;
  useEffect(() => {
    if (status === 'loading') return;
    firstContentShown();
    onShown?.();
  }, [status, onShown]);
  const drawn = useDrawnCount(status !== 'loading', data?.length ?? 0, firstScreenSteps);
  const leads = data ?? [];
  const late = leads.filter((lead) => lead.next_step && isLate(lead.next_step.due_at, now));
  const today = leads.filter((lead) => lead.next_step && !isLate(lead.next_step.due_at, now));
  let body;
  if (status === 'error') body = <p role="alert">{todayTexts.loadFailed}</p>;
  else if (status === 'loading') body = <p className={classes.hint}>{todayTexts.loading}</p>;
  else if (leads.length === 0) {
    body = (
      <p className={classes.empty}>{mine ? todayTexts.emptyMine : todayTexts.emptyEveryone}</p>
    );
  } else {
    const shared = { actions, search };
    body = (
      <>
        <Section title={todayTexts.late} leads={late} late drawn={drawn} {...shared} />
        <Section
          title={todayTexts.today}
          leads={today}
          late={false}
          drawn={Math.max(0, drawn - late.length)}
          {...shared}
        />
        {steps.more && (
          <button type="button" className={classes.more} onClick={steps.showMore}>
            {todayTexts.more}
          </button>
        )}
      </>
    );
  }
  return (
    <PanelCard>
      <div className={classes.root}>
        <div className={classes.header}>
          <h2 className={classes.title}>{todayTexts.title}</h2>
          <OwnerChoice mine={mine} onChange={setMine} />
        </div>
        <NotificationChoice />
        <p className={classes.summary} aria-live="polite">
          {todayTexts.summary(steps.total)}
        </p>
        {body}
      </div>
    </PanelCard>
  );
}
