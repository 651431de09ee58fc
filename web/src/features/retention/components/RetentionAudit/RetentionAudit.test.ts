import { describe, expect, it } from 'vitest';
import type { PrivacyAuditEntry } from '@/data/privacy-audit';
import { retentionTexts } from '@/features/retention/messages';
import { auditLine } from './RetentionAudit';

const at = new Date(2026, 10, 26, 16, 2, 11);
const entry = (overrides: Partial<PrivacyAuditEntry>): PrivacyAuditEntry => ({
  id: 'e',
  kind: 'retention',
  at,
  byEmail: null,
  scheduled: false,
  deleted: 3,
  trashDays: 90,
  ...overrides,
});
const when = at.toLocaleString('pt-BR');

describe("the LGPD log's lines", () => {
  it('name the admin who acted, or the daily run, with proper plurals', () => {
    expect(auditLine(entry({ byEmail: 'chefe@vagas.test' }))).toBe(
      `${when}: Retenção (90 dias): 3 leads excluídos por chefe@vagas.test`,
    );
    expect(auditLine(entry({ scheduled: true, deleted: 1, trashDays: 1 }))).toBe(
      `${when}: Retenção (1 dia): 1 lead excluído pela rotina diária`,
    );
    expect(
      auditLine(entry({ kind: 'candidate-erasure', byEmail: 'ana@vagas.test', deleted: 1 })),
    ).toBe(`${when}: Pedido de candidato: 1 lead excluído por ana@vagas.test`);
    // An entry written before the e-mail was kept names no one.
    expect(auditLine(entry({ kind: 'candidate-erasure', deleted: 2 }))).toBe(
      `${when}: Pedido de candidato: 2 leads excluídos`,
    );
  });

  it("the confirmation of 'Aplicar agora' says how many, in the singular too", () => {
    expect(retentionTexts.applyConfirm(1, 90)).toMatch(
      /^1 lead está na lixeira há mais de 90 dias e será excluído definitivamente/,
    );
    expect(retentionTexts.applyConfirm(2005, 30)).toMatch(
      /^2\.005 leads estão na lixeira há mais de 30 dias e serão excluídos definitivamente/,
    );
    expect([retentionTexts.applyButton(1), retentionTexts.applyButton(3)]).toEqual([
      'Excluir 1 lead',
      'Excluir 3 leads',
    ]);
  });
});
