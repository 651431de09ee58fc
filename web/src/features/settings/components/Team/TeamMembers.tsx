/** The team's admins: email, since when, who added them, and 'Remover' after a confirmation. */
import { Button, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import type { TeamMember } from '@/data/team-reads';
import { formatDateTime } from '@/domain/lead-list-view';
import { settingsTexts } from '@/features/settings/messages';

const texts = settingsTexts.team;

export interface TeamMembersProps {
  members: TeamMember[];
  /** The signed-in admin's allow-list key, marked 'você'. */
  self: string | null;
  onRemove: (email: string) => Promise<void>;
}

export function TeamMembers({ members, self, onRemove }: TeamMembersProps) {
  const [asked, setAsked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (asked === null) return;
    setBusy(true);
    try {
      await onRemove(asked);
    } finally {
      setBusy(false);
      setAsked(null);
    }
  };

  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" aria-label={texts.members}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{texts.email}</Table.Th>
              <Table.Th>{texts.since}</Table.Th>
              <Table.Th>{texts.addedBy}</Table.Th>
              <Table.Th>{texts.actions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((member) => (
              <Table.Tr key={member.email}>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {member.email}
                    {member.email === self && (
                      <Text span size="sm" c="gray.7">{` (${texts.you})`}</Text>
                    )}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(member.since)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {member.addedBy ?? texts.cli}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="outline"
                    color="red.9"
                    aria-label={texts.remove(member.email)}
                    onClick={() => setAsked(member.email)}
                  >
                    {texts.removeButton}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={asked !== null}
        title={texts.removeTitle}
        confirmLabel={texts.removeButton}
        cancelLabel={texts.cancel}
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setAsked(null)}
      >
        {asked === null ? '' : texts.removeConfirm(asked)}
      </ConfirmDialog>
    </>
  );
}
