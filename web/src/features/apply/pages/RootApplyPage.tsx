/** '/': the equipment maker's job application page (docs/product.md, "Public pages"). */
import { Button, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { HeadsetIcon } from '@/components/icons';
import { OutboxStatus } from '@/components/OutboxStatus/OutboxStatus';
import { PublicPage } from '@/components/PublicPage/PublicPage';
import { appConfig } from '@/config/app-config';
import { routes } from '@/config/routes';
import {
  ApplicationForm,
  ApplicationHeader,
} from '@/features/apply/components/ApplicationForm/ApplicationForm';
import { useApplicationForm } from '@/features/apply/hooks/use-application-form';
import { applyTexts, rootSuccessToast } from '@/features/apply/messages';
import classes from '@/features/apply/components/ApplicationForm/ApplicationForm.module.css';
import { usePageTitle } from '@/lib/page/use-page-title';

const texts = applyTexts.root;

/** What a root-page application is worth to the pixel (the two pages count it differently). */
const conversionValue = 1;

export function RootApplyPage() {
  usePageTitle(routes.root);
  const { values, form, sending, errors, waiting, handleSubmit, honeypots, setHoneypot, lists } =
    useApplicationForm({
      form: 'root',
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
      <OutboxStatus waiting={waiting} />
      <ApplicationForm
        form="root"
        values={values}
        errors={errors}
        texts={texts.fields}
        onFieldChange={form.set}
        onSubmit={handleSubmit}
        lists={lists}
        honeypots={honeypots}
        onHoneypotChange={setHoneypot}
        sending={sending}
        submitColor="#1e7a34"
        footer={
          <Text size="xs" c="gray.7" ta="center">
            {texts.consent}
          </Text>
        }
      />
    </PublicPage>
  );
}

export { RootApplyPage as Component };
