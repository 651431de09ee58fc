/** The panel header: company name with 'Gestão de Vagas', the panel title and 'Sair'. */
import { Button, Container, Group, Text, Title } from '@mantine/core';
import { memo } from 'react';
import { appConfig } from '@/config/app-config';
import { adminTexts } from '@/features/admin/messages';
import classes from './AdminHeader.module.css';

/** Memoised: the panel renders again for each arrival and count, the header does not. */
export const AdminHeader = memo(function AdminHeader({ onSignOut }: { onSignOut: () => void }) {
  return (
    <header className={classes.header}>
      <Container size="xl">
        {/* 'Sair' keeps its width on a 360 px phone (it was clipped to 'Sai'); the title wraps. */}
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Title order={1} size="h2" className={classes.title}>
              {adminTexts.title}
            </Title>
            <Text fw={600}>{appConfig.companyName}</Text>
            <Text size="sm" c="dimmed">
              {adminTexts.subtitle}
            </Text>
          </div>
          <Button variant="outline" onClick={onSignOut} style={{ flexShrink: 0 }}>
            {adminTexts.signOut}
          </Button>
        </Group>
      </Container>
    </header>
  );
});
