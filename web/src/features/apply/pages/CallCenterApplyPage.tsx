/** '/{employer slug}': the call-center job application page (docs/product.md, "Public pages"). */
import { Text, ThemeIcon } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { HeadsetIcon } from '@/components/icons';
import { OutboxStatus } from '@/components/OutboxStatus/OutboxStatus';
import { PublicPage } from '@/components/PublicPage/PublicPage';
import { emptyCallCenterForm, toCallCenterLead } from '@/domain/lead-form';
import { callCenterJobs, callCenterLocalityGroups, experienceOptions } from '@/domain/options';
import { AgeInput } from '@/features/apply/components/AgeInput';
import { OptionSelect } from '@/features/apply/components/OptionSelect';
import {
  ApplicationForm,
  ApplicationHeader,
} from '@/features/apply/components/ApplicationForm/ApplicationForm';
import { useApplicationForm } from '@/features/apply/hooks/use-application-form';
import { applyTexts, callCenterSuccessToast } from '@/features/apply/messages';
import { routes } from '@/config/routes';
import { usePageTitle } from '@/lib/page/use-page-title';

const texts = applyTexts.callCenter;

/** Conversion value of the call-center page (spec section 9). */
const conversionValue = 0.01;

/** The localities grouped as the spec lists them; each option's value is the stored text. */
const localityData = callCenterLocalityGroups.map(({ group, items }) => ({
  group,
  items: items.map((item) => ({ value: `${group} - ${item}`, label: item })),
}));

export function CallCenterApplyPage() {
  usePageTitle(routes.callCenter);
  const navigate = useNavigate();
  const { values, form, sending, errors, waiting, handleSubmit } = useApplicationForm({
    empty: emptyCallCenterForm,
    toLead: toCallCenterLead,
    successToast: callCenterSuccessToast,
    conversionValue,
    pageView: false,
    draftKey: routes.callCenter,
    onSuccess: () => void navigate(routes.redirect),
  });

  return (
    <PublicPage tone="callCenter" adminLink="discreet">
      <ApplicationHeader
        emblem={
          <ThemeIcon size={72} radius="xl" variant="light" color="indigo" mx="auto" mb="sm">
            <HeadsetIcon size={40} />
          </ThemeIcon>
        }
        title={texts.title}
        subtitle={texts.subtitle}
      />
      <OutboxStatus waiting={waiting.length} />
      <ApplicationForm
        values={values}
        errors={errors}
        onContactChange={form.set}
        onSubmit={handleSubmit}
        sending={sending}
        submitColor="indigo.7"
        footer={
          <Text size="xs" c="gray.7" ta="center">
            {texts.consent}
          </Text>
        }
      >
        <OptionSelect
          {...texts.vaga}
          data={[...callCenterJobs]}
          required
          error={errors.vaga}
          value={values.vaga}
          onChange={(value) => form.set('vaga', value)}
        />
        <OptionSelect
          {...texts.cidade}
          data={localityData}
          maxDropdownHeight="15rem"
          required
          error={errors.cidade}
          value={values.cidade}
          onChange={(value) => form.set('cidade', value)}
        />
        <AgeInput
          placeholder={texts.idade.placeholder}
          required
          error={errors.idade}
          value={String(values.idade)}
          onChange={(value) => form.set('idade', value)}
        />
        <OptionSelect
          {...texts.tempo_experiencia}
          data={[...experienceOptions]}
          required
          error={errors.tempo_experiencia}
          value={values.tempo_experiencia}
          onChange={(value) => form.set('tempo_experiencia', value)}
        />
      </ApplicationForm>
    </PublicPage>
  );
}

export { CallCenterApplyPage as Component };
