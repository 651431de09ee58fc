/**
 * The submission flow both application forms share: an empty required field shows the 'Campos
 * obrigatórios' toast and marks the field; a field that cannot be sent (a short WhatsApp number,
 * an age out of bounds) says so next to it; nothing is sent then. Otherwise idle -> sending ->
 * idle through the device's outbox: stored (success toast, cleared form, the pixel's
 * conversion), waiting on the device for the connection or for the end of the per-device limit
 * (cleared form, the page says it will be sent), or refused (error toast, the form kept). An application stored later is announced with
 * its own toast and its conversion then. The lead carries the visit's source when the candidate
 * arrived from a tagged link (use-visit-source.ts), and the screening's signals
 * (use-screening-signals.ts). The job and locality selects offer the form's open lists
 * (use-open-lists.ts); a choice the lists no longer offer is cleared.
 */
import { useCallback, useEffect, useLayoutEffect, useState, type FormEvent } from 'react';
import { formatPhone } from '@vagas/common';
import { clearToasts, showToast } from '@/components/toast';
import {
  formInputFields,
  leadField,
  vacancyFields,
  type FormInputName,
  type LeadFieldName,
  type LeadForm,
} from '@/domain/lead';
import {
  emptyForm,
  formProblems,
  optionChoice,
  toLead,
  type FormValues,
  type OpenLists,
} from '@/domain/lead-form';
import type { ToastText } from '@/domain/messages';
import { applyTexts, requiredFieldsToast, submitErrorToast } from '@/features/apply/messages';
import { sentLaterToast } from '@/lib/outbox/messages';
import type { QueuedApplication, QueuedLead } from '@/lib/outbox/outbox';
import { useOutbox } from '@/lib/outbox/use-outbox';
import { typedInputs } from '@/lib/prerender/typed-inputs';
import { usePixel } from '@/lib/pixel/use-pixel';
import { keepDigits } from '@/features/apply/components/DigitsInput/DigitsInput';
import { useFormDraft } from './use-form-draft';
import { useFormValues } from './use-form-values';
import { useOpenLists } from './use-open-lists';
import { useScreeningSignals } from './use-screening-signals';
import { useVisitSource } from './use-visit-source';

export interface ApplicationFormOptions<Form extends LeadForm> {
  form: Form;
  successToast: ToastText;
  /** The page's pixel conversion value (1 on the root page, 0.01 on the call-center page). */
  conversionValue: number;
  /** Fire PageView on load (the root page only). */
  pageView: boolean;
  /** Where the draft is kept (one key per page). */
  draftKey: string;
  /** After the application is stored or kept on the device for later. */
  onSuccess?: (outcome: 'stored' | 'waiting') => void;
}

/** The value a form holds for `name`. */
const valueOf = (values: object, name: LeadFieldName): string | number | undefined =>
  (values as Record<string, string | number>)[name];

/** The fields a candidate types into (selects cannot be used before hydration). */
const typedKinds = new Set(['text', 'phone', 'email', 'number']);

/**
 * What the candidate typed into the prerendered page before it hydrated (inputs are named after
 * the form's fields), as typed: the form starts from what the inputs show, since hydration keeps
 * an input's value.
 */
function typedBeforeHydration(form: LeadForm): Record<string, string> {
  const typed = typedInputs();
  const values: Record<string, string> = {};
  for (const name of formInputFields(form)) {
    const kind = leadField(name).input?.kind;
    if (kind && typedKinds.has(kind) && typed[name]) values[name] = typed[name];
  }
  return values;
}

/** What a field's input keeps of typed text (the phone's mask, a number's digits). */
function asInputKeeps(name: LeadFieldName, typed: string): string {
  const field = leadField(name);
  if (field.input?.kind === 'phone') return formatPhone(typed);
  if (field.input?.kind === 'number' && field.type === 'int') {
    return keepDigits(typed, String(field.max).length);
  }
  return typed;
}

