/**
 * The team's admins: email, since when, who added them, and 'Remover' (with the hand-over of their
 * leads: RemoveColleagueDialog). A table on wide screens; on a phone one card each, so 'Remover'
 * stays on screen (the table pushed it past a 360 px screen's edge).
 */
import { Button, Card, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { TeamMember } from '@/data/team-reads';
import { formatDateTime } from '@/domain/lead-list-view';
import { TableScrollContainer } from '@/lib/mantine/table-scroll';
import { settingsTexts } from '@/features/settings/messages';
import { RemoveColleagueDialog } from './RemoveColleagueDialog';

const texts = settingsTexts.team;

export interface TeamMembersProps {
  members: TeamMember[];
  /** The signed-in admin's allow-list key, marked 'você'. */
  self: string | null;
  /** How many leads `email` is responsible for. */
  countLeads: (email: string) => Promise<number>;
  /** Removes `email`, handing their leads to `handTo` (null: nobody). */
  onRemove: (email: string, handTo: string | null) => Promise<void>;
}

function RemoveButton({ email, onAsk }: { email: string; onAsk: (email: string) => void }) {
  return (
    <Button
      size="compact-sm"
      variant="outline"
      color="red.9"
      aria-label={texts.remove(email)}
      onClick={() => onAsk(email)}
    >
      {texts.removeButton}
    </Button>
  );
}

function Email({ member, self }: { member: TeamMember; self: string | null }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {member.email}
      {member.email === self && <Text span size="sm" c="gray.7">{` (${texts.you})`}</Text>}
    </Text>
  );
}

function MemberCards({ members, self, onAsk }: MemberViewProps) {
  return (
    <Stack gap="xs" role="list" aria-label={texts.members}>
      {members.map((member) => (
        <Card key={member.email} withBorder padding="sm" role="listitem">
          <Email member={member} self={self} />
          <Text size="sm" c="gray.7">{`${texts.since}: ${formatDateTime(member.since)}`}</Text>
          <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {`${texts.addedBy}: ${member.addedBy ?? texts.cli}`}
          </Text>
          <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
            <RemoveButton email={member.email} onAsk={onAsk} />
          </div>
        </Card>
      ))}
    </Stack>
  );
}

interface MemberViewProps {
  members: TeamMember[];
  self: string | null;
  onAsk: (email: string) => void;
}

function MemberTable({ members, self, onAsk }: MemberViewProps) {
  return (
    <TableScrollContainer minWidth={560}>
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
                <Email member={member} self={self} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(member.since)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {member.addedBy ?? texts.cli}
              </Table.Td>
              <Table.Td>
                <RemoveButton email={member.email} onAsk={onAsk} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollContainer>
  );
}

export function TeamMembers({ members, self, countLeads, onRemove }: TeamMembersProps) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [asked, setAsked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async (email: string, handTo: string | null) => {
    setBusy(true);
    try {
      await onRemove(email, handTo);
    } finally {
      setBusy(false);
      setAsked(null);
    }
  };

  const View = phone ? MemberCards : MemberTable;
  return (
    <>
      <View members={members} self={self} onAsk={setAsked} />
      <RemoveColleagueDialog
        email={asked}
        others={members.map((member) => member.email).filter((email) => email !== asked)}
        self={self}
        countLeads={countLeads}
        busy={busy}
        onConfirm={(email, handTo) => void confirm(email, handTo)}
        onClose={() => setAsked(null)}
      />
    </>
  );
}
