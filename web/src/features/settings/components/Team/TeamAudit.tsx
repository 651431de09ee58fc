/** The team's audit: who added or removed whom, and when (newest first). */
import { List, Text, Title } from '@mantine/core';
import type { TeamAuditRow } from '@/data/team-reads';
import { formatDateTime } from '@/domain/lead-list-view';
import { settingsTexts } from '@/features/settings/messages';

const texts = settingsTexts.team;

export function TeamAudit({ rows }: { rows: TeamAuditRow[] }) {
  return (
    <section aria-labelledby="team-audit-title">
      <Title order={3} size="h5" id="team-audit-title" mb="xs">
        {texts.audit}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="gray.7">
          {texts.auditEmpty}
        </Text>
      ) : (
        <List size="sm" spacing={4} listStyleType="none" aria-labelledby="team-audit-title">
          {rows.map((row) => (
            <List.Item key={row.id} style={{ overflowWrap: 'anywhere' }}>
              <Text span size="sm" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(row.at)}
              </Text>{' '}
              {texts.auditLine(row.action, row.by ?? texts.cli, row.email)}
            </List.Item>
          ))}
        </List>
      )}
    </section>
  );
}