export function useApplicationForm<Form extends LeadForm>(options: ApplicationFormOptions<Form>) {
  type Values = FormValues<Form>;
  const [empty] = useState(() => emptyForm(options.form));
  const [values, form] = useFormValues<Values>(
    empty,
    () => typedBeforeHydration(options.form) as Partial<Values>,
  );
  // Typed before hydration: the mask and the number's digits apply once hydrated, as a state
  // change React writes to the inputs (hydrating, React leaves an input's value as it finds it).
  useLayoutEffect(() => {
    for (const [name, typed] of Object.entries(typedBeforeHydration(options.form))) {
      const kept = asInputKeeps(name as LeadFieldName, typed);
      if (kept !== typed) form.set(name as keyof Values, kept as Values[keyof Values]);
    }
    // Once, on mount: later edits go through each field's onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const draft = useFormDraft({
    storageKey: `vagas:draft:${options.draftKey}`,
    empty,
    values,
    restore: form.fillEmpty,
  });
  const [sending, setSending] = useState(false);
  const [checked, setChecked] = useState(false);
  const { trackConversion } = usePixel({ pageView: options.pageView });
  const sourceOfVisit = useVisitSource();
  const signals = useScreeningSignals(options.form);
  const onStoredLater = useCallback(
    (entry: QueuedApplication) => {
      showToast(sentLaterToast, 'success');
      if (entry.conversion) trackConversion(entry.conversion);
    },
    [trackConversion],
  );
  const { waiting, submit } = useOutbox({ onStoredLater });
  const lists = useOpenLists(options.form);
  useClosedChoicesCleared(options.form, values, lists, form.set);

  const problems = formProblems(options.form, values, lists);
  const texts = applyTexts[options.form].fields as Record<FormInputName<Form>, { invalid: string }>;
  // Empty fields are marked once a submit was tried; a field that cannot be sent, once filled.
  const errors: Partial<Record<FormInputName<Form>, string>> = {};
  for (const [name, problem] of Object.entries(problems) as [FormInputName<Form>, string][]) {
    if (problem === 'invalid') errors[name] = texts[name].invalid;
    else if (checked) errors[name] = applyTexts.required;
  }
  const missing = Object.values(problems).includes('empty');

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    clearToasts();
    setChecked(true);
    if (missing) {
      showToast(requiredFieldsToast, 'error');
      return;
    }
    if (Object.keys(problems).length) return;
    setSending(true);
    // content_category is the job as the candidate chose it (without the call-center prefix).
    const conversion = {
      contentCategory: optionChoice('vaga', String(valueOf(values, 'vaga'))).label,
      value: options.conversionValue,
    };
    const lead = toLead(options.form, values) as QueuedLead;
    const sent = { ...lead, ...sourceOfVisit() };
    const outcome = await submit(
      { ...sent, ...signals.signalsFor(sent) } as QueuedLead,
      conversion,
    );
    setSending(false);
    if (outcome === 'refused' || outcome === 'failed') {
      showToast(submitErrorToast, 'error');
      return;
    }
    form.reset();
    signals.restart();
    draft.clear();
    setChecked(false);
    if (outcome === 'stored') {
      showToast(options.successToast, 'success');
      trackConversion(conversion);
    }
    options.onSuccess?.(outcome === 'stored' ? 'stored' : 'waiting');
  };

  return {
    values,
    form,
    sending,
    errors,
    waiting,
    handleSubmit,
    honeypots: signals.honeypots,
    setHoneypot: signals.setHoneypot,
    lists,
  };
}

/**
 * A job or locality chosen (or restored from a draft) that the form's lists no longer offer (an
 * admin closed it) is cleared: the select shows its placeholder, and the candidate chooses again.
 */
function useClosedChoicesCleared<Values>(
  form: LeadForm,
  values: Values,
  lists: OpenLists | undefined,
  set: (field: keyof Values, value: Values[keyof Values]) => void,
) {
  const chosen = vacancyFields(form).map(({ name }) =>
    String(valueOf(values as object, name) ?? ''),
  );
  const key = chosen.join('\n');
  useEffect(() => {
    vacancyFields(form).forEach(({ name }, i) => {
      // Before any list (no prerendered one, nothing read yet) the table's seed is offered, and a
      // choice outside it is left to formProblems until the form's list is read.
      const listed = lists?.[name];
      if (chosen[i] && listed && !listed.some((choice) => choice.value === chosen[i])) {
        set(name as keyof Values, '' as Values[keyof Values]);
      }
    });
    // `chosen` is what `key` says.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, key, lists, set]);
}
