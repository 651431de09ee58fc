/**
 * 'Registro de exclusões': the LGPD log, live (a run or an erasure in another panel shows at once),
 * each line with its moment, what went, and the admin who acted (or the daily run).
 */
import { List, Text, Title } from '@mantine/core';
import { usePrivacyAudit, type PrivacyAuditEntry } from '@/data/privacy-audit';
import { retentionTexts as texts } from '@/features/retention/messages';

export function auditLine(entry: PrivacyAuditEntry): string {
  const when = entry.at ? entry.at.toLocaleString('pt-BR') : '';
  const what =
    entry.kind === 'retention'
      ? texts.auditRetention(entry.deleted, entry.trashDays)
      : texts.auditErasure(entry.deleted);
  return `${when}: ${what}${texts.auditBy(entry.byEmail, entry.scheduled)}`;
}

export function RetentionAudit() {
  const audit = usePrivacyAudit();
  return (
    <>
      <Title order={3} size="h5" mt="lg" mb="xs">
        {texts.audit}
      </Title>
      {audit.data.length > 0 ? (
        <List size="sm" aria-label={texts.audit} style={{ overflowWrap: 'anywhere' }}>
          {audit.data.map((entry) => (
            <List.Item key={entry.id}>{auditLine(entry)}</List.Item>
          ))}
        </List>
      ) : (
        audit.status !== 'loading' && (
          <Text size="sm" c="gray.7">
            {texts.auditEmpty}
          </Text>
        )
      )}
    </>
  );
}
