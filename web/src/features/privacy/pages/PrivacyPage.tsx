/** '/privacidade': what is collected from candidates and how they ask for it (LGPD). */
import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PublicPage } from '@/components/PublicPage/PublicPage';
import { routes } from '@/config/routes';
import { usePageTitle } from '@/lib/page/use-page-title';
import { privacyTexts } from '@/features/privacy/messages';

export function PrivacyPage() {
  usePageTitle(routes.privacy);
  return (
    <PublicPage tone="farm" align="top">
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Title order={1} fz="1.75rem">
            {privacyTexts.title}
          </Title>
          <Text>{privacyTexts.intro}</Text>
          {privacyTexts.sections.map((section) => (
            <section key={section.heading}>
              <Title order={2} fz="1.2rem" mb="xs">
                {section.heading}
              </Title>
              <Stack gap="xs">
                {section.body.map((paragraph) => (
                  <Text key={paragraph}>{paragraph}</Text>
                ))}
              </Stack>
            </section>
          ))}
          <Text fw={600}>
            {privacyTexts.contactLabel}{' '}
            <Anchor href={`mailto:${privacyTexts.contactEmail}`}>
              {privacyTexts.contactEmail}
            </Anchor>
          </Text>
          <Button component={Link} to={routes.root} variant="light" color="#1e7a34" radius="xl">
            {privacyTexts.back}
          </Button>
        </Stack>
      </Paper>
    </PublicPage>
  );
}

export { PrivacyPage as Component };
