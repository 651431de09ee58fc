/**
 * Every field of the lead, its source and campaign, when it applied (created_at: its arrival at the
 * server) and, for an application that waited on the device, when it was sent there (submitted_at,
 * the device's clock), and the version of the consent note it was shown (a description list).
 */
import { SimpleGrid, Text } from '@mantine/core';
import { StatusBadge } from '@/components/StatusBadge/StatusBadge';
import type { RecordLead } from '@/domain/lead-record';
import { formatDateTime } from '@/domain/lead-list-view';
import { recordTexts } from '@/features/lead-record/messages';

const f = recordTexts.fields;
const orDash = (value: string | number | undefined | null) =>
  value === undefined || value === null || value === '' ? recordTexts.missing : String(value);

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="gray.7" fw={500}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

export function LeadDetails({ lead }: { lead: RecordLead }) {
  const source = lead.source;
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
      <Field label={f.nome}>{lead.nome}</Field>
      <Field label={f.whatsapp}>{lead.whatsapp}</Field>
      <Field label={f.vaga}>{lead.vaga}</Field>
      <Field label={f.cidade}>{lead.cidade}</Field>
      <Field label={f.idade}>{orDash(lead.idade)}</Field>
      <Field label={f.experiencia}>{orDash(lead.tempo_experiencia)}</Field>
      <Field label={f.status}>
        <StatusBadge status={lead.status} />
      </Field>
      <Field label={f.appliedAt}>{formatDateTime(lead.created_at)}</Field>
      {lead.submitted_at && (
        <Field label={f.submittedAt}>{formatDateTime(lead.submitted_at)}</Field>
      )}
      {lead.deleted_at && <Field label={f.trashedAt}>{formatDateTime(lead.deleted_at)}</Field>}
      <Field label={f.source}>{orDash(source?.utm_source)}</Field>
      <Field label={f.medium}>{orDash(source?.utm_medium)}</Field>
      <Field label={f.campaign}>{orDash(source?.utm_campaign)}</Field>
      <Field label={f.facebookAd}>{source?.fbclid ? recordTexts.yes : recordTexts.no}</Field>
      <Field label={f.consent}>{lead.consent_version ?? recordTexts.noConsentVersion}</Field>
    </SimpleGrid>
  );
}
