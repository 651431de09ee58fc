/**
 * The submission flow both application forms share (spec sections 4, 5, 7, 8): the required-field
 * toast sends nothing; otherwise idle -> sending -> idle, then the success toast, a cleared form and
 * the pixel conversion, or the error toast with the form kept for a retry. The lead carries the
 * visit's source when the candidate arrived from a tagged link (use-visit-source.ts).
 */
import type { FormEvent } from 'react';
import { showToast } from '@/components/toast';
import type { RootLeadInput } from '@/domain/lead';
import type { CallCenterFormValues, RootFormValues } from '@/domain/lead-form';
import { requiredFieldsToast, submitErrorToast, type ToastText } from '@/domain/messages';
import { formatWhatsapp } from '@/domain/phone-mask';
import { typedInputs } from '@/lib/prerender/typed-inputs';
import { usePixel } from '@/lib/pixel/use-pixel';
import { ageDigits } from '@/features/apply/components/AgeInput';
import { useFormValues } from './use-form-values';
import { useLeadSubmission } from './use-lead-submission';
import { useVisitSource } from './use-visit-source';

export interface ApplicationFormOptions<Values extends RootFormValues> {
  empty: Values;
  isComplete: (values: Values) => boolean;
  toLead: (values: Values) => RootLeadInput;
  successToast: ToastText;
  /** The page's pixel conversion value (spec section 9). */
  conversionValue: number;
  /** Fire PageView on load (the root page only). */
  pageView: boolean;
  onSuccess?: () => void;
}

/**
 * What the candidate typed into the prerendered page before it hydrated (inputs named as the form
 * fields), cleaned up as each field's onChange would; the selects cannot be used before then.
 */
function typedBeforeHydration(): Partial<CallCenterFormValues> {
  const { nome, whatsapp, idade } = typedInputs();
  return {
    ...(nome && { nome }),
    ...(whatsapp && { whatsapp: formatWhatsapp(whatsapp) }),
    ...(idade && { idade: ageDigits(idade) }),
  };
}

export function useApplicationForm<Values extends RootFormValues>(
  options: ApplicationFormOptions<Values>,
) {
  const [values, form] = useFormValues<Values>(
    options.empty,
    typedBeforeHydration as () => Partial<Values>,
  );
  const [{ sending }, { submit }] = useLeadSubmission();
  const { trackConversion } = usePixel({ pageView: options.pageView });
  const sourceOfVisit = useVisitSource();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (!options.isComplete(values)) {
      showToast(requiredFieldsToast, 'error');
      return;
    }
    if (!(await submit({ ...options.toLead(values), ...sourceOfVisit() }))) {
      showToast(submitErrorToast, 'error');
      return;
    }
    form.reset();
    showToast(options.successToast, 'success');
    // content_category is the job as chosen (without the call-center prefix).
    trackConversion({ contentCategory: values.vaga, value: options.conversionValue });
    options.onSuccess?.();
  };

  return { values, form, sending, handleSubmit };
}
