/** '/{employer slug}': the call-center job application page (docs/product.md, "Public pages"). */
import { Text, ThemeIcon } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { HeadsetIcon } from '@/components/icons';
import { OutboxStatus } from '@/components/OutboxStatus/OutboxStatus';
import { PublicPage } from '@/components/PublicPage/PublicPage';
import {
  ApplicationForm,
  ApplicationHeader,
} from '@/features/apply/components/ApplicationForm/ApplicationForm';
import { useApplicationForm } from '@/features/apply/hooks/use-application-form';
import { applyTexts, callCenterSuccessToast } from '@/features/apply/messages';
import { routes } from '@/config/routes';
import { usePageTitle } from '@/lib/page/use-page-title';

const texts = applyTexts.callCenter;

/** What a call-center application is worth to the pixel (the two pages count it differently). */
const conversionValue = 0.01;

export function CallCenterApplyPage() {
  usePageTitle(routes.callCenter);
  const navigate = useNavigate();
  const { values, form, sending, errors, waiting, handleSubmit, honeypots, setHoneypot, lists } =
    useApplicationForm({
      form: 'callCenter',
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
      <OutboxStatus waiting={waiting} />
      <ApplicationForm
        form="callCenter"
        values={values}
        errors={errors}
        texts={texts.fields}
        onFieldChange={form.set}
        onSubmit={handleSubmit}
        lists={lists}
        honeypots={honeypots}
        onHoneypotChange={setHoneypot}
        sending={sending}
        submitColor="indigo.7"
        footer={
          <Text size="xs" c="gray.7" ta="center">
            {texts.consent}
          </Text>
        }
      />
    </PublicPage>
  );
}

export { CallCenterApplyPage as Component };
