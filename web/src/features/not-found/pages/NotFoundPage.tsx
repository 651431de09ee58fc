/** The 404 page for any unknown path. */
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PublicPage } from '@/components/PublicPage/PublicPage';
import { publicTexts } from '@/domain/messages';
import { routes } from '@/config/routes';
import { usePageTitle } from '@/lib/page/use-page-title';

export function NotFoundPage() {
  usePageTitle(routes.notFound);
  return (
    <PublicPage tone="farm" align="center">
      <Stack align="center" gap="sm" ta="center">
        <Title order={1} fz={72} lh={1} c="gray.8">
          404
        </Title>
        <Text size="lg">{publicTexts.notFound.message}</Text>
        <Button component={Link} to="/" variant="light" color="#1e7a34" radius="xl" mt="sm">
          {publicTexts.notFound.home}
        </Button>
      </Stack>
    </PublicPage>
  );
}

export { NotFoundPage as Component };
