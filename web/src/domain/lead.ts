/** The lead (candidate) as stored in `leads/{id}` (see shared/design.md, data model). */
import type { leadStatuses } from './options';

export type LeadStatus = (typeof leadStatuses)[number];

/** Fields the root page writes. */
export interface RootLeadInput {
  nome: string;
  whatsapp: string;
  vaga: string;
  cidade: string;
}

/** Fields the call-center page writes (vaga already carries the `[{employer}] ` prefix). */
export interface CallCenterLeadInput extends RootLeadInput {
  idade: number;
  tempo_experiencia: string;
}

export interface Lead {
  id: string;
  nome: string;
  whatsapp: string;
  vaga: string;
  cidade: string;
  idade?: number;
  tempo_experiencia?: string;
  status: LeadStatus;
  created_at: Date | null;
  deleted_at: Date | null;
}
