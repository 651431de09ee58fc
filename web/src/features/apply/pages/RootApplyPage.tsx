/** '/': the equipment maker's job application page (docs/product.md, "Public pages"). */
import { Button, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { HeadsetIcon } from '@/components/icons';
import { OutboxStatus } from '@/components/OutboxStatus/OutboxStatus';
import { PublicPage } from '@/components/PublicPage/PublicPage';
import { appConfig } from '@/config/app-config';
import { routes } from '@/config/routes';
import { emptyRootForm, toRootLead } from '@/domain/lead-form';
import { rootJobs, rootLocalities } from '@/domain/options';
import {
  ApplicationForm,
  ApplicationHeader,
} from '@/features/apply/components/ApplicationForm/ApplicationForm';
import { OptionSelect } from '@/features/apply/components/OptionSelect';
import { useApplicationForm } from '@/features/apply/hooks/use-application-form';
import { applyTexts, rootSuccessToast } from '@/features/apply/messages';
import classes from '@/features/apply/components/ApplicationForm/ApplicationForm.module.css';
import { usePageTitle } from '@/lib/page/use-page-title';

const texts = applyTexts.root;

/** Conversion value of the root page (spec section 9). */
const conversionValue = 1;

export function RootApplyPage() {
  usePageTitle(routes.root);
  const { values, form, sending, errors, waiting, handleSubmit } = useApplicationForm({
    empty: emptyRootForm,
    toLead: toRootLead,
    successToast: rootSuccessToast,
    conversionValue,
    pageView: true,
    draftKey: routes.root,
  });

  return (
    <PublicPage
      tone="farm"
      adminLink="icon"
      topLeft={
        <Button
          component={Link}
          to={routes.callCenter}
          variant="white"
          color="indigo.7"
          size="compact-md"
          radius="xl"
          leftSection={<HeadsetIcon size={16} />}
          className={classes.employerLink}
        >
          {appConfig.callCenterEmployer.name}
        </Button>
      }
    >
      <ApplicationHeader
        emblem={<img className={classes.logo} src="/logo.svg" alt={appConfig.companyName} />}
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
        submitColor="#1e7a34"
        footer={
          <Text size="xs" c="gray.7" ta="center">
            {texts.consent}
          </Text>
        }
      >
        <OptionSelect
          {...texts.vaga}
          data={[...rootJobs]}
          required
          error={errors.vaga}
          value={values.vaga}
          onChange={(value) => form.set('vaga', value)}
        />
        <OptionSelect
          {...texts.cidade}
          data={[...rootLocalities]}
          maxDropdownHeight="15rem"
          required
          error={errors.cidade}
          value={values.cidade}
          onChange={(value) => form.set('cidade', value)}
        />
      </ApplicationForm>
    </PublicPage>
  );
}

export { RootApplyPage as Component };
