import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/** The 404 page for any unknown path. */
export function Component() {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1}>404</Title>
        <Text size="lg">Oops! Page not found</Text>
        <Anchor component={Link} to="/">
          Return to Home
        </Anchor>
      </Stack>
    </Center>
  );
}
