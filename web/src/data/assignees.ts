/**
 * Who a lead can be assigned to (its 'Responsável'): the admins on the allow-list, which admins
 * read live (Configurações → Equipe reads the same list, data/team-reads.ts).
 */
import { useMemo } from 'react';
import { useTeamMembers } from './team-reads';

/** The admins' emails, by email; empty while loading or when the list cannot be read. */
export function useAssignableAdmins(): string[] {
  const members = useTeamMembers();
  return useMemo(() => members.data.map((member) => member.email), [members.data]);
}
