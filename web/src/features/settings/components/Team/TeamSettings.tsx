/**
 * Configurações → 'Equipe': the admins (email, since when, who added them), adding a colleague by
 * email and removing one (the addAdmin/removeAdmin functions; a removed colleague's leads go to
 * whom the admin chooses, or to nobody), and the audit of those changes. The lists are live, so a
 * change made in another panel shows here too.
 */
import { Alert, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { Firestore } from 'firebase/firestore';
import { useCallback } from 'react';
import { useFirestore } from '@/lib/firebase/panel-sdk';
import { useUser } from '@/lib/firebase/panel-user';
import { showToast } from '@/components/toast';
import { PartialBatchError } from '@/data/lead-actions';
import { allowListKey, useTeamAudit, useTeamMembers } from '@/data/team-reads';
import { countAssignedTo, removeHandingOver } from '@/features/settings/api/hand-over';
import { addColleague, teamErrorMessage } from '@/features/settings/api/team-callables';
import {
  colleagueAddedToast,
  colleagueRemovedToast,
  handOverFailedToast,
  inviteFailedToast,
  settingsTexts,
  teamRemoveErrorTitle,
} from '@/features/settings/messages';
import { AddColleagueForm } from './AddColleagueForm';
import { TeamAudit } from './TeamAudit';
import { TeamMembers } from './TeamMembers';

const texts = settingsTexts.team;

async function add(email: string): Promise<string | null> {
  try {
    const added = await addColleague(email);
    if (added.invite === 'failed') showToast(inviteFailedToast(added.email), 'error');
    else showToast(colleagueAddedToast(added.email, added.invite === 'sent'), 'success');
    return null;
  } catch (error) {
    console.error('addAdmin failed', error);
    return teamErrorMessage(error);
  }
}

async function remove(db: Firestore, email: string, handTo: string | null): Promise<void> {
  try {
    const handed = await removeHandingOver(db, email, handTo);
    showToast(colleagueRemovedToast(email, handed, handTo), 'success');
  } catch (error) {
    console.error('removeAdmin failed', error);
    showToast(
      error instanceof PartialBatchError
        ? handOverFailedToast(email, error.done, error.total)
        : { title: teamRemoveErrorTitle, message: teamErrorMessage(error) },
      'error',
    );
  }
}

export function TeamSettings() {
  const { data: user } = useUser();
  const db = useFirestore();
  const members = useTeamMembers();
  const countLeads = useCallback((email: string) => countAssignedTo(db, email), [db]);
  const audit = useTeamAudit();
  const self = user?.email ? allowListKey(user.email) : null;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="team-settings-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="team-settings-title">
            {texts.title}
          </Title>
          <Text size="sm" c="gray.7">
            {texts.description}
          </Text>
        </div>
        <AddColleagueForm onAdd={add} />
        {members.status === 'error' ? (
          <Alert color="red" title={texts.loadFailed} />
        ) : members.status === 'loading' ? (
          <Center py="md">
            <Loader size="sm" aria-label={texts.loading} />
          </Center>
        ) : (
          <TeamMembers
            members={members.data}
            self={self}
            countLeads={countLeads}
            onRemove={(email, handTo) => remove(db, email, handTo)}
          />
        )}
        {audit.status !== 'loading' && <TeamAudit rows={audit.data} />}
      </Stack>
    </Paper>
  );
}
