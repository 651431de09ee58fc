/**
 * The submission flow both application forms share (spec sections 4, 5, 7, 8, and issue 26): an
 * empty required field shows the 'Campos obrigatórios' toast and marks the field; a field that
 * cannot be sent (a short WhatsApp number, an age out of bounds) says so next to it; nothing is
 * sent then. Otherwise idle -> sending -> idle through the device's outbox: stored (success toast,
 * cleared form, the pixel's conversion), waiting on the device for the connection (cleared form,
 * the page says it will be sent), or refused (error toast, the form kept). An application stored
 * later is announced with its own toast and its conversion then. The lead carries the visit's
 * source when the candidate arrived from a tagged link (use-visit-source.ts).
 */
import { useCallback, useLayoutEffect, useState, type FormEvent } from 'react';
import { clearToasts, showToast } from '@/components/toast';
import type { RootLeadInput } from '@/domain/lead';
import type { CallCenterFormValues, RootFormValues } from '@/domain/lead-form';
import type { ToastText } from '@/domain/messages';
import { requiredFieldsToast, submitErrorToast } from '@/features/apply/messages';
import { formatWhatsapp } from '@/domain/phone-mask';
import { sentLaterToast } from '@/lib/outbox/messages';
import type { QueuedApplication } from '@/lib/outbox/outbox';
import { useOutbox } from '@/lib/outbox/use-outbox';
import { typedInputs } from '@/lib/prerender/typed-inputs';
import { usePixel } from '@/lib/pixel/use-pixel';
import { ageDigits } from '@/features/apply/components/AgeInput';
import { invalidFields, missingFields, type FieldErrors } from '@/features/apply/form-checks';
import { useFormDraft } from './use-form-draft';
import { useFormValues } from './use-form-values';
import { useVisitSource } from './use-visit-source';

export interface ApplicationFormOptions<Values extends RootFormValues> {
  empty: Values;
  toLead: (values: Values) => RootLeadInput;
  successToast: ToastText;
  /** The page's pixel conversion value (spec section 9). */
  conversionValue: number;
  /** Fire PageView on load (the root page only). */
  pageView: boolean;
  /** Where the draft is kept (one key per page). */
  draftKey: string;
  /** After the application is stored or kept on the device for later. */
  onSuccess?: (outcome: 'stored' | 'waiting') => void;
}

/**
 * What the candidate typed into the prerendered page before it hydrated (inputs named as the form
 * fields), as typed: the form starts from what the inputs show, since hydration keeps an input's
 * value (the selects cannot be used before then).
 */
function typedBeforeHydration(): Partial<CallCenterFormValues> {
  const { nome, whatsapp, idade } = typedInputs();
  return { ...(nome && { nome }), ...(whatsapp && { whatsapp }), ...(idade && { idade }) };
}

/** What the WhatsApp and Idade fields' onChange would have kept of typed text, where it differs. */
function cleanedTyped(values: { whatsapp?: unknown; idade?: unknown }): Record<string, string> {
  const cleaned: Record<string, string> = {};
  const { whatsapp, idade } = values;
  if (typeof whatsapp === 'string' && formatWhatsapp(whatsapp) !== whatsapp) {
    cleaned.whatsapp = formatWhatsapp(whatsapp);
  }
  if (typeof idade === 'string' && ageDigits(idade) !== idade) cleaned.idade = ageDigits(idade);
  return cleaned;
}

export function useApplicationForm<Values extends RootFormValues>(
  options: ApplicationFormOptions<Values>,
) {
  const [values, form] = useFormValues<Values>(
    options.empty,
    typedBeforeHydration as () => Partial<Values>,
  );
  // Typed before hydration: the mask and the age's digits apply once hydrated, as a state change
  // React writes to the inputs (hydrating, React leaves an input's value as it finds it).
  useLayoutEffect(() => {
    for (const [field, value] of Object.entries(cleanedTyped(values))) {
      form.set(field as keyof Values, value as Values[keyof Values]);
    }
    // Once, on mount: later edits go through each field's onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const draft = useFormDraft({
    storageKey: `vagas:draft:${options.draftKey}`,
    empty: options.empty,
    values,
    restore: form.fillEmpty,
  });
  const [sending, setSending] = useState(false);
  const [checked, setChecked] = useState(false);
  const { trackConversion } = usePixel({ pageView: options.pageView });
  const sourceOfVisit = useVisitSource();
  const onStoredLater = useCallback(
    (entry: QueuedApplication) => {
      showToast(sentLaterToast, 'success');
      if (entry.conversion) trackConversion(entry.conversion);
    },
    [trackConversion],
  );
  const { waiting, submit } = useOutbox({ onStoredLater });

  const missing = missingFields(values);
  const invalid = invalidFields(values);
  // Empty fields are marked once a submit was tried; a field that cannot be sent, once filled.
  const errors: FieldErrors<Values> = { ...(checked ? missing : {}), ...invalid };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    clearToasts();
    setChecked(true);
    if (Object.keys(missing).length) {
      showToast(requiredFieldsToast, 'error');
      return;
    }
    if (Object.keys(invalid).length) return;
    setSending(true);
    // content_category is the job as chosen (without the call-center prefix).
    const conversion = { contentCategory: values.vaga, value: options.conversionValue };
    const outcome = await submit({ ...options.toLead(values), ...sourceOfVisit() }, conversion);
    setSending(false);
    if (outcome === 'refused' || outcome === 'failed') {
      showToast(submitErrorToast, 'error');
      return;
    }
    form.reset();
    draft.clear();
    setChecked(false);
    if (outcome === 'stored') {
      showToast(options.successToast, 'success');
      trackConversion(conversion);
    }
    options.onSuccess?.(outcome);
  };

  return { values, form, sending, errors, waiting, handleSubmit };
}
