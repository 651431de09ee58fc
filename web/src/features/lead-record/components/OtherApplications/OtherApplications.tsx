/** The lead's other applications: leads with the same WhatsApp, active or in the trash, linked. */
import { Anchor, Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { StatusBadge } from '@/components/StatusBadge/StatusBadge';
import { leadRecordPath } from '@/config/routes';
import type { RecordLead } from '@/domain/lead-record';
import { formatDateTime } from '@/domain/lead-list-view';
import { recordTexts } from '@/features/lead-record/messages';

export function OtherApplications({ others }: { others: readonly RecordLead[] }) {
  // Over the same list: the address's filters stay.
  const { search } = useLocation();
  return (
    <Stack gap="xs" component="section" aria-labelledby="record-others">
      <Title order={3} size="h5" id="record-others">
        {recordTexts.others}
      </Title>
      {others.length === 0 ? (
        <Text size="sm" c="gray.7">
          {recordTexts.noOthers}
        </Text>
      ) : (
        <List spacing={4} listStyleType="none" p={0}>
          {others.map((other) => (
            <List.Item key={other.id}>
              <Group gap="xs">
                <Anchor
                  component={Link}
                  to={{ pathname: leadRecordPath(other.id), search }}
                  size="sm"
                  c="blue.8"
                >
                  {other.vaga} · {formatDateTime(other.created_at)}
                </Anchor>
                <StatusBadge status={other.status} />
                {other.deleted_at && (
                  <Badge size="sm" color="gray.7" variant="filled">
                    {recordTexts.inTrash}
                  </Badge>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
