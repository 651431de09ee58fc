/** 'Concluir' and 'Adiar' from 'Para hoje', with their toasts; which leads have a write on its way. */
import { useCallback, useState } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import { showToast } from '@/components/toast';
import { completeNextStep, setNextStep } from '@/data/lead-record-access';
import type { Lead } from '@/domain/lead';
import { nextStepKinds, type NextStepKind } from '@/domain/next-step';
import type { ToastText } from '@/domain/messages';
import { stepDoneToast, stepErrorToast, stepPostponedToast } from '../messages';

export interface StepActions {
  pending: ReadonlySet<string>;
  complete: (lead: Lead) => void;
  /** Moves the step `ms` later, keeping its kind and text. */
  postpone: (lead: Lead, ms: number) => void;
}

export function useStepActions(): StepActions {
  const db = useFirestore();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const run = useCallback((id: string, write: () => Promise<unknown>, ok: ToastText) => {
    setPending((previous) => new Set(previous).add(id));
    write()
      .then(
        () => showToast(ok, 'success'),
        (error: unknown) => {
          console.error(stepErrorToast.title, error);
          showToast(stepErrorToast, 'error');
        },
      )
      .finally(() =>
        setPending((previous) => {
          const next = new Set(previous);
          next.delete(id);
          return next;
        }),
      );
  }, []);
  const complete = useCallback(
    (lead: Lead) => run(lead.id, () => completeNextStep(db, lead.id), stepDoneToast),
    [db, run],
  );
  const postpone = useCallback(
    (lead: Lead, ms: number) => {
      const step = lead.next_step;
      if (!step) return;
      const kind = (nextStepKinds as readonly string[]).includes(step.kind)
        ? (step.kind as NextStepKind)
        : 'retornar';
      const due_at = new Date(step.due_at.getTime() + ms);
      run(
        lead.id,
        () => setNextStep(db, lead.id, { kind, due_at, ...(step.text ? { text: step.text } : {}) }),
        stepPostponedToast,
      );
    },
    [db, run],
  );
  return { pending, complete, postpone };
}
