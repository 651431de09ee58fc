/** The panel header: company name with 'Gestão de Vagas', the panel title and 'Sair'. */
import { Box, Button, Container, Group, Text, Title } from '@mantine/core';
import { appConfig } from '@/config/app-config';
import { adminTexts } from '@/features/admin/messages';

export function AdminHeader({ onSignOut }: { onSignOut: () => void }) {
  return (
    <Box
      component="header"
      py="md"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="xl">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Title order={1} size="h2">
              {adminTexts.title}
            </Title>
            <Text fw={600}>{appConfig.companyName}</Text>
            <Text size="sm" c="dimmed">
              {adminTexts.subtitle}
            </Text>
          </div>
          <Button variant="outline" onClick={onSignOut}>
            {adminTexts.signOut}
          </Button>
        </Group>
      </Container>
    </Box>
  );
}
