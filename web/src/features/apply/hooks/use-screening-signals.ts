/**
 * The screening's signals a form sends with each application (lead.ts `honeypot`, `fill_seconds`;
 * @vagas/common screening.ts): what its honeypots hold (a person never sees them, a form-filling
 * script fills them) and the seconds from the moment the form could first be filled to the
 * submit. They cost the candidate nothing: no question, no puzzle, no wait.
 */
import { useCallback, useRef, useState } from 'react';
import { screeningLimits } from '@vagas/common';
import { formHoneypotFields, leadField, type LeadFieldName, type LeadForm } from '@/domain/lead';
import { typedInputs } from '@/lib/prerender/typed-inputs';

/** The name a honeypot's input goes by (lead.ts `input.name`, what such scripts look for). */
export function honeypotInputName(name: LeadFieldName): string {
  const input = leadField(name).input;
  return input?.kind === 'honeypot' ? input.name : name;
}

/**
 * The first form of a page load has been on screen since the page started (prerendered: a
 * candidate may fill it before the scripts run); a form shown later starts when it mounts.
 */
let firstOfPage = true;

export interface ScreeningSignals {
  /** Each honeypot's text, by field name. */
  honeypots: Readonly<Record<string, string>>;
  setHoneypot: (name: LeadFieldName, value: string) => void;
  /**
   * The signals to send with the application `lead`. The same application sent again (the
   * outbox keeps a waiting one once, by its fields) gets the signals it was first sent with.
   */
  signalsFor: (lead: object) => Record<string, string | number>;
  /** The form was cleared after an application: the next one is timed from now. */
  restart: () => void;
}

export function useScreeningSignals(form: LeadForm): ScreeningSignals {
  const [honeypots, setHoneypots] = useState<Record<string, string>>(() => {
    const typed = typedInputs();
    return Object.fromEntries(
      formHoneypotFields(form).map((name) => [name, typed[honeypotInputName(name)] ?? '']),
    );
  });
  const startedAt = useRef<number | null>(null);
  if (startedAt.current === null) {
    startedAt.current = firstOfPage ? 0 : performance.now();
    firstOfPage = false;
  }
  const last = useRef<{ key: string; signals: Record<string, string | number> } | null>(null);

  const setHoneypot = useCallback(
    (name: LeadFieldName, value: string) =>
      setHoneypots((current) => ({ ...current, [name]: value })),
    [],
  );

  const signalsFor = (lead: object) => {
    const key = JSON.stringify([lead, honeypots]);
    if (last.current?.key === key) return last.current.signals;
    const seconds = Math.floor((performance.now() - (startedAt.current ?? 0)) / 1000);
    const signals = {
      ...Object.fromEntries(
        Object.entries(honeypots).map(([name, value]) => [
          name,
          value.slice(0, screeningLimits.honeypotMaxLength),
        ]),
      ),
      fill_seconds: Math.max(0, Math.min(seconds, screeningLimits.maxFillSeconds)),
    };
    last.current = { key, signals };
    return signals;
  };

  const restart = useCallback(() => {
    startedAt.current = performance.now();
    setHoneypots((current) => Object.fromEntries(Object.keys(current).map((name) => [name, ''])));
  }, []);

  return { honeypots, setHoneypot, signalsFor, restart };
}
